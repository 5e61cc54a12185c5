/// Gives the current container to a closure, to read it or to update its data (Nivelir's
/// `ScreenGetAction`). The asynchronous form decides success or failure itself.
///
///     route.get { container in ... }   -- Lua: route:get(function(container) ... end)
public struct ScreenGetAction: ScreenAction {
    /// The kind of container it is performed on.
    public let containerKind: ScreenContainerKind
    /// The closure given the container; it completes the step with success or a failure.
    public let body: (ScreenContainer, @escaping (Result<Void, Error>) -> Void) -> Void

    /// An action giving a container of `containerKind` to `body`.
    public init(on containerKind: ScreenContainerKind, body: @escaping (ScreenContainer, @escaping (Result<Void, Error>) -> Void) -> Void) {
        self.containerKind = containerKind
        self.body = body
    }

    /// The action as Swift prints Nivelir's: `ScreenGetAction<UIViewController>(body: (Function))`.
    public var description: String { describeAction("ScreenGetAction", [containerKind], ["body": ScreenURLText("(Function)")]) }

    /// Gives the container to the body, and completes when the body does, with no container.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.waitingAction = self
        body(container) { completion($0.map { nil }) }
    }
}

extension AnyScreenRoute {
    /// Appends a step that gives the current container to `body`, which completes it.
    ///
    ///     route.get { container, done in done(.success(())) }   -- Lua: route:get(function(c, done) done() end)
    public func get(_ body: @escaping (ScreenContainer, @escaping (Result<Void, Error>) -> Void) -> Void) -> AnyScreenRoute {
        then(ScreenGetAction(on: currentKind, body: body))
    }
}

extension ScreenRoute {
    /// Appends a step that gives the current container to `body`, then succeeds.
    ///
    ///     route.get { container in ... }   -- Lua: route:get(function(container) ... end)
    public func get(_ body: @escaping (ScreenContainer) -> Void) -> Self {
        appending(ScreenGetAction(on: Current.kind) { container, completion in
            body(container)
            completion(.success(()))
        })
    }

    /// The same, with a body that completes the step itself, with success or a failure.
    ///
    ///     route.get { container, done in done(.success(())) }   -- Lua: route:get(function(c, done) done() end)
    public func get(_ body: @escaping (ScreenContainer, @escaping (Result<Void, Error>) -> Void) -> Void) -> Self {
        appending(ScreenGetAction(on: Current.kind, body: body))
    }
}
