/// Nivelir's `navigate(to:)` that builds the route in a closure given the empty window route.
/// A trailing closure takes the last parameter, so the form with a completion is a second
/// function, as in Nivelir.
///
///     navigator.navigate { $0.top(.stack).push(chat) }
///     -- Lua: app.navigator:navigate(nav.route():top(nav.stack):push(chat))
extension ScreenNavigator {
    /// Performs the route the closure builds from the empty window route, without a completion.
    public func navigate<Current>(to route: (ScreenWindowRoute) -> ScreenRoute<WindowContainer, Current>) {
        navigate(to: route(ScreenWindowRoute()))
    }

    /// The same, calling `completion` with the route's result.
    ///
    ///     navigator.navigate(to: { $0.top(.stack).push(chat) }) { result in ... }
    ///     -- Lua: app.navigator:navigate(function(r) return r:top(nav.stack):push(chat) end, function(ok, err) end)
    public func navigate<Current>(
        to route: (ScreenWindowRoute) -> ScreenRoute<WindowContainer, Current>,
        completion: ((Result<Void, Error>) -> Void)?
    ) {
        navigate(to: route(ScreenWindowRoute()), completion: completion)
    }
}

extension ScreenApplication {
    /// Performs the route the closure builds, to completion in virtual time.
    ///
    ///     app.navigate { $0.top(.stack).push(chat) }
    ///     -- Lua: app:navigate(nav.route():top(nav.stack):push(chat))
    @discardableResult
    public func navigate<Current>(to route: (ScreenWindowRoute) -> ScreenRoute<WindowContainer, Current>) -> Result<Void, Error> {
        navigate(to: route(ScreenWindowRoute()))
    }
}
