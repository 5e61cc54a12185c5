/// An invariant that did not hold.
public struct ExploreFailure: Sendable, Hashable {
    public let invariant: String
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
    /// numbers. So `x(2)` failing with "bug A" does not stand in for `x(44)` failing with
    /// "bug B", while "Chat 44 is open twice" shrinks to "Chat 1 is open twice", as
    /// Hypothesis keeps to one error where another would be simpler.
    public func isSame(as other: ExploreFailure) -> Bool {
        form == other.form
    }

    /// What tells this failure from others, as `isSame` does: the invariant, and the form
    /// of its message unless that describes the state (`one chat per id: Chat # is open
    /// twice`). A saved scenario names it, and is saved over only by the same failure.
    public var form: String {
        describesState ? invariant : invariant + ": " + Self.form(message)
    }

    /// The first line (its first 1,000 characters) with each number as one `#`: a run of
    /// digits, or a hexadecimal one (`0x7f3a`: a table's address), unless it is part of a
    /// word (`a2.lua`, `v2`), so that errors of two files are not one failure.
    static func form(_ message: String) -> String {
        let characters = Array(message.prefix(while: { $0 != "\n" }).prefix(1_000))
        var out = "", inNumber = false, inWord = false, index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isASCII && character.isNumber && !inWord {
                if !inNumber { out.append("#") }
                inNumber = true
                if character == "0", index + 1 < characters.count, characters[index + 1] == "x" {
                    index += 2
                    while index < characters.count, characters[index].isHexDigit { index += 1 }
                    continue
                }
            } else {
                out.append(character)
                inNumber = false
                inWord = character.isLetter || character == "_" || inWord && character.isNumber
            }
            index += 1
        }
        return out
    }
}
