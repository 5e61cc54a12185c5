/// Runs an action, then its resolution (Nivelir's `ScreenTryAction`):
/// 1. the ensure actions run whatever happened; if one fails, that failure is the result;
/// 2. after a failure with no fallbacks, the original error is the result;
/// 3. after a failure with fallbacks, "Catching error: <error>" is logged and each fallback
///    the error chooses runs in turn;
/// 4. after a success, the done actions run.
public struct ScreenTryAction: ScreenAction {
    /// The action tried.
    public let action: any ScreenAction
    /// What runs after it: ensure, done and fallback actions.
    public let resolution: ScreenTryResolution

    /// A try of `action` with `resolution`.
    public init(action: any ScreenAction, resolution: ScreenTryResolution) {
        self.action = action
        self.resolution = resolution
    }

    /// The tried action's container kind.
    public var containerKind: ScreenContainerKind { action.containerKind }

    /// The action as Swift prints Nivelir's, its tried action one level deep.
    public var description: String {
        describeAction("ScreenTryAction", [], ["action": action])
    }

    /// Runs the action, then the ensure actions, then the done or fallback actions; completes with no container.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.perform(action, on: container) { actionResult in
            let ensure = ScreenNavigateAction(containerKind: containerKind, actions: resolution.ensureActions)
            navigator.perform(ensure, on: container) { ensureResult in
                if case let .failure(error) = ensureResult {
                    return completion(.failure(error))
                }
                let next: [any ScreenAction]
                do {
                    switch actionResult {
                    case let .failure(error) where resolution.fallbackActions.isEmpty:
                        return completion(.failure(error))
                    case let .failure(error):
                        navigator.logInfo("Catching error: \(error)")
                        next = try resolution.fallbackActions.compactMap { try $0(error) }
                    case let .success(value):
                        next = try resolution.doneActions.map { try $0(value) }
                    }
                } catch {
                    return completion(.failure(error))
                }
                navigator.perform(ScreenNavigateAction(containerKind: containerKind, actions: next), on: container, completion: completion)
            }
        }
    }
}

extension AnyScreenRoute {
    /// Wraps every action so far in a try with `resolution`; the result is a root route.
    public func `try`(resolution: ScreenTryResolution) -> AnyScreenRoute {
        let action = ScreenTryAction(action: ScreenNavigateAction(containerKind: rootKind, actions: actions), resolution: resolution)
        return AnyScreenRoute(root: rootKind).then(action)
    }

    /// Runs `action` on the current container with `resolution` (Nivelir's
    /// `try(action:resolution:)`): its ensure routes whatever happens, then its done routes
    /// after a success or its fallbacks after a failure. The route stays on the container.
    ///
    ///     -- Lua: route:try(nav.route("stack"):push(chat), { fallback = function(err) return other end })
    public func `try`(_ action: any ScreenAction, resolution: ScreenTryResolution) throws(ScreenDSLError) -> AnyScreenRoute {
        guard currentKind.conforms(to: action.containerKind) else {
            throw .nestedRoute(verb: "try", expected: currentKind, got: action.containerKind)
        }
        return then(ScreenTryAction(action: action, resolution: resolution))
    }

    /// Runs `route` if anything so far fails (Nivelir's `fallback(to:)`).
    ///
    ///     route.fallback(to: presentRoute)   -- Lua: route:fallback(presentRoute)
    public func fallback(to route: AnyScreenRoute) throws(ScreenDSLError) -> AnyScreenRoute {
        try checkRoot(of: route, for: "fallback")
        return self.try(resolution: ScreenTryResolution().fallback { _ in route })
    }

    /// Runs the route the error chooses (nil: none) if anything so far fails.
    ///
    ///     -- Lua: route:fallback(function(err) return otherRoute end)
    public func fallback(to route: @escaping (Error) throws -> AnyScreenRoute?) -> AnyScreenRoute {
        let rootKind = rootKind
        return self.try(resolution: ScreenTryResolution().fallback { error in
            guard let chosen = try route(error) else { return nil }
            guard rootKind.conforms(to: chosen.rootKind) else {
                throw ScreenDSLError.nestedRoute(verb: "fallback", expected: rootKind, got: chosen.rootKind)
            }
            return chosen
        })
    }

    /// Runs `route` after everything so far, whether it failed or not (a `finally`).
    public func ensure(with route: AnyScreenRoute) throws(ScreenDSLError) -> AnyScreenRoute {
        try checkRoot(of: route, for: "ensure")
        return self.try(resolution: ScreenTryResolution().ensure(with: route))
    }

    /// Swallows any failure so far: the route then succeeds.
    public func cauterize() -> AnyScreenRoute {
        self.try(resolution: ScreenTryResolution().cauterize())
    }

    private func checkRoot(of route: AnyScreenRoute, for verb: String) throws(ScreenDSLError) {
        guard rootKind.conforms(to: route.rootKind) else {
            throw .nestedRoute(verb: verb, expected: rootKind, got: route.rootKind)
        }
    }
}

extension ScreenRoute {
    /// Runs `route` from the root if anything so far fails; the result is a root route.
    ///
    ///     route.fallback(to: ScreenWindowRoute().top(.container).present(alert))   -- Lua: route:fallback(otherRoute)
    public func fallback<Next>(to route: ScreenRoute<Root, Next>) -> ScreenRootRoute<Root> {
        ScreenRootRoute<Root>(self.route.try(resolution: ScreenTryResolution().fallback { _ in route.route }))
    }

    /// Runs the route the error chooses, from the root, if anything so far fails.
    ///
    ///     -- Lua: route:fallback(function(err, r) return r:top(nav.container):present(alert) end)
    public func fallback<Next>(to route: @escaping (Error) -> ScreenRoute<Root, Next>) -> ScreenRootRoute<Root> {
        ScreenRootRoute<Root>(self.route.try(resolution: ScreenTryResolution().fallback { route($0).route }))
    }

    /// Runs `route` from the root after everything so far, whether it failed or not.
    ///
    ///     route.ensure(with: ScreenWindowRoute().makeKeyAndVisible())
    ///     -- Lua: route:ensure(nav.route():makeKeyAndVisible())
    public func ensure<Next>(with route: ScreenRoute<Root, Next>) -> ScreenRootRoute<Root> {
        ScreenRootRoute<Root>(self.route.try(resolution: ScreenTryResolution().ensure(with: route.route)))
    }

    /// Swallows any failure so far: the route then succeeds.
    ///
    ///     route.cauterize()   -- Lua: route:cauterize()
    public func cauterize() -> ScreenRootRoute<Root> {
        ScreenRootRoute<Root>(route.cauterize())
    }
}
