/// A bar button (UIKit's `UIBarButtonItem`): a title, and the route its tap runs from the
/// container that shows it (a close button: `ScreenModalRoute().presenting().dismiss()`).
public struct ScreenBarButtonItem {
    public let title: String
    public let route: AnyScreenRoute?

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
    public enum Side: String, Sendable {
        case left, right

        var attribute: String {
            self == .left ? ScreenAttribute.leftBarButton : ScreenAttribute.rightBarButton
        }
    }

    public let side: Side
    public let item: ScreenBarButtonItem

    public init(side: Side, item: ScreenBarButtonItem) {
        self.side = side
        self.item = item
    }

    public var verb: String { side == .left ? "withLeftBarButton" : "withRightBarButton" }
    public var description: String { side == .left ? "LeftBarButtonDecorator" : "RightBarButtonDecorator" }

    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let container = try screen.build(navigator: navigator)
        container.setAttribute(.object(["title": .string(item.title)]), for: side.attribute)
        container.barButtonRoutes[side.attribute] = item.route
        return container
    }
}

extension Screen {
    public func withLeftBarButton(_ item: ScreenBarButtonItem) -> TypedScreen<Container> {
        decoratedFitting(by: ScreenBarButtonDecorator(side: .left, item: item))
    }

    public func withRightBarButton(_ item: ScreenBarButtonItem) -> TypedScreen<Container> {
        decoratedFitting(by: ScreenBarButtonDecorator(side: .right, item: item))
    }
}
