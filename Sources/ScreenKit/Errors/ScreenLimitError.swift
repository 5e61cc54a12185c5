/// The simulation refused to grow the hierarchy past its limits, or the host's budget for
/// the work stopped the navigation. UIKit has no such limits, but no app comes near them;
/// they keep a script that loops over `present` or `push` from exhausting the host.
///
///     The hierarchy would be deeper than 100 containers for:
///       ScreenPresentAction<UIViewController, UIViewController>(...)
public struct ScreenLimitError: ScreenError {
    /// The error's text: the sentence, then the trigger on an indented line (or the budget's message alone).
    public let description: String

    /// An error for `trigger`, with `sentence` saying which limit it would pass.
    public init(_ sentence: String, for trigger: Any) {
        description = Self.message(sentence, for: trigger)
    }

    /// The host's budget ran out: its message is the whole description.
    public init(budget message: String) {
        description = message
    }
}
