import Foundation
import LuaKit
import NavScript
import ScreenKit
import Testing

/// The attacks a security review reproduced against the runtime (issue 9), each pinned: the
/// script gets a named error or a clean result, the host survives, and the next script runs.
@Suite struct RuntimeLimitTests {
    func runtime(_ limits: LuaLimits = LuaLimits(memory: 64 << 20, instructions: 20_000_000, seconds: 60)) throws -> NavRuntime {
        try NavRuntime(options: LuaOptions(limits: limits))
    }

    func failure(_ runtime: NavRuntime, _ source: String) -> LuaError? {
        do {
            try runtime.run(source, chunkName: "@attack.lua")
            return nil
        } catch let error as LuaError {
            return error
        } catch {
            return LuaError(kind: .runtime, message: "\(error)")
        }
    }

    static let many = """
        nav.action("many", { on = "container", perform = function(c, n, done, ...)
          COUNT = select("#", ...)
          done()
        end })
        local function args(n) local t = {} for i = 1, n do t[i] = i end return t end

        """

    @Test(arguments: [60, 256])
    func aCustomActionTakesManyArguments(count: Int) throws {
        let runtime = try runtime()
        let result = try runtime.run(Self.many + """
            local app = nav.app()
            local ok, err = app:navigate(nav.route():many(table.unpack(args(\(count)))))
            return { ok, COUNT }
            """, chunkName: "@many.lua")
        #expect(result == .table(array: [.boolean(true), .integer(Int64(count))], fields: [:]))
    }

