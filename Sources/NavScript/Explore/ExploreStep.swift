import Foundation
import LuaKit

/// One action of a walk: the action's name and its arguments.
public struct ExploreStep: Sendable, Hashable {
    /// The action's name, as `explore.action(name, perform)` gave it.
    public let action: String
    /// The arguments drawn for it from its generators (`args`), in order.
    public let arguments: [LuaValue]

    /// A step of `action` with `arguments`.
    ///
    ///     ExploreStep(action: "openChat", arguments: [.integer(3)])   -- Lua (a saved step): {"openChat", 3}
    public init(action: String, arguments: [LuaValue]) {
        self.action = action
        self.arguments = arguments
    }

    /// `open chat(3)`
    public var description: String {
        arguments.isEmpty ? action : "\(action)(\(arguments.map(ExploreStep.literal).joined(separator: ", ")))"
    }

    /// A value as Lua source that reads back as the same value: strings with control
    /// characters escaped, floats exactly (`0/0`, `math.huge`), tables as constructors with
    /// their fields in name order.
    public static func literal(_ value: LuaValue) -> String {
        switch value {
        case let .string(text):
            // Control bytes as three-digit decimal escapes, so that a digit after one reads apart.
            var out: [UInt8] = [UInt8(ascii: "\"")]
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\\"), UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), byte]
                case UInt8(ascii: "\n"): out += Array("\\n".utf8)
                case 0..<0x20, 0x7F: out += Array(String(format: "\\%03d", byte).utf8)
                default: out.append(byte)
                }
            }
            return String(decoding: out + [UInt8(ascii: "\"")], as: UTF8.self)
        case let .integer(number): return number == .min ? "math.mininteger" : String(number)
        case let .number(number):
            if number.isNaN { return "(0/0)" }
            if number.isInfinite { return number > 0 ? "math.huge" : "-math.huge" }
            let text = String(number)
            return text.contains(".") || text.contains("e") ? text : text + ".0"
        case let .boolean(flag): return flag ? "true" : "false"
        case let .table(array, fields):
            let items = array.map(literal) + fields.keys.sorted().map { name in
                let isName = name.first.map { $0 == "_" || $0.isASCII && $0.isLetter } == true
                    && name.allSatisfy { $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) } && !luaKeywords.contains(name)
                return (isName ? name : "[\(literal(.string(name)))]") + " = " + literal(fields[name]!)
            }
            return items.isEmpty ? "{}" : "{ " + items.joined(separator: ", ") + " }"
        default: return "nil"
        }
    }

    private static let luaKeywords: Set<String> = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
                                                   "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"]
}
