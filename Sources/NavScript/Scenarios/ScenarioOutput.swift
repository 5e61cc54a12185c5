#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// What a scenario printed, kept within `limit` bytes: all of it while it fits, then its
/// first and its last half, with a line between them that says what was left out there.
/// So a loop of prints keeps what came just before a failure, which explains it. Each
/// print costs what it adds, however much came before: the oldest piece of the tail is
/// trimmed as a slice, never copied again.
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
    private var tail: [Substring] = []
    private var tailStart = 0, tailBytes = 0
    /// Whether the oldest piece of the tail was searched for a line break to cut after and
    /// had none left: trimming it again searches no more (a long line then small prints).
    private var oldestHasNoBreak = false
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
            oldestHasNoBreak = false
            let end = Self.cut(piece, bytes: piece.utf8.count - Self.half, keepingSome: true, searching: true).end
            drop(piece[..<end])
            piece = Substring(String(piece[end...]))   // a copy of the end: a slice would keep the whole print
        }
        tail.append(piece)
        while tailBytes > Self.half {
            let first = tail[tailStart]
            if first.utf8.count <= tailBytes - Self.half {
                drop(first)
                tail[tailStart] = ""
                tailStart += 1
                oldestHasNoBreak = false
            } else {
                let (end, found) = Self.cut(first, bytes: tailBytes - Self.half, keepingSome: false, searching: !oldestHasNoBreak)
                oldestHasNoBreak = !found
                drop(first[..<end])
                tail[tailStart] = first[end...]
            }
        }
        if tailStart > 64 && tailStart * 2 > tail.count {
            tail.removeFirst(tailStart)
            tailStart = 0
        }
    }

    /// Where to cut `bytes` (or a little more) off the start of `piece`: on a character,
    /// or after a line if one ends in the rest (and, `keepingSome`, something follows it),
    /// and whether a line does. `searching` false: none does, as an earlier cut found.
    private static func cut(_ piece: Substring, bytes: Int, keepingSome: Bool, searching: Bool) -> (end: String.Index, found: Bool) {
        var end = piece.utf8.index(piece.startIndex, offsetBy: bytes)
        while end.samePosition(in: piece.base.unicodeScalars) == nil { end = piece.utf8.index(after: end) }
        guard searching, let newline = piece.utf8[end...].firstIndex(of: 10) else { return (end, false) }
        let next = piece.utf8.index(after: newline)
        if !keepingSome || next < piece.endIndex { end = next }
        return (end, true)
    }

    private mutating func drop(_ piece: Substring) {
        var piece = piece
        let bytes = piece.utf8.count
        tailBytes -= bytes
        cutBytes += bytes
        // Counted with memchr: a debug build's byte loop took 0.2 s a MiB.
        piece.withUTF8 { buffer in
            guard var start = buffer.baseAddress else { return }
            let end = start + buffer.count
            while start < end, let found = memchr(start, 10, end - start) {
                cutLines += 1
                start = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
            }
        }
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
