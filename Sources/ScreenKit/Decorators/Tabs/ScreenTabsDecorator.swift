/// Replaces a tabs screen's tabs with the given ones (Nivelir's `ScreenTabsDecorator`).
/// Only for screens that build tabs. As in Nivelir, the `selected` index it takes is
/// ignored: a new tabs container selects its first tab, and one that had a selection keeps
/// it while that index is still a tab.
///
///     home.withTabs(feed, chats)   -- Lua: Home():withTabs(Feed(), Chats())
public struct ScreenTabsDecorator: ScreenDecorator {
    /// The tabs' screens, in order.
    public let screens: [AnyScreen]
    /// The index given, 0-based; ignored, as in Nivelir.
    public let selected: Int

    /// A decorator that gives the tabs `screens`; `selected` is kept but not used.
    public init(screens: [AnyScreen], selected: Int = 0) {
        self.screens = screens
        self.selected = selected
    }

    /// `withTabs`.
    public var verb: String { "withTabs" }
    /// `TabsDecorator`.
    public var description: String { "TabsDecorator" }
    /// Tabs screens only.
    public var inputKind: ScreenContainerKind { .tabs }

    /// Builds the tabs and the screens, then makes them its tabs, in order; the selected index
    /// stays if it is still a tab (a new tabs container selects the first).
    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let tabs = try screen.build(navigator: navigator)
        let children = try screens.map { try $0.build(navigator: navigator) }
        navigator.simulation.setTabs(tabs, to: children)
        return tabs
    }
}

extension Screen where Container == TabsContainer {
    /// The tabs screen with `screens` as its tabs; `selected` is ignored, as in Nivelir.
    ///
    ///     home.withTabs([feed, chats])   -- Lua: Home():withTabs { Feed(), Chats() }
    public func withTabs(_ screens: [any Screen], selected: Int = 0) -> AnyTabsScreen {
        decoratedFitting(by: ScreenTabsDecorator(screens: screens.map { $0.eraseToAnyScreen() }, selected: selected))
    }

    /// The same, with the screens as arguments.
    ///
    ///     home.withTabs(feed, chats)   -- Lua: Home():withTabs(Feed(), Chats())
    public func withTabs(_ screens: any Screen...) -> AnyTabsScreen {
        withTabs(screens)
    }
}
