/// A presentation was refused because the container, or one of its ancestors, already
/// presents another container, or because it is not in a window.
public struct ScreenContainerAlreadyPresentingError: ScreenError {
    public let description: String

    /// `reason`: why UIKit refused when nothing is presented yet (Nivelir's text stays first).
    public init(container: ScreenContainer, for trigger: Any, reason: String? = nil) {
        description = Self.message(
            "The container \(container) is already presenting another container",
            for: trigger
        ) + (reason.map { "\n(UIKit refuses: \($0))" } ?? "")
    }
}
