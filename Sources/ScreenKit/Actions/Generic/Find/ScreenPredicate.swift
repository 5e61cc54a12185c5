/// A condition on containers for `first`, `last` and `top` (Nivelir's `ScreenPredicate`),
/// in the dynamic model. The kind is always part of the match: a stack predicate never
/// matches a plain view controller, and a view controller predicate matches stacks and
/// tabs too, as they are view controllers.
///
///     AnyScreenPredicate.container(of: .stack, key: chat.key)   -- Lua: nav.stack{key = chat}
public struct AnyScreenPredicate: CustomStringConvertible {
    /// The kind of container it matches, and that `first`/`last`/`top` produce.
    public let kind: ScreenContainerKind
    public let description: String
    private let body: (ScreenContainer) throws -> Bool

    /// A predicate whose body may fail (a script's function): the failure stops the search
    /// and fails the action that searched.
    public init(kind: ScreenContainerKind, description: String, _ body: @escaping (ScreenContainer) throws -> Bool) {
        self.kind = kind
        self.description = description
        self.body = body
    }

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
    public let predicate: AnyScreenPredicate

    public init(description: String, _ body: @escaping (ScreenContainer) -> Bool) {
        predicate = AnyScreenPredicate(kind: Container.kind, description: description, body)
    }

    init(_ predicate: AnyScreenPredicate) {
        self.predicate = predicate
    }

    public var description: String { predicate.description }

    public static func container(of type: Container.Type) -> Self { Self(.container(of: Container.kind)) }
    public static func container(of type: Container.Type, name: String) -> Self { Self(.container(of: Container.kind, name: name)) }
    public static func container(of type: Container.Type, key: ScreenKey) -> Self { Self(.container(of: Container.kind, key: key)) }
}

extension ScreenPredicate where Container == ModalContainer {
    public static var container: Self { container(of: ModalContainer.self) }
    public static func container(name: String) -> Self { container(of: ModalContainer.self, name: name) }
    public static func container(key: ScreenKey) -> Self { container(of: ModalContainer.self, key: key) }
    public static func container<S: Screen>(of screen: S) -> Self { container(key: screen.key) }
}

extension ScreenPredicate where Container == StackContainer {
    public static var stack: Self { container(of: StackContainer.self) }
    public static func stack(name: String) -> Self { container(of: StackContainer.self, name: name) }
    public static func stack(key: ScreenKey) -> Self { container(of: StackContainer.self, key: key) }
}

extension ScreenPredicate where Container == TabsContainer {
    public static var tabs: Self { container(of: TabsContainer.self) }
    public static func tabs(name: String) -> Self { container(of: TabsContainer.self, name: name) }
    public static func tabs(key: ScreenKey) -> Self { container(of: TabsContainer.self, key: key) }
}
