import ScreenKit
import Testing

@Suite struct PictureTests {
    @Test func theTreeShowsKindsKeysAttributesSelectionAndTop() throws {
        let app = try tabApp(selected: 1, presenting: try fullScreenSettings())
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

    /// A name's newline would start a line that reads as a container of its own.
    @Test func aControlCharacterInANameIsWrittenVisibly() throws {
        let app = try ScreenApplication.with(.screen(Screens.modal("Line1\nLine2\u{1B}")))
        #expect(app.tree() == """
            window
            └─ modal Line1\\x0aLine2\\x1b ← top
            """)
    }

    /// A right-to-left override in a name would show the rest of its line backwards (and the
    /// `← top` after it): the controls that change direction are written as code points.
    @Test func aDirectionControlInANameIsWrittenVisibly() throws {
        let app = try ScreenApplication.with(.screen(Screens.modal("Chat\u{202E}txt.exe\u{2066}x\u{2069}")))
        #expect(app.tree() == """
            window
            └─ modal Chat\\u{202E}txt.exe\\u{2066}x\\u{2069} ← top
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

/// Explore's abstract states are read from the containers themselves; they must be what
/// the snapshot's shape says.
@Suite struct ShapeTests {
    @Test func theShapeIsTheSnapshotsShape() throws {
        let app = try tabApp(selected: 1, presenting: try fullScreenSettings())
        let animating = try ScreenApplication.with(.screen(Screens.feed))
        animating.navigator.navigate(to: try route { try $0.root().present(Screens.settings) })
        for app in [app, animating, try tabApp(selected: 0), ScreenApplication()] {
            let snapshot = ScreenSnapshot(app.window, top: app.navigator.topContainer)
            for keys in [false, true] {
                #expect(app.shape(keys: keys) == snapshot.shape(keys: keys))
            }
            #expect(app.unwoundShape() == ScreenSnapshot(app.window).unwound.shape(keys: false, marks: false))
        }
        #expect(app.shape(keys: true) == "(window[tabs*2[stack[modal Feed] stack[modal ChatList modal Chat(chatId=7)]] > stack[modal Settings!]])")
        #expect(app.unwoundShape() == "(window[tabs[stack[modal Feed] stack[modal ChatList]]])")
    }

    /// A name that holds what shapes are written with is quoted: two stacks, `[A!, A]` and
    /// `[A! modal A]`, wrote alike, and explore took them for one state.
    @Test func namesThatLookLikeAShapeAreQuoted() throws {
        let two = try ScreenApplication.with(.stack([.screen(Screens.modal("A!")), .screen(Screens.modal("A"))]))
        let one = try ScreenApplication.with(.stack([.screen(Screens.modal("A! modal A"))]))
        #expect(two.shape() == "(window[stack[modal \"A!\" modal A!]])")
        #expect(one.shape() == "(window[stack[modal \"A! modal A\"!]])")
        let traits = try ScreenApplication.with(.stack([.screen(Screens.modal("Say \"hi\"", ["a b": .int(1)]))]))
        #expect(traits.shape() == "(window[stack[modal \"Say \\\"hi\\\"\"!]])")
        #expect(traits.shape(keys: true) == "(window[stack[modal \"Say \\\"hi\\\"(a b=1)\"!]])")
        for app in [two, one, traits] {
            let snapshot = ScreenSnapshot(app.window, top: app.navigator.topContainer)
            #expect(app.shape(keys: true) == snapshot.shape(keys: true))
        }
    }
}

/// The default iterator works visibility out on the way down; it must find what asking
/// each container finds, asking the predicate the same times.
@Suite struct TopContainerTests {
    /// The protocol's own `topContainer`: visibility asked of each match.
    struct AskingEach: ScreenIterator {
        func iterate(from container: ScreenContainer, while predicate: (ScreenContainer) -> ScreenIterationResult) -> ScreenContainer? {
            DefaultScreenIterator().iterate(from: container, while: predicate)
        }
    }

    static func apps() throws -> [ScreenApplication] {
        let fullScreen = try fullScreenSettings()
        var apps = [
            try tabApp(selected: 1, presenting: fullScreen),
            try tabApp(selected: 0, presenting: try Screens.settings.decorated(by: ScreenStackContainerDecorator())),
            try tabApp(selected: 0), try tabApp(selected: 1), ScreenApplication(),
        ]
        let animating = try ScreenApplication.with(.stack([.screen(Screens.feed), .screen(Screens.chat(1))]))
        animating.navigator.navigate(to: try route { try $0.root().present(fullScreen) })
        apps.append(animating)
        let dismissing = try ScreenApplication.with(.stack([.screen(Screens.feed)]))
        _ = dismissing.navigate(to: try route { try $0.root().present(fullScreen) })
        dismissing.navigator.navigate(to: try route { try $0.top(.container(of: .stack)).dismiss() })
        apps.append(dismissing)
        // A chain: a sheet, then a full-screen presentation over it, which covers the sheet
        // (its Feed does not show; nor does the unselected tab's).
        let chain = try tabApp(selected: 1, presenting: try Screens.feed.decorated(by: ScreenStackContainerDecorator()))
        _ = chain.navigate(to: try route { try $0.top(.container(of: .modal)).present(fullScreen) })
        apps.append(chain)
        // A push under way: the old top (Chat 7) is still in the window beside Settings.
        let pushing = try tabApp(selected: 1)
        pushing.navigator.navigate(to: try route { try $0.top(.container(of: .stack)).push(Screens.settings) })
        pushing.advance(by: 0.1)
        apps.append(pushing)
        return apps
    }

    @Test func theWalkDownFindsWhatAskingEachFinds() throws {
        let predicates: [(ScreenContainer) -> Bool] = [
            { _ in true }, { $0.kind == .stack }, { $0.kind == .tabs }, { $0.kind == .modal }, { $0.name == "Feed" }, { $0.name == "Settings" }, { $0.name == "Chat" },
        ]
        for app in try Self.apps() {
            var starts = [app.window]
            starts += app.window.children
            starts += app.window.children.flatMap(\.children)
            var presented = app.window.children.first?.presentedContainer
            while let next = presented {
                starts += [next] + next.children
                presented = next.presentedContainer
            }
            for start in starts {
                for predicate in predicates {
                    var asked = 0, askedEach = 0
                    // As Nivelir's iterator: the predicate sees visible containers only.
                    let found = DefaultScreenIterator().topContainer(in: start) { asked += 1; #expect($0.isVisible); return predicate($0) }
                    let expected = AskingEach().topContainer(in: start) { askedEach += 1; return predicate($0) }
                    #expect(found === expected, "\(app.tree())")
                    #expect(asked == askedEach)
                }
            }
        }
    }

    @Test func theNavigatorsTopsSkipWhatIsNotInTheWindow() throws {
        for app in try Self.apps() {
            let navigator = app.navigator, asking = AskingEach()
            #expect(navigator.topContainer === asking.topContainer(in: app.window) { $0.kind.conforms(to: .modal) })
            #expect(navigator.topStackContainer === asking.topContainer(in: app.window) { $0.kind == .stack })
            #expect(navigator.topTabsContainer === asking.topContainer(in: app.window) { $0.kind == .tabs })
        }
    }
}
