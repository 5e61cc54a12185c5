import LuaKit

/// How a state that runs one scenario finds it again: by its full name and the line that
/// defines it, and, for one of several made under a name at a line (a loop), by what its
/// body holds (`LuaCall.pushBodyPrint`); and what is said when the file no longer defines it.
extension ScenarioFileRunner {
    /// Why the file, loaded again, did not define `target` exactly once.
    static func notFound(_ target: ScenarioInfo, _ found: Int) -> LuaError {
        LuaError(kind: .runtime, message: found == 0
            ? "\(target.location): scenario '\(target.name)' is not defined when its file runs again (does the file define scenarios from pairs() order or from random data?)"
            : "\(target.location): scenario '\(target.name)' is defined \(found) times at this line; give each a name of its own")
    }
}
