/// Builds a screen and appends it as a tab, without changing the selection (Nivelir's
/// `ScreenSetupTabAction`); UIKit selects the first tab once there is one. Logs "Setting up
/// new tab in <type> with <screen>". Records no transition: tabs are set up, not shown.
///
///     route.setupTab(with: feed)   -- Lua: route:setupTab(feed)
public struct ScreenSetupTabAction: ScreenAction {
    /// The screen it builds as the new tab.
    public let screen: AnyScreen
    /// The kind of container it is performed on.
    public let containerKind: ScreenContainerKind

    /// Appends `screen` as a tab of tabs of `containerKind`.
    public init(screen: AnyScreen, on containerKind: ScreenContainerKind = .tabs) {
        self.screen = screen
        self.containerKind = containerKind
    }

    /// The screen's kind: the action completes with the new tab.
    public var outputKind: ScreenContainerKind? { screen.kind }

    /// The action as Swift prints Nivelir's, with the screen's container kind for its type:
    /// `ScreenSetupTabAction<UIViewController, UITabBarController>(screen: ...)`.
    public var description: String {
        describeAction("ScreenSetupTabAction", [screen.kind, containerKind], ["screen": screen])
    }

    /// Logs, builds the screen, appends it to the tabs and completes with it.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Setting up new tab in \(container.typeName) with \(screen)")
        let tab: ScreenContainer
        do {
            tab = try screen.build(navigator: navigator)
            try navigator.simulation.checkCount(of: container.children + [tab], in: container, for: self)
            if let error = navigator.simulation.placementError(tab, in: container, for: self) {
                throw error
            }
        } catch {
            return completion(.failure(error))
        }
        navigator.simulation.setTabs(container, to: container.children + [tab])
        completion(.success(tab))
    }
}

extension AnyScreenRoute {
    /// Appends `screen` as a tab, then runs `nested` on it; the route stays on the tabs.
    ///
    ///     try route.setupTab(with: feed)   -- Lua: route:setupTab(feed)
    public func setupTab(with screen: AnyScreen, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.tabs, for: "setupTab")
        return try step(ScreenSetupTabAction(screen: screen, on: currentKind), nested: nested, verb: "setupTab")
    }
}

extension ScreenRoute where Current == TabsContainer {
    /// Appends `screen` as a tab; the route stays on the tabs.
    ///
    ///     route.setupTab(with: feed)   -- Lua: route:setupTab(feed)
    public func setupTab<S: Screen>(with screen: S) -> Self {
        setupTab(with: screen) { $0 }
    }

    /// The same, with a nested route run on the new tab.
    ///
    ///     route.setupTab(with: feed) { $0.push(post) }
    ///     -- Lua: route:setupTab(feed, function(r) return r:push(post) end)
    public func setupTab<S: Screen, Next>(with screen: S, route: (ScreenRootRoute<S.Container>) -> ScreenRoute<S.Container, Next>) -> Self {
        step(ScreenSetupTabAction(screen: screen.eraseToAnyScreen(), on: Current.kind), route)
    }
}
