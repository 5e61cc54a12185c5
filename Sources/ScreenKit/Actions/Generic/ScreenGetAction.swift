/// Gives the current container to a closure, to read it or to update its data (Nivelir's
/// `ScreenGetAction`). The asynchronous form decides success or failure itself.
///
///     route.get { container in ... }   -- Lua: route:get(function(container) ... end)
public struct ScreenGetAction: ScreenAction {
    public let containerKind: ScreenContainerKind
    public let body: (ScreenContainer, @escaping (Result<Void, Error>) -> Void) -> Void

    public init(on containerKind: ScreenContainerKind, body: @escaping (ScreenContainer, @escaping (Result<Void, Error>) -> Void) -> Void) {
        self.containerKind = containerKind
        self.body = body
    }

    public var description: String { describeAction("ScreenGetAction", [containerKind], ["body": ScreenURLText("(Function)")]) }

    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.waitingAction = self
        body(container) { completion($0.map { nil }) }
    }
}

extension AnyScreenRoute {
    public func get(_ body: @escaping (ScreenContainer, @escaping (Result<Void, Error>) -> Void) -> Void) -> AnyScreenRoute {
        then(ScreenGetAction(on: currentKind, body: body))
    }
}

extension ScreenRoute {
    public func get(_ body: @escaping (ScreenContainer) -> Void) -> Self {
        appending(ScreenGetAction(on: Current.kind) { container, completion in
            body(container)
            completion(.success(()))
        })
    }

    public func get(_ body: @escaping (ScreenContainer, @escaping (Result<Void, Error>) -> Void) -> Void) -> Self {
        appending(ScreenGetAction(on: Current.kind, body: body))
    }
}
