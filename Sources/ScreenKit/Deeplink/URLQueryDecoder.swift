import Foundation

/// A URL query read with Nivelir's `URLQueryDeserializer` rules: `+` is a space; fragments
/// split at `&` and at their first `=` (one without `=` is ignored); keys and values are
/// percent-decoded; `a[b][c]=x` nests, `a[]=x` appends to a list and `a[2]=x` sets its
/// third element; a key given twice, or used for a list and a table, is an error.
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

    /// The query's structure.
    public static func decode(_ query: String) throws -> URLQueryValue {
        var root: URLQueryValue?
        for fragment in query.replacingOccurrences(of: "+", with: "%20").split(separator: "&") {
            guard let equals = fragment.firstIndex(of: "=") else { continue }
            let rawKey = String(fragment[..<equals])
            let key = rawKey.removingPercentEncoding ?? rawKey
            let value = String(fragment[fragment.index(after: equals)...])
            let path = try segments(of: key)
            root = try insert(.string(value.removingPercentEncoding ?? value), at: path[...], into: root, key: key)
        }
        return root ?? .dictionary([:])
    }

    /// `a[b][]` → ["a", "b", ""].
    static func segments(of key: String) throws -> [String] {
        let parts = key.split(separator: "[", omittingEmptySubsequences: false).map(String.init)
        var segments = [parts[0]]
        for part in parts.dropFirst() {
            guard part.hasSuffix("]") else {
                throw Failure(description: "dataCorrupted: The key '\(key)' does not contain a closing separator ']'.")
            }
            segments.append(String(part.dropLast()))
        }
        return segments
    }

    private static func insert(_ leaf: URLQueryValue, at path: ArraySlice<String>, into node: URLQueryValue?, key: String) throws -> URLQueryValue {
        let conflict = Failure(description: "dataCorrupted: The key '\(key)' is used for values of different types.")
        guard let segment = path.first else {
            guard node == nil else { throw conflict }
            return leaf
        }
        let rest = path.dropFirst()
        if segment.isEmpty || Int(segment) != nil {
            var items: [Int: URLQueryValue]
            switch node {
            case nil: items = [:]
            case let .array(existing)?: items = existing
            default: throw conflict
            }
            let index = segment.isEmpty ? items.count : Int(segment)!
            guard index >= 0 else { throw conflict }
            items[index] = try insert(leaf, at: rest, into: items[index], key: key)
            return .array(items)
        }
        var fields: [String: URLQueryValue]
        switch node {
        case nil: fields = [:]
        case let .dictionary(existing)?: fields = existing
        default: throw conflict
        }
        fields[segment] = try insert(leaf, at: rest, into: fields[segment], key: key)
        return .dictionary(fields)
    }

    /// The query's values as `schema` types them; keys the schema does not name are kept as strings.
    public static func typed(_ value: URLQueryValue?, as schema: URLQuerySchema, path: String = "") throws -> ScreenValue? {
        func mismatch(_ type: String, _ text: String) -> Failure {
            Failure(description: "typeMismatch(\(type), \(path.isEmpty ? "" : "\"\(path)\": ")\(text))")
        }
        if case let .optional(inner) = schema {
            return try value.flatMap { try typed($0, as: inner, path: path) }
        }
        guard let value else {
            throw mismatch("String", "Expected to decode String but the value is nil.")
        }
        switch (schema, value) {
        case let (.string, .string(text)):
            return .string(text)
        case let (.integer, .string(text)):
            guard let number = Int(text) else { throw mismatch("Int", "\"\(text)\" is not an integer.") }
            return .int(number)
        case let (.number, .string(text)):
            guard let number = Double(text) else { throw mismatch("Double", "\"\(text)\" is not a number.") }
            return .double(number)
        case let (.boolean, .string(text)):
            switch text.lowercased() {
            case "1", "true": return .bool(true)
            case "0", "false": return .bool(false)
            default: throw mismatch("Bool", "\"\(text)\" is not a boolean.")
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
            var result = values.mapValues(\.plain)
            for (name, field) in fields {
                result[name] = try typed(values[name], as: field, path: path.isEmpty ? name : "\(path)[\(name)]")
            }
            return .object(result)
        default:
            throw mismatch("\(schema)", "the value has another shape.")
        }
    }
}
