/// An action gave up on purpose: an interceptor whose user backed out of signing in.
public struct ScreenCanceledError: ScreenError {
    /// The error's text, "Action canceled:" with the trigger on the next line, as Nivelir words it.
    public let description: String

    /// An error for `trigger`, the action that was canceled.
    public init(for trigger: Any) {
        description = "Action canceled:\n  \(trigger)"     // Nivelir's wording: no "for"
    }
}
