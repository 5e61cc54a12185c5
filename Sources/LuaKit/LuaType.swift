import CLua

/// Lua's basic types.
public enum LuaType: Int32, Sendable {
    case none = -1
    case `nil` = 0
    case boolean = 1
    case lightUserdata = 2
    case number = 3
    case string = 4
    case table = 5
    case function = 6
    case userdata = 7
    case thread = 8

    /// The name Lua gives the type ("nil", "number", ...).
    public var name: String {
        switch self {
        case .none: return "no value"
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .lightUserdata, .userdata: return "userdata"
        case .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .function: return "function"
        case .thread: return "thread"
        }
    }
}
