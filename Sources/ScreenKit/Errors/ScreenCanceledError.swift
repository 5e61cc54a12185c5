/// An action gave up on purpose: an interceptor whose user backed out of signing in.
public struct ScreenCanceledError: ScreenError {
    public let description: String

    public init(for trigger: Any) {
        description = "Action canceled:\n  \(trigger)"     // Nivelir's wording: no "for"
    }
}
