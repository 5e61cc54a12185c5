/// Builds a screen and makes it the window's root (Nivelir's `ScreenSetRootAction`),
/// dropping the old root with everything it contains and presents. Logs "Setting root of
/// UIWindow to <screen>". Animated only with a custom animation; there is no default one.
///
///     route.setRoot(to: home)   -- Lua: route:setRoot(home)
public struct ScreenSetRootAction: ScreenAction {
    /// The screen it builds as the new root.
    public let screen: AnyScreen
    /// The custom animation of the change, or nil for none.
    public let animation: ScreenRootAnimation?

    /// Sets the window's root to `screen`, with a custom animation or none.
    public init(screen: AnyScreen, animation: ScreenRootAnimation? = nil) {
        self.screen = screen
        self.animation = animation
    }

    /// Always the window.
    public var containerKind: ScreenContainerKind { .window }
    /// The screen's kind: the action completes with the new root.
    public var outputKind: ScreenContainerKind? { screen.kind }

    /// The action as Swift prints Nivelir's: `ScreenSetRootAction<Home, UIWindow>(screen: ..., animation: nil)`.
    public var description: String {
        describeAction("ScreenSetRootAction", types: [screen.typeName, ScreenContainerKind.window.typeName],
                       ["screen": screen, "animation": ScreenURLText.animation("ScreenRootAnimation", animation)])
    }

    /// Logs, builds the screen and makes it the root; completes with it once the change ends. A root
    /// the window has already stays as it is.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Setting root of \(container.typeName) to \(screen)")
        let root: ScreenContainer
        do {
            root = try screen.build(navigator: navigator)
        } catch {
            return completion(.failure(error))
        }
        // The root it has already: UIKit keeps it, and what it presents, as they are; a
        // custom animation still runs its transition on the window before completing.
        if root.parent === container {
            guard let animation else { return completion(.success(root)) }
            return navigator.simulation.completeCustomAnimation(after: animation.duration) { completion(.success(root)) }
        }
        if let error = navigator.simulation.placementError(root, in: container, for: self) {
            return completion(.failure(error))
        }
        navigator.simulation.setRoot(root, of: container, animation: animation) {
            completion(.success(root))
        }
    }
}

extension AnyScreenRoute {
    /// Makes `screen` the window's root, then runs `nested` on it; the route stays on the window.
    ///
    ///     try route.setRoot(to: home, animation: .crossDissolve)
    ///     -- Lua: route:setRoot(home, {animation = "crossDissolve"})
    public func setRoot(to screen: AnyScreen, animation: ScreenRootAnimation? = nil, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.window, for: "setRoot")
        return try step(ScreenSetRootAction(screen: screen, animation: animation), nested: nested, verb: "setRoot")
    }
}

extension ScreenRoute where Current == WindowContainer {
    /// Makes `screen` the window's root; the route stays on the window.
    ///
    ///     route.setRoot(to: home)   -- Lua: route:setRoot(home)
    public func setRoot<S: Screen>(to screen: S, animation: ScreenRootAnimation? = nil) -> Self {
        setRoot(to: screen, animation: animation) { $0 }
    }

    /// The same, with a nested route run on the new root.
    ///
    ///     route.setRoot(to: home) { $0.selectTab(with: .index(1)) }
    ///     -- Lua: route:setRoot(home, function(r) return r:selectTab(2) end)
    public func setRoot<S: Screen, Next>(to screen: S, animation: ScreenRootAnimation? = nil, route: (ScreenRootRoute<S.Container>) -> ScreenRoute<S.Container, Next>) -> Self {
        step(ScreenSetRootAction(screen: screen.eraseToAnyScreen(), animation: animation), route)
    }
}
