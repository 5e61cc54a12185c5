/// A plain value that crosses from scripts into the hierarchy: a screen trait, a decorator
/// attribute, a snapshot field. It is what a Lua value becomes when it has no behaviour.
///
/// Descriptions are deterministic: strings are quoted, objects list their keys sorted.
public enum ScreenValue: Hashable, Sendable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([ScreenValue])
    case object([String: ScreenValue])
}

extension ScreenValue: CustomStringConvertible {
    /// The value as Swift prints it, strings quoted and escaped, objects as `{a=1, b="x"}` with keys sorted.
    public var description: String {
        switch self {
        case let .bool(value):
            return String(value)
        case let .int(value):
            return String(value)
        case let .double(value):
            return String(value)
        case let .string(value):
            // Quoted and escaped as Swift prints a string inside a collection (Nivelir's
            // traits): "q\"x", "two\nlines".
            return value.debugDescription
        case let .array(values):
            return "[" + values.map(\.description).joined(separator: ", ") + "]"
        case let .object(fields):
            let body = fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "{" + body.joined(separator: ", ") + "}"
        }
    }
}

extension ScreenValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral {
    /// A `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An `.int`.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension ScreenValue {
    /// The string inside `.string`, or nil.
    public var stringValue: String? {
        if case let .string(value) = self { return value }
        return nil
    }

    /// Fields of an `.object`, or nil.
    public var objectValue: [String: ScreenValue]? {
        if case let .object(value) = self { return value }
        return nil
    }

    /// The integer inside `.int`, or nil: a factory's `traits["chatId"]?.intValue`.
    public var intValue: Int? {
        if case let .int(value) = self { return value }
        return nil
    }

    /// The number inside `.double`, or an `.int`'s as a double (Lua's `7` and `7.0` are one
    /// number to a script), or nil.
    public var doubleValue: Double? {
        switch self {
        case let .double(value): return value
        case let .int(value): return Double(value)
        default: return nil
        }
    }

    /// The flag inside `.bool`, or nil.
    public var boolValue: Bool? {
        if case let .bool(value) = self { return value }
        return nil
    }

    /// The elements of an `.array`, or nil.
    public var arrayValue: [ScreenValue]? {
        if case let .array(value) = self { return value }
        return nil
    }
}
