/// A tab bar item (UIKit's `UITabBarItem`).
public struct ScreenTabBarItem: Hashable, Sendable {
    public let title: String?
    public let image: String?
    public let badge: String?

    public init(title: String? = nil, image: String? = nil, badge: String? = nil) {
        self.title = title
        self.image = image
        self.badge = badge
    }

    var value: ScreenValue {
        var fields: [String: ScreenValue] = [:]
        fields["title"] = title.map(ScreenValue.string)
        fields["image"] = image.map(ScreenValue.string)
        fields["badge"] = badge.map(ScreenValue.string)
        return .object(fields)
    }
}

/// Sets `tabBarItem` (Nivelir's `ScreenTabBarItemDecorator`).
///
///     feed.withTabBarItem(ScreenTabBarItem(title: "Feed"))   -- Lua: feed:withTabBarItem{title = "Feed"}
public struct ScreenTabBarItemDecorator: ScreenDecorator {
    public let item: ScreenTabBarItem

    public init(item: ScreenTabBarItem) {
        self.item = item
    }

    public var verb: String { "withTabBarItem" }
    public var description: String { "TabBarItemDecorator" }

    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let container = try screen.build(navigator: navigator)
        container.setAttribute(item.value, for: ScreenAttribute.tabBarItem)
        return container
    }
}

extension Screen {
    public func withTabBarItem(_ item: ScreenTabBarItem) -> TypedScreen<Container> {
        decoratedFitting(by: ScreenTabBarItemDecorator(item: item))
    }
}
