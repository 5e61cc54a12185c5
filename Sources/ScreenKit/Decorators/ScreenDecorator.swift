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
    /// Any screen (`.modal`).
    public var inputKind: ScreenContainerKind { .modal }
    /// The screen's own kind.
    public func outputKind(for kind: ScreenContainerKind) -> ScreenContainerKind { kind }
    /// Nothing to keep.
    public var payload: Any? { nil }
    /// No class of its own.
    public var outputClassName: String? { nil }
}

/// A decorator that changes the built container in place: what scripts register with
/// `nav.decorator(name, function(container, options) ... end)`.
public struct ScreenCustomDecorator: ScreenDecorator {
    /// The decorator's name, as `decorated(name, options)` gives it.
    public let name: String
    /// Changes the built container in place.
    public let body: (ScreenContainer, ScreenNavigator) throws -> Void

    /// A decorator named `name` that runs `body` on each container the screen builds.
    ///
    ///     ScreenCustomDecorator(name: "tint") { container, _ in container.setAttribute("red", for: "tint") }
    ///     -- Lua: nav.decorator("tint", function(c, o) c:setAttribute("tint", o.color) end)
    ///     --      chat:decorated("tint", {color = "red"})
    public init(name: String, body: @escaping (ScreenContainer, ScreenNavigator) throws -> Void) {
        self.name = name
        self.body = body
    }

    /// The decorator's name.
    public var verb: String { name }
    /// `<name>Decorator`.
    public var description: String { "\(name)Decorator" }

    /// Builds the screen, then runs `body` on its container.
    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let container = try screen.build(navigator: navigator)
        try body(container, navigator)
        return container
    }
}
