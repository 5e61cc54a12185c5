/// A container cannot go where an action puts it, because it is already in a hierarchy (or
/// would contain itself), because a new stack lists it twice, or because it is a stack going
/// into a stack. UIKit raises an exception here ("Pushing the same view controller instance
/// more than once is not supported", "All view controllers in a navigation controller must
/// be distinct", "Pushing a navigation controller is not supported"); the simulation fails
/// the action instead.
public struct ScreenContainerPlacementError: ScreenError {
    /// The error's text: the sentence, then the trigger on an indented line.
    public let description: String

    /// `container` is already in a hierarchy (or would contain itself), so `trigger` cannot place it in `target`.
    public init(container: ScreenContainer, target: ScreenContainer, for trigger: Any) {
        description = Self.message(
            "The container \(container) cannot be placed in \(target) because it is already in a hierarchy",
            for: trigger
        )
    }

    /// A new stack that lists `container` more than once.
    public init(twice container: ScreenContainer, target: ScreenContainer, for trigger: Any) {
        description = Self.message(
            "The container \(container) cannot be placed in \(target) because the new stack lists it more than once",
            for: trigger
        )
    }

    /// UIKit's other refusal to place: a navigation controller in a navigation controller's
    /// stack ("Pushing a navigation controller is not supported").
    public init(stack container: ScreenContainer, target: ScreenContainer, for trigger: Any) {
        description = Self.message(
            "The container \(container) cannot be placed in \(target) because pushing a navigation controller is not supported",
            for: trigger
        )
    }
}
