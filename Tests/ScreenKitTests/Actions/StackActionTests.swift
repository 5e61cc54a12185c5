import ScreenKit
import Testing

@Suite struct StackActionTests {
    func stackApp(_ screens: [AnyScreen]) throws -> ScreenApplication {
        try ScreenApplication.with(.stack(screens.map { .screen($0) }))
    }

    func stackRoute(_ build: (AnyScreenRoute) throws -> AnyScreenRoute) throws -> AnyScreenRoute {
        try build(try AnyScreenRoute(root: .window).top(.container(of: .stack)))
    }

    @Test func pushAddsOnTopWithOneAnimatedTransition() throws {
        let app = try stackApp([Screens.chatList])
        var done = false
        app.navigator.navigate(to: try stackRoute { try $0.push(Screens.chat(7)) }) { _ in done = true }
        #expect(app.labels(of: app.window.root) == ["ChatList", "Chat(chatId=7)"])
        #expect(!done)
        app.advance(by: 0.35)
        #expect(done)
        #expect(app.transitionLines == ["push stack [ChatList] -> [ChatList, Chat(chatId=7)] animated"])
    }

    @Test func theFirstFillOfAnEmptyStackIsNeverAnimated() throws {
        let app = try ScreenApplication.with(.stack([]))
        var done = false
        app.navigator.navigate(to: try stackRoute { try $0.push(Screens.feed) }) { _ in done = true }
        #expect(done)   // unanimated stack edits complete at once
        #expect(app.transitions.first?.animated == false)
    }

    @Test func popOnARootOnlyStackSucceedsAndDoesNothing() throws {
        let app = try stackApp([Screens.feed])
        #expect(app.navigate(to: try stackRoute { try $0.pop() }).isSuccess)
        #expect(app.labels(of: app.window.root) == ["Feed"])
        #expect(app.transitions.isEmpty)
        #expect(app.log.last == "Info: Setting stack of <UINavigationController> with modifiers:\n  - Pop ")
    }

    @Test func popThenPushOnARootOnlyStackReplacesTheRoot() throws {
        let app = try stackApp([Screens.feed])
        #expect(app.navigate(to: try stackRoute { try $0.pop().push(Screens.chat(1)) }).isSuccess)
        #expect(app.labels(of: app.window.root) == ["Chat(chatId=1)"])
        #expect(app.transitionLines == ["setStack stack [Feed] -> [Chat(chatId=1)] animated"])
    }

    @Test func popOnAnEmptyStackFails() throws {
        let app = try ScreenApplication.with(.stack([]))
        #expect(app.navigate(to: try stackRoute { try $0.pop() }).errorMessage == "No container of UIViewController type found for:\n  Pop ")
        #expect(app.navigate(to: try stackRoute { try $0.popToRoot() }).errorMessage == "No container of UIViewController type found for:\n  Pop to root")
    }

