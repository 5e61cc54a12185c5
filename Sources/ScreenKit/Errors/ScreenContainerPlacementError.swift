/// A container cannot go where an action puts it, because it is already in a hierarchy (or
/// would contain itself), or because it is a stack going into a stack. UIKit raises an
/// exception here ("Pushing the same view controller instance more than once is not
/// supported", "Pushing a navigation controller is not supported"); the simulation fails
/// the action instead.
public struct ScreenContainerPlacementError: ScreenError {
    public let description: String

    public init(container: ScreenContainer, target: ScreenContainer, for trigger: Any) {
        description = Self.message(
            "The container \(container) cannot be placed in \(target) because it is already in a hierarchy",
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
