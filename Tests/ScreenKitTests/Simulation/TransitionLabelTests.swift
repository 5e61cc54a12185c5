@testable import ScreenKit
import Testing

/// A stack's transitions share the labels of the screens below what changed
/// (`ScreenLabelChain`): a stack pushed deep keeps one link a push, not a copy of the
/// stack's labels in every transition.
@Suite struct TransitionLabelTests {
    @Test func pushesShareTheScreensBelow() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.feed)]))
        let push = { (id: Int) in try route { try $0.top(.container(of: .stack)).push(Screens.chat(id), animation: nil) } }
        for id in 1...300 {
            #expect(app.navigate(to: try push(id)).isSuccess)
        }
        let transitions = app.transitions
        #expect(transitions.count == 300)
        for (earlier, later) in zip(transitions, transitions.dropFirst()) {
            #expect(later.beforeChain === earlier.afterChain)
        }
        #expect(transitions[9].before == ["Feed"] + (1...9).map { "Chat(chatId=\($0))" })
        #expect(transitions[9].after == ["Feed"] + (1...10).map { "Chat(chatId=\($0))" })
        #expect(transitions.last?.after.count == 301)
    }

    /// Labels, not identities, are shared: a pop then a push of another screen, and a
    /// stack set in the middle, are written as they are.
    @Test func editsBelowTheTopAreWrittenAsTheyAre() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.feed), .screen(Screens.chat(1)), .screen(Screens.chat(2))]))
        #expect(app.navigate(to: try route { try $0.top(.container(of: .stack)).pop(animation: nil) }).isSuccess)
        #expect(app.navigate(to: try route { try $0.top(.container(of: .stack)).push(Screens.chat(3), animation: nil) }).isSuccess)
        #expect(app.navigate(to: try route {
            try $0.top(.container(of: .stack)).setStack([ScreenStackPopModifier(predicate: .root), ScreenStackPushModifier(screen: Screens.settings),
                                                          ScreenStackPushModifier(screen: Screens.chat(3))], animation: nil)
        }).isSuccess)
        #expect(app.transitionLines == [
            "pop stack [Feed, Chat(chatId=1), Chat(chatId=2)] -> [Feed, Chat(chatId=1)]",
            "push stack [Feed, Chat(chatId=1)] -> [Feed, Chat(chatId=1), Chat(chatId=3)]",
            "setStack stack [Feed, Chat(chatId=1), Chat(chatId=3)] -> [Feed, Settings, Chat(chatId=3)]",
        ])
    }

    /// A report's step keeps what changed and the two labels below it; the rest of what
    /// before and after share is one `… N more`, found by their shared links.
    @Test func abridgedKeepsWhatChangedAndTwoBelow() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.feed)]))
        let push = { (id: Int) in try route { try $0.top(.container(of: .stack)).push(Screens.chat(id), animation: nil) } }
        for id in 1...300 {
            #expect(app.navigate(to: try push(id)).isSuccess)
        }
        let pushed = try #require(app.transitions.last).abridged(keeping: 2)
        #expect(pushed.before == ["… 298 more", "Chat(chatId=298)", "Chat(chatId=299)"])
        #expect(pushed.after == ["… 298 more", "Chat(chatId=298)", "Chat(chatId=299)", "Chat(chatId=300)"])
        #expect(try #require(app.transitions.last).line(before: pushed.before, after: pushed.after)
            == "push stack [… 298 more, Chat(chatId=298), Chat(chatId=299)] -> [… 298 more, Chat(chatId=298), Chat(chatId=299), Chat(chatId=300)]")
        // An edit in the middle keeps all that changed above what is shared.
        #expect(app.navigate(to: try route {
            try $0.top(.container(of: .stack)).setStack([ScreenStackPopModifier(predicate: .container(key: Screens.chat(100).key)),
                                                          ScreenStackPushModifier(screen: Screens.settings)], animation: nil)
        }).isSuccess)
        let set = try #require(app.transitions.last).abridged(keeping: 2)
        #expect(set.before.prefix(4) == ["… 99 more", "Chat(chatId=99)", "Chat(chatId=100)", "Chat(chatId=101)"] && set.before.count == 203)
        #expect(set.after == ["… 99 more", "Chat(chatId=99)", "Chat(chatId=100)", "Settings"])
        // One label more than it keeps is not cut to "… 1 more"; a short stack is whole.
        let short = try ScreenApplication.with(.stack([.screen(Screens.feed), .screen(Screens.chat(1)), .screen(Screens.chat(2))]))
        #expect(short.navigate(to: try push(3)).isSuccess)
        #expect(try #require(short.transitions.last).abridged(keeping: 2).before == ["Feed", "Chat(chatId=1)", "Chat(chatId=2)"])
    }

    /// A long chain goes one link at a time: the default release would recurse once a link.
    @Test func aLongChainIsReleasedWithoutRecursion() {
        weak var bottom: ScreenLabelChain?
        do {
            let first = ScreenLabelChain(label: "0", below: nil)
            bottom = first
            let top = ScreenLabelChain.extending(first, with: (1..<300_000).lazy.map(String.init))
            #expect(top?.count == 300_000)
        }
        #expect(bottom == nil)
    }
}
