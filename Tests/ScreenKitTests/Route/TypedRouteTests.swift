import Foundation
import ScreenKit
import Testing

/// Swift screens and typed routes, as a Nivelir user writes them.
struct ChatScreen: Screen {
    typealias Container = ModalContainer
    let chatId: Int
    var name: String { "Chat" }
    var traits: [String: ScreenValue] { ["chatId": .int(chatId)] }
}

struct ChatListScreen: Screen {
    typealias Container = ModalContainer
    var name: String { "ChatList" }
}

struct HomeScreen: Screen {
    typealias Container = TabsContainer
    var name: String { "Home" }

    /// Sets up its own tabs, as Nivelir's example HomeScreen does, through a navigation
    /// from the container it builds.
    func build(navigator: ScreenNavigator) throws -> ScreenContainer {
        let tabs = makeContainer()
        navigator.navigate(from: tabs, to: ScreenTabsRoute()
            .setupTab(with: ChatListScreen().withStackContainer())
            .setupTab(with: ChatScreen(chatId: 1).withStackContainer())
            .selectTab(with: .index(0)).route)
        return tabs
    }
}

@Suite struct TypedRouteTests {
    /// The README's "ScreenKit in Swift" sample, run: the fallback pushes the chat onto the
    /// root's stack, and a second run brings it forward instead of pushing it again.
    @Test func theReadmeSampleFindsOrPushesTheChat() throws {
        struct FeedScreen: Screen {
            typealias Container = ModalContainer
            var name: String { "Feed" }
        }
        let app = ScreenApplication()
        #expect(app.navigate(to: ScreenWindowRoute().setRoot(to: FeedScreen().withStackContainer())).isSuccess)
        let showChat = ScreenWindowRoute()
            .last(.container(key: ChatScreen(chatId: 7).key)).makeVisible()
            .fallback(to: ScreenWindowRoute().top(.stack).push(ChatScreen(chatId: 7)))
        #expect(app.navigate(to: showChat).isSuccess)
        app.settle()
        #expect(app.navigate(to: showChat).isSuccess)
        app.settle()
        #expect(app.window.root?.children.map(\.label) == ["Feed", "Chat(chatId=7)"])
    }

