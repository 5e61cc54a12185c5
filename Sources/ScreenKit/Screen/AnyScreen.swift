/// A screen in the dynamic model: a key, the kind of container it builds, and how to build
/// it. Lua screens are these; a Swift `Screen` becomes one with `eraseToAnyScreen()`.
///
/// Decorating keeps the key: `Chat { chatId = 7 }:withStackContainer()` still prints as
/// `Chat(chatId=7)`, and its inner container is still found by that key.
public struct AnyScreen: CustomStringConvertible {
    /// What a screen is, shared by its copies: a route's step, a Lua value and a container
    /// each copy the screen, and a copy is one retain, where it was one for each of six
    /// fields (and a push modifier holding a screen fits in an existential's inline buffer).
    private final class Storage {
        let kind: ScreenContainerKind
        let key: ScreenKey
        let decorators: Int
        let className: String?
        let reusedTypeName: String?
        let builder: (ScreenNavigator) throws -> ScreenContainer

        init(kind: ScreenContainerKind, key: ScreenKey, decorators: Int, className: String?, reusedTypeName: String?,
             builder: @escaping (ScreenNavigator) throws -> ScreenContainer) {
            self.kind = kind
            self.key = key
            self.decorators = decorators
            self.className = className
            self.reusedTypeName = reusedTypeName
            self.builder = builder
        }
    }

    private let storage: Storage

    /// The kind of container the screen builds, after its decorators.
    ///
    ///     screen.kind   -- Lua: chat.kind   --> "modal"
    public var kind: ScreenContainerKind { storage.kind }
    /// The key its container is found by; decorators keep it.
    ///
    ///     screen.key.description   -- Lua: chat.key   --> "Chat(chatId=7)"
    public var key: ScreenKey { storage.key }
    /// How many decorators wrap the screen; at most `maximumDecorators`.
    public var decorators: Int { storage.decorators }
    /// The class of the container a decorator made, when it names one
    /// (`withStackContainer(of: "MyNav")`); decorators that keep the kind keep it.
    var className: String? { storage.className }

    /// Decorators one screen may have: building runs them inside one another.
    public static let maximumDecorators = 100

    /// A screen that builds with `builder`, which must return a container of `kind`.
    public init(kind: ScreenContainerKind, key: ScreenKey, builder: @escaping (ScreenNavigator) throws -> ScreenContainer) {
        self.init(kind: kind, key: key, decorators: 0, className: nil, builder: builder)
    }

    /// `reusedTypeName` is set for a container used as its own screen: its class is the
    /// screen's type.
    private init(kind: ScreenContainerKind, key: ScreenKey, decorators: Int, className: String?, reusedTypeName: String? = nil,
                 builder: @escaping (ScreenNavigator) throws -> ScreenContainer) {
        storage = Storage(kind: kind, key: key, decorators: decorators, className: className,
                          reusedTypeName: reusedTypeName, builder: builder)
    }

    /// A screen that builds a keyed container of `kind` and then lets `setUp` fill it in
    /// (a tabs screen setting up its tabs), as a Lua screen's `build` function does.
    public init(
        name: String,
        traits: [String: ScreenValue] = [:],
        kind: ScreenContainerKind = .modal,
        setUp: ((ScreenContainer, ScreenNavigator) throws -> Void)? = nil
    ) {
        let key = ScreenKey(name: name, traits: traits)
        let kind: ScreenContainerKind = kind.conforms(to: .modal) ? kind : .modal
        self.init(kind: kind, key: key) { navigator in
            let container = ScreenContainer(kind: kind, key: key)
            try setUp?(container, navigator)
            return container
        }
    }

    /// A container used as its own screen, as a view controller conforming to Nivelir's
    /// `Screen` is (`extension Screen where Self: ScreenContainer`): building it gives it back.
    /// The action that places it checks that it may go there, as UIKit shows a view
    /// controller in one place: out of the hierarchy (popped, dismissed, never shown), or
    /// already where it goes (a stack's own screen kept by `pop().push(it)`, the window's root).
    ///
    ///     navigator.navigate(to: { $0.top(.stack).push(AnyScreen(reusing: chat)) })
    ///     -- Lua: app:navigate(nav.route():top(nav.stack):push(chat))   -- chat: a Container
    public init(reusing container: ScreenContainer) {
        let key = container.key ?? ScreenKey(name: container.typeName)
        self.init(kind: container.kind, key: key, decorators: 0, className: container.className,
                  reusedTypeName: container.typeName) { _ in container }
    }

