import LuaKit

/// How a state that runs one scenario finds it again: by its full name and the line that
/// defines it, and, for one of several made under a name at a line (a loop), by what its
/// body holds; and what is said when the file no longer defines it.
extension ScenarioFileRunner {
    /// The values a body holds as text that is the same in every state: a table's fields in
    /// the order of their names, a float told from an integer.
    static func bodyPrint(_ values: [LuaValue]) -> String {
        func printed(_ value: LuaValue) -> String {
            switch value {
            case .nil: return "nil"
            case let .boolean(flag): return String(flag)
            case let .integer(number): return String(number)
            case let .number(number): return "\(number)f"
            case let .string(text): return text.debugDescription
            case let .opaque(type): return "<\(type)>"
            case let .table(array, fields):
                return "{" + array.map(printed).joined(separator: ",") + ";"
                    + fields.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription)=\(printed($0.value))" }.joined(separator: ",") + "}"
            }
        }
        return values.map(printed).joined(separator: ",")
    }

    /// Why the file, loaded again, did not define `target` exactly once.
    static func notFound(_ target: ScenarioInfo, _ found: Int) -> LuaError {
        LuaError(kind: .runtime, message: found == 0
            ? "\(target.location): scenario '\(target.name)' is not defined when its file runs again (does the file define scenarios from pairs() order or from random data?)"
            : "\(target.location): scenario '\(target.name)' is defined \(found) times at this line; give each a name of its own")
    }
}
