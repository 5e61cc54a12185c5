/// A tab bar item (UIKit's `UITabBarItem`).
public struct ScreenTabBarItem: Hashable, Sendable {
    /// The tab's title, if any.
    public let title: String?
    /// The tab's image name, if any.
    public let image: String?
    /// The badge's text, if any.
    public let badge: String?

    /// An item of the title, image and badge given.
    ///
    ///     ScreenTabBarItem(title: "Chats", badge: "3")   -- Lua: {title = "Chats", badge = 3}
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
    /// The item it sets.
    public let item: ScreenTabBarItem

    /// A decorator that sets `item`.
    public init(item: ScreenTabBarItem) {
        self.item = item
    }

    /// `withTabBarItem`.
    public var verb: String { "withTabBarItem" }
    /// `TabBarItemDecorator`.
    public var description: String { "TabBarItemDecorator" }

    /// Builds the screen and records `tabBarItem` with the fields given.
    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let container = try screen.build(navigator: navigator)
        container.setAttribute(item.value, for: ScreenAttribute.tabBarItem)
        return container
    }
}

extension Screen {
    /// The screen with `item` as its tab bar item.
    ///
    ///     feed.withTabBarItem(ScreenTabBarItem(title: "Feed"))   -- Lua: feed:withTabBarItem{title = "Feed"}
    public func withTabBarItem(_ item: ScreenTabBarItem) -> TypedScreen<Container> {
        decoratedFitting(by: ScreenTabBarItemDecorator(item: item))
    }
}
