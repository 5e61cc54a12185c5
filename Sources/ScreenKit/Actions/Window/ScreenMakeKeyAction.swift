/// Makes the window key, and with `visible` shows it too (Nivelir's `ScreenMakeKeyAction`
/// and `ScreenMakeKeyAndVisibleAction`). They log nothing.
///
///     route.makeKeyAndVisible()   -- Lua: route:makeKeyAndVisible()
public struct ScreenMakeKeyAction: ScreenAction {
    public let visible: Bool

    public init(visible: Bool = false) {
        self.visible = visible
    }

    public var containerKind: ScreenContainerKind { .window }

    public var description: String {
        describeAction(visible ? "ScreenMakeKeyAndVisibleAction" : "ScreenMakeKeyAction", [.window])
    }

    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.simulation.makeKey(container)
        if visible {
            container.isHidden = false
        }
        completion(.success(nil))
    }
}

extension AnyScreenRoute {
    public func makeKey() throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.window, for: "makeKey")
        return then(ScreenMakeKeyAction())
    }

    public func makeKeyAndVisible() throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.window, for: "makeKeyAndVisible")
        return then(ScreenMakeKeyAction(visible: true))
    }
}

extension ScreenRoute where Current == WindowContainer {
    public func makeKey() -> Self { appending(ScreenMakeKeyAction()) }
    public func makeKeyAndVisible() -> Self { appending(ScreenMakeKeyAction(visible: true)) }
}
