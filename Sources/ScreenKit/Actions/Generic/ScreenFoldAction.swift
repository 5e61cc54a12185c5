/// Runs an action, then a nested action on the container it produced (Nivelir's
/// `ScreenFoldAction`). `top(.stack)` followed by `push(...)` is a fold of the top action
/// and a navigation of the push; a failure of the first action skips the nested one.
public struct ScreenFoldAction: ScreenAction {
    public let action: any ScreenAction
    public let nested: any ScreenAction

    public init(action: any ScreenAction, nested: any ScreenAction) {
        self.action = action
        self.nested = nested
    }

    public var containerKind: ScreenContainerKind { action.containerKind }
    public var outputKind: ScreenContainerKind? { nested.outputKind }

    public var description: String {
        describeAction("ScreenFoldAction", [], ["action": action, "nested": nested])
    }

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
