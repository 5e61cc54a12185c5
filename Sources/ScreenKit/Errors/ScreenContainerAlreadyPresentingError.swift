/// A presentation was refused because the container, or one of its ancestors, already
/// presents another container, or because UIKit refused it (a presentation in progress, a
/// container not in a window): Nivelir's error either way, whose text is its two lines.
public struct ScreenContainerAlreadyPresentingError: ScreenError {
    /// The error's text: the sentence, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`, whose presentation `container` refused.
    public init(container: ScreenContainer, for trigger: Any) {
        description = Self.message(
            "The container \(container) is already presenting another container",
            for: trigger
        )
    }
}
