/// Makes the window key, and with `visible` shows it too (Nivelir's `ScreenMakeKeyAction`
/// and `ScreenMakeKeyAndVisibleAction`). They log nothing.
///
///     route.makeKeyAndVisible()   -- Lua: route:makeKeyAndVisible()
public struct ScreenMakeKeyAction: ScreenAction {
    /// Whether it also shows the window (`makeKeyAndVisible`).
    public let visible: Bool

    /// Makes the window key, and with `visible` also unhides it.
    public init(visible: Bool = false) {
        self.visible = visible
    }

    /// Always the window.
    public var containerKind: ScreenContainerKind { .window }

    /// The action as Swift prints Nivelir's: `ScreenMakeKeyAndVisibleAction<UIWindow>()`.
    public var description: String {
        describeAction(visible ? "ScreenMakeKeyAndVisibleAction" : "ScreenMakeKeyAction", [.window])
    }

    /// Makes the window key (and visible, with `visible`), and completes at once.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.simulation.makeKey(container)
        if visible {
            container.isHidden = false
        }
        completion(.success(nil))
    }
}

extension AnyScreenRoute {
    /// Appends making the window key.
    ///
    ///     try route.makeKey()   -- Lua: route:makeKey()
    public func makeKey() throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.window, for: "makeKey")
        return then(ScreenMakeKeyAction())
    }

    /// Appends making the window key and visible.
    ///
    ///     try route.makeKeyAndVisible()   -- Lua: route:makeKeyAndVisible()
    public func makeKeyAndVisible() throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.window, for: "makeKeyAndVisible")
        return then(ScreenMakeKeyAction(visible: true))
    }
}

extension ScreenRoute where Current == WindowContainer {
    /// Appends making the window key.   Lua: `route:makeKey()`
    public func makeKey() -> Self { appending(ScreenMakeKeyAction()) }
    /// Appends making the window key and visible.   Lua: `route:makeKeyAndVisible()`
    public func makeKeyAndVisible() -> Self { appending(ScreenMakeKeyAction(visible: true)) }
}
