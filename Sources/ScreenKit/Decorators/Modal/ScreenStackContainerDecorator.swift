/// Wraps the built container in a new stack (Nivelir's `ScreenStackContainerDecorator`),
/// of a named class when given. A stack cannot be wrapped (UIKit: pushing a navigation
/// controller is not supported).
/// The stack itself has no key; the decorated screen keeps the inner screen's key, so the
/// inner container is what key searches find.
///
///     chat.withStackContainer()   -- Lua: chat:withStackContainer()
public struct ScreenStackContainerDecorator: ScreenDecorator {
    /// The stack's class (Nivelir's `withStackContainer(of:)`), when not `UINavigationController`.
    public let className: String?

    /// A decorator that wraps in a stack of `className`, or a `UINavigationController` when nil.
    public init(className: String? = nil) {
        self.className = className
    }

    /// The stack's class, if named.
    public var outputClassName: String? { className }
    /// `withStackContainer`.
    public var verb: String { "withStackContainer" }
    /// `StackContainerDecorator`.
    public var description: String { "StackContainerDecorator" }

    /// Always a stack.
    public func outputKind(for kind: ScreenContainerKind) -> ScreenContainerKind { .stack }

    /// Builds the screen and a new keyless stack with it as the only screen; a stack screen is refused.
    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        try Self.stack(of: screen, className: className, navigator: navigator, for: self)
    }

    /// A new stack of `className` holding `screen` built; `decorator` is named when it cannot.
    static func stack(of screen: AnyScreen, className: String?, navigator: ScreenNavigator, for decorator: any ScreenDecorator) throws -> ScreenContainer {
        let root = try screen.build(navigator: navigator)
        let stack = ScreenContainer(kind: .stack)
        stack.className = className
        if let error = navigator.simulation.stackChildError(root, in: stack, for: decorator) {
            throw error
        }
        navigator.simulation.replaceChildren(of: stack, with: [root])
        return stack
    }
}

extension Screen {
    /// The screen as the root of a new navigation stack; the key stays the inner screen's.
    ///
    ///     chat.withStackContainer()   -- Lua: chat:withStackContainer()
    public func withStackContainer() -> AnyStackScreen {
        decoratedFitting(by: ScreenStackContainerDecorator())
    }

    /// A stack of the named class: `withStackContainer(of: "BottomSheetStackController")`.
    public func withStackContainer(of className: String) -> AnyStackScreen {
        decoratedFitting(by: ScreenStackContainerDecorator(className: className))
    }
}
