import Foundation

/// A URL query read with Nivelir's `URLQueryDeserializer` rules: `+` is a space; fragments
/// split at `&` and at their first `=` (one without `=` is ignored); keys and values are
/// percent-decoded (an invalid escape is an error); `a[b][c]=x` nests, `a[]=x` appends to a
/// list and `a[2]=x` sets its third element; a key given twice, or used for a list and a
/// table, is an error.
///
///     try URLQueryDecoder.decode("room_id=1&tags[]=a&tags[]=b")   -- {room_id = "1", tags = {"a", "b"}}
public enum URLQueryValue: Equatable {
    case string(String)
    case array([Int: URLQueryValue])
    case dictionary([String: URLQueryValue])

    /// As plain data: lists in index order (gaps closed), tables, strings.
    public var plain: ScreenValue {
        switch self {
        case let .string(text): return .string(text)
        case let .array(items): return .array(items.keys.sorted().compactMap { items[$0]?.plain })
        case let .dictionary(fields): return .object(fields.mapValues(\.plain))
        }
    }
}

/// The typed values a deeplink type wants from a query (Nivelir decodes into a `Decodable`
/// type): a failure is a `DeeplinkDecodingError`, a warning.
public indirect enum URLQuerySchema: Equatable {
    case string, integer, number, boolean, url
    case optional(URLQuerySchema)
    case array(URLQuerySchema)
    case object([String: URLQuerySchema])
}

public enum URLQueryDecoder {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The query's structure: a table, or a string for a query of one value with an empty
    /// key (`=1`). Errors are Nivelir's texts, key paths printed as Swift prints them.
    public static func decode(_ query: String) throws -> URLQueryValue {
        var root: URLQueryValue?
        for fragment in query.replacingOccurrences(of: "+", with: "%20").split(separator: "&") {
            let parts = fragment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            root = try insert(parts.count > 1 ? parts[1] : nil, at: 0, of: try segments(of: parts[0]), into: root)
        }
        return root ?? .dictionary([:])
    }

    /// `a[b][]` → ["a", "b", ""]; `[a]` and `a]` → ["a"], as Nivelir splits a key at `[`.
    static func segments(of key: Substring) throws -> [String] {
        guard let decoded = key.removingPercentEncoding else {
            throw corrupted("The key '\(key)' contains an invalid percent-encoding sequence.")
        }
        return try decoded.split(separator: "[").enumerated().map { index, part in
            if part.last == "]" { return String(part.dropLast()) }
            if key.first != "[", index == 0 { return String(part) }
            throw corrupted("The key '\(key)' does not contain a closing separator ']'.")
        }
    }

    private static func corrupted(_ text: String) -> Failure {
        Failure(description: "dataCorrupted: " + text)
    }

    /// `node` with `value` put at `path[level...]`; nil when there is nothing there and no
    /// value (a fragment without `=` adds nothing, though its path is still checked).
    private static func insert(_ value: Substring?, at level: Int, of path: [String], into node: URLQueryValue?) throws -> URLQueryValue? {
        switch node {
        case nil where level >= path.count:
            guard let value else { return nil }
            guard let decoded = value.removingPercentEncoding else {
                throw corrupted("Unable to remove percent encoding for '\(value)' at the '\(path)' key.")
            }
            return .string(decoded)
        case nil where path[level].isEmpty || Int(path[level]) != nil:
            return try insertElement(value, at: level, of: path, into: [:])
        case nil:
            return try insertField(value, at: level, of: path, into: [:])
        case let .array(items)? where level < path.count:
            return try insertElement(value, at: level, of: path, into: items)
        case let .dictionary(fields)? where level < path.count:
            return try insertField(value, at: level, of: path, into: fields)
        default:
            throw corrupted("The key '\(path)' is used for values of different types.")
        }
    }

    private static func insertElement(_ value: Substring?, at level: Int, of path: [String], into items: [Int: URLQueryValue]) throws -> URLQueryValue {
        let key = path[level]
        guard let index = key.isEmpty ? items.count : Int(key) else {
            throw corrupted("The key '\(path)' does not contain index of the '\(key)' array.")
        }
        var items = items
        if let inner = try insert(value, at: level + 1, of: path, into: items[index]) { items[index] = inner }
        return .array(items)
    }

    private static func insertField(_ value: Substring?, at level: Int, of path: [String], into fields: [String: URLQueryValue]) throws -> URLQueryValue {
        var fields = fields
        if let inner = try insert(value, at: level + 1, of: path, into: fields[path[level]]) { fields[path[level]] = inner }
        return .dictionary(fields)
    }

    /// The query's values as `schema` types them; keys the schema does not name are left out,
    /// as a `Decodable` query has only its own fields.
    public static func typed(_ value: URLQueryValue?, as schema: URLQuerySchema, path: String = "") throws -> ScreenValue? {
        func mismatch(_ type: String, _ text: String) -> Failure {
            Failure(description: "typeMismatch(\(type), \(path.isEmpty ? "" : "\"\(path)\": ")\(text))")
        }
        if case let .optional(inner) = schema {
            return try value.flatMap { try typed($0, as: inner, path: path) }
        }
        // A list or a table wanted is read through a container, as Nivelir's single-value
        // container opens one; a scalar through its value.
        let dictionary = "Dictionary<String, Any>", array = "Array<Any>"
        guard let value else {
            switch schema {
            case .object: throw mismatch(dictionary, "Cannot get keyed decoding container -- found null value instead.")
            case .array: throw mismatch(array, "Cannot get unkeyed decoding container -- found null value instead.")
            default: throw mismatch("String", "Expected to decode String but the value is nil.")
            }
        }
        switch (schema, value) {
        case let (.string, .string(text)):
            return .string(text)
        case let (.integer, .string(text)):
            guard let number = Int(text) else { throw mismatch("Int", "Expected to decode Int but the value is invalid.") }
            return .int(number)
        case let (.number, .string(text)):
            guard let number = Double(text) else { throw mismatch("Double", "Expected to decode Double but the value is invalid.") }
            return .double(number)
        case let (.boolean, .string(text)):
            switch text.lowercased() {
            case "1", "true": return .bool(true)
            case "0", "false": return .bool(false)
            default: throw mismatch("Bool", "Expected to decode Bool but the value is invalid.")
            }
        case let (.url, .string(text)):
            guard URL(string: text) != nil else { throw Failure(description: "dataCorrupted: String is not valid URL.") }
            return .string(text)
        case let (.array(element), .array(items)):
            let last = items.keys.max() ?? -1
            return .array(try (0...max(last, 0)).prefix(last + 1).compactMap { index in
                try typed(items[index], as: element, path: "\(path)[\(index)]")
            })
        case let (.object(fields), .dictionary(values)):
            var result: [String: ScreenValue] = [:]
            for (name, field) in fields {
                result[name] = try typed(values[name], as: field, path: path.isEmpty ? name : "\(path)[\(name)]")
            }
            return .object(result)
        case (.string, _), (.integer, _), (.number, _), (.boolean, _), (.url, _):
            // A list or table where a scalar is wanted: Nivelir reads a string first.
            throw mismatch("String", "Expected to decode String but the value is invalid.")
        case (.object, .string): throw mismatch(dictionary, "Expected to decode a dictionary but found string instead.")
        case (.object, .array): throw mismatch(dictionary, "Expected to decode a dictionary but found array instead.")
        case (.array, .string): throw mismatch(array, "Expected to decode an array but found string instead.")
        case (.array, .dictionary): throw mismatch(array, "Expected to decode an array but found dictionary instead.")
        default:
            throw mismatch("\(schema)", "the value has another shape.")
        }
    }
}
