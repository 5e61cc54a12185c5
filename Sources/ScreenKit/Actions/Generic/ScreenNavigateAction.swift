/// Runs actions one after another on one container, stopping at the first failure
/// (Nivelir's `ScreenNavigateAction`). A route's actions run this way.
public struct ScreenNavigateAction: ScreenAction {
    /// The kind of container the actions run on.
    public let containerKind: ScreenContainerKind
    /// The actions, in order.
    public var actions: [any ScreenAction] { nested.actions }
    /// Held in a box that releases deep nestings without recursion.
    private let nested: ScreenNestedActions

    /// An action running `actions` in order on a container of `containerKind`.
    public init(containerKind: ScreenContainerKind, actions: [any ScreenAction]) {
        self.containerKind = containerKind
        nested = ScreenNestedActions(actions)
    }

    /// The action as Swift prints Nivelir's: `ScreenNavigateAction<UIWindow>(actions: [...])`.
    public var description: String {
        describeAction("ScreenNavigateAction", [containerKind], ["actions": actions])
    }

    /// Runs the actions in order on `container` and completes with no container; the first failure,
    /// or an action that does not suit the container's kind, stops them.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        performActions(from: 0, container: container, navigator: navigator, completion: completion)
    }

    private func performActions(
        from index: Int,
        container: ScreenContainer,
        navigator: ScreenNavigator,
        completion: @escaping ScreenActionCompletion
    ) {
        guard index < actions.count else {
            return completion(.success(nil))
        }
        let action = actions[index]
        // Typed routes cannot get here with a wrong container; a dynamic route run from
        // an unexpected container (a `from` in Lua, a custom action's output) can.
        guard container.kind.conforms(to: action.containerKind) else {
            return completion(.failure(ScreenContainerTypeMismatchError(
                container: container, type: action.containerKind.typeName, for: action)))
        }
        navigator.perform(action, on: container) { result in
            switch result {
            case .success:
                performActions(from: index + 1, container: container, navigator: navigator, completion: completion)
            case let .failure(error):
                completion(.failure(error))
            }
        }
    }
}
