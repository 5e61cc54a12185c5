/// A URL pattern for deeplinks: `app://chat/:chatId`, `https://example.com/rooms/:room/chats/:chat`.
///
/// Everything after `scheme://` is split at `/` (the host is the first segment); a segment
/// starting with `:` captures one segment of the URL as a string parameter. Trailing
/// slashes do not count; segments and query values are percent-decoded. The query string is
/// parsed separately (see `DeeplinkQuery`).
public struct DeeplinkPattern: CustomStringConvertible, Sendable {
    public let description: String
    let scheme: String
    let segments: [String]

    /// Fails for a pattern without `scheme://`.
    public init?(_ pattern: String) {
        guard let separator = pattern.range(of: "://"), separator.lowerBound > pattern.startIndex else {
            return nil
        }
        description = pattern
        scheme = pattern[..<separator.lowerBound].lowercased()
        segments = pattern[separator.upperBound...].split(separator: "/").map(String.init)
    }

    /// The parameters of `url` if it matches.
    public func match(_ url: DeeplinkURL) -> [String: String]? {
        guard url.scheme == scheme, url.segments.count == segments.count else {
            return nil
        }
        var parameters: [String: String] = [:]
        for (pattern, segment) in zip(segments, url.segments) {
            if pattern.hasPrefix(":") {
                parameters[String(pattern.dropFirst())] = segment
            } else if pattern != segment {
                return nil
            }
        }
        return parameters
    }
}

/// A URL taken apart for matching: scheme, segments after `scheme://`, and query.
public struct DeeplinkURL: Sendable {
    public let text: String
    public let scheme: String
    public let segments: [String]
    public let query: String?

    /// Fails for text without `scheme://`.
    public init?(_ text: String) {
        guard let separator = text.range(of: "://"), separator.lowerBound > text.startIndex else {
            return nil
        }
        self.text = text
        scheme = text[..<separator.lowerBound].lowercased()
        var rest = text[separator.upperBound...]
        if let hash = rest.firstIndex(of: "#") {
            rest = rest[..<hash]
        }
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        } else {
            query = nil
        }
        segments = rest.split(separator: "/").map { DeeplinkURL.percentDecoded(String($0)) }
    }

    /// `%20` and `+`-free percent-decoding; invalid escapes stay as they are.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
