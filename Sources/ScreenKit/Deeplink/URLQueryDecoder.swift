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

/// Reads URL queries as Nivelir's `URLQueryDeserializer` does, and types them as a deeplink type's
/// `query` schema asks.
///
///     try URLQueryDecoder.typed(URLQueryDecoder.decode("chat_id=7"), as: .object(["chat_id": .integer]))
///     -- Lua: nav.deeplinkType("ChatDeeplink", { query = { chat_id = "integer" }, ... })
public enum URLQueryDecoder {
    /// A query that cannot be read or typed, with Nivelir's text.
    public struct Failure: Error, CustomStringConvertible {
        /// The failure's text.
        public let description: String
    }

    /// How deep a key may nest (`a[b][c]` is 3), as Rack's query parser bounds it: a link
    /// is input from outside, and its structure is walked level by level.
    public static let depthLimit = 32

    /// The query's structure: a table, or a string for a query of one value with an empty
    /// key (`=1`). Errors are Nivelir's texts, key paths printed as Swift prints them.
    public static func decode(_ query: String) throws -> URLQueryValue {
        let root = Node()
        for fragment in query.replacingOccurrences(of: "+", with: "%20").split(separator: "&") {
            let parts = fragment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let path = try segments(of: parts[0])
            guard path.count <= depthLimit else {
                throw corrupted("The key '\(parts[0].prefix(64))...' nests deeper than \(depthLimit) levels.")
            }
            try root.insert(parts.count > 1 ? parts[1] : nil, at: 0, of: path)
        }
        return root.value ?? .dictionary([:])
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

    /// A `DecodingError.dataCorrupted` with `text` at `path` (none: the query itself), as
    /// Swift 6.3 prints one.
    static func corrupted(_ text: String, path: String = "") -> Failure {
        Failure(description: "DecodingError.dataCorrupted: Data was corrupted.\(pathText(path)) Debug description: \(text)")
    }

    /// A coding path as Swift prints it: keys joined by dots, indices in brackets (`a.b[0]`).
    private static func pathText(_ path: String) -> String {
        path.isEmpty ? "" : " Path: \(path)."
    }

    /// A place in the query as it is read: changed in place, so that a query of n keys is
    /// read in time linear in n (values in enums would be copied at each key), and made a
    /// `URLQueryValue` at the end. At most one of its three is set.
    private final class Node {
        var string: String?
        var items: [Int: Node]?
        var fields: [String: Node]?

        var isEmpty: Bool { string == nil && items == nil && fields == nil }

        /// Puts `value` at `path[level...]`; nothing is made for a last key without a value
        /// (a fragment without `=` adds nothing there, though its path is still checked).
        func insert(_ value: Substring?, at level: Int, of path: [String]) throws {
            guard level < path.count else {
                guard isEmpty else { throw URLQueryDecoder.corrupted("The key '\(path)' is used for values of different types.") }
                guard let value else { return }
                guard let decoded = value.removingPercentEncoding else {
                    throw URLQueryDecoder.corrupted("Unable to remove percent encoding for '\(value)' at the '\(path)' key.")
                }
                string = decoded
                return
            }
            let key = path[level]
            if isEmpty {
                if key.isEmpty || Int(key) != nil { items = [:] } else { fields = [:] }
            }
            if let count = items?.count {
                guard let index = key.isEmpty ? count : Int(key) else {
                    throw URLQueryDecoder.corrupted("The key '\(path)' does not contain index of the '\(key)' array.")
                }
                let child = items?[index] ?? Node()
                try child.insert(value, at: level + 1, of: path)
                if !child.isEmpty { items?[index] = child }
            } else if fields != nil {
                let child = fields?[key] ?? Node()
                try child.insert(value, at: level + 1, of: path)
                if !child.isEmpty { fields?[key] = child }
            } else {
                throw URLQueryDecoder.corrupted("The key '\(path)' is used for values of different types.")
            }
        }

        var value: URLQueryValue? {
            if let string { return .string(string) }
            if let items { return .array(items.compactMapValues(\.value)) }
            return fields.map { .dictionary($0.compactMapValues(\.value)) }
        }
    }

    /// The query's values as `schema` types them; keys the schema does not name are left out,
    /// as a `Decodable` query has only its own fields.
    public static func typed(_ value: URLQueryValue?, as schema: URLQuerySchema, path: String = "") throws -> ScreenValue? {
        func mismatch(_ type: String, _ text: String) -> Failure {
            Failure(description: "DecodingError.typeMismatch: expected value of type \(type).\(pathText(path)) Debug description: \(text)")
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
            guard URL(string: text) != nil else { throw corrupted("String is not valid URL.", path: path) }
            return .string(text)
        case let (.array(element), .array(items)):
            // Nivelir reads indices 0 through the largest given (`0...max`), and names each
            // element's path one past it (its container counts on before the path is read).
            // Only what is there and the first index missing are read here: a missing one
            // fails, or is nothing for an optional element, so `ids[9223372036854775807]`
            // costs no more than `ids[1]` (Nivelir's range would trap, as it does for a
            // largest index below 0).
            let indices = items.keys.filter { $0 >= 0 }.sorted()
            guard !items.isEmpty, !indices.isEmpty else {
                guard let index = items.keys.min() else { return .array([]) }
                throw corrupted("The index \(index) of the '\(path)' array is out of range.", path: path)
            }
            var result: [ScreenValue] = [], next = 0
            for index in indices {
                if index > next, let gap = try typed(nil, as: element, path: "\(path)[\(next + 1)]") {
                    result.append(gap)
                }
                if let value = try typed(items[index], as: element, path: "\(path)[\(index == .max ? "\(index) + 1" : String(index + 1))]") {
                    result.append(value)
                }
                next = index == .max ? index : index + 1
            }
            return .array(result)
        case let (.object(fields), .dictionary(values)):
            var result: [String: ScreenValue] = [:]
            // In the order of the names (a dictionary's own order changes from run to run, and
            // the first field that fails is the one the error names), as a Decodable goes by
            // its declaration.
            for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
                result[name] = try typed(values[name], as: field, path: path.isEmpty ? name : "\(path).\(name)")
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
