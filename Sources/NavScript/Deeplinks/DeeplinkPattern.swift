import ScreenKit

/// A URL pattern for deeplinks: `app://chat/:chatId`, `https://example.com/rooms/:room/chats/:chat`.
///
/// Everything after `scheme://` is split at `/` (the host is the first segment; it and the
/// scheme match in any case, as URLs' do, the path exactly; a URL's user and port do not
/// count). As Nivelir's `URLDeeplink` splits a path: one leading and one trailing `/` do not
/// count, and `//` is an empty segment (`app://chat//7` is not `app://chat/7`). A segment
/// starting with `:` captures one segment of the URL, the host too (`app://:section/list`). A script gets a captured segment
/// written as a whole number (`7`, `-3`; no leading zero, no sign `+`, within 64 bits) as an
/// integer, any other as a string (`parameterValue`), so that `app://chat/:chatId` and
/// `app://chat/7` give `params.chatId == 7`, the key `Chat { chatId = 7 }` has. Segments and query values are percent-decoded,
/// in the pattern as in the URL. The query string is
/// parsed separately (see `DeeplinkQuery`); its values stay strings, as Nivelir's decoder
/// reads them.
public struct DeeplinkPattern: CustomStringConvertible, Sendable {
    /// The pattern as written: `app://chat/:chatId`.
    ///
    ///     DeeplinkPattern("app://chat/:chatId")?.description   -- Lua: nav.deeplink("app://chat/:chatId", handler)
    public let description: String
    let scheme: String
    /// The host, then the path's segments, percent-decoded as a URL's are.
    let segments: [String]
    /// Which segments capture (written `:name`; an escaped `%3A` is text).
    let captures: [Bool]

    /// Fails for a pattern without `scheme://` and a host, which no URL could match.
    public init?(_ pattern: String) {
        // The first `://`, found by scalars as Foundation's `range(of:)` found it (a pattern is
        // read on every launch, and NSString was most of that).
        let scalars = pattern.unicodeScalars
        guard let colon = scalars.indices.first(where: { scalars[$0...].starts(with: "://".unicodeScalars) }),
              colon > pattern.startIndex else {
            return nil
        }
        let rest = pattern[scalars.index(colon, offsetBy: 3)...]
        let host = rest.prefix { $0 != "/" }
        guard !host.isEmpty else { return nil }
        description = pattern
        scheme = pattern[..<colon].lowercased()
        // Split as written (an escaped `/` is text), then decoded as a URL's segments are, so
        // that `app://search/new%20york` matches the URL written the same way.
        let written = [String(host)] + DeeplinkURL.pathSegments(rest[host.endIndex...])
        captures = written.map { $0.hasPrefix(":") }
        segments = zip(written, captures).map { $1 ? $0 : DeeplinkURL.percentDecoded($0) }
    }

    /// What keeps the pattern from meaning one thing, or nil: a query or fragment (a URL's
    /// query goes to the handler, and no path has a `#`), a user or port in the host (a
    /// URL's do not count, so it would match nothing), a parameter without a name, or one
    /// name twice (the second would hide the first).
    ///
    ///     DeeplinkPattern("app://a/:id/:id")?.flaw   // "parameter ':id' appears twice"
    public var flaw: String? {
        if !DeeplinkURL.isScheme(scheme) {
            return "a scheme starts with a letter, then letters, digits, '+', '-' or '.': no URL has '\(scheme)'"
        }
        if description.unicodeScalars.contains(where: { $0 == "?" || $0 == "#" }) {
            return "a pattern has no query or fragment: the query of a URL goes to the handler"
        }
        if !captures[0], segments[0].unicodeScalars.contains(where: { $0 == "@" || $0 == ":" }) {
            return "a pattern's host has no user or port: a URL's do not count, so this one would match nothing"
        }
        var names: Set<String> = []
        for (segment, capture) in zip(segments, captures) where capture {
            guard segment.count > 1 else { return "a parameter needs a name after ':'" }
            guard names.insert(segment).inserted else { return "parameter '\(segment)' appears twice" }
        }
        return nil
    }

