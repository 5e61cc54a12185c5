/// What a try does after its action (Nivelir's `ScreenTryResolution`): ensure actions run
/// in any case, done actions after a success, fallback actions after a failure.
public struct ScreenTryResolution {
    /// Makes the action run after a success, from the container the tried action produced.
    public typealias DoneAction = (ScreenContainer?) throws -> any ScreenAction
    /// Makes the action run after a failure, from its error; nil skips it.
    public typealias FallbackAction = (Error) throws -> (any ScreenAction)?

    /// Actions run whatever happened, before the done or fallback ones.
    public var ensureActions: [any ScreenAction]
    /// What runs after a success, in order.
    public var doneActions: [DoneAction]
    /// What runs after a failure, in order.
    public var fallbackActions: [FallbackAction]

    /// A resolution with the given actions (none by default: the try's result is its action's).
    public init(ensureActions: [any ScreenAction] = [], doneActions: [DoneAction] = [], fallbackActions: [FallbackAction] = []) {
        self.ensureActions = ensureActions
        self.doneActions = doneActions
        self.fallbackActions = fallbackActions
    }

    /// Adds `route` to what runs whatever happens.
    ///
    ///     -- Lua: route:try(action, { ensure = otherRoute })
    public func ensure(with route: AnyScreenRoute) -> Self {
        var copy = self
        copy.ensureActions.append(ScreenNavigateAction(containerKind: route.rootKind, actions: route.actions))
        return copy
    }

    /// Adds the route `route` makes from the tried action's output, to run after a success.
    ///
    ///     -- Lua: route:try(action, { done = function(output, r) return r:refresh() end })
    public func done(with route: @escaping (ScreenContainer?) throws -> AnyScreenRoute) -> Self {
        var copy = self
        copy.doneActions.append { value in
            let route = try route(value)
            return ScreenNavigateAction(containerKind: route.rootKind, actions: route.actions)
        }
        return copy
    }

    /// A fallback route chosen from the error; nil skips this fallback.
    public func fallback(to route: @escaping (Error) throws -> AnyScreenRoute?) -> Self {
        var copy = self
        copy.fallbackActions.append { error in
            try route(error).map { ScreenNavigateAction(containerKind: $0.rootKind, actions: $0.actions) }
        }
        return copy
    }

    /// A fallback that does nothing: the error is swallowed.
    public func cauterize() -> Self {
        fallback { _ in AnyScreenRoute(root: .container) }
    }
}
