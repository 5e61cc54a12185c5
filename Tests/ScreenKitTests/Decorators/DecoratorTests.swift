import ScreenKit
import Testing

@Suite struct DecoratorTests {
    func build(_ screen: AnyScreen) throws -> (ScreenContainer, ScreenApplication) {
        let app = ScreenApplication()
        return (try screen.build(navigator: app.navigator), app)
    }

    @Test func decoratorsApplyInOrderToTheContainerEachProduces() throws {
        let close = ScreenBarButtonItem(title: "Close")
        let screen = try Screens.chat(7)
            .decorated(by: ScreenBarButtonDecorator(side: .left, item: close))
            .decorated(by: ScreenStackContainerDecorator())
            .decorated(by: ScreenModalStyleDecorator(style: .default(presentation: .fullScreen)))
        #expect(screen.kind == .stack)
        #expect(screen.description == "Chat(chatId=7)")   // the inner key is kept
        let (stack, _) = try build(screen)
        #expect(stack.key == nil)                          // the wrapping stack has none
        #expect(stack.attributes == ["modalPresentationStyle": "fullScreen"])
        let chat = try #require(stack.children.first)
        #expect(chat.key == Screens.chat(7).key)
        #expect(chat.attributes == ["leftBarButton": .object(["title": "Close"])])
    }