    /// Whether `other` matches the same URLs (`app://CHAT/:id/` and `app://chat/:chatId`):
    /// what defining a pattern again replaces.
    /// What tells patterns apart by the links they match: the scheme, and each segment (the
    /// host in any case) or a capture (nil). A pattern defined again with the same replaces
    /// the first (`app://chat/:id` and `app://CHAT/:chatId` match alike).
    var alikeKey: AlikeKey {
        AlikeKey(scheme: scheme, parts: segments.indices.map { position in
            captures[position] ? nil : position == 0 ? segments[position].lowercased() : segments[position]
        })
    }

    struct AlikeKey: Hashable {
        let scheme: String
        let parts: [String?]
    }

    /// The parameters of `url` if it matches.
    public func match(_ url: DeeplinkURL) -> [String: String]? {
        guard url.hasHost, url.scheme == scheme, url.segments.count == segments.count else {
            return nil
        }
        var parameters: [String: String] = [:]
        for (position, (pattern, segment)) in zip(segments, url.segments).enumerated() {
            if captures[position] {
                parameters[String(pattern.dropFirst())] = segment
            } else if position == 0 ? pattern.lowercased() != segment.lowercased() : pattern != segment {
                // The host, as the scheme, is case-insensitive; the path is not.
                return nil
            }
        }
        return parameters
    }

    /// A captured segment as a script gets it: an integer when it is written as one, else
    /// the text.
    ///
    ///     DeeplinkPattern.parameterValue("7")     // .int(7)
    ///     DeeplinkPattern.parameterValue("007")   // .string("007")
    public static func parameterValue(_ segment: String) -> ScreenValue {
        let digits = segment.hasPrefix("-") ? segment.dropFirst() : Substring(segment)
        guard let first = digits.first, first.isASCII, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              first != "0" || digits.count == 1, let number = Int(segment), segment != "-0" else {
            return .string(segment)
        }
        return .int(number)
    }
}

/// A URL taken apart for matching: scheme, the host and the path's segments, and query.
/// As `URLComponents` reads it: the host without user and port, the path decoded before it
/// is split (`a%2Fb` is two segments, as Nivelir's `URLDeeplink` splits it).
public struct DeeplinkURL: Sendable {
    /// The URL as given.
    public let text: String
    /// The scheme, lowercased (`app` of `App://chat/7`).
    public let scheme: String
    /// The host (when the URL has one), then the path's segments.
    public let segments: [String]
    /// Whether the URL has a host (`app://chat`, not `app:/chat` or `mailto:x@y.z`): only
    /// then can it match a pattern, whose first segment is a host.
    public let hasHost: Bool
    /// The query string, after `?` and before any `#`; nil when the URL has no `?`.
    public let query: String?

    /// Fails for text without a scheme (`app:` followed by the rest).
    public init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":"), Self.isScheme(text[..<colon]) else {
            return nil
        }
        self.text = text
        scheme = text[..<colon].lowercased()
        query = DeeplinkManager.query(of: text)
        var rest = text[text.index(after: colon)...].prefix { $0 != "#" && $0 != "?" }
        var host: [String] = []
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<end]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            if let port = authority.lastIndex(of: ":"), !authority[port...].contains("]" as Character),
               authority[authority.index(after: port)...].allSatisfy(\.isNumber) {
                authority = authority[..<port]
            }
            if !authority.isEmpty { host = [DeeplinkURL.percentDecoded(String(authority))] }
            rest = rest[end...]
        }
        hasHost = !host.isEmpty
        segments = host + DeeplinkURL.pathSegments(Substring(DeeplinkURL.percentDecoded(String(rest))))
    }

    /// Whether `text` is a scheme as RFC 3986 (and `URLComponents`) reads one: a letter, then
    /// letters, digits, `+`, `-` and `.`.
    static func isScheme(_ text: some StringProtocol) -> Bool {
        text.first.map { $0.isASCII && $0.isLetter } == true
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// A path's segments as Nivelir's `URLDeeplink` reads them: without one leading and one
    /// trailing `/`, split at every `/` (so `//` is an empty segment); an empty path has none.
    ///
    ///     DeeplinkURL.pathSegments("/chat/7/")   // ["chat", "7"]
    ///     DeeplinkURL.pathSegments("//7")        // ["", "7"]
    static func pathSegments(_ path: Substring) -> [String] {
        var path = path
        if path.hasPrefix("/") { path = path.dropFirst() }
        if path.hasSuffix("/") { path = path.dropLast() }
        if path.isEmpty { return [] }
        return path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// `%20` and `+`-free percent-decoding; invalid escapes stay as they are.
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
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
