import ScreenKit
import Testing

/// The examples of the Nivelir article ("Nivelir: a convenient DSL for navigation"), run.
@Suite struct ArticleExampleTests {
    let chat = ChatScreen(chatId: 7)

    /// "This route includes 2 actions: search for a top stack and push chat screen."
    /// Written from `.initial`, as Nivelir's code starts its routes.
    var pushRoute: ScreenRoute<WindowContainer, StackContainer> {
        ScreenWindowRoute.initial.top(.stack).push(chat)
    }

    /// "for modal presenting it is better to wrap it in its own stack with a close button"
    var presentRoute: ScreenRoute<WindowContainer, ModalContainer> {
        let close = ScreenBarButtonItem(title: "Close", route: try? AnyScreenRoute(root: .modal).presenting().dismiss())
        return ScreenWindowRoute()
            .top(.container)
            .present(chat.withLeftBarButton(close).withStackContainer().withModalPresentationStyle(.fullScreen))
    }

    @Test func pushTheChatIntoTheTopStack() throws {
        let app = try tabApp(selected: 0)
        #expect(app.navigate(to: pushRoute).isSuccess)
        #expect(app.navigator.topContainer?.key == chat.key)
        #expect(app.transitionLines == ["push stack [Feed] -> [Feed, Chat(chatId=7)] animated"])
        #expect(app.log == [
            "Info: Searching for a top container of UINavigationController type in UIWindow",
            "Info: Setting stack of <UINavigationController> with modifiers:\n  - Push Chat(chatId=7)",
        ])
    }

    @Test func theSameRouteSplitIntoAReusableStackRoute() throws {
        let app = try tabApp(selected: 0)
        let push = ScreenStackRoute().push(chat)
        #expect(app.navigate(to: ScreenWindowRoute().top(.stack).then(push)).isSuccess)
        #expect(app.navigator.topContainer?.key == chat.key)
    }

    @Test func fallBackToPresentingItWrappedInAStack() throws {
        let app = try ScreenApplication.with(.screen(Screens.feed))
        #expect(app.navigate(to: pushRoute.fallback(to: presentRoute)).isSuccess)
        #expect(app.tree() == """
            window
            └─ modal Feed
               └─ presents stack {modalPresentationStyle="fullScreen"}
                  └─ modal Chat(chatId=7) {leftBarButton={title="Close"}} ← top
            """)
        #expect(app.log.contains { $0.hasPrefix("Info: Catching error: No container of UINavigationController type found for:") })
        // "the left button is added for the ChatViewController, and the modal presentation
        // style is changed for the UINavigationController"; the close button closes it.
        let shown = try #require(app.navigator.topContainer)
        #expect(app.tap(.left, of: shown).isSuccess)
        #expect(app.window.root?.presentedContainer == nil)
    }

    @Test func makeVisibleFromADeeplinkAcrossAModalATabSwitchAndAPushedStack() throws {
        let app = try ScreenApplication.with(.tabs([
            .stack([.screen(Screens.chatList), .screen(chat.eraseToAnyScreen()), .screen(Screens.profile)]),
            .stack([.screen(Screens.feed)]),
        ], selected: 1, presented: .stack([.screen(Screens.settings)])))
        let deeplink = ScreenWindowRoute()
            .last(.container(key: chat.key))
            .makeVisible()
            .fallback(to: pushRoute)
            .fallback(to: presentRoute)
        #expect(app.navigate(to: deeplink).isSuccess)
        #expect(app.navigator.topContainer?.key == chat.key)
        #expect(app.transitions.map(\.kind) == [.dismiss, .selectTab, .pop])
        #expect(app.tree() == """
            window
            └─ tabs
               ├─ stack (selected)
               │  ├─ modal ChatList
               │  └─ modal Chat(chatId=7) ← top
               └─ stack
                  └─ modal Feed
            """)
    }

    @Test func theDeeplinkFallsBackToAPushWhenTheChatIsNotOpen() throws {
        let app = try tabApp(selected: 0)
        let deeplink = ScreenWindowRoute().last(.container(key: ChatScreen(chatId: 42).key)).makeVisible()
            .fallback(to: ScreenWindowRoute().top(.stack).push(ChatScreen(chatId: 42)))
        #expect(app.navigate(to: deeplink).isSuccess)
        #expect(app.navigator.topContainer?.label == "Chat(chatId=42)")
    }

    /// "Find the stack in chat tab, reset stack to a list of chats, push the chat screen":
    /// one setViewControllers call, so one animation instead of two.
    @Test func mergedStackEditsGiveOneTransition() throws {
        let app = try ScreenApplication.with(.tabs([
            .stack([.screen(Screens.feed)]),
            .stack([.screen(Screens.chatList), .screen(Screens.chat(1)), .screen(Screens.profile)], key: ScreenKey(name: "Chats")),
        ], selected: 1))
        let route = ScreenWindowRoute()
            .first(.stack(key: ScreenKey(name: "Chats")))
            .popToRoot()
            .push(chat)
        #expect(app.navigate(to: route).isSuccess)
        #expect(app.transitionLines == ["setStack stack Chats [ChatList, Chat(chatId=1), Profile] -> [ChatList, Chat(chatId=7)] animated"])
        #expect(app.clock.now == 0.35)
    }
}
