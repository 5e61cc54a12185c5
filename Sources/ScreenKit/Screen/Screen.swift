/// A screen: the factory that builds a container (Nivelir's `Screen`). Its name and traits
/// make the key by which the built container is found again.
///
///     struct ChatScreen: Screen {
///         typealias Container = ModalContainer
///         let chatId: Int
///         var traits: [String: ScreenValue] { ["chatId": .int(chatId)] }
///     }
///     -- Lua: local Chat = nav.screen("Chat"); Chat { chatId = 7 }
public protocol Screen: CustomStringConvertible {
    /// The kind of container it builds: `ModalContainer`, `StackContainer` or `TabsContainer`.
    associatedtype Container: ModalContainerType

    /// The screen's name; by default the type's name.
    var name: String { get }

    /// What tells apart two screens of the same name; by default none.
    var traits: [String: ScreenValue] { get }

    /// Builds the container, keyed with `key`. The default builds a bare container of the
    /// screen's kind; a tabs screen builds its tabs here, through `navigator`.
    func build(navigator: ScreenNavigator) throws -> ScreenContainer

    /// The screen in the dynamic model.
    func eraseToAnyScreen() -> AnyScreen
}

extension Screen {
    /// The type's name, as Swift prints it.
    public var name: String { String(describing: Self.self) }

    /// No traits.
    public var traits: [String: ScreenValue] { [:] }

    /// The key of the containers this screen builds.
    public var key: ScreenKey { ScreenKey(name: name, traits: traits) }

    /// The key's text, "Chat(chatId=7)".
    ///
    ///     "\(chat)"   -- Lua: tostring(chat)
    public var description: String { key.description }

    /// A bare container of the screen's kind, keyed with the screen's key (`makeContainer()`).
    public func build(navigator: ScreenNavigator) throws -> ScreenContainer {
        makeContainer()
    }

    /// A new detached container of the screen's kind, keyed with the screen's key.
    public func makeContainer() -> ScreenContainer {
        ScreenContainer(kind: Container.kind, key: key)
    }

    /// The screen in the dynamic model.
    public func eraseToAnyScreen() -> AnyScreen {
        AnyScreen(kind: Container.kind, key: key) { try build(navigator: $0) }
    }
}
