/// Wraps the built container in a new stack (Nivelir's `ScreenStackContainerDecorator`).
/// The stack itself has no key; the decorated screen keeps the inner screen's key, so the
/// inner container is what key searches find.
///
///     chat.withStackContainer()   -- Lua: chat:withStackContainer()
public struct ScreenStackContainerDecorator: ScreenDecorator {
    public init() {}

    public var verb: String { "withStackContainer" }
    public var description: String { "StackContainerDecorator" }

    public func outputKind(for kind: ScreenContainerKind) -> ScreenContainerKind { .stack }

    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let root = try screen.build(navigator: navigator)
        let stack = ScreenContainer(kind: .stack)
        navigator.simulation.replaceChildren(of: stack, with: [root])
        return stack
    }
}

extension Screen {
    public func withStackContainer() -> AnyStackScreen {
        decorated(by: ScreenStackContainerDecorator())
    }
}
