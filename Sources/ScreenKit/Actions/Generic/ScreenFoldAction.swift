/// Runs an action, then a nested action on the container it produced (Nivelir's
/// `ScreenFoldAction`). `top(.stack)` followed by `push(...)` is a fold of the top action
/// and a navigation of the push; a failure of the first action skips the nested one.
public struct ScreenFoldAction: ScreenAction {
    /// The action run first.
    public let action: any ScreenAction
    /// The action run on the container the first one produced.
    public let nested: any ScreenAction

    /// A fold of `action` and `nested`.
    public init(action: any ScreenAction, nested: any ScreenAction) {
        self.action = action
        self.nested = nested
    }

    /// The first action's container kind.
    public var containerKind: ScreenContainerKind { action.containerKind }
    /// The nested action's output kind.
    public var outputKind: ScreenContainerKind? { nested.outputKind }

    /// The action as Swift prints Nivelir's, its inner actions one level deep.
    public var description: String {
        describeAction("ScreenFoldAction", [], ["action": action, "nested": nested])
    }

    /// Runs `action`, then `nested` on its output; fails when `action` fails or produces no container.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.perform(action, on: container) { result in
            switch result {
            case let .success(output?):
                navigator.perform(nested, on: output, completion: completion)
            case .success(nil):
                // Only a custom action can produce nothing where it declared a container.
                completion(.failure(ScreenContainerNotFoundError(type: action.outputKind ?? .container, for: action)))
            case let .failure(error):
                completion(.failure(error))
            }
        }
    }
}
