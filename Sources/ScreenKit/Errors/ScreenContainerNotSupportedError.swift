/// The container is of a kind the action cannot handle (`makeVisible` inside a custom
/// container).
public struct ScreenContainerNotSupportedError: ScreenError {
    /// The error's text: the sentence, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`, which cannot handle `container`.
    public init(container: ScreenContainer, for trigger: Any) {
        description = Self.message("The type of the container \(container) is not supported", for: trigger)
    }
}