    @Test func consecutiveEditsMergeIntoOneTransition() throws {
        let app = try stackApp([Screens.feed, Screens.chatList, Screens.chat(1)])
        let result = app.navigate(to: try stackRoute { try $0.popToRoot().push(Screens.chatList).push(Screens.chat(7)) })
        #expect(result.isSuccess)
        #expect(app.transitionLines == ["setStack stack [Feed, ChatList, Chat(chatId=1)] -> [Feed, ChatList, Chat(chatId=7)] animated"])
        #expect(app.log.last == """
            Info: Setting stack of <UINavigationController> with modifiers:
              - Pop to root
              - Push ChatList
              - Push Chat(chatId=7)
            """)
    }

    @Test func separatedEditsStayApart() throws {
        let app = try stackApp([Screens.feed])
        let result = app.navigate(to: try stackRoute { try $0.push(Screens.chatList, separated: true).push(Screens.chat(7)) })
        #expect(result.isSuccess)
        #expect(app.transitions.map(\.kind) == [.push, .push])
        #expect(app.clock.now == 0.7)   // one animation after the other
    }

    @Test func separatedOnTheSecondEditStillMergesWithTheFirst() throws {
        let app = try stackApp([Screens.feed])
        _ = app.navigate(to: try stackRoute { try $0.push(Screens.chatList).push(Screens.chat(7), separated: true).push(Screens.profile) })
        #expect(app.transitions.map(\.kind) == [.setStack, .push])
    }

    @Test func aNestedRouteAfterAPushBreaksMerging() throws {
        let app = try stackApp([Screens.feed])
        var top: String?
        let nested = AnyScreenRoute(root: .modal).get { container, done in top = container.label; done(.success(())) }
        _ = app.navigate(to: try stackRoute { try $0.push(Screens.chatList, nested: nested).push(Screens.chat(7)) })
        #expect(top == "ChatList")
        #expect(app.transitions.map(\.kind) == [.push, .push])
    }

    @Test func mergedAnimationsResolveAsNivelir() throws {
        let custom = ScreenStackAnimation.custom(ScreenCustomAnimation(name: "slide", duration: 0.2))
        let cases: [(ScreenStackAnimation?, ScreenStackAnimation?, String?)] = [
            (nil, nil, nil),
            (.crossDissolve, nil, "crossDissolve"),
            (nil, .crossDissolve, "crossDissolve"),
            (.crossDissolve, .crossDissolve, "crossDissolve"),
            (.crossDissolve, custom, "default"),
            (.default, custom, "default"),
        ]
        for (first, second, expected) in cases {
            let app = try stackApp([Screens.feed])
            _ = app.navigate(to: try stackRoute { try $0.push(Screens.chatList, animation: first).push(Screens.chat(1), animation: second) })
            #expect(app.transitions.map(\.animation) == [expected], "\(String(describing: first)) + \(String(describing: second))")
        }
    }

    @Test func customAnimationsTakeTheirOwnTime() throws {
        let app = try stackApp([Screens.feed])
        _ = app.navigate(to: try stackRoute { try $0.push(Screens.chatList, animation: .crossDissolve) })
        #expect(app.clock.now == 0.3)
        #expect(app.transitionLines == ["push stack [Feed] -> [Feed, ChatList] animated(crossDissolve)"])
    }

    @Test func popToAContainerUsesTheLastMatch() throws {
        let app = try stackApp([Screens.chat(1), Screens.feed, Screens.chat(1), Screens.profile, Screens.settings])
        _ = app.navigate(to: try stackRoute { try $0.pop(to: .container(name: "Chat")) })
        #expect(app.labels(of: app.window.root) == ["Chat(chatId=1)", "Feed", "Chat(chatId=1)"])
        #expect(app.transitions.map(\.kind) == [.setStack])
    }

    @Test func popToTheTopChangesNothing() throws {
        let app = try stackApp([Screens.feed, Screens.profile])
        #expect(app.navigate(to: try stackRoute { try $0.pop(to: .container(name: "Profile")) }).isSuccess)
        #expect(app.transitions.isEmpty)
    }

    @Test func popToAMissingContainerFails() throws {
        let app = try stackApp([Screens.feed])
        let result = app.navigate(to: try stackRoute { try $0.pop(to: .container(key: Screens.chat(9).key)) })
        #expect(result.errorMessage == "No container of UIViewController type found for:\n  Pop to Chat(chatId=9) container")
    }

    @Test func popRemovingTheTopIsAPop() throws {
        let app = try stackApp([Screens.feed, Screens.profile])
        _ = app.navigate(to: try stackRoute { try $0.pop() })
        #expect(app.transitionLines == ["pop stack [Feed, Profile] -> [Feed] animated"])
    }

    @Test func replaceSwapsTheTopOrPushesOnAnEmptyStack() throws {
        let app = try stackApp([Screens.feed, Screens.profile])
        _ = app.navigate(to: try stackRoute { try $0.replace(with: Screens.settings) })
        #expect(app.labels(of: app.window.root) == ["Feed", "Settings"])
        let empty = try ScreenApplication.with(.stack([]))
        _ = empty.navigate(to: try stackRoute { try $0.replace(with: Screens.settings) })
        #expect(empty.labels(of: empty.window.root) == ["Settings"])
    }

    @Test func clearEmptiesTheStackButUIKitKeepsALoneRoot() throws {
        let app = try stackApp([Screens.feed, Screens.profile])
        _ = app.navigate(to: try stackRoute { try $0.clear() })
        #expect(app.labels(of: app.window.root) == [])
        let lone = try stackApp([Screens.feed])
        _ = lone.navigate(to: try stackRoute { try $0.clear() })
        #expect(lone.labels(of: lone.window.root) == ["Feed"])   // a pop of the root, which UIKit ignores
    }

    @Test func customModifiersRunInOrder() throws {
        let app = try stackApp([Screens.feed, Screens.profile])
        let reverse = ScreenStackCustomModifier(description: "Reverse") { stack, _ in stack.reversed() }
        _ = app.navigate(to: try stackRoute { try $0.setStack([reverse]) })
        #expect(app.labels(of: app.window.root) == ["Profile", "Feed"])
        #expect(app.log.last == "Info: Setting stack of <UINavigationController> with modifiers:\n  - Reverse")
        // Nivelir's line breaks after the colon whatever follows: no modifiers leave it last.
        _ = app.navigate(to: try stackRoute { try $0.setStack([]) })
        #expect(app.log.last == "Info: Setting stack of <UINavigationController> with modifiers:\n")
        _ = app.navigate(to: try stackRoute { try $0.setStack([reverse, reverse]) })
        #expect(app.log.last == "Info: Setting stack of <UINavigationController> with modifiers:\n  - Reverse\n  - Reverse")
    }

    @Test func aModifierCannotPlaceAContainerTwiceOrAnAncestor() throws {
        let app = try stackApp([Screens.feed])
        let stack = try #require(app.window.root)
        let twice = ScreenStackCustomModifier(description: "Twice") { stack, _ in stack + stack }
        let result = app.navigate(to: try stackRoute { try $0.setStack([twice]) })
        #expect(result.errorMessage?.hasPrefix("The container <UIViewController: Feed> cannot be placed in <UINavigationController>") == true)
        let itself = ScreenStackCustomModifier(description: "Itself") { _, _ in [stack] }
        #expect(app.navigate(to: try stackRoute { try $0.setStack([itself]) }).errorMessage != nil)
        #expect(app.labels(of: stack) == ["Feed"])
        // Above the screens kept from the bottom: one of those again, or one twice there.
        #expect(app.navigate(to: try stackRoute { try $0.push(Screens.chatList).push(Screens.chat(1)) }).isSuccess)
        for (name, edit) in [("Bottom again", { (s: [ScreenContainer]) in [s[0], s[1], s[0]] }), ("Top twice", { s in [s[0], s[2], s[1], s[2]] })] {
            let modifier = ScreenStackCustomModifier(description: name) { stack, _ in edit(stack) }
            #expect(app.navigate(to: try stackRoute { try $0.setStack([modifier]) }).errorMessage?.hasPrefix("The container <UIViewController: ") == true, "\(name)")
        }
        #expect(app.labels(of: stack) == ["Feed", "ChatList", "Chat(chatId=1)"])
    }

    @Test func editsDuringAnAnimationQueueBehindIt() throws {
        let app = try stackApp([Screens.feed])
        var first = false, second = false
        app.navigator.navigate(to: try stackRoute { try $0.push(Screens.chatList) }) { _ in first = true }
        app.advance(by: 0.1)
        app.navigator.navigate(to: try stackRoute { try $0.push(Screens.chat(1)) }) { _ in second = true }
        #expect(app.labels(of: app.window.root) == ["Feed", "ChatList", "Chat(chatId=1)"])   // the state changes at once
        app.advance(by: 0.25)
        #expect(first && !second)
        app.advance(by: 0.35)
        #expect(second)
        #expect(app.transitions.map(\.time) == [0, 0.1])
    }
}
