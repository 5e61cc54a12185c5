/// A Lua value as plain data: what crosses the bridge by copy. Functions, userdata and
/// threads cannot be copied and read as `.opaque` with their type name.
public enum LuaValue: Hashable, Sendable {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    /// A table: its array part (1...n, in order) and its other fields.
    case table(array: [LuaValue], fields: [String: LuaValue])
    case opaque(String)

    /// The name of its Lua type, as `type()` gives it ("table"; an opaque value's own).
    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case let .opaque(name): return name
        }
    }

    /// The string inside `.string`.
    public var string: String? {
        if case let .string(value) = self { return value }
        return nil
    }

    /// An integer, or a float with an integral value that an integer holds (as
    /// `math.tointeger` takes it: -2^63 is one, 2^63 is not).
    public var integer: Int64? {
        switch self {
        case let .integer(value): return value
        case let .number(value): return Int64(exactly: value)
        default: return nil
        }
    }

    /// The number inside `.integer` or `.number`, as a `Double`.
    public var number: Double? {
        switch self {
        case let .integer(value): return Double(value)
        case let .number(value): return value
        default: return nil
        }
    }

    /// The boolean inside `.boolean` (nil is not `false` here).
    public var boolean: Bool? {
        if case let .boolean(value) = self { return value }
        return nil
    }

    /// The field `name` of a table (nil otherwise).
    public subscript(name: String) -> LuaValue? {
        if case let .table(_, fields) = self { return fields[name] }
        return nil
    }

    /// The array part of a table.
    public var array: [LuaValue]? {
        if case let .table(array, _) = self { return array }
        return nil
    }

    /// The first part of the value that is not plain data (a function, a userdata), as
    /// where it is and its type name: `("", "Screen")` for the value itself, `(".s", "Screen")`,
    /// `("[2]", "function")`; nil when it is all data. Fields are looked at in name order.
    public var firstOpaque: (path: String, type: String)? {
        switch self {
        case let .opaque(type):
            return ("", type)
        case let .table(array, fields):
            for (position, element) in array.enumerated() {
                if let (path, type) = element.firstOpaque { return ("[\(position + 1)]" + path, type) }
            }
            for name in fields.keys.sorted() {
                if let (path, type) = fields[name]?.firstOpaque { return ("." + name + path, type) }
            }
            return nil
        default:
            return nil
        }
    }

    /// About how many bytes the value takes in Swift: what a host charges to a script's
    /// memory when it keeps a copy.
    public var estimatedSize: Int {
        switch self {
        case let .string(text): return 16 + text.utf8.count
        case let .opaque(name): return 16 + name.utf8.count
        case let .table(array, fields):
            return 32 + array.reduce(0) { $0 + $1.estimatedSize } + fields.reduce(0) { $0 + 16 + $1.key.utf8.count + $1.value.estimatedSize }
        default: return 16
        }
    }
}

/// How much a copy of a script's value into Swift may hold (`LuaCall.value`): values
/// (every table, field and element, a shared table each time it is reached) and bytes of
/// strings. Past either, the copy is refused with an error that names the bound.
public struct LuaCopyLimits: Sendable {
    /// How many values a copy may hold: every table, field and element counts.
    public var values: Int
    /// How many bytes of strings a copy may hold.
    public var bytes: Int
    /// Whether strings must be UTF-8 text: a copy in which two byte strings would become
    /// one Swift string (each stray byte U+FFFD) is refused, for values that identify
    /// something (a screen's traits). Otherwise such bytes are copied as U+FFFD.
    public var requiresText: Bool
    /// Whether a key that is neither text nor a position (`true`, `2.5`), which the copy
    /// would leave out, is refused where it is (`LuaNotText.keyType`), for data that is
    /// rebuilt exactly (a snapshot restored).
    public var refusesDroppedKeys = false
    /// Whether a table must be a list or a table of names, as JSON's arrays and objects: a
    /// copy that would drop a key (`true`, `2.5`), or give a list's positions as names
    /// (`{ id = 7, "x" }`, `{ [5] = 1 }`), is refused, for data handed on as it was given.
    public var requiresPlainKeys: Bool

    /// Limits of `values` values and `bytes` bytes of strings, and the checks a copy makes.
    public init(values: Int = 100_000, bytes: Int = 8 << 20, requiresText: Bool = false, requiresPlainKeys: Bool = false) {
        self.values = values
        self.bytes = bytes
        self.requiresText = requiresText
        self.requiresPlainKeys = requiresPlainKeys
    }

    enum Exceeded: Error {
        case values, bytes
    }
}
