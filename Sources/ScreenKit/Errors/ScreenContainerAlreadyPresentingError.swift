/// A presentation was refused because the container, or one of its ancestors, already
/// presents another container, or because it is not in a window.
public struct ScreenContainerAlreadyPresentingError: ScreenError {
    public let description: String

    public init(container: ScreenContainer, for trigger: Any) {
        description = Self.message(
            "The container \(container) is already presenting another container",
            for: trigger
        )
    }
}
