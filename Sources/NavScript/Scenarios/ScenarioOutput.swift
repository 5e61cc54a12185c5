/// What a scenario printed, kept within `limit` bytes: all of it while it fits, then its
/// first and its last half, with a line between them that says what was left out there.
/// So a loop of prints keeps what came just before a failure, which explains it. Each
/// print costs what it adds, however much came before.
///
///     var output = ScenarioOutput()
///     output.append("line 1\n")
///     output.text   // "line 1\n"
///     -- Lua: print("line 1") in a scenario; its result's output
public struct ScenarioOutput: Sendable {
    /// What is kept, at most (and the line that says what was cut).
    public static let limit = 1 << 20
    private static let half = limit / 2
    /// What is kept of an output past `limit`, as messages say it.
    public static let kept = "the first and the last \(half >> 10) KiB"

    /// All while it fits, then the first half.
    private var head = ""
    /// The last half once the output passed `limit`: the prints since, the oldest trimmed.
    private var tail: [String] = []
    private var tailStart = 0, tailBytes = 0
    /// What was left out between them.
    private var cutBytes = 0, cutLines = 0

    public init() {}

    /// Whether nothing was printed.
    public var isEmpty: Bool { head.isEmpty }

    /// What is kept, the cut said where it is.
    public var text: String {
        guard cutBytes > 0 || !tail.isEmpty else { return head }
        let gap = head.hasSuffix("\n") ? "" : "\n"
        return head + gap + Self.cutLine(lines: cutLines, bytes: cutBytes) + tail[tailStart...].joined()
    }

    /// Adds what one print printed.
    public mutating func append(_ text: String) {
        guard tail.isEmpty && cutBytes == 0 else { return push(text[...]) }
        guard head.utf8.count + text.utf8.count > Self.limit else {
            head += text
            return
        }
        // Past the limit: the head keeps the first half (its whole lines, if it has any),
        // the rest starts the tail.
        var rest = text[...]
        if head.utf8.count < Self.half {
            let taken = ScenarioResult.prefix(text, bytes: Self.half - head.utf8.count)
            head += taken
            rest = text[text.utf8.index(text.startIndex, offsetBy: taken.utf8.count)...]
        }
        var kept = ScenarioResult.prefix(head, bytes: Self.half)
        if let newline = kept.utf8.lastIndex(of: 10) { kept = String(kept[...newline]) }
        let over = String(head[head.utf8.index(head.startIndex, offsetBy: kept.utf8.count)...])
        head = kept
        push(over[...])
        push(rest)
    }

    private mutating func push(_ piece: Substring) {
        guard !piece.isEmpty else { return }
        var piece = piece
        tailBytes += piece.utf8.count
        if piece.utf8.count > Self.half {
            // It alone fills the tail: its end replaces what was there.
            for old in tail[tailStart...] { drop(old) }
            tail = []
            tailStart = 0
            let end = Self.cut(piece, bytes: piece.utf8.count - Self.half, keepingSome: true)
            drop(piece[..<end])
            piece = piece[end...]
        }
        tail.append(String(piece))
        while tailBytes > Self.half {
            let first = tail[tailStart]
            if first.utf8.count <= tailBytes - Self.half {
                drop(first)
                tail[tailStart] = ""
                tailStart += 1
            } else {
                let end = Self.cut(first[...], bytes: tailBytes - Self.half, keepingSome: false)
                drop(first[..<end])
                tail[tailStart] = String(first[end...])
            }
        }
        if tailStart > 64 && tailStart * 2 > tail.count {
            tail.removeFirst(tailStart)
            tailStart = 0
        }
    }

    /// Where to cut `bytes` (or a little more) off the start of `piece`: on a character,
    /// or after a line if one ends in the rest (and, `keepingSome`, something follows it).
    private static func cut(_ piece: Substring, bytes: Int, keepingSome: Bool) -> String.Index {
        var end = piece.utf8.index(piece.startIndex, offsetBy: bytes)
        while end.samePosition(in: piece.base.unicodeScalars) == nil { end = piece.utf8.index(after: end) }
        if let newline = piece.utf8[end...].firstIndex(of: 10) {
            let next = piece.utf8.index(after: newline)
            if !keepingSome || next < piece.endIndex { end = next }
        }
        return end
    }

    private mutating func drop(_ piece: some StringProtocol) {
        let bytes = piece.utf8.count
        tailBytes -= bytes
        cutBytes += bytes
        cutLines += piece.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
    }

    private static let cutPrefix = "[output cut here: "

    private static func cutLine(lines: Int, bytes: Int) -> String {
        "\(cutPrefix)\(lines) lines, \(bytes) bytes left out; a scenario keeps \(kept) of what it prints]\n"
    }

    /// How many lines the line that says where `text` was cut left out, if it was cut.
    public static func linesCut(in text: String) -> Int? {
        guard let start = text.range(of: "\n" + cutPrefix) else { return nil }
        return Int(text[start.upperBound...].prefix { $0.isNumber })
    }
}
