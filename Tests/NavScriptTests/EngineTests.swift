import Foundation
import LuaKit
import NavScript
import ScreenKit
import Testing

/// A folder of route scripts that tests edit.
final class ScriptTree {
    let root: URL

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-engine-\(UUID().uuidString)")
        for (path, text) in files {
            try write(path, text)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ path: String, _ text: String) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: false, encoding: .utf8)
        // Make sure the change is seen even within the file system's time resolution.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(Double.random(in: 1...1000))], ofItemAtPath: file.path)
    }

    func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(path))
    }

    func move(_ from: String, _ to: String) throws {
        try FileManager.default.moveItem(at: root.appendingPathComponent(from), to: root.appendingPathComponent(to))
    }
}

let chatRoutes = """
    local Chat = nav.screen("Chat", { build = function(c) c:setAttribute("version", 1) end })
    local M = {}
    function M.showChat(id)
      return nav.route():top(nav.stack):push(Chat { chatId = id })
    end
    return M
    """

@Suite @MainActor struct EngineTests {
    func hostApp() throws -> ScreenApplication {
        try ScreenApplication(root: .stack([.screen(AnyScreen(name: "Home"))]))
    }

    @Test func routesByNameWithArguments() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes, "rooms/list.lua": "return { open = function() return nav.route() end }",
                                   "flows/init.lua": "return { start = function() return nav.route() end }"])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        // A folder's init.lua is the folder's module, as require finds it.
        #expect(engine.routeNames == ["chat.showChat", "flows.start", "rooms.list.open"])
        let app = try hostApp()
        #expect(app.navigate(to: try engine.route("chat.showChat", .int(7))).isSuccess)
        #expect(app.navigator.topContainer?.label == "Chat(chatId=7)")
        #expect(app.navigator.topContainer?.attributes["version"] == .int(1))
        #expect(throws: NavEngineError.unknownRoute("chat.nothing", known: ["chat.showChat", "flows.start", "rooms.list.open"])) {
            try engine.route("chat.nothing")
        }
    }

    @Test func aRouteThatFailsReportsFileAndLine() async throws {
        let tree = try ScriptTree(["bad.lua": "return { broken = function() return nav.route():push() end, notRoute = function() return 1 end }"])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        #expect(throws: LuaError.self) { try engine.route("bad.broken") }
        do {
            _ = try engine.route("bad.broken")
        } catch let error as LuaError {
            #expect(error.message == "routes/bad.lua:1: calling 'push' on bad self (stack route expected, got window route)")
        }
        do {
            _ = try engine.route("bad.notRoute")
        } catch let error as LuaError {
            #expect(error.message == "routes/bad.lua:1: route 'bad.notRoute' returned number, not a Route")
        }
        // A chunk is named as messages name it, without Lua's `@`.
        let runtime = try NavRuntime()
        do {
            _ = try runtime.route(evaluating: "return 42", chunkName: "@n.lua")
            Issue.record("a number is no Route")
        } catch let error as LuaError {
            #expect(error.message == "n.lua returned number, not a Route")
        }
    }

    /// An argument a host built too deep is refused, not copied until the stack runs out.
    @Test func aRouteArgumentNestedTooDeepIsRefused() throws {
        let tree = try ScriptTree(["d.lua": "return { r = function(v) return nav.route() end }"])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        var deep = ScreenValue.int(1)
        for _ in 0..<10_000 { deep = .array([deep]) }
        #expect(throws: LuaError.self) { try engine.route("d.r", deep) }
        var fits = ScreenValue.int(1)
        for _ in 0..<LuaState.resultDepth { fits = .array([fits]) }
        _ = try engine.route("d.r", fits)
    }

    /// A module's table comes back whole, nested tables included; one that is no plain data
    /// (a class's cycle) is opaque, the module loaded all the same.
    @Test func requireGivesAModulesTableWhole() throws {
        let tree = try ScriptTree(["config.lua": "return { flags = { chat = true }, tabs = { 'a', 'b' }, open = function() end }",
                                   "class.lua": "local M = {}; M.__index = M; return M"])
        let runtime = try NavRuntime(options: LuaOptions(root: tree.root))
        #expect(try runtime.require("config") == .table(array: [], fields: [
            "flags": .table(array: [], fields: ["chat": .boolean(true)]), "tabs": .table(array: [.string("a"), .string("b")], fields: [:]),
            "open": .opaque("function")]))
        #expect(try runtime.require("class") == .opaque("table"))
        #expect(throws: LuaError.self) { try runtime.require("missing") }
    }

    @Test func aScriptThatDoesNotLoadFailsTheFirstLoad() async throws {
        let tree = try ScriptTree(["broken.lua": "return {"])
        #expect(throws: LuaError.self) { try NavEngine(root: tree.root, displayRoot: "routes") }
    }

    /// A root gone (renamed, a checkout under way) is a failed reload that keeps the routes,
    /// not a load of no scripts; a root that is not there at all does not load.
    @Test func aMissingRootKeepsTheLastGoodRoutes() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        try FileManager.default.removeItem(at: tree.root)
        let reload = try #require(await engine.checkForChanges())
        // Said with where it was looked for: a relative root is relative to the working folder.
        #expect(reload.error?.message == "routes (\(tree.root.standardizedFileURL.path)): no such folder: the scripts' root is a folder of route scripts")
        #expect(engine.routeNames.contains("chat.showChat"))
        #expect(throws: LuaError.self) { try NavEngine(root: tree.root.appendingPathComponent("nowhere"), displayRoot: "nowhere") }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-engine-file-\(UUID().uuidString).lua")
        try "return {}".write(to: file, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let starting = try NavEngine.starting(root: file, displayRoot: "routes.lua")
        #expect(starting.lastError?.message == "routes.lua (\(file.standardizedFileURL.path)): not a folder: the scripts' root is a folder of route scripts")
    }

    /// A development build that launches on a broken edit still gets an engine, which loads
    /// the scripts once they are fixed.
    @Test func anEngineCanStartOnABrokenScript() async throws {
        let tree = try ScriptTree(["chat.lua": "return {"])
        let engine = try NavEngine.starting(root: tree.root, displayRoot: "routes")
        #expect(engine.routeNames.isEmpty)
        #expect(engine.lastError?.message == "routes/chat.lua:1: unexpected symbol near <eof>")
        #expect(throws: NavEngineError.unknownRoute("chat.showChat", known: [])) { try engine.route("chat.showChat", .int(1)) }
        try tree.write("chat.lua", chatRoutes)
        let reload = try #require(await engine.checkForChanges())
        #expect(reload.error == nil)
        #expect(engine.lastError == nil)
        #expect(engine.routeNames.contains("chat.showChat"))
    }

    /// The scripts' deeplink handlers give a host its routes for links.
    @Test func aHostTurnsALinkIntoARouteThroughTheScripts() async throws {
        let tree = try ScriptTree([
            "chat.lua": chatRoutes,
            "links.lua": """
                local chat = require "chat"
                nav.deeplink("app://chat/:chatId", function(params) return chat.showChat(params.chatId) end)
                nav.deeplink("app://broken", function() error("no route here") end)
                return {}
                """,
        ])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        let app = try hostApp()
        let route = try #require(try engine.route(forDeeplink: "app://chat/7"))
        #expect(app.navigate(to: route).isSuccess)
        #expect(app.navigator.topContainer?.label == "Chat(chatId=7)")
        #expect(try engine.route(forDeeplink: "app://nothing") == nil)
        #expect(throws: NavEngineError.deeplink("'nope' is not a URL")) { try engine.route(forDeeplink: "nope") }
        do {
            _ = try engine.route(forDeeplink: "app://broken")
            Issue.record("a handler that raises gave a route")
        } catch let error as LuaError {
            #expect(error.message == "routes/links.lua:3: no route here")
        }
    }

    @Test func hostFactoriesWinOverScriptScreens() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes])
        let engine = try NavEngine(root: tree.root)
        engine.registerScreen("Chat") { traits in
            AnyScreen(name: "Chat", traits: traits) { container, _ in container.setAttribute("swift", for: "madeBy") }
        }
        let app = try hostApp()
        #expect(app.navigate(to: try engine.route("chat.showChat", .int(1))).isSuccess)
        #expect(app.navigator.topContainer?.attributes == ["madeBy": "swift"])
    }

    /// A factory's screen stands for the script's: one named otherwise would hide from the
    /// scripts' searches, so it fails where it is built, saying what to name it.
    @Test func aFactoryScreenNamedOtherwiseIsRefused() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes])
        let engine = try NavEngine(root: tree.root)
        engine.registerScreen("Chat") { traits in AnyScreen(name: "ChatScreen", traits: traits) { _, _ in } }
        let app = try hostApp()
        guard case let .failure(error) = app.navigate(to: try engine.route("chat.showChat", .int(1))) else {
            Issue.record("a screen named ChatScreen was pushed for Chat")
            return
        }
        #expect("\(error)".contains("the Swift factory for 'Chat' made a screen named 'ChatScreen': name it as the scripts do"), "\(error)")
    }

    /// A root that holds the scenarios too (lua/ with routes/ and scenarios/) loads only the
    /// route scripts, named as the scenarios require them (routes.chat).
    @Test func aRootWithScenariosLoadsOnlyTheRouteScripts() async throws {
        let tree = try ScriptTree([
            "routes/chat.lua": chatRoutes,
            "scenarios/chat.lua": "describe('chat', function() end)",
            "routes/chat_spec.lua": "scenario('x', function() end)",
            "explore.lua": "return explore.model { start = function() return nav.app() end, actions = {} }",
        ])
        let engine = try NavEngine(root: tree.root)
        #expect(engine.routeNames == ["routes.chat.showChat"])
        // The folders above the root do not count: a checkout under ~/scenarios loads its routes.
        let nested = try ScriptTree(["scenarios/app/chat.lua": chatRoutes])
        #expect(try NavEngine(root: nested.root.appendingPathComponent("scenarios/app")).routeNames == ["chat.showChat"])
    }

    @Test func aGoodEditIsSwappedInAndTheHierarchySurvives() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes])
        let engine = try NavEngine(root: tree.root)
        var reloads: [NavReload] = []
        engine.onReload = { reloads.append($0) }
        let app = try hostApp()
        #expect(app.navigate(to: try engine.route("chat.showChat", .int(1))).isSuccess)
        #expect(await engine.checkForChanges() == nil)
        try tree.write("chat.lua", chatRoutes.replacingOccurrences(of: "\"version\", 1", with: "\"version\", 2"))
        let reload = try #require(await engine.checkForChanges())
        #expect(reload.succeeded)
        #expect(reload.changed == ["chat.lua"])
        #expect(reloads.count == 1)
        #expect(app.navigate(to: try engine.route("chat.showChat", .int(2))).isSuccess)
        #expect(app.window.root?.children.map(\.label) == ["Home", "Chat(chatId=1)", "Chat(chatId=2)"])
        #expect(app.window.root?.children.map { $0.attributes["version"] } == [nil, .int(1), .int(2)])
    }

    /// A script that loads but lost its routes (a `return M` deleted), or a script of routes
    /// deleted or renamed, is a good reload with a warning: the host would otherwise learn of
    /// it only when it asks for a route. A script of screens alone is no such loss.
    @Test func aScriptThatLosesItsRoutesIsWarnedOf() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes, "screens.lua": "nav.screen('Feed')"])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        try tree.write("chat.lua", chatRoutes.replacingOccurrences(of: "return M", with: ""))
        try tree.write("screens.lua", "nav.screen('Feed')\nnav.screen('Photo')")
        let reload = try #require(await engine.checkForChanges())
        #expect(reload.succeeded)
        #expect(reload.warnings == ["routes/chat.lua gives no routes now (it gave chat.showChat): does it still return its table of route functions?"])
        #expect(reload.description == "reloaded chat.lua, screens.lua: 0 route(s); warning: routes/chat.lua gives no routes now (it gave chat.showChat): does it still return its table of route functions?")
        // Said once: the next reload compares with this one.
        try tree.write("screens.lua", "nav.screen('Feed')")
        #expect(try #require(await engine.checkForChanges()).warnings.isEmpty)
        try tree.write("chat.lua", chatRoutes)
        #expect(try #require(await engine.checkForChanges()).warnings.isEmpty)
        try FileManager.default.moveItem(at: tree.root.appendingPathComponent("chat.lua"), to: tree.root.appendingPathComponent("chats.lua"))
        let renamed = try #require(await engine.checkForChanges())
        #expect(renamed.warnings == ["routes/chat.lua is gone (deleted or renamed), and its routes with it: chat.showChat"])
        #expect(renamed.routes == ["chats.showChat"])
        try FileManager.default.removeItem(at: tree.root.appendingPathComponent("chats.lua"))
        let removed = try #require(await engine.checkForChanges())
        #expect(removed.warnings == ["routes/chats.lua is gone (deleted or renamed), and its routes with it: chats.showChat"] && removed.routes.isEmpty)
        try FileManager.default.removeItem(at: tree.root.appendingPathComponent("screens.lua"))
        #expect(try #require(await engine.checkForChanges()).warnings.isEmpty)
    }

    /// A script no module name names is left out of the load, and a reload says so when it
    /// appears or is saved: `route("chat-list.a")` said only that there was no such route.
    @Test func aScriptLeftOutByItsNameIsWarnedOf() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        try tree.write("chat-list.lua", chatRoutes)
        let reload = try #require(await engine.checkForChanges())
        #expect(reload.warnings == ["routes/chat-list.lua is left out: require names a module by letters, digits and _ (chat_list.lua, not chat-list.lua)"])
        #expect(reload.routes == ["chat.showChat"])
        try tree.write("chat.lua", chatRoutes + "\n")
        #expect(try #require(await engine.checkForChanges()).warnings.isEmpty)   // said once
        try tree.write("chat-list.lua", chatRoutes + "\n")
        #expect(try #require(await engine.checkForChanges()).warnings.count == 1)   // and again when it is saved
    }

    @Test func aBrokenEditKeepsTheLastGoodVersion() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        try tree.write("chat.lua", "local M = {}\nfunction M.showChat(id)\n  return nav.route(:\nend\nreturn M")
        let reload = try #require(await engine.checkForChanges())
        #expect(!reload.succeeded)
        #expect(reload.error?.message == "routes/chat.lua:3: unexpected symbol near ':'")
        #expect(engine.lastError?.location?.line == 3)
        let app = try hostApp()
        #expect(app.navigate(to: try engine.route("chat.showChat", .int(1))).isSuccess)
        try tree.write("chat.lua", chatRoutes.replacingOccurrences(of: "\"version\", 1", with: "\"version\", 3"))
        #expect(await engine.checkForChanges()?.succeeded == true)
        #expect(engine.lastError == nil)
        #expect(app.navigate(to: try engine.route("chat.showChat", .int(2))).isSuccess)
        #expect(app.navigator.topContainer?.attributes["version"] == .int(3))
    }

    @Test func aRuntimeErrorWhileLoadingKeepsTheLastGoodVersion() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        try tree.write("chat.lua", "local x = nil\nreturn { showChat = x.y }")
        let reload = try #require(await engine.checkForChanges())
        #expect(reload.error?.message == "routes/chat.lua:2: attempt to index a nil value (local 'x')")
        #expect(engine.routeNames == ["chat.showChat"])
        try tree.write("chat.lua", "while true do end")
        #expect(await engine.checkForChanges()?.error?.kind == .instructionLimit)
        #expect(engine.routeNames == ["chat.showChat"])
    }

    @Test func deletedAndRenamedFiles() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes, "extra.lua": "return { go = function() return nav.route() end }"])
        let engine = try NavEngine(root: tree.root)
        try tree.remove("extra.lua")
        #expect(await engine.checkForChanges()?.changed == ["extra.lua"])
        #expect(engine.routeNames == ["chat.showChat"])
        try tree.move("chat.lua", "messages.lua")
        let reload = try #require(await engine.checkForChanges())
        #expect(reload.changed == ["chat.lua", "messages.lua"])
        #expect(engine.routeNames == ["messages.showChat"])
    }

    @Test func aBurstOfSavesEndsWithTheLastOne() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes])
        let engine = try NavEngine(root: tree.root)
        var reloads = 0
        engine.onReload = { _ in reloads += 1 }
        for version in 1...20 {
            try tree.write("chat.lua", chatRoutes.replacingOccurrences(of: "\"version\", 1", with: "\"version\", \(version * 10)"))
            if version % 5 == 0 { await engine.checkForChanges() }
        }
        await engine.checkForChanges()
        #expect(reloads == 4)
        let app = try hostApp()
        #expect(app.navigate(to: try engine.route("chat.showChat", .int(1))).isSuccess)
        #expect(app.navigator.topContainer?.attributes["version"] == .int(200))
    }

    /// A reload that started first and finishes last read older scripts: it is dropped, and
    /// the newest stay (before, the slow one swapped the old scripts back in for good).
    @Test func overlappingReloadsEndWithTheNewestScripts() async throws {
        let version = { (number: Int) in chatRoutes.replacingOccurrences(of: "\"version\", 1", with: "\"version\", \(number)") }
        let tree = try ScriptTree(["chat.lua": version(1)])
        let engine = try NavEngine(root: tree.root)
        try tree.write("chat.lua", "for i = 1, 30000000 do end\n" + version(2))      // slow to load
        let slow = Task { @MainActor in await engine.reload() }
        try await Task.sleep(nanoseconds: 20_000_000)
        try tree.write("chat.lua", version(3))
        let fast = await engine.reload()
        let late = await slow.value
        #expect(fast.succeeded && late.succeeded)
        let app = try hostApp()
        #expect(app.navigate(to: try engine.route("chat.showChat", .int(1))).isSuccess)
        #expect(app.navigator.topContainer?.attributes["version"] == .int(3), "the slow reload \(late.superseded ? "was" : "was not") dropped")
    }

    /// `await engine.reload()` compiles outside the main actor: its result is Sendable.
    @Test func aReloadCanBeAwaitedFromAnyContext() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes])
        let engine = try NavEngine(root: tree.root)
        #expect(await reloadedElsewhere(engine))
        #expect(engine.routeNames == ["chat.showChat"])
    }

    @Test func aRouteHandedOutBeforeTheReloadBuildsWithTheNewDefinitions() async throws {
        let withGet = chatRoutes.replacingOccurrences(of: "return M", with: "M.withGet = function() return nav.route():top(nav.stack):get(function() end) end\nreturn M")
        let tree = try ScriptTree(["chat.lua": withGet])
        let engine = try NavEngine(root: tree.root)
        let kept = try engine.route("chat.showChat", .int(5))
        let withFunction = try engine.route("chat.withGet")
        try tree.write("chat.lua", chatRoutes.replacingOccurrences(of: "\"version\", 1", with: "\"version\", 9"))
        #expect(await engine.checkForChanges()?.succeeded == true)
        let app = try hostApp()
        #expect(app.navigate(to: kept).isSuccess)
        #expect(app.navigator.topContainer?.attributes["version"] == .int(9))
        #expect(app.navigate(to: withFunction).failureMessage == "the script this function came from was unloaded")
    }

    @Test func modulesRequiredByOthersReloadTogether() async throws {
        let tree = try ScriptTree([
            "common/screens.lua": "return { Chat = nav.screen('Chat') }",
            "chat.lua": "local s = require 'common.screens'\nreturn { show = function() return nav.route():top(nav.stack):push(s.Chat { v = 1 }) end }",
        ])
        let engine = try NavEngine(root: tree.root)
        #expect(engine.routeNames == ["chat.show"])
        try tree.write("common/screens.lua", "return { Chat = nav.screen('Message') }")
        #expect(await engine.checkForChanges()?.succeeded == true)
        let app = try hostApp()
        #expect(app.navigate(to: try engine.route("chat.show")).isSuccess)
        #expect(app.navigator.topContainer?.label == "Message(v=1)")
    }

    @Test func watchingReloadsOnTheMainActor() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes])
        let engine = try NavEngine(root: tree.root)
        var reloads: [NavReload] = []
        engine.onReload = { reloads.append($0) }
        engine.watch(every: 0.01)
        try tree.write("chat.lua", chatRoutes.replacingOccurrences(of: "\"version\", 1", with: "\"version\", 4"))
        for _ in 0..<500 where reloads.isEmpty {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        engine.stopWatching()
        #expect(reloads.map(\.succeeded) == [true])
        let app = try hostApp()
        #expect(app.navigate(to: try engine.route("chat.showChat", .int(1))).isSuccess)
        #expect(app.navigator.topContainer?.attributes["version"] == .int(4))
    }

    @Test func aScreensRefreshFunctionSurvivesAGoodReload() async throws {
        let refreshing = """
            local Chat = nav.screen("Chat", { refresh = function(c) c:setAttribute("refreshedBy", VERSION) end })
            return { show = function() return nav.route():top(nav.stack):push(Chat()) end,
                     refresh = function() return nav.route():top(nav.stack):stackTop():refresh() end }
            """
        let tree = try ScriptTree(["chat.lua": refreshing.replacingOccurrences(of: "VERSION", with: "1")])
        let engine = try NavEngine(root: tree.root)
        let app = try hostApp()
        #expect(app.navigate(to: try engine.route("chat.show")).isSuccess)
        try tree.write("chat.lua", refreshing.replacingOccurrences(of: "VERSION", with: "2"))
        #expect(await engine.checkForChanges()?.succeeded == true)
        #expect(app.navigate(to: try engine.route("chat.refresh")).isSuccess)
        #expect(app.navigator.topContainer?.attributes["refreshedBy"] == .int(2))
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}

/// Awaits a reload from a nonisolated context (a compile-time check that NavReload is Sendable).
nonisolated func reloadedElsewhere(_ engine: NavEngine) async -> Bool {
    await engine.reload().succeeded
}
