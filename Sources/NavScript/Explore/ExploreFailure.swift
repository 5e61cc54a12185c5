/// An invariant that did not hold.
public struct ExploreFailure: Sendable, Hashable {
    /// The invariant: a key of the model's `invariants`, a built-in's sentence (`the hierarchy
    /// stays under its size bound`), or the rule a run broke (`the model runs within the script limits`).
    ///
    ///     -- Lua: explore.model { ..., invariants = { oneChat = function(app) return ok, message end } }
    public let invariant: String
    /// What went wrong: the invariant's message, or the error raised.
    public let message: String
    /// Whether the message describes the state (the built-ins `backToRoot`, `sizeBound`,
    /// `noPendingActions`, `noPresentationOverDismissal`) rather than what went wrong.
    public let describesState: Bool

    /// A message longer than a scenario's output may be is cut there, as a run's failures are.
    public init(invariant: String, message: String, describesState: Bool = false) {
        self.invariant = invariant
        self.message = ScenarioResult.cut(message, "message")
        self.describesState = describesState
    }

    /// Whether `other` is this failure again, for shrinking: the same invariant and, unless
    /// the message describes the state, the same first line of the message but for its
    /// numbers, a script line it names (`model.lua:6:`) kept. So `x(2)` failing with "bug A"
    /// does not stand in for `x(44)` failing with "bug B", nor one `assert` for another,
    /// while "Chat 44 is open twice" shrinks to "Chat 1 is open twice", as Hypothesis keeps
    /// to one error (its type and the line that raised it) where another would be simpler.
    /// A broken limit's line is where the limit happened to be met, and is no part of it.
    public func isSame(as other: ExploreFailure) -> Bool {
        guard !describesState else { return invariant == other.invariant }
        let keepingLines = invariant != ExploreRunner.limitInvariant
        return invariant == other.invariant && Self.form(message, keepingLines: keepingLines) == Self.form(other.message, keepingLines: keepingLines)
    }

    /// What tells this failure from others, as `isSame` does: the invariant, and the form
    /// of its message unless that describes the state (`one chat per id: Chat # is open
    /// twice`). A saved scenario names it, and is saved over only by the same failure.
    public var form: String {
        describesState ? invariant : invariant + ": " + Self.form(message)
    }

    /// The first line (its first 1,000 characters) with each number as one `#`: a run of
    /// digits, or a hexadecimal one (`0x7f3a`: a table's address). A number that ends a word
    /// counts (`Chat32 failed` is `Chat# failed`); one inside a word, a file's name or a
    /// path does not (`h264x`, `a2.lua`, `v20/chat.lua`), so that errors of two files are
    /// not one failure. With `keepingLines`, a script line (`a.lua:12:`) stays as it is.
    static func form(_ message: String, keepingLines: Bool = false) -> String {
        let characters = Array(message.prefix(while: { $0 != "\n" }).prefix(1_000))
        func isWordCharacter(_ index: Int) -> Bool {
            index < characters.count && (characters[index].isLetter || characters[index].isNumber || characters[index] == "_")
        }
        var out = "", inWord = false, index = 0
        while index < characters.count {
            let character = characters[index]
            guard character.isASCII && character.isNumber else {
                out.append(character)
                inWord = character.isLetter || character == "_"
                index += 1
                continue
            }
            var end = index + 1
            if !inWord, character == "0", end < characters.count, characters[end] == "x" {
                end += 1
                while end < characters.count, characters[end].isHexDigit { end += 1 }
            } else {
                while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
            }
            // Followed by more of a name, a file's extension or a path's next part.
            let next = end < characters.count ? characters[end] : " "
            let partOfAName = inWord && (isWordCharacter(end) || next == "/" || next == "\\" || next == "." && isWordCharacter(end + 1))
            let scriptLine = keepingLines && next == ":" && out.hasSuffix(".lua:")
            if partOfAName || scriptLine {
                out.append(contentsOf: characters[index..<end])
            } else {
                out.append("#")
            }
            inWord = partOfAName
            index = end
        }
        return out
    }
}