    /// The key's name.
    ///
    ///     screen.name   -- Lua: chat.name
    ///
    /// Read in place: going through `key` copies the key, retaining and releasing its traits
    /// too (`chat.name` from Lua took 62 ns that way, 55 ns this way).
    public var name: String { storage.key.name }
    /// The screen's type as Swift prints a Nivelir action's generic argument: the screen's
    /// own (its name, as a `Screen`'s name is its type's; a container's class when it is its
    /// own screen) or, decorated, `AnyScreen<UINavigationController>` (`AnyScreen<MyNav>` for
    /// `withStackContainer(of: "MyNav")`).
    public var typeName: String {
        decorators == 0 ? storage.reusedTypeName ?? name : "AnyScreen<\(className ?? kind.typeName)>"
    }
    /// The key's traits.
    ///
    ///     screen.traits   -- Lua: chat.traits
    public var traits: [String: ScreenValue] { key.traits }
    /// The key's text, "Chat(chatId=7)".
    public var description: String { key.description }

    /// Builds the container.
    public func build(navigator: ScreenNavigator) throws -> ScreenContainer {
        try storage.builder(navigator)
    }

    /// The screen wrapped in a decorator, keeping this screen's key (Nivelir's
    /// `decorated(by:)`).
    /// Throws when the decorator needs another kind of screen (`withStack` on a modal one).
    public func decorated(by decorator: any ScreenDecorator) throws(ScreenDSLError) -> AnyScreen {
        guard kind.conforms(to: decorator.inputKind) else {
            throw .screenKind(verb: decorator.verb, expected: decorator.inputKind, got: kind)
        }
        guard decorators < Self.maximumDecorators else {
            throw .badSelf(verb: decorator.verb, message: "a screen takes at most \(Self.maximumDecorators) decorators")
        }
        let inner = self
        let outputKind = decorator.outputKind(for: kind)
        let className = decorator.outputClassName ?? (outputKind == kind ? className : nil)
        return AnyScreen(kind: outputKind, key: key, decorators: decorators + 1, className: className) { navigator in
            let container = try decorator.build(screen: inner, navigator: navigator)
            if let payload = decorator.payload {
                container.retain(payload)
            }
            return container
        }
    }
}

/// A type-erased screen that keeps its container type for Swift routes (Nivelir's
/// `AnyScreen<Container>`); decorators return these.
public struct TypedScreen<Container: ModalContainerType>: Screen {
    /// The erased screen it wraps.
    public let screen: AnyScreen

    /// Types `screen` as building a `Container`; nothing checks that its kind is one.
    public init(_ screen: AnyScreen) {
        self.screen = screen
    }

    /// The wrapped screen's name.
    public var name: String { screen.name }
    /// The wrapped screen's traits.
    public var traits: [String: ScreenValue] { screen.traits }

    /// Builds the wrapped screen's container.
    public func build(navigator: ScreenNavigator) throws -> ScreenContainer {
        try screen.build(navigator: navigator)
    }

    /// The wrapped screen itself.
    public func eraseToAnyScreen() -> AnyScreen { screen }
}

/// A type-erased screen that builds a view controller (Nivelir's `AnyModalScreen`).
public typealias AnyModalScreen = TypedScreen<ModalContainer>
/// A type-erased screen that builds a stack (Nivelir's `AnyStackScreen`).
public typealias AnyStackScreen = TypedScreen<StackContainer>
/// A type-erased screen that builds tabs (Nivelir's `AnyTabsScreen`).
public typealias AnyTabsScreen = TypedScreen<TabsContainer>

extension Screen {
    /// Wraps the screen in a decorator of yours whose output is of type `Output` (Nivelir's
    /// `decorated(by:)`). Throws when the decorator does not take this kind of screen, does
    /// not make an `Output`, or the screen has all the decorators it may have.
    ///
    ///     let tinted: AnyModalScreen = try Chat().decorated(by: TintDecorator())
    public func decorated<Output>(by decorator: any ScreenDecorator, as output: Output.Type = Output.self) throws(ScreenDSLError) -> TypedScreen<Output> {
        let decorated = try eraseToAnyScreen().decorated(by: decorator)
        guard decorated.kind.conforms(to: Output.kind) else {
            throw .screenKind(verb: decorator.verb, expected: Output.kind, got: decorated.kind)
        }
        return TypedScreen(decorated)
    }

    /// The built-in decorators' form: the types ensure the decorator fits the screen, so
    /// only the decorator limit can refuse, and then the screen stays as it is.
    func decoratedFitting<Output>(by decorator: any ScreenDecorator, as output: Output.Type = Output.self) -> TypedScreen<Output> {
        let screen = eraseToAnyScreen()
        return TypedScreen((try? screen.decorated(by: decorator)) ?? screen)
    }

    /// The screen, type-erased as a modal screen (Nivelir's `eraseToAnyModalScreen()`).
    ///
    ///     Chat().eraseToAnyModalScreen()   -- Lua: chat:eraseToAnyModalScreen()
    public func eraseToAnyModalScreen() -> AnyModalScreen { TypedScreen(eraseToAnyScreen()) }
}
