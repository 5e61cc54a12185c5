import Foundation
import LuaKit
@testable import NavScript
import ScreenKit
import Testing

/// What a host hears when scripts go (a reload, the engine released) or misbehave where no
/// navigation can say so, and what a host's own choices (factories, directories) may not break.
@Suite @MainActor struct EngineUnloadTests {
    func hostApp() throws -> ScreenApplication {
        try ScreenApplication(root: .stack([.screen(AnyScreen(name: "Home"))]))
    }

    /// A navigation waiting on a custom action's `done` when a reload unloads the script
    /// that holds it fails, saying so: nothing could call `done` any more.
    @Test func aReloadFailsTheDoneItsScriptsDidNotCall() async throws {
        let scripts = """
            local Chat = nav.screen("Chat")
            nav.action("waitSignIn", { on = "stack", perform = function(c, n, done) PENDING = done end })
            return { go = function() return nav.route():top(nav.stack):waitSignIn():push(Chat()) end }
            """
        let tree = try ScriptTree(["chat.lua": scripts])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        let app = try hostApp()
        var outcome: Result<Void, Error>?
        #expect(app.navigateLeavingPending(to: try engine.route("chat.go")) { outcome = $0 } == nil)
        try tree.write("chat.lua", scripts + "\n")
        #expect(await engine.checkForChanges()?.succeeded == true)
        guard case let .failure(error)? = outcome else {
            Issue.record("the navigation still waits: \(String(describing: outcome))")
            return
        }
        #expect("\(error)".contains("the script this function came from was unloaded"), "\(error)")
        #expect(app.navigator.topContainer?.label == "Home")
    }

    /// A refresh function a reload adds reaches the screens built before it, as an edited or
    /// removed one does: by name, when the container refreshes (it was decided when the
    /// screen was built). One never defined still fails as Nivelir's type mismatch.
    @Test func aRefreshAddedByAReloadReachesScreensBuiltBefore() async throws {
        let routes = """
            return { show = function() return nav.route():top(nav.stack):push(S.Chat()) end,
                     refresh = function() return nav.route():top(nav.stack):stackTop():refresh() end }
            """
        let tree = try ScriptTree(["r.lua": "S = { Chat = nav.screen('Chat') }\n" + routes])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        let app = try hostApp()
        #expect(app.navigate(to: try engine.route("r.show")).isSuccess)
        guard case let .failure(error) = app.navigate(to: try engine.route("r.refresh")) else {
            Issue.record("a screen with no refresh function refreshed")
            return
        }
        #expect("\(error)".contains("does not match the expected type ScreenRefreshableContainer"), "\(error)")
        try tree.write("r.lua", "S = { Chat = nav.screen('Chat', { refresh = function(c) c:setAttribute('refreshed', true) end }) }\n" + routes)
        #expect(await engine.checkForChanges()?.succeeded == true)
        #expect(app.navigate(to: try engine.route("r.refresh")).isSuccess)
        #expect(app.navigator.topContainer?.attributes["refreshed"] == .bool(true))
    }

    /// An error no navigation can report (an action's, a `get`'s or a refresh's, after its
    /// `done`) reaches `onScriptError` with its file and line. A `get`'s and a refresh's
    /// were dropped.
    @Test func anErrorWithNoCallerReachesOnScriptError() async throws {
        let tree = try ScriptTree(["a.lua": """
            nav.action("track", { on = "stack", perform = function(c, n, done) done() error("boom after done") end })
            local Chat = nav.screen("Chat", { refresh = function(c, done) done() error("refresh after done") end })
            return { go = function() return nav.route():top(nav.stack):track() end,
                     get = function() return nav.route():top(nav.stack):get(function(c, done) done() error("get after done") end) end,
                     chat = function() return nav.route():top(nav.stack):push(Chat()) end,
                     refresh = function() return nav.route():top(nav.stack):stackTop():refresh() end }
            """])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        var heard: [String] = []
        engine.onScriptError = { heard.append($0.message) }
        let app = try hostApp()
        for route in ["a.go", "a.get", "a.chat", "a.refresh"] {
            #expect(app.navigate(to: try engine.route(route)).isSuccess, "\(route)")
        }
        #expect(heard == ["routes/a.lua:1: boom after done", "routes/a.lua:4: get after done", "routes/a.lua:2: refresh after done"])
    }

    /// A navigation waiting on a `done` when its engine is released fails, as at a reload:
    /// it waited for ever.
    @Test func aReleasedEngineFailsTheDoneItsScriptsDidNotCall() async throws {
        let tree = try ScriptTree(["chat.lua": """
            nav.action("waitSignIn", { on = "stack", perform = function(c, n, done) PENDING = done end })
            return { go = function() return nav.route():top(nav.stack):waitSignIn() end }
            """])
        var engine: NavEngine? = try NavEngine(root: tree.root, displayRoot: "routes")
        let app = try hostApp()
        var outcome: Result<Void, Error>?
        #expect(app.navigateLeavingPending(to: try #require(try engine?.route("chat.go"))) { outcome = $0 } == nil)
        #expect(outcome == nil)
        engine = nil
        guard case let .failure(error)? = outcome else {
            Issue.record("the navigation still waits: \(String(describing: outcome))")
            return
        }
        #expect("\(error)".contains("the script this function came from was unloaded"), "\(error)")
    }

