/// What a try does after its action (Nivelir's `ScreenTryResolution`): ensure actions run
/// in any case, done actions after a success, fallback actions after a failure.
public struct ScreenTryResolution {
    public typealias DoneAction = (ScreenContainer?) throws -> any ScreenAction
    public typealias FallbackAction = (Error) throws -> (any ScreenAction)?

    public var ensureActions: [any ScreenAction]
    public var doneActions: [DoneAction]
    public var fallbackActions: [FallbackAction]

    public init(ensureActions: [any ScreenAction] = [], doneActions: [DoneAction] = [], fallbackActions: [FallbackAction] = []) {
        self.ensureActions = ensureActions
        self.doneActions = doneActions
        self.fallbackActions = fallbackActions
    }

    public func ensure(with route: AnyScreenRoute) -> Self {
        var copy = self
        copy.ensureActions.append(ScreenNavigateAction(containerKind: route.rootKind, actions: route.actions))
        return copy
    }

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
