/// A custom action broke the completion contract: it never completed, or completed twice.
/// Built-in actions always complete exactly once; a custom one (from Swift or from a
/// script) can get this wrong, and the navigation reports it instead of hanging.
public struct ScreenActionCompletionError: ScreenError {
    /// How the action broke the contract.
    public enum Reason: Sendable {
        /// Nothing was left to run in the simulation and the action had not completed.
        case neverCompleted
        /// The action called its completion a second time; the second call was ignored.
        case completedTwice
    }

    /// Whether the action never completed or completed twice.
    public let reason: Reason
    /// The error's text: the sentence, then the action on an indented line.
    public let description: String

    /// An error for `trigger`, the action that broke the contract.
    public init(_ reason: Reason, for trigger: Any) {
        self.reason = reason
        switch reason {
        case .neverCompleted:
            description = Self.message("The action never completed", for: trigger)
        case .completedTwice:
            description = Self.message("The action completed more than once", for: trigger)
        }
    }
}
