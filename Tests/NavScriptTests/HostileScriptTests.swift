import Foundation
import LuaKit
import NavScript
import ScreenKit
import Testing

/// Scripts that try to hurt the host. Each case must end in a clear error, and the host
/// must go on: the same runtime runs the next script, and closing it frees everything.
@Suite struct HostileScriptTests {
    static let limits = LuaLimits(memory: 16 << 20, instructions: 5_000_000, seconds: 30)

    func runtime() throws -> NavRuntime {
        try NavRuntime(options: LuaOptions(limits: Self.limits))
    }

    /// Runs `source`; returns the error, or nil.
    func failure(_ runtime: NavRuntime, _ source: String) -> LuaError? {
        do {
            try runtime.run(source, chunkName: "@hostile.lua")
            return nil
        } catch let error as LuaError {
            return error
        } catch {
            return LuaError(kind: .runtime, message: "\(error)")
        }
    }

    /// After a hostile script, the runtime still builds and performs a route.
    func goesOn(_ runtime: NavRuntime) throws {
        let result = try runtime.run("""
            local Feed = nav.screen("Feed")
            local app = nav.app { root = nav.stack {} }
            return app:navigate(nav.route():top(nav.stack):push(Feed()))
            """, chunkName: "@after.lua")
        #expect(result == .boolean(true))
    }

    @Test(arguments: [
        ("while true do end", "instruction limit exceeded"),
        ("local co = coroutine.wrap(function() while true do end end) co()", "instruction limit exceeded"),
        ("while true do pcall(function() while true do end end) end", "instruction limit exceeded"),
        ("local app = nav.app()\nwhile true do pcall(app.navigate, app, nav.route():get(function() while true do end end)) end", "instruction limit exceeded"),
        ("local s = string.rep('x', 1 << 30)", "memory limit exceeded"),
        ("local t = {} for i = 1, 1e9 do t[i] = {i} end", "memory limit exceeded"),
        ("local parts = {} while true do parts[#parts + 1] = string.rep('y', 4096) end", "memory limit exceeded"),
        // Definitions the host keeps in Swift under new names (a gigabyte, uncharged, before).
        ("local n = string.rep('n', 1e6) for i = 1, 1000 do nav.screen(n .. i) end", "memory limit exceeded"),
        ("local n = string.rep('n', 1e6) for i = 1, 1000 do nav.decorator(n .. i, function() end) end", "memory limit exceeded"),
        ("local n = string.rep('n', 1e6) for i = 1, 1000 do nav.deeplink('app://x/' .. n .. i, function() end) end", "memory limit exceeded"),
        ("for i = 1, 1e7 do nav.interceptor(function() end) end", "memory limit exceeded"),
        ("local function f() return 1 + f() end f()", "stack overflow|memory limit exceeded"),
        ("setmetatable({}, {__gc = function() error('in gc') end})", "__gc metamethods are not available to scripts"),
        ("return tostring(setmetatable({}, {__tostring = function() error('in tostring') end}))", "hostile.lua:1: in tostring"),
        ("return setmetatable({}, {__index = function() error('in index') end}).x", "hostile.lua:1: in index"),
        ("error({code = 42})", "(error object is a table value: {code = 42})"),
        ("error(nil)", "(error object is a nil value)"),
        ("error(setmetatable({}, {__tostring = function() return 'custom error' end}))", "custom error"),
        ("local r = nav.route() r.push(nav.screen('A')(), r)", "bad argument #1 to 'push' (Route expected, got Screen)"),
        ("nav.route():push(nav.screen('A')())", "calling 'push' on bad self (stack route expected, got window route)"),
        ("return load(string.dump or '\\27Lua')()", "attempt to"),
        ("io.open('/etc/passwd')", "attempt to index a nil value (global 'io')"),
        ("os.execute('touch /tmp/hostile')", "attempt to call a nil value (field 'execute')"),
        ("debug.sethook()", "attempt to index a nil value (global 'debug')"),
        ("require '../../etc/passwd'", "module name '../../etc/passwd' is not valid"),
        ("nav.screen = function() end", "the nav module is read-only"),
        ("rawset(nav, 'screen', 1) return nav.screen('A')", "the nav module is read-only"),
    ])
    func aHostileScriptEndsInAClearError(source: String, message: String) throws {
        let runtime = try runtime()
        let error = try #require(failure(runtime, source))
        let expected = message.split(separator: "|").map(String.init)
        #expect(expected.contains { error.message.contains($0) }, "\(error.message)")
        try goesOn(try self.runtime())
        // The same runtime goes on, but where the script broke it for good: nav made
        // read-only, or interceptors that stay defined filling its memory to the cap.
        if !source.contains("rawset") && !source.contains("interceptor") {
            try goesOn(runtime)
        }
    }

    @Test func aYieldAcrossASwiftCallbackIsAClearError() throws {
        let runtime = try runtime()
        let result = try runtime.run("""
            local app = nav.app()
            local co = coroutine.create(function()
              return app:navigate(nav.route():get(function() coroutine.yield(1) end))
            end)
            local resumed, ok, err = coroutine.resume(co)
            return err
            """, chunkName: "@yield.lua")
        #expect(result.string?.contains("attempt to yield across a C-call boundary") == true)
        try goesOn(runtime)
    }

    @Test func aCallbackCanReenterTheVM() throws {
        let runtime = try runtime()
        let result = try runtime.run("""
            local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")
            local app = nav.app { root = nav.stack { Feed() } }
            local inner
            local ok = app:navigate(nav.route():get(function()
              inner = app:navigate(nav.route():top(nav.stack):push(Chat()))
            end))
            return { ok, inner, app:top().key }
            """, chunkName: "@reenter.lua")
        #expect(result == .table(array: [.boolean(true), .boolean(true), .string("Chat")], fields: [:]))
    }

    @Test func aRouteOutlivingItsStateFailsCleanly() throws {
        var route: AnyScreenRoute?
        do {
            let runtime = try runtime()
            route = try runtime.route(evaluating: "return nav.route():setRoot(nav.screen('Feed')()):get(function() end)")
        }
        let app = ScreenApplication()
        let result = app.navigate(to: try #require(route))
        // A script screen is built by its scripts: with none left it fails, rather than
        // build a container its build function never set up.
        #expect(result.failureMessage == "the scripts that define screen 'Feed' were unloaded")
        #expect(app.window.root == nil)
    }

    @Test func closingReleasesEverything() throws {
        weak var weakRuntime: NavRuntime?
        weak var weakState: LuaState?
        do {
            let runtime = try runtime()
            weakRuntime = runtime
            weakState = runtime.lua
            _ = failure(runtime, "apps = {} for i = 1, 200 do apps[i] = nav.app { root = nav.stack { nav.screen('A')() } } end while true do end")
            let before = runtime.lua.memoryUsed
            _ = try runtime.run("apps = nil collectgarbage() collectgarbage()", chunkName: "@gc.lua")
            #expect(runtime.lua.memoryUsed < before)
        }
        #expect(weakRuntime == nil)
        #expect(weakState == nil)
    }
}

extension Result {
    var failureMessage: String? {
        if case let .failure(error) = self { return "\(error)" }
        return nil
    }
}
