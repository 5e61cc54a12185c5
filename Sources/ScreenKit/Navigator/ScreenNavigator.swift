/// Performs routes on a window (Nivelir's `ScreenNavigator`): it finds containers with its
/// iterator, reports through its logger, and changes the hierarchy through the simulation.
/// Each window has its own navigator.
///
///     navigator.navigate(to: ScreenWindowRoute().top(.stack).push(chat)) { result in ... }
///     -- Lua: local ok, err = app:navigate(nav.route():top(nav.stack):push(chat))
public final class ScreenNavigator {
    /// Gives the navigator its window.
    public let windowProvider: any ScreenWindowProvider
    /// The simulation whose hierarchy and clock the navigator's actions change.
    public let simulation: ScreenSimulation
    /// Walks the hierarchy for the navigator's searches (`first`, `last`, `top`).
    public let iterator: any ScreenIterator

    /// The logger, or nil for none. Unlike Nivelir's UIKit initializers, which replace nil
    /// with a default logger, nil here does turn logging off, as the documentation says.
    public let logger: (any ScreenLogger)?

    /// The observers registered with this navigator.
    public let observatory = ScreenObservatory()

    // The fields every step reads or writes skip Swift's run-time exclusivity checks
    // (`@exclusivity(unchecked)`; 7 % of a route built and performed from Lua): no access
    // to one spans a call out of this type.
    /// Completion errors of custom actions (completed twice) since the navigator started.
    @exclusivity(unchecked) public private(set) var completionErrors: [ScreenActionCompletionError] = []

    /// Custom actions that started and have not completed yet, oldest first.
    @exclusivity(unchecked) public private(set) var pendingActions: [any ScreenAction] = []
    /// The built-in action started last of those that complete when a script or UIKit says
    /// so (a `get` or `refresh` given `done`, a `changeBottomSheet`): what names a navigation
    /// that never completes. Set by those actions only, so that other steps pay nothing.
    @exclusivity(unchecked) var waitingAction: (any ScreenAction)?
    @exclusivity(unchecked) private var pendingTokens: [Int] = []
    @exclusivity(unchecked) private var nextToken = 0
    /// The navigations started (`navigate`, `perform(action:)`) that have not completed, by
    /// the number each got when it started: what an answer to a system screen waits for when
    /// its callbacks start one. A box the completions update, so that they need not hold the
    /// navigator.
    private let underWay = Numbered()
    private final class Numbered { @exclusivity(unchecked) var next = 0; @exclusivity(unchecked) var open: Set<Int> = [] }

    /// The number the next navigation started will get.
    public var nextNavigation: Int { underWay.next }

    /// Whether a navigation numbered `first` or later is still under way.
    public func isNavigating(since first: Int) -> Bool {
        underWay.open.contains { $0 >= first }
    }

    /// A navigator for the window `windowProvider` gives, logging to `logger` (a `DefaultScreenLogger` by default).
    public init(
        windowProvider: any ScreenWindowProvider,
        simulation: ScreenSimulation,
        iterator: any ScreenIterator = DefaultScreenIterator(),
        logger: (any ScreenLogger)? = DefaultScreenLogger()
    ) {
        self.windowProvider = windowProvider
        self.simulation = simulation
        self.iterator = iterator
        self.logger = logger
    }

    /// A navigator for `window`, which it holds weakly.
    public convenience init(
        window: ScreenContainer,
        simulation: ScreenSimulation,
        iterator: any ScreenIterator = DefaultScreenIterator(),
        logger: (any ScreenLogger)? = DefaultScreenLogger()
    ) {
        self.init(windowProvider: ScreenCustomWindowProvider(window: window), simulation: simulation, iterator: iterator, logger: logger)
    }

    /// The window the provider gives now, or nil when it is gone.
    ///
    ///     navigator.window   -- Lua: app.navigator.window
    public var window: ScreenContainer? { windowProvider.window }

    /// The top visible view controller (Nivelir's `topContainer`).
    public var topContainer: ScreenContainer? { top(.modal) }

    /// The top visible stack.
    public var topStackContainer: ScreenContainer? { top(.stack) }

    /// The top visible tabs.
    public var topTabsContainer: ScreenContainer? { top(.tabs) }

    private func top(_ kind: ScreenContainerKind) -> ScreenContainer? {
        window.flatMap { iterator.topVisibleContainer(in: $0) { $0.kind.conforms(to: kind) } }
    }

