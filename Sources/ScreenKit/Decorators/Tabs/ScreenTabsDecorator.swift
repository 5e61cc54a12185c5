/// Replaces a tabs screen's tabs with the given ones (Nivelir's `ScreenTabsDecorator`).
/// Only for screens that build tabs. As in Nivelir, the `selected` index it takes is
/// ignored: UIKit selects the first tab.
///
///     home.withTabs(feed, chats)   -- Lua: Home():withTabs(Feed(), Chats())
public struct ScreenTabsDecorator: ScreenDecorator {
    public let screens: [AnyScreen]
    public let selected: Int

    public init(screens: [AnyScreen], selected: Int = 0) {
        self.screens = screens
        self.selected = selected
    }

    public var verb: String { "withTabs" }
    public var description: String { "TabsDecorator" }
    public var inputKind: ScreenContainerKind { .tabs }

    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let tabs = try screen.build(navigator: navigator)
        let children = try screens.map { try $0.build(navigator: navigator) }
        navigator.simulation.setTabs(tabs, to: children)
        return tabs
    }
}

extension Screen where Container == TabsContainer {
    public func withTabs(_ screens: [any Screen], selected: Int = 0) -> AnyTabsScreen {
        decoratedFitting(by: ScreenTabsDecorator(screens: screens.map { $0.eraseToAnyScreen() }, selected: selected))
    }

    public func withTabs(_ screens: any Screen...) -> AnyTabsScreen {
        withTabs(screens)
    }
}
