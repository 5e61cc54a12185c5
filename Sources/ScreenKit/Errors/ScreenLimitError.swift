/// The simulation refused to grow the hierarchy past its limits, or the host's budget for
/// the work stopped the navigation. UIKit has no such limits, but no app comes near them;
/// they keep a script that loops over `present` or `push` from exhausting the host.
///
///     The hierarchy would be deeper than 100 containers for:
///       ScreenPresentAction<UIViewController, UIViewController>(...)
public struct ScreenLimitError: ScreenError {
    public let description: String

    public init(_ sentence: String, for trigger: Any) {
        description = Self.message(sentence, for: trigger)
    }

    /// The host's budget ran out: its message is the whole description.
    public init(budget message: String) {
        description = message
    }
}
