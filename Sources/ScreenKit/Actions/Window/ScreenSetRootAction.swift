/// Builds a screen and makes it the window's root (Nivelir's `ScreenSetRootAction`),
/// dropping the old root with everything it contains and presents. Logs "Setting root of
/// UIWindow to <screen>". Animated only with a custom animation; there is no default one.
///
///     route.setRoot(to: home)   -- Lua: route:setRoot(home)
public struct ScreenSetRootAction: ScreenAction {
    public let screen: AnyScreen
    public let animation: ScreenRootAnimation?

    public init(screen: AnyScreen, animation: ScreenRootAnimation? = nil) {
        self.screen = screen
        self.animation = animation
    }

    public var containerKind: ScreenContainerKind { .window }
    public var outputKind: ScreenContainerKind? { screen.kind }

    public var description: String {
        describeAction("ScreenSetRootAction", types: [screen.typeName, ScreenContainerKind.window.typeName],
                       ["screen": screen, "animation": ScreenURLText.animation("ScreenRootAnimation", animation)])
    }

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
    public func setRoot(to screen: AnyScreen, animation: ScreenRootAnimation? = nil, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.window, for: "setRoot")
        return try step(ScreenSetRootAction(screen: screen, animation: animation), nested: nested, verb: "setRoot")
    }
}

extension ScreenRoute where Current == WindowContainer {
    public func setRoot<S: Screen>(to screen: S, animation: ScreenRootAnimation? = nil) -> Self {
        setRoot(to: screen, animation: animation) { $0 }
    }

    public func setRoot<S: Screen, Next>(to screen: S, animation: ScreenRootAnimation? = nil, route: (ScreenRootRoute<S.Container>) -> ScreenRoute<S.Container, Next>) -> Self {
        step(ScreenSetRootAction(screen: screen.eraseToAnyScreen(), animation: animation), route)
    }
}
