import ScreenKit
import Testing

@Suite struct GenericActionTests {
    @Test func fromNilNamesTheCurrentTypeNotTheRequestedOne() throws {
        let app = try tabApp()
        let result = app.navigate(to: AnyScreenRoute(root: .window).from(nil, kind: .stack))
        #expect(result.errorMessage == """
            No container of UIWindow type found for:
              ScreenFromAction<UIWindow, UINavigationController>(output: nil)
            """)
    }

    @Test func navigateFromStillNeedsAWindow() throws {
        let simulation = ScreenSimulation()
        var window: ScreenContainer? = ScreenContainer(kind: .window)   // not one of the simulation's windows
        let navigator = ScreenNavigator(window: try #require(window), simulation: simulation, logger: nil)
        window = nil
        let stack = ScreenContainer(kind: .stack)
        var outcome: Result<Void, Error>?
        navigator.navigate(from: stack, to: try AnyScreenRoute(root: .stack).push(Screens.feed)) { outcome = $0 }
        #expect(outcome?.errorMessage?.hasPrefix("No container of UIWindow type found") == true)
        #expect(stack.children.isEmpty)
    }

    @Test func fallbackRunsAfterAFailureAndLogsTheCatch() throws {
        let app = try ScreenApplication.with(.screen(Screens.feed))
        let push = try AnyScreenRoute(root: .window).top(.container(of: .stack)).push(Screens.chat(7))
        let present = try AnyScreenRoute(root: .window).top(.container(of: .modal)).present(Screens.chat(7))
        let result = app.navigate(to: try push.fallback(to: present))
        #expect(result.isSuccess)
        #expect(app.window.root?.presentedContainer?.label == "Chat(chatId=7)")
        #expect(app.log.contains { $0.hasPrefix("Info: Catching error: No container of UINavigationController type found") })
    }

    @Test func fallbackIsSkippedOnSuccessAndItsFailureIsTheResult() throws {
        let app = try tabApp()
        let ok = try AnyScreenRoute(root: .window).top(.container(of: .stack)).push(Screens.feed)
        _ = app.navigate(to: try ok.fallback(to: AnyScreenRoute(root: .window).fail(with: ScreenFailure("not run"))))
        #expect(!app.log.contains { $0.contains("Catching") })
        let failing = AnyScreenRoute(root: .window).fail(with: ScreenFailure("first"))
        let result = app.navigate(to: try failing.fallback(to: AnyScreenRoute(root: .window).fail(with: ScreenFailure("second"))))
        #expect(result.errorMessage == "second")
    }

    @Test func fallbackChosenByTheErrorCanDecline() throws {
        let app = try tabApp()
        let failing = AnyScreenRoute(root: .window).fail(with: ScreenFailure("offline"))
        var seen: String?
        let result = app.navigate(to: failing.fallback { error in seen = "\(error)"; return nil })
        #expect(seen == "offline")
        #expect(result.isSuccess)   // a fallback ran (none chosen), so the error is caught
    }

    @Test func fallbackWrapsEverythingSoFarAndResetsToTheRoot() throws {
        let route = try AnyScreenRoute(root: .window).top(.container(of: .stack)).fallback(to: AnyScreenRoute(root: .window))
        #expect(route.currentKind == .window)
        #expect(route.actions.count == 1)
        #expect(throws: ScreenDSLError.currentKind(verb: "push", expected: .stack, got: .window)) {
            try route.push(Screens.feed)
        }
    }

    @Test func ensureRunsEitherWayAndItsFailureWins() throws {
        let app = try tabApp()
        var ran = 0
        let count = AnyScreenRoute(root: .window).get { _, done in ran += 1; done(.success(())) }
        _ = app.navigate(to: try AnyScreenRoute(root: .window).ensure(with: count))
        let failed = app.navigate(to: try AnyScreenRoute(root: .window).fail(with: ScreenFailure("boom")).ensure(with: count))
        #expect(ran == 2)
        #expect(failed.errorMessage == "boom")
        let ensureFails = AnyScreenRoute(root: .window).fail(with: ScreenFailure("ensure"))
        #expect(app.navigate(to: try AnyScreenRoute(root: .window).fail(with: ScreenFailure("boom")).ensure(with: ensureFails)).errorMessage == "ensure")
    }

    @Test func cauterizeSwallowsTheError() throws {
        let app = try tabApp()
        #expect(app.navigate(to: AnyScreenRoute(root: .window).fail(with: ScreenFailure("boom")).cauterize()).isSuccess)
    }

    @Test func resolveGoesBackToTheRootWithNoEffect() throws {
        let app = try tabApp()
        let route = try AnyScreenRoute(root: .window).top(.container(of: .stack)).push(Screens.feed).resolve()
        #expect(route.currentKind == .window)
        #expect(app.navigate(to: try route.makeKey()).isSuccess)
        #expect(app.transitions.count == 1)
    }

    @Test func waitTakesVirtualTime() throws {
        let app = try tabApp()
        var done = false
        app.navigator.navigate(to: AnyScreenRoute(root: .window).wait(for: 0.75)) { _ in done = true }
        app.advance(by: 0.7)
        #expect(!done)
        app.advance(by: 0.05)
        #expect(done)
        #expect(app.log == ["Info: Waiting for 0.75 seconds"])
        // A deadline in the past fires on the next turn, as Nivelir's asyncAfter does.
        var late = false
        app.navigator.navigate(to: AnyScreenRoute(root: .window).wait(for: -1)) { _ in late = true }
        app.advance(by: 0)
        #expect(late)
        #expect(app.log.last == "Info: Waiting for -1.0 seconds")
    }

    /// Dispatch takes a deadline it cannot count in nanoseconds for its distant future.
    @Test func waitBeyondDispatchsRangeNeverEnds() throws {
        for duration in [Double.infinity, .nan, 9.3e9] {
            let app = try tabApp()
            let result = app.navigate(to: AnyScreenRoute(root: .window).wait(for: duration))
            #expect(result.errorMessage == "The action never completed for:\n  ScreenWaitAction<UIWindow>(duration: \(duration))")
            #expect(app.log == ["Info: Waiting for \(duration) seconds"])
            #expect(app.clock.now == 0)
        }
        let app = try tabApp()
        #expect(app.navigate(to: AnyScreenRoute(root: .window).wait(for: 9.2e9)).isSuccess)
        #expect(app.clock.now == 9.2e9)
        #expect(app.navigate(to: AnyScreenRoute(root: .window).wait(for: -.infinity)).isSuccess)
        #expect(app.log.last == "Info: Waiting for -inf seconds")
    }

    @Test func getCanFailTheRoute() throws {
        let app = try tabApp()
        let result = app.navigate(to: AnyScreenRoute(root: .window).get { _, done in done(.failure(ScreenFailure("nope"))) })
        #expect(result.errorMessage == "nope")
    }

    @Test func refreshNeedsARefreshableContainer() throws {
        let app = try tabApp()
        let refresh = try AnyScreenRoute(root: .window).last(.container(of: .modal, name: "Chat")).refresh()
        #expect(app.navigate(to: refresh).errorMessage == """
            The type of the container <UIViewController: Chat(chatId=7)> does not match the expected type ScreenRefreshableContainer for:
              ScreenRefreshAction<UIViewController>()
            """)
        let chat = try #require(app.window.root?.children[1].children[1])
        chat.makeRefreshable()
        #expect(app.navigate(to: refresh).isSuccess)
        #expect(chat.refreshCount == 1)
    }

    @Test func theRouteStopsAtTheFirstFailure() throws {
        let app = try tabApp()
        let result = app.navigate(to: try AnyScreenRoute(root: .window).fail(with: ScreenFailure("stop")).top(.container(of: .stack)).push(Screens.feed))
        #expect(result.errorMessage == "stop")
        #expect(app.transitions.isEmpty)
        #expect(app.log == ["Error: stop"])
    }
}

@Suite struct CustomActionTests {
    @Test func aCustomActionCanCompleteLaterAndProduceAContainer() throws {
        let app = try tabApp()
        let authorize = ScreenCustomAction(name: "authorize", on: .modal, produces: .modal) { container, navigator, done in
            navigator.simulation.clock.schedule(after: 2) { done(.success(nil)) }
        }
        let result = app.navigate(to: try AnyScreenRoute(root: .window).top(.container(of: .modal)).perform(authorize).present(Screens.settings))
        #expect(result.isSuccess)
        #expect(app.clock.now == 2.5)
    }

    @Test func neverCompletingIsReported() throws {
        let app = try tabApp()
        let stuck = ScreenCustomAction(name: "stuck", on: .window) { _, _, _ in }
        let result = app.navigate(to: try AnyScreenRoute(root: .window).perform(stuck))
        #expect(result.errorMessage == """
            The action never completed for:
              ScreenCustomAction<UIWindow>(name: "stuck")
            """)
        // Nothing is logged: Nivelir's completion never comes to log it.
        #expect(!app.log.contains { $0.hasPrefix("Error:") })
    }

    @Test func completingTwiceIsReportedAndTheSecondCallIgnored() throws {
        let app = try tabApp()
        let twice = ScreenCustomAction(name: "twice", on: .window) { _, _, done in
            done(.success(nil))
            done(.success(nil))
        }
        var after = 0
        let count = AnyScreenRoute(root: .window).get { _, done in after += 1; done(.success(())) }
        let result = app.navigate(to: try AnyScreenRoute(root: .window).perform(twice).then(count))
        #expect(after == 1)
        #expect(result.errorMessage == """
            The action completed more than once for:
              ScreenCustomAction<UIWindow>(name: "twice")
            """)
    }

    @Test func producingTheWrongKindIsAMismatch() throws {
        let app = try tabApp()
        let action = ScreenCustomAction(name: "toStack", on: .window, produces: .stack) { container, _, done in done(.success(container)) }
        let result = app.navigate(to: try AnyScreenRoute(root: .window).perform(action).push(Screens.feed))
        #expect(result.errorMessage?.hasPrefix("The type of the container <UIWindow> does not match the expected type UINavigationController") == true)
    }

    @Test func aCustomActionChecksItsKindWhereTheRouteIsBuilt() throws {
        let action = ScreenCustomAction(name: "authorize", on: .modal) { _, _, done in done(.success(nil)) }
        #expect(throws: ScreenDSLError.currentKind(verb: "authorize", expected: .modal, got: .window)) {
            try AnyScreenRoute(root: .window).perform(action)
        }
    }
}

@Suite struct MakeVisibleTests {
    @Test func itDismissesSelectsAndPopsOutermostFirst() throws {
        let app = try ScreenApplication.with(.tabs([
            .stack([.screen(Screens.chatList), .screen(Screens.chat(7)), .screen(Screens.profile)]),
            .stack([.screen(Screens.feed)]),
        ], selected: 1, presented: .screen(Screens.settings)))
        let result = app.navigate(to: try AnyScreenRoute(root: .window).last(.container(of: .modal, key: Screens.chat(7).key)).makeVisible())
        #expect(result.isSuccess)
        #expect(app.transitionLines == [
            "dismiss tabs [Settings] -> [] animated",
            "selectTab tabs [2: stack] -> [1: stack]",
            "pop stack [ChatList, Chat(chatId=7), Profile] -> [ChatList, Chat(chatId=7)] animated",
        ])
        #expect(app.navigator.topContainer?.label == "Chat(chatId=7)")
    }

    @Test func itLeavesTheModalThatContainsTheContainer() throws {
        let app = try ScreenApplication.with(.screen(Screens.feed, presented: .stack([.screen(Screens.chat(1)), .screen(Screens.profile)])))
        _ = app.navigate(to: try AnyScreenRoute(root: .window).last(.container(of: .modal, name: "Chat")).makeVisible(stackAnimation: nil))
        #expect(app.window.root?.presentedContainer != nil)
        #expect(app.transitionLines == ["pop stack [Chat(chatId=1), Profile] -> [Chat(chatId=1)]"])
    }

    @Test func aCustomContainerIsNotSupported() throws {
        let page = AnyScreen(name: "Pages") { container, navigator in
            container.isIterable = true
            try navigator.simulation.adopt([try Screens.feed.build(navigator: navigator)], into: container, for: "setChildren")
        }
        let app = try ScreenApplication.with(.screen(page))
        let result = app.navigate(to: try AnyScreenRoute(root: .window).last(.container(of: .modal, name: "Feed")).makeVisible())
        // The trigger as Swift prints Nivelir's struct, optional enum fields in full.
        #expect(result.errorMessage?.hasPrefix("The type of the container <UIViewController: Pages> is not supported for:\n  ScreenMakeVisibleAction<UIViewController>"
            + "(stackAnimation: Optional(Nivelir.ScreenStackAnimation.default), tabsAnimation: nil, dissmissAnimated: true)") == true, "\(result.errorMessage ?? "")")
    }

    @Test func aCustomContainerIsSearchedOnlyWhenIterable() throws {
        // Nivelir's iterator walks only into ScreenIterableContainers (stacks, tabs, and
        // the custom containers that adopt the protocol).
        for iterable in [false, true] {
            let page = AnyScreen(name: "Pages") { container, navigator in
                container.isIterable = iterable
                try navigator.simulation.adopt([try Screens.feed.build(navigator: navigator)], into: container, for: "setChildren")
            }
            let app = try ScreenApplication.with(.screen(page))
            let result = app.navigate(to: try AnyScreenRoute(root: .window).last(.container(of: .modal, name: "Feed")))
            #expect(result.isSuccess == iterable)
            #expect(app.navigator.topContainer?.label == (iterable ? "Feed" : "Pages"))
        }
    }

    /// Another application's containers are not this one's to change: neither by adopting
    /// children into them nor by tapping their bar buttons.
    @Test func anotherApplicationsContainerIsNotChanged() throws {
        let first = try ScreenApplication.with(.stack([.screen(Screens.feed)]))
        let second = try ScreenApplication.with(.stack([.screen(Screens.profile)]))
        let stack = try #require(first.window.root)
        #expect(throws: ScreenFailure.self) {
            try second.simulation.adopt([try Screens.chat(1).build(navigator: second.navigator)], into: stack, for: "setChildren")
        }
        #expect(stack.children.map(\.label) == ["Feed"])
        let feed = try #require(stack.children.first)
        feed.setAttribute(.object(["title": .string("New")]), for: ScreenAttribute.rightBarButton)
        #expect(second.tap(.right, of: feed).errorMessage == "The container <UIViewController: Feed> is in another application's window for:\n  tap of the right bar button")
        #expect(first.transitionLines.isEmpty)
    }

    @Test func itLogsOnlyItsInnerSteps() throws {
        let app = try tabApp(selected: 0)
        _ = app.navigate(to: try AnyScreenRoute(root: .window).last(.container(of: .modal, name: "ChatList")).makeVisible())
        #expect(app.log == [
            "Info: Searching for a last container of UIViewController type in UIWindow",
            "Info: Dismissing screen presented by UIViewController",
            "Info: Selecting tab of UIViewController type in UITabBarController with given container",
            "Info: Setting stack of <UINavigationController> with modifiers:\n  - Pop to given container",
        ])
    }
}