    /// Route steps count against the memory cap while they live: building far more routes
    /// than the cap could hold at once goes on, and a route that keeps growing, or routes
    /// kept, do not.
    @Test func routesAScriptLetsGoStopCountingAgainstTheMemoryCap() throws {
        let runtime = try runtime(LuaLimits(memory: 8 << 20, instructions: 200_000_000, seconds: 60))
        // 4 steps a route at 64 bytes are 25 MB for 100,000 routes.
        let result = try runtime.run("""
            local A = nav.screen("A")
            local screen = A()
            for i = 1, 100000 do
              local route = nav.route():top(nav.stack):push(screen):wait(1)
            end
            return true
            """, chunkName: "@routes.lua")
        #expect(result == .boolean(true))
        let growing = try #require(failure(runtime, """
            local route = nav.route()
            for i = 1, 400000 do route = route:wait(0) end
            """))
        #expect(growing.message.contains("memory limit exceeded (8 MiB)"), "\(growing.message)")
        let kept = try #require(failure(runtime, """
            local routes = {}
            for i = 1, 400000 do routes[i] = nav.route():wait(i) end
            """))
        #expect(kept.message.contains("memory limit exceeded (8 MiB)"), "\(kept.message)")
    }

    /// The log lines a navigation writes are kept as long as the app: they count against the
    /// memory cap, at the navigation that wrote them. A route step that shows a screen is
    /// charged its traits, which its line will write out again: a screen with long traits
    /// pushed again and again in one route stops where the route is built, before its one
    /// long line is written.
    @Test func logLinesCountAgainstTheMemoryCap() throws {
        let limits = LuaLimits(memory: 8 << 20, instructions: 200_000_000, seconds: 60)
        let long = try #require(failure(try runtime(limits), """
            local Feed = nav.screen("Feed")
            local big, app = Feed { t = ("x"):rep(60000) }, nav.app { root = nav.stack { Feed() } }
            local route = nav.route():top(nav.stack)
            for i = 1, 300 do route = route:push(big):pop() end
            app:navigate(route)
            """))
        #expect(long.message.hasPrefix("attack.lua:4: memory limit exceeded (8 MiB)"), "\(long.message)")
        let many = try #require(failure(try runtime(limits), """
            local Feed = nav.screen("Feed")
            local app = nav.app { root = nav.stack { Feed() } }
            local push, pop = nav.route():top(nav.stack):push(Feed { t = ("x"):rep(1000) }), nav.route():top(nav.stack):pop()
            for i = 1, 10000 do app:navigate(push) app:navigate(pop) end
            """))
        #expect(many.message.hasPrefix("attack.lua:4: memory limit exceeded (8 MiB)"), "\(many.message)")
        // Lines a navigator's navigation writes count as they are written.
        let navigator = try #require(failure(try runtime(limits), """
            local Feed = nav.screen("Feed")
            local app = nav.app { root = nav.stack { Feed() } }
            local route = nav.route():top(nav.stack):push(Feed { t = ("x"):rep(1000) }):pop()
            for i = 1, 10000 do app.navigator:navigate(route) end
            """))
        #expect(navigator.message.hasPrefix("attack.lua:4: memory limit exceeded (8 MiB)"), "\(navigator.message)")
        // An app's lines are given back when it goes: apps made and dropped never add up.
        #expect(try runtime(limits).run("""
            local Feed = nav.screen("Feed")
            local route = nav.route():top(nav.stack):push(Feed { t = ("x"):rep(1000) })
            for i = 1, 10000 do nav.app { root = nav.stack { Feed() } }:navigate(route) end
            return true
            """, chunkName: "@apps.lua") == .boolean(true))
        // An app that navigates a lot within the cap goes on.
        #expect(try runtime(limits).run("""
            local Feed = nav.screen("Feed")
            local app = nav.app { root = nav.stack { Feed() } }
            local push, pop = nav.route():top(nav.stack):push(Feed()), nav.route():top(nav.stack):pop()
            for i = 1, 2000 do app:navigate(push) app:navigate(pop) end
            return #app.log
            """, chunkName: "@fine.lua") == .integer(8000))
    }

    /// Containers count against the memory cap while they live: pushing and popping far more
    /// screens than the cap could hold at once goes on, and keeping them does not.
    @Test func containersAScriptLetsGoStopCountingAgainstTheMemoryCap() throws {
        let runtime = try runtime(LuaLimits(memory: 28 << 20, instructions: 100_000_000, seconds: 60))
        // 40,000 containers of 512 bytes each are 20 MB; the routes are made once. The app's
        // log lines count too (~440 bytes a push and pop: 18 MB), so 28 MB holds the log and
        // not the containers as well.
        let result = try runtime.run("""
            local A, B = nav.screen("A"), nav.screen("B")
            local app = nav.app { root = nav.stack { A() } }
            local push, pop = nav.route():top(nav.stack):push(B()), nav.route():top(nav.stack):pop()
            for i = 1, 40000 do
              assert(app:navigate(push))
              assert(app:navigate(pop))
            end
            return #app.window.children[1].children
            """, chunkName: "@pushes.lua")
        #expect(result == .integer(1))
        let kept = try #require(failure(runtime, """
            local A = nav.screen("A")
            local screens = {}
            for i = 1, 1000 do screens[i] = A() end
            local apps = {}
            for j = 1, 100 do apps[j] = nav.app { root = nav.stack(screens) } end
            """))
        #expect(kept.message.contains("memory limit exceeded (28 MiB)"), "\(kept.message)")
    }

    @Test func tooManyArgumentsIsAnError() throws {
        let runtime = try runtime()
        let error = try #require(failure(runtime, Self.many + "return nav.route():many(table.unpack(args(1000)))"))
        #expect(error.message == "attack.lua:6: too many arguments to 'many' (1000; at most 256)")
        #expect(try runtime.run("return 1", chunkName: "@next.lua") == .integer(1))
    }

    @Test(arguments: ["math.maxinteger", "math.mininteger", "0", "-1", "2^53"])
    func aTabIndexOutOfRangeFailsTheNavigation(index: String) throws {
        let runtime = try runtime()
        let result = try runtime.run("""
            local A, B = nav.screen("A"), nav.screen("B")
            local app = nav.app { root = nav.tabs { A(), B() } }
            local ok, err = app:navigate(nav.route():top(nav.tabs):selectTab(\(index)))
            return { ok, err }
            """, chunkName: "@tabs.lua")
        #expect(result.array?.first == .boolean(false))
        #expect(result.array?.last?.string?.hasPrefix("No container of UIViewController type found") == true)
    }

    @Test func aFallbackChainFiveThousandDeepRunsWithoutRecursion() throws {
        let runtime = try runtime()
        let result = try runtime.run("""
            local app = nav.app()
            local r = nav.route():fail("first")
            for i = 1, 5000 do r = nav.route():fail("again"):fallback(r) end
            local ensured = nav.route()
            for i = 1, 5000 do ensured = ensured:ensure(nav.route():makeKey()) end
            local ok, err = app:navigate(r)
            return { ok, err, (app:navigate(ensured)) }
            """, chunkName: "@deep.lua")
        #expect(result == .table(array: [.boolean(false), .string("first"), .boolean(true)], fields: [:]))
    }

    @Test func aRouteNestedAHundredThousandDeepIsBuiltAndPerformedInLinearTime() throws {
        let runtime = try runtime(LuaLimits(memory: 64 << 20, instructions: 100_000_000, seconds: 300))
        let result = try runtime.run("""
            local Home = nav.screen("Home")
            local app = nav.app { root = Home() }
            local r = nav.route():makeKey()
            for i = 1, 100000 do r = nav.route():root(nav.route("modal"):window(r)) end
            local ok, err = app:navigate(r)
            return { ok, #app.transitions }
            """, chunkName: "@nested.lua")
        #expect(result == .table(array: [.boolean(true), .integer(0)], fields: [:]))
    }

    @Test func hostWorkCountsAgainstTheInstructionLimit() throws {
        let runtime = try runtime(LuaLimits(memory: 64 << 20, instructions: 3_000_000, seconds: 60))
        let error = try #require(failure(runtime, """
            local app = nav.app()
            local r = nav.route()
            for i = 1, 200000 do r = r:makeKey() end
            app:navigate(r)
            """))
        #expect(error.kind == .instructionLimit)
        #expect(error.message == "attack.lua:4: instruction limit exceeded (3000000 instructions)")
        #expect(try runtime.run("return 1", chunkName: "@next.lua") == .integer(1))
    }

    @Test func aRouteOfManyPushesStopsAtTheStackLimit() throws {
        let runtime = try runtime()
        let result = try runtime.run("""
            local A = nav.screen("A")
            local app = nav.app { root = nav.stack { A() } }
            local r = nav.route("stack"):push(A())
            for i = 1, 17 do r = r:andThen(r) end
            local ok, err = app:navigate(nav.route():top(nav.stack, r))
            return { ok, err, #app:top().parent.children }
            """, chunkName: "@doubling.lua")
        #expect(result.array?.first == .boolean(false))
        #expect(result.array?[1].string?.hasPrefix("<UINavigationController") == true)
        #expect(result.array?[1].string?.contains("would hold more than 10000 containers for:\n  ScreenSetStackAction<") == true)
        #expect(result.array?.last == .integer(1))
    }

    /// A build's `setChildren` past the limit names what the script called, as its placement
    /// errors do, not the container.
    @Test func aBuildPastTheChildLimitNamesSetChildren() throws {
        let runtime = try runtime()
        let result = try runtime.run("""
            local A = nav.screen("A")
            local Big = nav.screen("Big", { container = "stack", build = function(c)
              local t = {} for i = 1, 10001 do t[i] = A { i = i } end c:setChildren(t) end })
            local app = nav.app { root = nav.stack { A() } }
            local ok, err = app:navigate(nav.route():setRoot(Big()))
            return err
            """, chunkName: "@big.lua")
        #expect(result.string?.hasSuffix("<UINavigationController: Big> would hold more than 10000 containers for:\n  setChildren") == true, "\(result)")
    }

    @Test(arguments: [
        ("local t = {} for i = 1, 6 do local n = {} for j = 1, 24 do n[j] = t end t = n end nav.route('stack'):push(nav.screen('A')(), { animation = t })",
         "value too large to copy (more than 1000 values"),
        ("nav.action('x', { perform = function(c, n, d) d() end }) local t = {} for i = 1, 28 do t = { t, t } end nav.route():x(t)",
         "value too large to copy (more than 100000 values"),
        ("local s = string.rep('x', 1 << 20) local A = nav.screen('A') A { big = s }",
         "value too large to copy (more than 65536 bytes of strings)"),
        ("local s = string.rep('x', 60000) local A = nav.screen('A') keep = {} for i = 1, 10000 do keep[i] = A { big = s .. i } end",
         "memory limit exceeded (16 MiB)"),
        ("nav.action('x', { perform = function(c, n, d) d() end }) local s = string.rep('y', 1 << 22) keep = {} for i = 1, 100 do keep[i] = nav.route():x(s .. i) end",
         "memory limit exceeded (16 MiB)"),
    ])
    func copiesOfScriptDataAreBoundedAndCharged(source: String, message: String) throws {
        let runtime = try runtime(LuaLimits(memory: 16 << 20, instructions: 50_000_000, seconds: 60))
        let error = try #require(failure(runtime, source))
        #expect(error.message.contains(message), "\(error.message)")
        #expect(try runtime.run("return 1", chunkName: "@next.lua") == .integer(1))
    }

    @Test func loadWithoutAnEnvironmentGetsTheGlobalOne() throws {
        let runtime = try runtime()
        #expect(try runtime.run("x = 5 return load('return x')()", chunkName: "@load.lua") == .integer(5))
        #expect(try runtime.run("x = 5 return load('return x', 'chunk', 't')()", chunkName: "@load.lua") == .integer(5))
        #expect(failure(runtime, "x = 5 return load('return x', 'chunk', 't', nil)()")?.message.contains("attempt to index a nil value (upvalue '_ENV')") == true)
        #expect(try runtime.run("return load('return y', 'chunk', 't', { y = 7 })()", chunkName: "@load.lua") == .integer(7))
        #expect(failure(runtime, "return load('\\27Lua', 'b', 'b')")?.message == nil)
    }

    @Test func stringsWithNULBytesKeepThemThroughTheNavModule() throws {
        let runtime = try runtime()
        #expect(try runtime.run("return nav.screen('A\\0B').name", chunkName: "@nul.lua") == .string("A\u{0}B"))
        #expect(try runtime.run("return tostring(nav.screen('A')({ ['k\\0ey'] = 'v\\0w' }))", chunkName: "@nul.lua") == .string("A(k\u{0}ey=\"v\\0w\")"))   // a string trait is printed escaped, as Swift prints it
        #expect(failure(runtime, "nav.route('a\\0b')")?.message == "attack.lua:1: bad argument #1 to 'route' (unknown container kind 'a\\0b' (window, modal, stack, tabs or container expected))")
        #expect(failure(runtime, "require('routes\\0x')")?.message == "attack.lua:1: module name is not valid: it holds a NUL byte")
    }

    @Test func aCompletionErrorReachesTheScript() throws {
        let runtime = try runtime()
        let error = try #require(failure(runtime, """
            local app = nav.app()
            app.navigator:navigate(nav.route():wait(1), function(ok) error("in completion") end)
            app:settle()
            """))
        #expect(error.message == "attack.lua:2: in completion")
    }
}