    @Test func typedRoutesMirrorNivelir() throws {
        let app = ScreenApplication()
        let home = ScreenWindowRoute().setRoot(to: HomeScreen()).makeKeyAndVisible()
        #expect(app.navigate(to: home).isSuccess)
        let push = ScreenWindowRoute().top(.stack).push(ChatScreen(chatId: 7))
        #expect(app.navigate(to: push).isSuccess)
        #expect(app.tree() == """
            window
            └─ tabs Home
               ├─ stack (selected)
               │  ├─ modal ChatList
               │  └─ modal Chat(chatId=7) ← top
               └─ stack
                  └─ modal Chat(chatId=1)
            """)
    }

    /// Nivelir's closure forms, `navigator.navigate { $0.top(.stack).push(chat) }`, and its
    /// errors' `localizedDescription`, which hosts show.
    @Test func routesBuiltInClosures() throws {
        let app = try ScreenApplication.with(.stack([.screen(Screens.feed)]))
        var result: Result<Void, Error>?
        app.navigator.navigate { $0.top(.stack).push(ChatScreen(chatId: 4)) }
        app.navigator.navigate(to: { $0.top(.stack).push(ChatScreen(chatId: 5)) }) { result = $0 }
        app.settle()
        #expect(result?.isSuccess == true)
        #expect(app.navigate { $0.top(.stack).pop() }.isSuccess)
        #expect(app.navigator.topContainer?.label == "Chat(chatId=4)")
        let failure = app.navigate { $0.top(.tabs).selectTab(with: .index(0)) }
        guard case let .failure(error) = failure else {
            Issue.record("selecting a tab with no tabs succeeded")
            return
        }
        #expect(error.localizedDescription == "\(error)")
        #expect(error.localizedDescription.hasPrefix("No container of UITabBarController type found"))
    }

    @Test func typedNestedRoutesAndComposition() throws {
        let app = try ScreenApplication.with(.screen(Screens.feed))
        let pushRoute = ScreenStackRoute().push(ChatScreen(chatId: 2))
        let route = ScreenWindowRoute()
            .top(.container)
            .present(ChatListScreen().withStackContainer()) { $0.then(pushRoute) }
            .resolve()
        #expect(app.navigate(to: route).isSuccess)
        #expect(app.window.root?.presentedContainer?.children.map(\.label) == ["ChatList", "Chat(chatId=2)"])
    }

    @Test func typedFallbackAndFrom() throws {
        let app = try ScreenApplication.with(.screen(Screens.feed))
        let route = ScreenWindowRoute()
            .top(.stack).push(ChatScreen(chatId: 3))
            .fallback(to: ScreenWindowRoute().top(.container).present(ChatScreen(chatId: 3)))
        #expect(app.navigate(to: route).isSuccess)
        let presented = app.window.root?.presentedContainer
        #expect(presented?.label == "Chat(chatId=3)")
        let close = ScreenWindowRoute().from(presented, as: ModalContainer.self).presenting.dismiss()
        #expect(app.navigate(to: close).isSuccess)
        #expect(app.window.root?.presentedContainer == nil)
    }

    @Test func theDynamicModelRefusesWhatTheTypesForbid() throws {
        #expect(throws: ScreenDSLError.currentKind(verb: "push", expected: .stack, got: .window)) {
            try AnyScreenRoute(root: .window).push(Screens.feed)
        }
        #expect(throws: ScreenDSLError.currentKind(verb: "selectTab", expected: .tabs, got: .stack)) {
            try AnyScreenRoute(root: .stack).selectTab(with: .index(0))
        }
        #expect(throws: ScreenDSLError.currentKind(verb: "present", expected: .modal, got: .window)) {
            try AnyScreenRoute(root: .window).present(Screens.feed)
        }
        #expect(throws: ScreenDSLError.nestedRoute(verb: "present", expected: .modal, got: .stack)) {
            try AnyScreenRoute(root: .modal).present(Screens.feed, nested: AnyScreenRoute(root: .stack))
        }
        #expect(throws: ScreenDSLError.nestedRoute(verb: "then", expected: .window, got: .modal)) {
            try AnyScreenRoute(root: .window).then(AnyScreenRoute(root: .modal))
        }
        // A stack is a view controller: modal routes compose onto stack routes.
        #expect(try AnyScreenRoute(root: .stack).then(AnyScreenRoute(root: .modal).dismiss()).actions.count == 1)
        #expect(ScreenDSLError.currentKind(verb: "push", expected: .stack, got: .window).description
            == "calling 'push' on bad self (stack route expected, got window route)")
    }

    @Test func theCurrentKindFollowsTheFolds() throws {
        let route = try AnyScreenRoute(root: .window).top(.container(of: .stack))
        #expect(route.currentKind == .stack && route.rootKind == .window)
        #expect(try route.stackTop().currentKind == .modal)
        #expect(try route.push(Screens.feed).currentKind == .stack)
        #expect(try route.present(Screens.tabs("T")).currentKind == .stack)
        #expect(try route.presented(as: .tabs).currentKind == .tabs)
        #expect(try route.top(.container(of: .stack), nested: AnyScreenRoute(root: .stack)).currentKind == .stack)
    }

    /// An action given as a value, to `then` or `fold`, is held to the route's kinds where
    /// the route is built, as Nivelir's compiler holds it: the typed builders take none.
    @Test func anActionGivenAsAValueIsHeldToTheKinds() throws {
        let onStack = ScreenCustomAction(name: "stackOnly", on: .stack) { _, _, done in done(.success(nil)) }
        #expect(throws: ScreenDSLError.self) { try ScreenWindowRoute().then(onStack) }
        #expect(try ScreenWindowRoute().top(.stack).then(onStack).actions.count == 1)
        let producesModal = ScreenCustomAction(name: "modal", on: .window, produces: .modal) { container, _, done in done(.success(container)) }
        #expect(throws: ScreenDSLError.self) { try ScreenWindowRoute().fold(producesModal, as: StackContainer.self) }
        #expect(throws: ScreenDSLError.self) { try ScreenWindowRoute().fold(onStack, as: StackContainer.self) }
        #expect(try ScreenWindowRoute().fold(producesModal, as: ModalContainer.self).route.currentKind == .modal)
    }
}
