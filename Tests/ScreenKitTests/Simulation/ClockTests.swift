@testable import ScreenKit
import Testing

/// Virtual time counts whole microseconds: durations add up as the decimals users write.
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

    @Test func durationsAddUpAsDecimals() {
        let clock = ScreenClock()
        var ran: [Double] = []
        for _ in 1...3 { clock.schedule(after: 0.35) { ran.append(clock.now) } ; clock.settle() }
        #expect(clock.now == 1.05)
        #expect(ran == [0.35, 0.7, 1.05])
        clock.advance(by: 0.1)
        clock.advance(by: 0.2)
        #expect(clock.now == 1.35)
    }

    @Test func workDueAtADecimalTimeRunsWhenTimeGetsThere() {
        let clock = ScreenClock()
        var done = false
        func chain(_ left: Int) {
            clock.schedule(after: 0.35) { if left > 1 { chain(left - 1) } else { done = true } }
        }
        chain(10)
        clock.advance(by: 3.5)
        #expect(done)
        #expect(clock.now == 3.5)
    }

    @Test func aHugeAdvanceStopsAtTheEndOfTime() {
        let clock = ScreenClock()
        var ran = false
        clock.schedule(after: 1e9) { ran = true }
        clock.advance(by: .greatestFiniteMagnitude)
        clock.advance(by: .greatestFiniteMagnitude)
        #expect(ran)
        #expect(clock.now == ScreenClock.end)
        #expect(clock.secondsLeft == 0)
    }

    /// An advance is not cut to the longest delay (a thousand years) that work is scheduled
    /// for: the clock moves as far as asked, up to its end.
    @Test func anAdvancePastTheLongestDelayMovesThatFar() {
        let clock = ScreenClock()
        clock.advance(by: 1e11)
        #expect(clock.now == 1e11)
        #expect(clock.secondsLeft == ScreenClock.end - 1e11)
        var ran = false
        clock.schedule(after: 1e11) { ran = true }   // scheduled for the longest delay
        clock.advance(by: ScreenClock.longest)
        #expect(ran)
    }

    @Test func anApplicationBuiltAsItStandsStartsAtZero() throws {
        // Home's build selects its second tab and pushes there: the push runs on the
        // selection's later turn of the run loop, with the tabs in the window, so it animates.
        let home = AnyScreen(name: "Home", kind: .tabs) { tabs, navigator in
            let push = try AnyScreenRoute(root: .stack).push(Screens.chat(1))
            let tabsRoute = try AnyScreenRoute(root: .tabs)
                .setupTab(with: Screens.feed.decorated(by: ScreenStackContainerDecorator()))
                .setupTab(with: Screens.chatList.decorated(by: ScreenStackContainerDecorator()))
                .selectTab(with: .index(1), as: .stack, nested: push)
            navigator.navigate(from: tabs, to: tabsRoute)
        }
        let app = try ScreenApplication(root: .screen(home))
        #expect(app.labels(of: app.window.root?.children[1]) == ["ChatList", "Chat(chatId=1)"])
        #expect(app.clock.now == 0)
        #expect(app.transitions.isEmpty)
        // The stack's animation ended with it: the next push starts now.
        #expect(app.navigate(to: try route { try $0.top(.container(of: .stack)).push(Screens.profile) }).isSuccess)
        #expect(app.transitions.map { $0.time } == [0])
        #expect(app.clock.now == 0.35)
    }
}
