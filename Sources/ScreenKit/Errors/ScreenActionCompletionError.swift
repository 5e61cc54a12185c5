/// A custom action broke the completion contract: it never completed, or completed twice.
/// Built-in actions always complete exactly once; a custom one (from Swift or from a
/// script) can get this wrong, and the navigation reports it instead of hanging.
public struct ScreenActionCompletionError: ScreenError {
    public enum Reason: Sendable {
        /// Nothing was left to run in the simulation and the action had not completed.
        case neverCompleted
        /// The action called its completion a second time; the second call was ignored.
        case completedTwice
    }

    public let reason: Reason
    public let description: String

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
