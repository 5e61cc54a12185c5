import ScreenKit
import Testing

@Suite struct PictureTests {
    @Test func theTreeShowsKindsKeysAttributesSelectionAndTop() throws {
        let fullScreen = try Screens.settings
            .decorated(by: ScreenStackContainerDecorator())
            .decorated(by: ScreenModalStyleDecorator(style: .default(presentation: .fullScreen)))
        let app = try ScreenApplication.with(.tabs([
            .stack([.screen(Screens.feed)]),
            .stack([.screen(Screens.chatList), .screen(Screens.chat(7))]),
        ], selected: 1, presented: .screen(fullScreen)))
        #expect(app.tree() == """
            window
            └─ tabs
               ├─ stack
               │  └─ modal Feed
               ├─ stack (selected)
               │  ├─ modal ChatList
               │  └─ modal Chat(chatId=7)
               └─ presents stack {modalPresentationStyle="fullScreen"}
                  └─ modal Settings ← top
            """)
    }

    @Test func theTreeShowsAPresentationStillAnimating() throws {
        let app = try ScreenApplication.with(.screen(Screens.feed))
        app.navigator.navigate(to: try route { try $0.root().present(Screens.settings) })
        #expect(app.tree() == """
            window
            └─ modal Feed
               └─ presents modal Settings (presenting) ← top
            """)
    }

    @Test func anEmptyApplication() {
        #expect(ScreenApplication().tree() == "window")
    }

    @Test func theSnapshotIsPlainData() throws {
        let app = try tabApp(selected: 1)
        let snapshot = app.snapshot()
        #expect(snapshot.kind == .window)
        let tabs = try #require(snapshot.children.first)
        #expect(tabs.selectedIndex == 1)
        #expect(tabs.children[1].children.map { $0.key?.description } == ["ChatList", "Chat(chatId=7)"])
        #expect(tabs.children[1].children[1].isTop)
        #expect(!tabs.children[0].isVisible)
        #expect(app.snapshot() == snapshot)
        _ = app.navigate(to: try route { try $0.top(.container(of: .stack)).pop() })
        #expect(app.snapshot() != snapshot)
    }
}

@Suite struct ClockTests {
    @Test func workRunsInTimeThenSchedulingOrder() {
        let clock = ScreenClock()
        var order: [String] = []
        clock.schedule(after: 1) { order.append("b") }
        clock.schedule(after: 0.5) { order.append("a") }
        clock.schedule(after: 1) { order.append("c") }
        clock.schedule { order.append("now") }
        clock.advance(by: 0.75)
        #expect(order == ["now", "a"])
        #expect(clock.now == 0.75)
        clock.settle()
        #expect(order == ["now", "a", "b", "c"])
        #expect(clock.now == 1)
    }

    @Test func settleStopsAWorkloadThatNeverEnds() {
        let clock = ScreenClock()
        func again() { clock.schedule(after: 1, again) }
        again()
        #expect(clock.settle(limit: 1000) == false)
        #expect(clock.now == 1000)
        clock.cancelAll()    // the task left holds the clock
        #expect(clock.isIdle)
    }

    @Test func badDelaysCountAsZero() {
        let clock = ScreenClock()
        var ran = 0
        clock.schedule(after: -5) { ran += 1 }
        clock.schedule(after: .nan) { ran += 1 }
        clock.advance(by: .infinity)
        #expect(ran == 2)
        #expect(clock.now == 0)
    }
}
