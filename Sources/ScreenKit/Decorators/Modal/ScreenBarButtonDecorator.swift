/// A bar button (UIKit's `UIBarButtonItem`): a title, and the route its tap runs from the
/// container that shows it (a close button: `ScreenModalRoute().presenting().dismiss()`).
public struct ScreenBarButtonItem {
    /// The button's title.
    public let title: String
    /// The route a tap runs from the container that shows the button; nil does nothing.
    public let route: AnyScreenRoute?

    /// A button titled `title` whose tap runs `route`, if given.
    ///
    ///     ScreenBarButtonItem(title: "Close", route: close)   -- Lua: {title = "Close", route = close}
    public init(title: String, route: AnyScreenRoute? = nil) {
        self.title = title
        self.route = route
    }
}

/// Sets `navigationItem.leftBarButtonItem` or `rightBarButtonItem` (Nivelir's
/// `ScreenLeftBarButtonDecorator` and `ScreenRightBarButtonDecorator`).
///
///     chat.withLeftBarButton(ScreenBarButtonItem(title: "Close"))
///     -- Lua: chat:withLeftBarButton{title = "Close", route = nav.route("modal"):presenting():dismiss()}
public struct ScreenBarButtonDecorator: ScreenDecorator {
    /// The side of the navigation bar.
    public enum Side: String, Sendable {
        case left, right

        var attribute: String {
            self == .left ? ScreenAttribute.leftBarButton : ScreenAttribute.rightBarButton
        }
    }

    /// Which item it sets: the left or the right one.
    public let side: Side
    /// The button.
    public let item: ScreenBarButtonItem

    /// A decorator that puts `item` on `side`.
    public init(side: Side, item: ScreenBarButtonItem) {
        self.side = side
        self.item = item
    }

    /// `withLeftBarButton` or `withRightBarButton`.
    public var verb: String { side == .left ? "withLeftBarButton" : "withRightBarButton" }
    /// `LeftBarButtonDecorator` or `RightBarButtonDecorator`, as Nivelir names them.
    public var description: String { side == .left ? "LeftBarButtonDecorator" : "RightBarButtonDecorator" }

    /// Builds the screen, records `{title = ...}` under `leftBarButton` or `rightBarButton` and keeps the route for
    /// taps.
    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let container = try screen.build(navigator: navigator)
        container.setAttribute(.object(["title": .string(item.title)]), for: side.attribute)
        container.barButtonRoutes[side.attribute] = item.route
        return container
    }
}

extension Screen {
    /// The screen with `item` as its navigation item's left bar button.
    ///
    ///     chat.withLeftBarButton(ScreenBarButtonItem(title: "Close"))   -- Lua: chat:withLeftBarButton{title = "Close"}
    public func withLeftBarButton(_ item: ScreenBarButtonItem) -> TypedScreen<Container> {
        decoratedFitting(by: ScreenBarButtonDecorator(side: .left, item: item))
    }

    /// The screen with `item` as its navigation item's right bar button.
    ///
    ///     chat.withRightBarButton(ScreenBarButtonItem(title: "Edit"))   -- Lua: chat:withRightBarButton{title = "Edit"}
    public func withRightBarButton(_ item: ScreenBarButtonItem) -> TypedScreen<Container> {
        decoratedFitting(by: ScreenBarButtonDecorator(side: .right, item: item))
    }
}