    /// A decorator of the user's own, applied to a typed Swift screen as Nivelir's
    /// `decorated(by:)` is; one that does not make the asked type is refused.
    @Test func aSwiftScreenTakesADecoratorOfItsUser() throws {
        struct Tint: ScreenDecorator {
            var verb: String { "tinted" }
            var description: String { "Tint" }
            func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
                let container = try screen.build(navigator: navigator)
                container.setAttribute("red", for: "tint")
                return container
            }
        }
        let tinted: AnyModalScreen = try ChatScreen(chatId: 1).decorated(by: Tint())
        let (container, _) = try build(tinted.eraseToAnyScreen())
        #expect(container.attributes == ["tint": "red"])
        #expect(container.key == ChatScreen(chatId: 1).key)
        #expect(throws: ScreenDSLError.screenKind(verb: "tinted", expected: .stack, got: .modal)) {
            let _: AnyStackScreen = try ChatScreen(chatId: 1).decorated(by: Tint())
        }
    }

    @Test func modalStylesRecordUIKitProperties() throws {
        let (styled, _) = try build(try Screens.feed.decorated(by: ScreenModalStyleDecorator(style: .default(presentation: .overFullScreen, transition: .crossDissolve))))
        #expect(styled.attributes == ["modalPresentationStyle": "overFullScreen", "modalTransitionStyle": "crossDissolve"])
        let (custom, _) = try build(try Screens.feed.decorated(by: ScreenModalStyleDecorator(style: .custom(delegate: "CardTransition"))))
        #expect(custom.attributes == ["modalPresentationStyle": "custom", "transitioningDelegate": "CardTransition"])
    }

    @Test func aPopoverAnchorNeedsThePopoverStyleFirst() throws {
        let anchor = ScreenPopoverPresentationDecorator(anchor: "center")
        let popover = ScreenModalStyleDecorator(style: .default(presentation: .popover))
        let (ignored, _) = try build(try Screens.feed.decorated(by: anchor).decorated(by: popover))
        #expect(ignored.attributes == ["modalPresentationStyle": "popover"])
        let (anchored, _) = try build(try Screens.feed.decorated(by: popover).decorated(by: anchor))
        #expect(anchored.attributes == ["modalPresentationStyle": "popover", "popoverAnchor": "center"])
    }

    @Test func tabBarItemsAndBottomSheets() throws {
        let (tab, _) = try build(try Screens.feed.decorated(by: ScreenTabBarItemDecorator(item: ScreenTabBarItem(title: "Feed", image: "house", badge: "3"))))
        #expect(tab.attributes["tabBarItem"] == .object(["title": "Feed", "image": "house", "badge": "3"]))
        let (sheet, _) = try build(try Screens.feed.decorated(by: ScreenBottomSheetDecorator(sheet: ScreenBottomSheet(detents: ["medium", "large"]))))
        #expect(sheet.attributes["modalPresentationStyle"] == "custom")
        #expect(sheet.attributes["bottomSheet"] == .object(["detents": .array(["medium", "large"])]))
        #expect(sheet.payload.count == 1)
        #expect(ScreenModalPresentationStyle(attributeOf: sheet).removesPresenter == false)
    }

    /// One decorator, as Nivelir's ScreenBottomSheetStackDecorator: a stack of its class, shown
    /// as a bottom sheet, which keeps the sheet (changeBottomSheet finds it there).
    @Test func aBottomSheetStackIsOneDecorator() throws {
        struct Feed: Screen {
            typealias Container = ModalContainer
        }
        let screen = Feed().withBottomSheetStack(ScreenBottomSheet(detents: ["medium"]), of: "SheetStack").screen
        #expect(screen.decorators == 1)
        #expect(screen.kind == .stack)
        let (stack, _) = try build(screen)
        #expect(stack.className == "SheetStack")
        #expect(stack.children.map(\.label) == ["Feed"])
        #expect(stack.attributes["modalPresentationStyle"] == "custom")
        #expect(stack.attributes["bottomSheet"] == .object(["detents": .array(["medium"])]))
        #expect(stack.payload.compactMap { ($0 as? ScreenBottomSheetController)?.sheet } == [ScreenBottomSheet(detents: ["medium"])])
        #expect(ScreenBottomSheetStackDecorator(sheet: ScreenBottomSheet()).description == "ScreenBottomSheetStackDecorator")
    }

    @Test func withStackAndWithTabsReplaceTheContentsAndIgnoreSelected() throws {
        let (stack, _) = try build(try Screens.stack("Nav").decorated(by: ScreenStackDecorator(screens: [Screens.feed, Screens.chat(1)])))
        #expect(stack.children.map(\.label) == ["Feed", "Chat(chatId=1)"])
        let (tabs, _) = try build(try Screens.tabs("Home").decorated(by: ScreenTabsDecorator(screens: [Screens.feed, Screens.profile], selected: 1)))
        #expect(tabs.children.map(\.label) == ["Feed", "Profile"])
        #expect(tabs.selectedIndex == 0)   // Nivelir ignores `selected`
    }

    @Test func withStackOnAModalScreenIsRefusedWhereItIsWritten() throws {
        #expect(throws: ScreenDSLError.screenKind(verb: "withStack", expected: .stack, got: .modal)) {
            try Screens.feed.decorated(by: ScreenStackDecorator(screens: []))
        }
        #expect(ScreenDSLError.screenKind(verb: "withStack", expected: .stack, got: .modal).description
            == "calling 'withStack' on bad self (stack screen expected, got modal screen)")
    }

    @Test func customDecoratorsChangeTheContainer() throws {
        let badge = ScreenCustomDecorator(name: "withBadge") { container, _ in container.setAttribute(5, for: "badge") }
        let (container, _) = try build(try Screens.feed.decorated(by: badge))
        #expect(container.attributes == ["badge": 5])
    }

    @Test func aBarButtonRouteRunsWhenTapped() throws {
        let close = ScreenBarButtonItem(title: "Close", route: try AnyScreenRoute(root: .modal).presenting().dismiss())
        let screen = try Screens.chat(7)
            .decorated(by: ScreenBarButtonDecorator(side: .left, item: close))
            .decorated(by: ScreenStackContainerDecorator())
        let app = try ScreenApplication.with(.screen(Screens.feed, presented: .screen(screen)))
        let chat = try #require(app.window.root?.presentedContainer?.children.first)
        #expect(app.tap(.left, of: chat).isSuccess)
        #expect(app.window.root?.presentedContainer == nil)
        #expect(app.tap(.right, of: chat).errorMessage != nil)
    }

    @Test func aBuildStepThatThrowsFailsTheAction() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "cannot build" } }
        let broken = AnyScreen(name: "Broken") { _, _ in throw Broken() }
        let app = try tabApp()
        #expect(app.navigate(to: try route { try $0.top(.container(of: .stack)).push(broken) }).errorMessage == "cannot build")
        #expect(app.navigate(to: try route { try $0.root().present(broken) }).errorMessage == "cannot build")
        #expect(app.navigate(to: try route { try $0.setRoot(to: broken) }).errorMessage == "cannot build")
        #expect(app.transitions.isEmpty)
    }
}
