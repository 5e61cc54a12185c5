/// Replaces a stack screen's screens with the given ones, bottom to top (Nivelir's
/// `ScreenStackDecorator`). Only for screens that build a stack; a stack among the screens
/// fails, as pushing one does.
///
///     navStack.withStack(feed, post)   -- Lua: NavStack():withStack(Feed(), Post { id = 1 })
public struct ScreenStackDecorator: ScreenDecorator {
    /// The screens the stack gets, bottom to top.
    public let screens: [AnyScreen]

    /// A decorator that gives the stack `screens`.
    public init(screens: [AnyScreen]) {
        self.screens = screens
    }

    /// `withStack`.
    public var verb: String { "withStack" }
    /// `StackDecorator`.
    public var description: String { "StackDecorator" }
    /// Stack screens only.
    public var inputKind: ScreenContainerKind { .stack }

    /// Builds the stack and the screens, then makes them its screens, bottom to top; a stack among them fails.
    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let stack = try screen.build(navigator: navigator)
        let children = try screens.map { try $0.build(navigator: navigator) }
        // A stack cannot hold a stack: UIKit raises "Pushing a navigation controller is not supported".
        if let error = children.lazy.compactMap({ navigator.simulation.stackChildError($0, in: stack, for: self) }).first {
            throw error
        }
        navigator.simulation.replaceChildren(of: stack, with: children)
        return stack
    }
}

extension Screen where Container == StackContainer {
    /// The stack screen with `screens` as its screens, bottom to top.
    ///
    ///     navStack.withStack([feed, post])   -- Lua: NavStack():withStack { Feed(), Post { id = 1 } }
    public func withStack(_ screens: [any Screen]) -> AnyStackScreen {
        decoratedFitting(by: ScreenStackDecorator(screens: screens.map { $0.eraseToAnyScreen() }))
    }

    /// The same, with the screens as arguments.
    ///
    ///     navStack.withStack(feed, post)   -- Lua: NavStack():withStack(Feed(), Post { id = 1 })
    public func withStack(_ screens: any Screen...) -> AnyStackScreen {
        withStack(screens)
    }
}
