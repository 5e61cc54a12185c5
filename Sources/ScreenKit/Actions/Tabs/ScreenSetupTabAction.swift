/// Builds a screen and appends it as a tab, without changing the selection (Nivelir's
/// `ScreenSetupTabAction`); UIKit selects the first tab once there is one. Logs "Setting up
/// new tab in <type> with <screen>". Records no transition: tabs are set up, not shown.
///
///     route.setupTab(with: feed)   -- Lua: route:setupTab(feed)
public struct ScreenSetupTabAction: ScreenAction {
    public let screen: AnyScreen
    public let containerKind: ScreenContainerKind

    public init(screen: AnyScreen, on containerKind: ScreenContainerKind = .tabs) {
        self.screen = screen
        self.containerKind = containerKind
    }

    public var outputKind: ScreenContainerKind? { screen.kind }

    public var description: String {
        describeAction("ScreenSetupTabAction", [screen.kind, containerKind], ["screen": screen])
    }

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
    public func setupTab(with screen: AnyScreen, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.tabs, for: "setupTab")
        return try step(ScreenSetupTabAction(screen: screen, on: currentKind), nested: nested, verb: "setupTab")
    }
}

extension ScreenRoute where Current == TabsContainer {
    public func setupTab<S: Screen>(with screen: S) -> Self {
        setupTab(with: screen) { $0 }
    }

    public func setupTab<S: Screen, Next>(with screen: S, route: (ScreenRootRoute<S.Container>) -> ScreenRoute<S.Container, Next>) -> Self {
        step(ScreenSetupTabAction(screen: screen.eraseToAnyScreen(), on: Current.kind), route)
    }
}
