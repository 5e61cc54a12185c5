/// A condition on containers for `first`, `last` and `top` (Nivelir's `ScreenPredicate`),
/// in the dynamic model. The kind is always part of the match: a stack predicate never
/// matches a plain view controller, and a view controller predicate matches stacks and
/// tabs too, as they are view controllers.
///
///     AnyScreenPredicate.container(of: .stack, key: chat.key)   -- Lua: nav.stack{key = chat}
public struct AnyScreenPredicate: CustomStringConvertible {
    /// The kind of container it matches, and that `first`/`last`/`top` produce.
    public let kind: ScreenContainerKind
    /// How errors and logs name it: "container of UINavigationController type".
    public let description: String
    private let body: (ScreenContainer) throws -> Bool

    /// A predicate whose body may fail (a script's function): the failure stops the search
    /// and fails the action that searched.
    public init(kind: ScreenContainerKind, description: String, _ body: @escaping (ScreenContainer) throws -> Bool) {
        self.kind = kind
        self.description = description
        self.body = body
    }

    /// Whether `container` is of the predicate's kind and its body accepts it; a failing body throws.
    public func matches(_ container: ScreenContainer) throws -> Bool {
        try container.kind.conforms(to: kind) && body(container)
    }

    /// `matches`, with a failure counting as no match.
    public func tryMatches(_ container: ScreenContainer) -> Bool {
        (try? matches(container)) ?? false
    }

    /// "container of UINavigationController type"
    public static func container(of kind: ScreenContainerKind) -> Self {
        Self(kind: kind, description: "container of \(kind.typeName) type") { _ in true }
    }

    /// "Chat container of UIViewController type": keyed containers with that name.
    public static func container(of kind: ScreenContainerKind, name: String) -> Self {
        Self(kind: kind, description: "\(name) container of \(kind.typeName) type") { $0.searchKey?.name == name }
    }

    /// "Chat(chatId=7) container of UIViewController type": keyed containers with that key.
    public static func container(of kind: ScreenContainerKind, key: ScreenKey) -> Self {
        Self(kind: kind, description: "\(key) container of \(kind.typeName) type") { $0.searchKey == key }
    }

    /// The same, for a key given as its text (`"Chat(chatId=7)"`, what a script's `screen.key` is).
    public static func container(of kind: ScreenContainerKind, keyText: String) -> Self {
        Self(kind: kind, description: "\(keyText) container of \(kind.typeName) type") { $0.searchKey?.description == keyText }
    }
}

/// A predicate typed for Swift routes: `.stack`, `.tabs`, `.container(key: chat.key)`.
public struct ScreenPredicate<Container: ScreenContainerType>: CustomStringConvertible {
    /// The untyped predicate it wraps.
    public let predicate: AnyScreenPredicate

    /// A predicate on containers of `Container`'s kind that `body` accepts.
    ///
    ///     ScreenPredicate<StackContainer>(description: "long stack") { $0.children.count > 2 }
    ///     -- Lua: nav.predicate("long stack", function(c) return #c.children > 2 end, nav.stack)
    public init(description: String, _ body: @escaping (ScreenContainer) -> Bool) {
        predicate = AnyScreenPredicate(kind: Container.kind, description: description, body)
    }

    init(_ predicate: AnyScreenPredicate) {
        self.predicate = predicate
    }

    /// The wrapped predicate's description.
    public var description: String { predicate.description }

    /// Any container of `Container`'s kind.
    public static func container(of type: Container.Type) -> Self { Self(.container(of: Container.kind)) }
    /// Keyed containers of `Container`'s kind whose screen has that name.
    public static func container(of type: Container.Type, name: String) -> Self { Self(.container(of: Container.kind, name: name)) }
    /// Keyed containers of `Container`'s kind with that key.
    public static func container(of type: Container.Type, key: ScreenKey) -> Self { Self(.container(of: Container.kind, key: key)) }
}

extension ScreenPredicate where Container == ModalContainer {
    /// Any view controller (stacks and tabs included).
    ///
    ///     .container   -- Lua: nav.container
    public static var container: Self { container(of: ModalContainer.self) }
    /// View controllers whose screen has that name.
    ///
    ///     .container(name: "Chat")   -- Lua: nav.container{name = "Chat"}
    public static func container(name: String) -> Self { container(of: ModalContainer.self, name: name) }
    /// View controllers with that key.
    ///
    ///     .container(key: chat.key)   -- Lua: nav.container{key = chat.key}
    public static func container(key: ScreenKey) -> Self { container(of: ModalContainer.self, key: key) }
    /// View controllers with the screen's key.
    ///
    ///     .container(of: chat)   -- Lua: nav.container{key = chat}
    public static func container<S: Screen>(of screen: S) -> Self { container(key: screen.key) }
}

extension ScreenPredicate where Container == StackContainer {
    /// Any stack.
    ///
    ///     .stack   -- Lua: nav.stack
    public static var stack: Self { container(of: StackContainer.self) }
    /// Stacks whose screen has that name.
    ///
    ///     .stack(name: "Main")   -- Lua: nav.stack{name = "Main"}
    public static func stack(name: String) -> Self { container(of: StackContainer.self, name: name) }
    /// Stacks with that key.
    ///
    ///     .stack(key: main.key)   -- Lua: nav.stack{key = main}
    public static func stack(key: ScreenKey) -> Self { container(of: StackContainer.self, key: key) }
}

extension ScreenPredicate where Container == TabsContainer {
    /// Any tabs.
    ///
    ///     .tabs   -- Lua: nav.tabs
    public static var tabs: Self { container(of: TabsContainer.self) }
    /// Tabs whose screen has that name.
    ///
    ///     .tabs(name: "Home")   -- Lua: nav.tabs{name = "Home"}
    public static func tabs(name: String) -> Self { container(of: TabsContainer.self, name: name) }
    /// Tabs with that key.
    ///
    ///     .tabs(key: home.key)   -- Lua: nav.tabs{key = home}
    public static func tabs(key: ScreenKey) -> Self { container(of: TabsContainer.self, key: key) }
}
