/// A container was found but is not of the type the route needs.
public struct ScreenContainerTypeMismatchError: ScreenError {
    /// The error's text: the sentence, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`, which found `container` where it needs a container of the UIKit type `type`.
    public init(container: ScreenContainer, type: String, for trigger: Any) {
        description = Self.message(
            "The type of the container \(container) does not match the expected type \(type)",
            for: trigger
        )
    }
}
