import ScreenKit
import Testing

@Suite struct TabsActionTests {
    func tabsRoute(_ build: (AnyScreenRoute) throws -> AnyScreenRoute) throws -> AnyScreenRoute {
        try build(try AnyScreenRoute(root: .window).top(.container(of: .tabs)))
    }

    @Test func selectTabCompletesOnALaterTurnWithTheTab() throws {
        let app = try tabApp(selected: 0)
        var done = false
        app.navigator.navigate(to: try tabsRoute { try $0.selectTab(with: .index(1)) }) { _ in done = true }
        #expect(app.window.root?.selectedIndex == 1)
        #expect(!done)
        app.advance(by: 0)
        #expect(done)
        #expect(app.transitionLines == ["selectTab tabs [1: stack] -> [2: stack]"])
        #expect(app.log.last == "Info: Selecting tab of UIViewController type in UITabBarController with index 1")
    }

    @Test func selectingTheSelectedTabSucceedsWithoutATransition() throws {
        let app = try tabApp(selected: 1)
        #expect(app.navigate(to: try tabsRoute { try $0.selectTab(with: .index(1)) }).isSuccess)
        #expect(app.transitions.isEmpty)
    }

    @Test func anIndexOutOfRangeIsNotFound() throws {
        let app = try tabApp()
        for index in [2, -1] {
            let result = app.navigate(to: try tabsRoute { try $0.selectTab(with: .index(index)) })
            #expect(result.errorMessage == """
                No container of UIViewController type found for:
                  ScreenSelectTabAction<UITabBarController, UIViewController>(predicate: index \(index), animation: nil)
                """)
        }
    }

    @Test func predicatesUseTheFirstMatch() throws {
        let app = try ScreenApplication.with(.tabs([.screen(Screens.chat(1)), .screen(Screens.feed), .screen(Screens.chat(2))], selected: 1))
        _ = app.navigate(to: try tabsRoute { try $0.selectTab(with: .container(name: "Chat")) })
        #expect(app.window.root?.selectedIndex == 0)
        _ = app.navigate(to: try tabsRoute { try $0.selectTab(with: .container(key: Screens.chat(2).key)) })
        #expect(app.window.root?.selectedIndex == 2)
    }

    @Test func aTabOfAnotherKindIsAMismatch() throws {
        let app = try tabApp()
        let result = app.navigate(to: try tabsRoute { try $0.selectTab(with: .index(0), as: .tabs) })
        #expect(result.errorMessage?.hasPrefix("The type of the container <UINavigationController> does not match the expected type UITabBarController") == true)
    }

    @Test func theAnimationRunsOnlyWhenGivenAndTheTabChanges() throws {
        let app = try tabApp(selected: 0)
        _ = app.navigate(to: try tabsRoute { try $0.selectTab(with: .index(1), animation: .crossDissolve) })
        #expect(app.transitions.last?.animation == "crossDissolve")
        #expect(app.clock.now == 0.3)
        _ = app.navigate(to: try tabsRoute { try $0.selectTab(with: .index(0)) })
        #expect(app.transitions.last?.animated == false)
    }

    @Test func theNestedRouteRunsOnTheSelectedTab() throws {
        let app = try tabApp(selected: 0)
        let nested = try AnyScreenRoute(root: .stack).push(Screens.chat(9))
        _ = app.navigate(to: try tabsRoute { try $0.selectTab(with: .index(1), as: .stack, nested: nested) })
        #expect(app.labels(of: app.window.root?.children[1]) == ["ChatList", "Chat(chatId=7)", "Chat(chatId=9)"])
    }

    @Test func setupTabAppendsWithoutChangingTheSelection() throws {
        let app = try ScreenApplication.with(.tabs([]))
        let tabs = try #require(app.window.root)
        #expect(tabs.selectedIndex == nil)
        _ = app.navigate(to: try tabsRoute { try $0.setupTab(with: Screens.feed).setupTab(with: Screens.profile) })
        #expect(tabs.children.map(\.label) == ["Feed", "Profile"])
        #expect(tabs.selectedIndex == 0)       // UIKit selects the first tab once there is one
        #expect(app.transitions.isEmpty)
        #expect(app.log == [
            "Info: Searching for a top container of UITabBarController type in UIWindow",
            "Info: Setting up new tab in UITabBarController with Feed",
            "Info: Setting up new tab in UITabBarController with Profile",
        ])
    }

    @Test func selectedTabFindsTheSelection() throws {
        let app = try tabApp(selected: 1)
        var found: String?
        let record = AnyScreenRoute(root: .stack).get { container, done in found = container.children.first?.label; done(.success(())) }
        _ = app.navigate(to: try tabsRoute { try $0.selectedTab(as: .stack, nested: record) })
        #expect(found == "ChatList")
        let empty = try ScreenApplication.with(.tabs([]))
        #expect(empty.navigate(to: try tabsRoute { try $0.selectedTab() }).errorMessage?.hasPrefix("No container of UIViewController type found") == true)
    }
}

@Suite struct WindowActionTests {
    @Test func setRootDropsTheOldTreeWithItsModals() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.feed)], presented: .screen(Screens.settings)))
        let old = try #require(app.window.root)
        #expect(app.navigate(to: try route { try $0.setRoot(to: Screens.profile) }).isSuccess)
        #expect(app.window.root?.label == "Profile")
        #expect(old.parent == nil)
        #expect(old.presentedContainer == nil)    // the old root leaves with what it presented
        #expect(app.transitionLines == ["setRoot window [stack] -> [Profile]"])
        #expect(app.log == ["Info: Setting root of UIWindow to Profile"])
    }

    @Test func setRootAnimatesOnlyWithACustomAnimation() throws {
        let app = ScreenApplication()
        _ = app.navigate(to: try route { try $0.setRoot(to: Screens.feed, animation: .crossDissolve) })
        #expect(app.transitions.first?.animation == "crossDissolve")
        #expect(app.clock.now == 0.3)
    }

    @Test func setRootRunsTheNestedRouteOnTheNewRoot() throws {
        let app = ScreenApplication()
        let nested = try AnyScreenRoute(root: .tabs).setupTab(with: Screens.feed).setupTab(with: Screens.profile).selectTab(with: .index(1))
        _ = app.navigate(to: try route { try $0.setRoot(to: Screens.tabs("Home"), nested: nested).makeKeyAndVisible() })
        #expect(app.window.root?.selectedChild?.label == "Profile")
        #expect(app.window.isKey)
    }

    @Test func rootOfAnEmptyWindowIsNotFound() throws {
        let app = ScreenApplication()
        #expect(app.navigate(to: try route { try $0.root() }).errorMessage == """
            No container of UIViewController type found for:
              ScreenRootAction<UIWindow, UIViewController>()
            """)
        #expect(app.navigate(to: try route { try $0.top(.container(of: .modal)) }).errorMessage == """
            No container of UIViewController type found for:
              ScreenTopAction<UIWindow, UIViewController>(predicate: container of UIViewController type)
            """)
    }

    @Test func noWindowFailsEveryRoute() throws {
        let simulation = ScreenSimulation()
        let logger = RecordingScreenLogger()
        var window: ScreenContainer? = ScreenContainer(kind: .window)   // not one of the simulation's windows
        let navigator = ScreenNavigator(window: try #require(window), simulation: simulation, logger: logger)
        window = nil   // the provider holds it weakly
        var outcome: Result<Void, Error>?
        navigator.navigate(to: try route { try $0.makeKey() }) { outcome = $0 }
        #expect(outcome?.errorMessage == "No container of UIWindow type found for:\n  ScreenNavigateAction<UIWindow>(actions: [ScreenMakeKeyAction<UIWindow>()])")
        #expect(logger.lines.first?.hasPrefix("Error: No container of UIWindow type found") == true)
    }

    @Test func aNilLoggerLogsNothing() throws {
        let simulation = ScreenSimulation()
        let window = simulation.makeWindow()
        let navigator = ScreenNavigator(window: window, simulation: simulation, logger: nil)
        var outcome: Result<Void, Error>?
        navigator.navigate(to: try route { try $0.root() }) { outcome = $0 }
        #expect(outcome?.isSuccess == false)
    }
}
