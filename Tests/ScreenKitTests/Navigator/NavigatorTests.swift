import ScreenKit
import Testing

@Suite struct NavigatorTests {
    @Test func aNavigationStillInFlightDoesNotKeepItsAppAlive() throws {
        weak var weakApp: ScreenApplication?
        weak var weakRoot: ScreenContainer?
        do {
            let app = try ScreenApplication.with(.stack([.screen(Screens.feed)]))
            app.navigator.navigate(to: try route { try $0.top(.container(of: .stack)).push(Screens.chat(1)).wait(for: 10) })
            #expect(!app.clock.isIdle)
            weakApp = app
            weakRoot = app.window.root
        }
        #expect(weakApp == nil)
        #expect(weakRoot == nil)
    }

    @Test func longRoutesAndDeepFallbacksRunWithoutRecursion() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.feed)]))
        var steps = AnyScreenRoute(root: .window)
        for _ in 0..<50_000 {
            steps = try steps.makeKey()
        }
        #expect(app.navigate(to: steps).isSuccess)
        var fallbacks = AnyScreenRoute(root: .window).fail(with: ScreenFailure("first"))
        for _ in 0..<5_000 {
            fallbacks = try AnyScreenRoute(root: .window).fail(with: ScreenFailure("again")).fallback(to: fallbacks)
        }
        #expect(app.navigate(to: fallbacks).errorMessage == "first")
    }

    @Test func theWorkBudgetStopsANavigation() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.feed)]))
        var charged = 0
        app.simulation.workBudget = { steps in
            charged += steps
            return charged > 100 ? ScreenLimitError(budget: "budget used up") : nil
        }
        var steps = AnyScreenRoute(root: .window)
        for _ in 0..<1_000 {
            steps = try steps.makeKey()
        }
        #expect(app.navigate(to: steps).errorMessage == "budget used up")
        #expect(charged == 101)
    }

    /// A host's own window provider and iterator (Nivelir's `ScreenWindowProvider` and
    /// `ScreenIterator`), as a Swift app gives them to its navigator.
    @Test func aHostsWindowProviderAndIteratorAreUsed() throws {
        final class SecondWindow: ScreenWindowProvider {
            let windows: [ScreenContainer]
            init(_ windows: [ScreenContainer]) { self.windows = windows }
            var window: ScreenContainer? { windows.last }
        }
        /// Walks only a stack's screens, from the top: `first` finds the topmost match.
        struct TopDownIterator: ScreenIterator {
            func iterate(from container: ScreenContainer, while predicate: (ScreenContainer) -> ScreenIterationResult) -> ScreenContainer? {
                var suitable: ScreenContainer?
                for candidate in [container] + (container.root?.children.reversed() ?? []) {
                    switch predicate(candidate) {
                    case let .shouldStop(found): return found
                    case let .shouldContinue(found): suitable = found ?? suitable
                    }
                }
                return suitable
            }
        }
        let simulation = ScreenSimulation()
        let windows = [simulation.makeWindow(), simulation.makeWindow(visible: false)]
        let navigator = ScreenNavigator(windowProvider: SecondWindow(windows), simulation: simulation, iterator: TopDownIterator(), logger: nil)
        navigator.navigate(to: try AnyScreenRoute(root: .window).setRoot(to: AnyScreen(name: "Inbox", kind: .stack)))
        #expect(windows[1].root != nil && windows[0].root == nil)
        for id in [1, 2] {
            navigator.navigate(to: try AnyScreenRoute(root: .window).root(as: .stack).push(Screens.chat(id)))
        }
        let found = navigator.iterator.firstContainer(in: try #require(navigator.window)) { $0.key?.name == "Chat" }
        #expect(found?.key?.traits["chatId"] == .int(2))
        _ = simulation.clock.settle()   // the animations' completions hold the navigator until they run
    }

    @Test func theKeyWindowProviderFollowsMakeKey() throws {
        let simulation = ScreenSimulation()
        let first = simulation.makeWindow()
        let second = simulation.makeWindow(visible: false)
        let navigator = ScreenNavigator(windowProvider: ScreenKeyWindowProvider(simulation: simulation), simulation: simulation, logger: nil)
        #expect(navigator.window === first)
        let other = ScreenNavigator(window: second, simulation: simulation, logger: nil)
        other.navigate(to: try AnyScreenRoute(root: .window).makeKeyAndVisible())
        #expect(navigator.window === second)
        #expect(!first.isKey && second.isKey && !second.isHidden)
    }

    @Test func aHiddenWindowHasNoTopContainer() throws {
        let simulation = ScreenSimulation()
        let window = simulation.makeWindow(visible: false)
        let navigator = ScreenNavigator(window: window, simulation: simulation, logger: nil)
        navigator.navigate(to: try AnyScreenRoute(root: .window).setRoot(to: Screens.feed))
        #expect(window.root != nil)
        #expect(navigator.topContainer == nil)
        navigator.navigate(to: try AnyScreenRoute(root: .window).makeKeyAndVisible())
        #expect(navigator.topContainer?.label == "Feed")
    }

    @Test func theDefaultLoggerPrintsNivelirsLines() throws {
        var printed: [String] = []
        let logger = DefaultScreenLogger { printed.append($0) }
        logger.info("Waiting for 1.0 seconds")
        logger.error(ScreenFailure("boom"))
        #expect(printed == ["Info: Waiting for 1.0 seconds", "Error: boom"])
        let quiet = DefaultScreenLogger(isInfoEnabled: false) { printed.append($0) }
        quiet.info("not printed")
        #expect(printed.count == 2)
    }

    @Test func aNavigationStartedInACompletionRunsAfterIt() throws {
        let app = try tabApp(selected: 0)
        var steps: [String] = []
        let present = try AnyScreenRoute(root: .window).root().present(Screens.settings)
        app.navigator.navigate(to: try AnyScreenRoute(root: .window).top(.container(of: .stack)).push(Screens.chat(1))) { _ in
            steps.append("pushed")
            app.navigator.navigate(to: present) { _ in steps.append("presented") }
        }
        app.settle()
        #expect(steps == ["pushed", "presented"])
        #expect(app.transitions.map(\.kind) == [.push, .present])
        #expect(app.transitions.map(\.time) == [0, 0.35])
    }

    @Test func thenWithARouteMergesItsStackEdits() throws {
        let app = try tabApp(selected: 0)
        let more = try AnyScreenRoute(root: .stack).push(Screens.chat(2))
        let route = try AnyScreenRoute(root: .window).top(.container(of: .stack)).push(Screens.chat(1)).then(more)
        #expect(app.navigate(to: route).isSuccess)
        #expect(app.transitions.map(\.kind) == [.setStack])
    }

    @Test func tryRunsDoneActionsWithTheOutput() throws {
        let app = try tabApp(selected: 0)
        var seen: String?
        let find = ScreenFindAction(.top, predicate: .container(of: .stack), on: .window)
        let resolution = ScreenTryResolution().done { output in
            seen = output?.label
            return AnyScreenRoute(root: .window)
        }
        #expect(app.navigate(to: AnyScreenRoute(root: .window).then(ScreenTryAction(action: find, resolution: resolution))).isSuccess)
        #expect(seen == "stack")
    }
}
