/// A simulated application: one window with its navigator, a virtual clock, the
/// transition log and the log lines. What scenarios drive, and what Lua's `nav.app()` is.
///
///     let app = ScreenApplication()
///     app.navigate(to: ScreenWindowRoute().setRoot(to: home))
///     print(app.tree())
///     -- Lua: local app = nav.app(); app:navigate(nav.route():setRoot(Home())); print(app:tree())
public final class ScreenApplication {
    /// The simulation that holds the window, the clock and the transition log.
    public let simulation: ScreenSimulation
    /// The application's window.
    ///
    ///     app.window   -- Lua: app.window
    public let window: ScreenContainer
    /// The navigator's logger, which keeps the log lines.
    public let logger: RecordingScreenLogger
    /// The window's navigator, which logs to `logger`.
    ///
    ///     app.navigator   -- Lua: app.navigator
    public let navigator: ScreenNavigator

    /// One window, visible and key, with no root yet.
    public init(timing: ScreenAnimationTiming = ScreenAnimationTiming()) {
        simulation = ScreenSimulation(timing: timing)
        window = simulation.makeWindow()
        logger = RecordingScreenLogger()
        navigator = ScreenNavigator(window: window, simulation: simulation, logger: logger)
    }

    /// An application whose window shows `root`, built as it stands: no transitions and no
    /// log lines are recorded, presentations are complete, and the clock starts at 0 (what
    /// a screen's `build` animated, once its container was in the window, took no time).
    public convenience init(root: ScreenNode, timing: ScreenAnimationTiming = ScreenAnimationTiming()) throws {
        self.init(timing: timing)
        let built = try root.build(navigator: navigator)
        simulation.replaceChildren(of: window, with: [built])
        if simulation.clock.settle() {
            simulation.rewindClock()
        }
        simulation.clearTransitions()
        logger.clear()
    }

    deinit {
        // Work still scheduled holds the containers and the navigator: let it go too.
        simulation.clock.cancelAll()
    }

    /// The simulation's virtual clock.
    ///
    ///     app.clock.now   -- Lua: app.clock
    public var clock: ScreenClock { simulation.clock }
    /// The transitions recorded so far, oldest first.
    ///
    ///     app.transitions   -- Lua: app.transitions
    public var transitions: [ScreenTransition] { simulation.transitions }
    /// The log lines kept so far (`Info: ...`, `Error: ...`).
    ///
    ///     app.log   -- Lua: app.log
    public var log: [String] { logger.lines }

    /// Performs a window route to completion in virtual time. A custom action that never
    /// completes, or completes twice, makes the result a `ScreenActionCompletionError`.
    @discardableResult
    public func navigate(to route: AnyScreenRoute) -> Result<Void, Error> {
        run { navigator.navigate(to: route, completion: $0) }
    }

    /// The same, for a typed window route.
    ///
    ///     app.navigate(to: ScreenWindowRoute().top(.stack).push(chat))
    ///     -- Lua: local ok, err = app:navigate(nav.route():top(nav.stack):push(chat))
    @discardableResult
    public func navigate<Current>(to route: ScreenRoute<WindowContainer, Current>) -> Result<Void, Error> {
        navigate(to: route.route)
    }

    /// Performs `route` from a known container, to completion.
    @discardableResult
    public func navigate(from container: ScreenContainer?, to route: AnyScreenRoute) -> Result<Void, Error> {
        run { navigator.navigate(from: container, to: route, completion: $0) }
    }