    /// The first container under `container`, in the iterator's order, that `predicate` accepts.
    ///
    ///     navigator.firstContainer(in: window) { $0.name == "Chat" }
    ///     -- Lua: app.navigator:firstContainer(app.window, function(c) return c.name == "Chat" end)
    public func firstContainer(in container: ScreenContainer, where predicate: (ScreenContainer) -> Bool) -> ScreenContainer? {
        iterator.firstContainer(in: container, where: predicate)
    }

    /// The last container under `container`, in the iterator's order, that `predicate` accepts.
    ///
    ///     navigator.lastContainer(in: window) { $0.kind == .stack }
    ///     -- Lua: app.navigator:lastContainer(app.window, function(c) return c.kind == "stack" end)
    public func lastContainer(in container: ScreenContainer, where predicate: (ScreenContainer) -> Bool) -> ScreenContainer? {
        iterator.lastContainer(in: container, where: predicate)
    }

    /// The last visible container under `container` that `predicate` accepts, asked of visible ones only.
    ///
    ///     navigator.topContainer(in: window) { $0.kind == .stack }
    ///     -- Lua: app.navigator:topContainerIn(app.window, function(c) return c.kind == "stack" end)
    public func topContainer(in container: ScreenContainer, where predicate: (ScreenContainer) -> Bool) -> ScreenContainer? {
        iterator.topContainer(in: container, where: predicate)
    }

    /// Logs `Info: <message>` through the logger, if there is one.
    ///
    ///     navigator.logInfo("signed in")   -- Lua: app.navigator:logInfo("signed in")
    public func logInfo(_ message: @autoclosure () -> String) {
        logger?.info(message())
    }

    /// Logs `Error: <error>` through the logger, if there is one.
    ///
    ///     navigator.logError(ScreenFailure("offline"))   -- Lua: app.navigator:logError("offline")
    public func logError(_ error: @autoclosure () -> Error) {
        logger?.error(error())
    }

    /// Performs an action on the window. No window fails with "No container of UIWindow
    /// type found"; a failure is logged, then given to `completion`.
    public func perform(action: any ScreenAction, completion: ((Result<Void, Error>) -> Void)? = nil) {
        guard let window else {
            let error = ScreenContainerNotFoundError(type: .window, for: action)
            logError(error)
            completion?(.failure(error))
            return
        }
        let number = underWay.next
        underWay.next += 1
        underWay.open.insert(number)
        simulation.clock.enter {
            // The logger, not a weak navigator: a weakly referenced object keeps its counts
            // in a side table, which every later retain and release goes through.
            perform(action, on: window) { [logger, underWay] result in
                underWay.open.remove(number)
                switch result {
                case .success:
                    completion?(.success(()))
                case let .failure(error):
                    logger?.error(error)
                    completion?(.failure(error))
                }
            }
        }
    }

    /// Performs a window route. A route rooted at another kind fails on its first action.
    public func navigate(to route: AnyScreenRoute, completion: ((Result<Void, Error>) -> Void)? = nil) {
        perform(action: ScreenNavigateAction(containerKind: .window, actions: route.actions), completion: completion)
    }

    /// Performs a typed window route; a failure is logged, then given to `completion`.
    ///
    ///     navigator.navigate(to: ScreenWindowRoute().top(.stack).push(chat))
    ///     -- Lua: app.navigator:navigate(nav.route():top(nav.stack):push(chat))
    public func navigate<Current>(to route: ScreenRoute<WindowContainer, Current>, completion: ((Result<Void, Error>) -> Void)? = nil) {
        navigate(to: route.route, completion: completion)
    }

    /// Performs `route` from a known container (Nivelir's `navigate(from:to:)`): the route
    /// is still rooted at the window, so no window fails it, and a nil container fails with
    /// "No container of UIWindow type found" (the current type, as in Nivelir).
    public func navigate(from container: ScreenContainer?, to route: AnyScreenRoute, completion: ((Result<Void, Error>) -> Void)? = nil) {
        navigate(to: AnyScreenRoute(root: .window).from(container, kind: route.rootKind, nested: route), completion: completion)
    }

    // MARK: Custom action bookkeeping

    /// Notes that a custom action started; returns a token for `end(_:)`.
    func begin(_ action: any ScreenAction) -> Int {
        nextToken += 1
        pendingActions.append(action)
        pendingTokens.append(nextToken)
        return nextToken
    }

    /// Notes that the custom action of `token` completed.
    func end(_ token: Int) {
        if let index = pendingTokens.firstIndex(of: token) {
            pendingTokens.remove(at: index)
            pendingActions.remove(at: index)
        }
    }

    /// Records and logs a broken completion contract.
    func report(_ error: ScreenActionCompletionError) {
        completionErrors.append(error)
        logError(error)
    }
}
