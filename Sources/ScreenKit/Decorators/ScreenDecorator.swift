/// Wraps a screen and changes the container it builds (Nivelir's `ScreenDecorator`).
/// Decorators apply in order, each to the container the previous one produced, and keep the
/// inner screen's key. What they set shows in the container's `attributes`.
///
///     chat.withLeftBarButton(close).withStackContainer().withModalPresentationStyle(.fullScreen)
///     -- Lua: chat:withLeftBarButton{title = "Close"}:withStackContainer():withModalPresentationStyle("fullScreen")
public protocol ScreenDecorator: CustomStringConvertible {
    /// The DSL verb, for error messages ("withStack").
    var verb: String { get }

    /// The kind of screen the decorator accepts; `.modal` (any screen) by default.
    var inputKind: ScreenContainerKind { get }

    /// The kind of container the decorated screen builds; the screen's own by default.
    func outputKind(for kind: ScreenContainerKind) -> ScreenContainerKind

    /// An object to keep alive with the built container (Nivelir's `payload`).
    var payload: Any? { get }

    /// The class of the container it makes, when it names one (`withStackContainer(of:)`):
    /// what a decorated screen's type prints, `AnyScreen<MyNav>`.
    var outputClassName: String? { get }

    func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer
}

extension ScreenDecorator {
    public var inputKind: ScreenContainerKind { .modal }
    public func outputKind(for kind: ScreenContainerKind) -> ScreenContainerKind { kind }
    public var payload: Any? { nil }
    public var outputClassName: String? { nil }
}

/// A decorator that changes the built container in place: what scripts register with
/// `nav.decorator(name, function(container, options) ... end)`.
public struct ScreenCustomDecorator: ScreenDecorator {
    public let name: String
    public let body: (ScreenContainer, ScreenNavigator) throws -> Void

    public init(name: String, body: @escaping (ScreenContainer, ScreenNavigator) throws -> Void) {
        self.name = name
        self.body = body
    }

    public var verb: String { name }
    public var description: String { "\(name)Decorator" }

    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let container = try screen.build(navigator: navigator)
        try body(container, navigator)
        return container
    }
}
