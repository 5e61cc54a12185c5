import ScreenKit
import Testing

/// Screen observation (Nivelir's `ScreenObservation`, tokens and predicates).
@Suite struct ObservationTests {
    final class Listener: ScreenObserver {
        var heard: [String] = []
    }

    private func notify(_ container: ScreenContainer?, _ text: String) {
        container?.observation?.notify { ($0 as? Listener)?.heard.append(text) }
    }

    @Test func anObservationTellsTheObserversItsPredicateAdmits() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.chatList), .screen(Screens.chat(1)), .screen(Screens.chat(2))]))
        let stack = try #require(app.window.root)
        let chats = stack.children.dropFirst().map { chat in
            let observation = app.navigator.observation(of: "ChatObserver")
            observation.associate(with: chat)
            return chat
        }
        let one = Listener(), after = Listener(), other = Listener()
        let tokens = [
            app.navigator.observe(by: one, as: "ChatObserver", where: .screen(key: ScreenKey(name: "Chat", traits: ["chatId": .int(1)]))),
            app.navigator.observe(by: after, as: "ChatObserver", where: .pushed(after: chats[0])),
            app.navigator.observe(by: other, as: "FeedObserver"),
        ]
        notify(chats[0], "first")
        notify(chats[1], "second")
        #expect(one.heard == ["first"])
        #expect(after.heard == ["second"])
        #expect(other.heard.isEmpty)
        tokens[0].cancel()
        notify(chats[0], "again")
        #expect(one.heard == ["first"])
        #expect(app.navigator.observatory.count == 2)
    }

    @Test func aDroppedTokenOrAWeakObserverThatIsGoneStopsObserving() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.feed)]))
        var token: ScreenObserverToken? = app.navigator.observe(by: Listener(), as: "X")
        #expect(app.navigator.observatory.count == 1)
        token = nil
        #expect(token == nil && app.navigator.observatory.count == 0)
        var weak: Listener? = Listener()
        app.navigator.observeWeakly(by: weak!, as: "X")
        #expect(app.navigator.observatory.count == 1)
        weak = nil
        #expect(app.navigator.observatory.count == 0)
    }

    final class Numbered: ScreenObserver {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    /// Registrations past observers that went, and cancellations in any order, keep the
    /// live observers in registration order (dead ones go once the list has doubled).
    @Test func manyRegistrationsKeepTheLiveOnesInOrder() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.feed)]))
        let stack = try #require(app.window.root)
        app.navigator.observation(of: "X").associate(with: stack)
        var kept: [Numbered] = [], tokens: [ScreenObserverToken] = [], expected: [Int] = []
        for number in 0..<100 {
            let observer = Numbered(number)
            if number % 2 == 0 { kept.append(observer); expected.append(number) }   // the odd ones, weakly observed, go at once
            app.navigator.observeWeakly(by: observer, as: "X")
            if number % 10 == 0 {
                tokens.append(app.navigator.observe(by: Numbered(1000 + number), as: "X"))
                if number % 20 == 0 { expected.append(1000 + number) }
            }
        }
        #expect(app.navigator.observatory.count == 60)
        for (position, token) in tokens.enumerated().reversed() where position % 2 == 1 { token.cancel() }
        #expect(app.navigator.observatory.count == 55)
        var heard: [Int] = []
        stack.observation?.notify { heard.append(($0 as? Numbered)?.number ?? -1) }
        #expect(heard == expected)
        #expect(kept.count == 50)
    }

    @Test func presentedOnStopsWhenTheScreenIsDismissed() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.chatList)]))
        let stack = try #require(app.window.root)
        app.navigate(to: try AnyScreenRoute(root: .window).top(.container(of: .stack)).present(Screens.chat(3)))
        let chat = try #require(stack.presentedContainer)
        app.navigator.observation(of: "ChatObserver").associate(with: chat)
        let listener = Listener()
        let token = app.navigator.observe(by: listener, as: "ChatObserver", where: .presented(on: stack))
        notify(chat, "while shown")
        app.navigate(to: try AnyScreenRoute(root: .window).top(.container(of: .stack)).dismiss())
        notify(chat, "after")
        #expect(listener.heard == ["while shown"])
        withExtendedLifetime(token) {}
    }
}