    /// A factory's container is the kind the scripts declare, which their routes were
    /// checked against (a push onto it), or building it fails.
    @Test func aFactoryOfAnotherKindIsRefused() async throws {
        let tree = try ScriptTree(["chat.lua": """
            local Chat, Msg = nav.screen("Chat", { container = "stack" }), nav.screen("Msg")
            return { go = function() return nav.route():top(nav.container):present(Chat()):stack():push(Msg()) end }
            """])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        engine.registerScreen("Chat") { traits in AnyScreen(name: "Chat", traits: traits) { _, _ in } }
        let app = try hostApp()
        guard case let .failure(error) = app.navigate(to: try engine.route("chat.go")) else {
            Issue.record("a modal container stood for a stack")
            return
        }
        #expect("\(error)".contains("the Swift factory for 'Chat' made a modal container, where the scripts declare 'Chat' a stack"), "\(error)")
    }

    /// A route kept past its engine builds no blank screen: its script screens fail as unloaded.
    @Test func aScriptScreenOfAnEngineGoneFailsToBuild() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes])
        var engine: NavEngine? = try NavEngine(root: tree.root)
        let route = try #require(try engine?.route("chat.showChat", .int(1)))
        engine = nil
        let app = try hostApp()
        guard case let .failure(error) = app.navigate(to: route) else {
            Issue.record("a screen was built without its scripts")
            return
        }
        #expect("\(error)".contains("the scripts that define screen 'Chat' were unloaded"), "\(error)")
    }

    /// Each engine resolves names in its own runtime: a directory another engine uses is
    /// refused, and a runtime made over it does not take it over.
    @Test func aDirectoryIsOneEnginesOwn() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes])
        let directory = NavDirectory()
        let engine = try NavEngine(root: tree.root, directory: directory)
        #expect(throws: NavEngineError.directoryInUse) { try NavEngine(root: tree.root, directory: directory) }
        let scratch = try NavRuntime(directory: directory)
        _ = try scratch.route(evaluating: "return nav.route()")
        let app = try hostApp()
        #expect(app.navigate(to: try engine.route("chat.showChat", .int(1))).isSuccess)
        #expect(app.navigator.topContainer?.attributes["version"] == .int(1))
    }

    /// The engine requires the scripts through the sandbox's own `require`, whatever a
    /// script did to the global of that name.
    @Test func aScriptThatReplacesRequireLosesNoRoutes() async throws {
        for replacement in ["require = function() return {} end", "require = nil"] {
            let tree = try ScriptTree(["a.lua": replacement + "\nreturn {}", "chat.lua": chatRoutes])
            let engine = try NavEngine(root: tree.root, displayRoot: "routes")
            #expect(engine.routeNames == ["chat.showChat"], "\(replacement)")
        }
    }

    /// A load is one budget of instructions, not one for each file (each of these runs
    /// ~0.8 M; the three together are over 2 M).
    @Test func aLoadIsOneBudget() async throws {
        var files: [String: String] = [:]
        for index in 0..<3 { files["f\(index).lua"] = "local n = 0 for i = 1, 400000 do n = n + 1 end return {}" }
        let tree = try ScriptTree(files)
        #expect(throws: LuaError.self) {
            try NavEngine(root: tree.root, limits: LuaLimits(memory: 64 << 20, instructions: 2_000_000, seconds: 10))
        }
        #expect(try NavEngine(root: tree.root, limits: LuaLimits(memory: 64 << 20, instructions: 10_000_000, seconds: 10)).routeNames == [])
    }

    /// A link to a script is passed over by the load, as a suite passes over links: a reload
    /// warns of one when it appears or is made to lead elsewhere. It gave no routes, silently.
    @Test func aLinkedScriptIsLeftOutWithAWarning() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes, "shared/profile.lua": "return { show = function() return nav.route() end }"])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        let link = tree.root.appendingPathComponent("profile.lua")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "shared/profile.lua")
        let reload = await engine.checkForChanges()
        #expect(reload?.warnings.contains("left out routes/profile.lua, a link (links are not followed: name the file it leads to)") == true,
                "\(String(describing: reload?.warnings))")
        #expect(await engine.reload().warnings.isEmpty)
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "chat.lua")
        #expect(await engine.checkForChanges()?.warnings.count == 1)
    }

    /// A file whose path is no module name (a Finder copy, a dash, a second dot) is left out
    /// of the load, as require could not name it: it used to fail every load and reload. A
    /// watch interval that is no number, or too long, is taken in range (it trapped
    /// converting to nanoseconds).
    @Test func oddFilesAreLeftOutAndIntervalsTakenInRange() async throws {
        let tree = try ScriptTree(["chat.lua": chatRoutes, "chat copy.lua": chatRoutes, "chat-list.lua": "return {}",
                                   "chat.v2.lua": "return {}", "1chat.lua": "return {}"])
        let engine = try NavEngine(root: tree.root, displayRoot: "routes")
        #expect(engine.routeNames == ["chat.showChat"])
        for interval in [Double.nan, .infinity, 1e11, -1] {
            engine.watch(every: interval)
            engine.stopWatching()
        }
        #expect(ScriptFile.moduleName(of: "routes/chat_2.lua") != nil && ScriptFile.moduleName(of: "routes/chat copy.lua") == nil
                && ScriptFile.moduleName(of: "a.b.lua") == nil)
    }
}