    /// Taps a bar button set by `withLeftBarButton` or `withRightBarButton`: runs its route
    /// from the container, to completion; a button without a route does nothing. A
    /// container without that button fails saying so, naming the nearest one above it that
    /// has one (a stack a decorator put it on, which no bar shows); one that is not the top
    /// screen of a stack on screen fails too, as UIKit shows only that screen's navigation
    /// item in the bar, and so does one under a presentation (a sheet's dimming view takes
    /// the touch) or going out with a dismissal.
    @discardableResult
    public func tap(_ side: ScreenBarButtonDecorator.Side, of container: ScreenContainer) -> Result<Void, Error> {
        if let error = simulation.foreignError(container, for: "tap of the \(side.rawValue) bar button") { return .failure(error) }
        guard container.attributes[side.attribute] != nil else {
            var holder = container.parent
            while let candidate = holder, candidate.attributes[side.attribute] == nil { holder = candidate.parent }
            return .failure(ScreenFailure("\(container) has no \(side.attribute) (withLeftBarButton and withRightBarButton set one)"
                + (holder.map { ": its \($0) has one, which no bar shows (a navigation bar shows its top screen's; decorate the screen before withStackContainer)" } ?? "")))
        }
        guard let stack = container.parent, stack.kind == .stack, stack.children.last === container, container.isVisible else {
            return .failure(ScreenFailure("The \(side.attribute) of \(container) is not on screen: a navigation bar shows the items of its stack's top screen, when the stack is on screen"))
        }
        // Whatever it presents, or an ancestor does, lies over it: a sheet's dimming view, a
        // popover's, a presented view take the touch.
        if let presented = container.presented {
            return .failure(ScreenFailure("The \(side.attribute) of \(container) is under \(presented), which takes the tap: dismiss it first"))
        }
        if let hud = simulation.system.hudView, hud.covers(container) {
            return .failure(ScreenFailure("The \(side.attribute) of \(container) is under \(hud.hud), which takes the tap: hide it first (hideHUD)"))
        }
        if let leaving = container.dismissal {
            return .failure(ScreenFailure("The \(side.attribute) of \(container) is not on screen: \(leaving) is being dismissed, and takes it out"))
        }
        guard let route = container.barButtonRoutes[side.attribute] else {
            // A snapshot keeps the button's title, not its route: a tap that did nothing
            // would pass for one that did what the button does.
            if container.isRestored {
                return .failure(ScreenFailure("The \(side.attribute) of \(container) was restored from a snapshot, which keeps no bar button's route: it cannot be tapped until its screen is built again"))
            }
            return .success(())
        }
        return navigate(from: container, to: route)
    }

    /// Performs a window route in virtual time as `navigate(to:)` does, but leaves it running
    /// while a custom action it started waits, once nothing else is left to run: `nil` then.
    /// The action may complete later (a sign-in that an interceptor's route waits for); the
    /// route goes on from there, and `later` gets its result. A route that hangs on anything
    /// else fails as `navigate(to:)` reports it.
    public func navigateLeavingPending(to route: AnyScreenRoute, later: @escaping (Result<Void, Error>) -> Void) -> Result<Void, Error>? {
        let pending = navigator.pendingActions.count
        var returned = false
        let result = run(leavingPending: { done in
            navigator.navigate(to: route) { result in returned ? later(result) : done(result) }
        })
        returned = true
        if result == nil, navigator.pendingActions.count <= pending {
            return .failure(neverCompleted(since: pending))
        }
        return result
    }

    func run(_ start: (@escaping (Result<Void, Error>) -> Void) -> Void) -> Result<Void, Error> {
        let pending = navigator.pendingActions.count
        return run(leavingPending: start) ?? .failure(neverCompleted(since: pending))
    }

    /// A navigation hung: it names the action that hangs, a custom one it left pending, else
    /// the last one started, after which nothing ran (a changeBottomSheet, a `get` that never
    /// calls `done`). Nothing is logged, as Nivelir's completion never comes to log it.
    private func neverCompleted(since pending: Int) -> ScreenActionCompletionError {
        let stuck = navigator.pendingActions.count > pending ? navigator.pendingActions.last : navigator.waitingAction
        return ScreenActionCompletionError(.neverCompleted, for: stuck.map { "\($0)" } ?? "the route")
    }

    /// Runs the clock until the navigation `start` begins completes, or nothing is left to
    /// run (`nil`).
    private func run(leavingPending start: (@escaping (Result<Void, Error>) -> Void) -> Void) -> Result<Void, Error>? {
        let reported = navigator.completionErrors.count
        var result: Result<Void, Error>?
        navigator.waitingAction = nil   // so that a hang names an action of this navigation
        start { result = $0 }
        clock.run(until: { result != nil })
        if case .success = result, navigator.completionErrors.count > reported {
            return .failure(navigator.completionErrors[reported])
        }
        return result
    }

    /// Moves virtual time forward, running what falls due (Lua: `app:advance(seconds)`).
    public func advance(by seconds: Double) {
        clock.advance(by: seconds)
    }

    /// Runs everything scheduled (Lua: `app:settle()`).
    @discardableResult
    public func settle() -> Bool {
        clock.settle()
    }

    /// The picture of the window's hierarchy, with the top container marked.
    public func tree() -> String {
        ScreenTreePicture.render(window, top: navigator.topContainer)
    }

    /// The picture, or nil once it passes `limit` bytes (`ScreenTreePicture.render(_:top:limit:)`).
    public func tree(limit: Int) -> String? {
        ScreenTreePicture.render(window, top: navigator.topContainer, limit: limit)
    }

    /// The window's hierarchy as plain data.
    public func snapshot() -> ScreenSnapshot {
        ScreenSnapshot(window, top: navigator.topContainer)
    }
}
