import Foundation
import LuaKit
import NavScript
import ScreenKit
import Testing

/// A state taken by a script restores in Swift through JSON, and a Swift state is the table a
/// script restores from (issue 14: "the same as JSON for Swift hosts").
@Suite struct SnapshotBridgeTests {
    @Test func aScriptsSnapshotRestoresInSwiftAndBack() throws {
        let runtime = try NavRuntime()
        let table = try runtime.run("""
            local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")
            local app = nav.app { root = nav.tabs { nav.stack { Feed() }, nav.stack { Chat { chatId = 7, ratio = 0.5 } } } }
            app:navigate(nav.route():top(nav.tabs):selectTab(2))
            app.navigator:navigate(nav.route():top(nav.container):present(Feed():withModalPresentationStyle("fullScreen")))
            app:advance(0.2)
            return app:snapshot()
            """, chunkName: "=state")
        let state = try ScreenApplicationState(luaSnapshot: table)
        #expect(state.clock == 0.2)
        #expect(state.hierarchy.children.first?.selectedIndex == 1)
        #expect(state.hierarchy.children.first?.presented.first?.presentationPhase == .presenting)
        let read = try JSONDecoder().decode(ScreenApplicationState.self, from: JSONEncoder().encode(state))
        let copy = try ScreenApplication(restoring: read)
        #expect(copy.state(pendingDeeplink: nil) == state)
        #expect(read.luaSnapshot == table)
        #expect(copy.state(pendingDeeplink: nil).luaSnapshot == table)
    }

    @Test func aTableThatIsNoSnapshotSaysWhy() throws {
        let bad = LuaValue.table(array: [], fields: ["kind": .string("window"), "children": .table(array: [.table(array: [], fields: ["kind": .string("sideways")])], fields: [:])])
        #expect(throws: ScreenDSLError.invalidArgument(verb: "restore", message: "restore.children[1]: kind must be window, modal, stack or tabs")) {
            try ScreenApplicationState(luaSnapshot: bad)
        }
    }
}
