import ScreenKit
import Testing

@Suite struct IteratorTests {
    /// window → tabs(A stack [A1], B stack [B1, B2] selected) presents P stack [P1] presents Q.
    func app() throws -> ScreenApplication {
        try ScreenApplication.with(.tabs([
            .stack([.screen(Screens.modal("A1"))], key: ScreenKey(name: "A")),
            .stack([.screen(Screens.modal("B1")), .screen(Screens.modal("B2"))], key: ScreenKey(name: "B")),
        ], selected: 1, presented: .stack([.screen(Screens.modal("P1"))], key: ScreenKey(name: "P"), presented: .screen(Screens.modal("Q")))))
    }

    @Test func theOrderIsPreOrderWithTheSelectedTabLastAndPresentationsAfter() throws {
        let app = try app()
        var order: [String] = []
        _ = DefaultScreenIterator().iterate(from: app.window) { container in
            order.append(container.label)
            return .shouldContinue(suitableContainer: nil)
        }
        #expect(order == ["window", "tabs", "A", "A1", "B", "B1", "B2", "P", "P1", "Q"])
    }

    @Test func firstLastAndTopPickDifferentStacks() throws {
        let app = try app()
        let iterator = DefaultScreenIterator()
        let isStack = { (c: ScreenContainer) in c.kind == .stack }
        #expect(iterator.firstContainer(in: app.window, where: isStack)?.label == "A")
        #expect(iterator.lastContainer(in: app.window, where: isStack)?.label == "P")
        #expect(iterator.topContainer(in: app.window, where: isStack)?.label == "P")
        #expect(iterator.topContainer(in: app.window) { $0.kind == .modal }?.label == "Q")
        #expect(app.navigator.topContainer?.label == "Q")
        #expect(app.navigator.topStackContainer?.label == "P")
        #expect(app.navigator.topTabsContainer?.label == "tabs")
    }

    @Test func topSkipsAPresenterHiddenByAFullScreenModalButNotBySheets() throws {
        let fullScreen = try Screens.settings.decorated(by: ScreenModalStyleDecorator(style: .default(presentation: .fullScreen)))
        let covered = try ScreenApplication.with(.tabs([.stack([.screen(Screens.feed)])], presented: .screen(fullScreen)))
        #expect(covered.navigator.topStackContainer == nil)
        let sheet = try ScreenApplication.with(.tabs([.stack([.screen(Screens.feed)])], presented: .screen(Screens.settings)))
        #expect(sheet.navigator.topStackContainer != nil)   // a page sheet keeps the tab visible
    }

    @Test func aFullScreenPresenterStaysVisibleUntilThePresentationCompletes() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.feed)]))
        let fullScreen = try Screens.settings.decorated(by: ScreenModalStyleDecorator(style: .default(presentation: .fullScreen)))
        app.navigator.navigate(to: try route { try $0.root().present(fullScreen) })
        #expect(app.navigator.topStackContainer != nil)
        app.settle()
        #expect(app.navigator.topStackContainer == nil)
    }

    @Test func searchingFromANestedContainerFollowsItsAncestorsPresentation() throws {
        let app = try app()
        let b1 = try #require(app.window.root?.children[1].children.first)
        let found = DefaultScreenIterator().lastContainer(in: b1) { $0.kind == .modal && $0.key != nil }
        #expect(found?.label == "Q")
    }

    @Test func aDeepPresentationChainIsSearchedAndStopsAtTheDepthLimit() throws {
        let app = try ScreenApplication.with(.screen(Screens.modal("M0")))
        var last = try #require(app.window.root)
        // The window is level 1 and M0 level 2: M98 is the deepest the limit allows.
        for index in 1...98 {
            #expect(app.navigate(from: last, to: try AnyScreenRoute(root: .modal).present(Screens.modal("M\(index)"), animated: false)).isSuccess)
            last = try #require(last.presentedContainer)
        }
        #expect(app.navigator.lastContainer(in: app.window) { $0.kind == .modal }?.label == "M98")
        #expect(app.navigator.topContainer?.label == "M98")
        let refused = app.navigate(from: last, to: try AnyScreenRoute(root: .modal).present(Screens.modal("M99"), animated: false))
        #expect(refused.errorMessage?.hasPrefix("The hierarchy would be deeper than 100 containers for:") == true)
        #expect(last.presentedContainer == nil)
    }

    @Test func theFindActionsLogTheirSearch() throws {
        let app = try app()
        _ = app.navigate(to: try route { try $0.first(.container(of: .stack)).last(.container(of: .modal)).top(.container(of: .tabs)) })
        #expect(app.log == [
            "Info: Searching for a first container of UINavigationController type in UIWindow",
            "Info: Searching for a last container of UIViewController type in UINavigationController",
            "Info: Searching for a top container of UITabBarController type in UIViewController",
            "Error: No container of UITabBarController type found for:\n  ScreenTopAction<UIViewController, UITabBarController>(predicate: container of UITabBarController type)",
        ])
    }

    /// Every search logs its line for every kind it looks for, as the three parts would
    /// write it (the lines come from a table made once).
    @Test(arguments: ScreenFindAction.Search.allCases)
    func everySearchLogsItsLineForEveryKind(_ search: ScreenFindAction.Search) throws {
        for kind in ScreenContainerKind.allCases {
            let app = try app()
            let predicate = AnyScreenPredicate(kind: kind, description: "nothing") { _ in false }
            let route = AnyScreenRoute(root: .window)
            _ = app.navigate(to: try search == .first ? route.first(predicate) : search == .last ? route.last(predicate) : route.top(predicate))
            #expect(app.log.first == "Info: Searching for a \(search.rawValue) container of \(kind.typeName) type in UIWindow")
        }
    }

    @Test func aPredicateThatMatchesNothingFails() throws {
        let app = try app()
        let nothing = AnyScreenPredicate(kind: .modal, description: "nothing") { _ in false }
        let result = app.navigate(to: try route { try $0.last(nothing) })
        #expect(result.errorMessage == """
            No container of UIViewController type found for:
              ScreenLastAction<UIWindow, UIViewController>(predicate: nothing)
            """)
    }

    @Test func theViewControllerPredicateMatchesStacksAndTabs() throws {
        let app = try app()
        let first = app.navigator.firstContainer(in: app.window, where: AnyScreenPredicate.container(of: .modal).tryMatches)
        #expect(first?.label == "tabs")
        let named = AnyScreenPredicate.container(of: .stack, name: "B1")
        #expect(app.navigator.firstContainer(in: app.window, where: named.tryMatches) == nil)   // B1 is not a stack
    }
}
