import ScreenKit
import Testing

@Suite struct HierarchyTests {
    @Test func presentedAndPresentingFollowUIKitAncestorSemantics() throws {
        let app = try ScreenApplication.with(.tabs([
            .stack([.screen(Screens.feed)]),
        ], presented: .stack([.screen(Screens.settings)])))
        let tabs = try #require(app.window.root)
        let feed = try #require(tabs.children.first?.children.first)
        let modal = try #require(tabs.presentedContainer)
        let settings = try #require(modal.children.first)

        #expect(feed.presented === modal)          // through its ancestor, the tabs
        #expect(tabs.presented === modal)
        #expect(settings.presenting === tabs)      // through its presented ancestor
        #expect(modal.presenting === tabs)
        #expect(feed.presenting == nil)
        #expect(settings.stack === modal)
        #expect(feed.tabs === tabs)
        #expect(modal.tabs == nil)                 // presentation is not containment
    }

    @Test func windowIsFoundOnlyForContainersInIt() throws {
        let app = try tabApp(selected: 1)
        let tabs = try #require(app.window.root)
        let chatList = tabs.children[1].children[0]
        let chat = tabs.children[1].children[1]
        let feed = tabs.children[0].children[0]

        #expect(chat.window === app.window)
        #expect(chatList.window == nil)   // under the top of its stack
        #expect(feed.window == nil)       // in an unselected tab
        #expect(ScreenContainer(kind: .modal).window == nil)
    }

    @Test func visibilityFollowsPresentationStyle() throws {
        let sheet = try ScreenApplication.with(.stack([.screen(Screens.feed)], presented: .screen(Screens.settings)))
        let sheetStack = try #require(sheet.window.root)
        #expect(sheetStack.isVisible)                 // automatic is a page sheet: presenter stays

        let fullScreen = try Screens.settings.decorated(by: ScreenModalStyleDecorator(style: .default(presentation: .fullScreen)))
        let covered = try ScreenApplication.with(.stack([.screen(Screens.feed)], presented: .screen(fullScreen)))
        let coveredStack = try #require(covered.window.root)
        #expect(!coveredStack.isVisible)              // a completed full-screen presentation removes it
        #expect(coveredStack.presentedContainer?.isVisible == true)
    }

    @Test func aHiddenWindowShowsNothing() throws {
        let app = try tabApp()
        #expect(app.navigator.topContainer != nil)
        let hidden = ScreenApplication()
        #expect(hidden.navigator.topContainer == nil)
        #expect(hidden.window.isVisible)
    }
}
