import CBenchFloor
import Foundation
import LuaKit
import NavScript
import ScreenKit

/// Bound calls, whole routes, and fresh states: NavScript against the hand-written C
/// floors and the same work done from Swift, in the same run.
enum LuaBenchmarks {
    /// A runtime with no limits (the loops are long), with the C floor registered on it.
    static func runtime() throws -> NavRuntime {
        let runtime = try NavRuntime(options: LuaOptions(limits: .none))
        if let L = runtime.lua.L {
            bench_open_floor(L)
        }
        return runtime
    }

    /// Seconds per iteration of each `(setup, body)` loop in `runtime`, minus an empty
    /// loop, then of each Swift body (its own loop of `count`): all of them take turns.
    static func loops(_ runtime: NavRuntime, _ loops: [(setup: String, body: String)], swift: [() throws -> Void] = [],
                      count: Int) throws -> [Double] {
        let chunks = loops.map { "\($0.setup)\nfor i = 1, \(count) do \($0.body) end" } + ["for i = 1, \(count) do local _ = i end"]
        let lua: [() throws -> Void] = chunks.map { chunk in { try runtime.run(chunk, chunkName: "=bench") } }
        let times = try Measure.fastest(rounds: 25, lua + swift)
        let empty = times[loops.count]
        return times[..<loops.count].map { max($0 - empty, 0) / Double(count) } + times[(loops.count + 1)...].map { $0 / Double(count) }
    }

    /// `screen.name` against `floor:name()`, a C method with a metatable check.
    static func propertyCall() throws -> Row {
        let runtime = try runtime()
        let times = try loops(runtime, [("local s = nav.screen('Feed')()", "local n = s.name"),
                                        ("local o = floor()", "local n = o:name()")], count: Measure.count(500_000))
        let measured = times[0] * 1e9, baseline = times[1] * 1e9
        return Row(name: "bound call: screen.name", measured: measured, baseline: baseline, unit: "ns",
                   baselineName: "C method with metatable check", ratio: measured / baseline,
                   target: "≤ 1.5×", met: measured / baseline <= 1.5)
    }

    /// `route:push(screen)` against a C binding of the same push (two metatable checks, the
    /// Swift push, a new finalized userdata): the binding's cost over a hand-written one.
    /// The note gives the push against Swift's push plus a bare C call, which no binding can
    /// reach: it makes no Lua value and leaves the collector nothing to do.
    static func pushCall() throws -> Row {
        let runtime = try runtime()
        let count = Measure.count(100_000)
        if let L = runtime.lua.L {
            bench_open_pushfloor(L, MemoryLayout<AnyScreenRoute>.size, MemoryLayout<AnyScreen>.size, floorPush,
                                 floorDestroyRoute, floorDestroyScreen)
            bench_new_floorroute(L).assumingMemoryBound(to: AnyScreenRoute.self).initialize(to: AnyScreenRoute(root: .stack))
            lua_setglobal(L, "floorRoute")
            bench_new_floorscreen(L).assumingMemoryBound(to: AnyScreen.self).initialize(to: AnyScreen(name: "Feed"))
            lua_setglobal(L, "floorScreen")
        }
        let screen = AnyScreen(name: "Feed")
        let route = AnyScreenRoute(root: .stack)
        let times = try loops(runtime, [("local r, s = nav.route('stack'), nav.screen('Feed')()", "local x = r:push(s)"),
                                        ("local r, s = floorRoute, floorScreen", "local x = r:push(s)"),
                                        ("local o = floor()", "local n = o:name()")], swift: [{
            for _ in 0..<count {
                _ = try route.push(screen)
            }
        }], count: count)
        let measured = times[0] * 1e9, baseline = times[1] * 1e9
        let bare = (times[3] + times[2]) * 1e9
        return Row(name: "bound call: route:push(s)", measured: measured, baseline: baseline, unit: "ns",
                   baselineName: "C binding of the same push", ratio: measured / baseline,
                   target: "≤ 1.5×", met: measured / baseline <= 1.5,
                   note: String(format: "against Swift's push + a bare C method call (%.1f ns): %.2f×", bare, measured / bare))
    }

    /// The Swift half of the C binding of push (`bench_open_pushfloor`).
    static let floorPush: bench_push_fn = { route, screen, out in
        guard let route, let screen, let out,
              let next = try? route.assumingMemoryBound(to: AnyScreenRoute.self).pointee.push(screen.assumingMemoryBound(to: AnyScreen.self).pointee)
        else { return 0 }
        out.assumingMemoryBound(to: AnyScreenRoute.self).initialize(to: next)
        return 1
    }
    static let floorDestroyRoute: bench_destroy_fn = { $0?.assumingMemoryBound(to: AnyScreenRoute.self).deinitialize(count: 1) }
    static let floorDestroyScreen: bench_destroy_fn = { $0?.assumingMemoryBound(to: AnyScreen.self).deinitialize(count: 1) }

    static let routeSteps = 6

    /// Top stack push, pop, present, dismiss and two tab switches, built and performed from
    /// Lua against the same from Swift.
    static func wholeRoute() throws -> [Row] {
        let count = Measure.count(3000)
        let runtime = try runtime()
        let times = try Measure.fastest(rounds: 5, [{
            try runtime.run("""
                local Feed, Chat, Settings = nav.screen("Feed"), nav.screen("Chat"), nav.screen("Settings")
                local app = nav.app { root = nav.tabs { nav.stack { Feed() }, nav.stack { Feed { tab = 2 } } } }
                for i = 1, \(count) do
                  app:navigate(nav.route():top(nav.stack):push(Chat(), { animation = false }))
                  app:navigate(nav.route():top(nav.stack):pop { animation = false })
                  app:navigate(nav.route():top(nav.container):present(Settings(), { animated = false }))
                  app:navigate(nav.route():top(nav.container):presenting():dismiss { animated = false })
                  app:navigate(nav.route():top(nav.tabs):selectTab(2))
                  app:navigate(nav.route():top(nav.tabs):selectTab(1))
                end
                """, chunkName: "=bench")
        }, {
            // Screens are values made where a route is written, in Swift as in Lua.
            let app = try ScreenApplication(root: .tabs([.stack([.screen(AnyScreen(name: "Feed"))]), .stack([.screen(AnyScreen(name: "Feed", traits: ["tab": 2]))])]))
            let window = AnyScreenRoute(root: .window)
            for _ in 0..<count {
                app.navigate(to: try window.top(.container(of: .stack)).push(AnyScreen(name: "Chat"), animation: nil))
                app.navigate(to: try window.top(.container(of: .stack)).pop(animation: nil))
                app.navigate(to: try window.top(.container(of: .modal)).present(AnyScreen(name: "Settings"), animated: false))
                app.navigate(to: try window.top(.container(of: .modal)).presenting().dismiss(animated: false))
                app.navigate(to: try window.top(.container(of: .tabs)).selectTab(with: .index(1)))
                app.navigate(to: try window.top(.container(of: .tabs)).selectTab(with: .index(0)))
            }
        }])
        let (lua, swift) = (times[0], times[1])
        let per = Double(count * routeSteps)
        let measured = lua / per * 1e6, baseline = swift / per * 1e6
        return [
            Row(name: "route built and performed from Lua", measured: measured, baseline: baseline, unit: "µs",
                baselineName: "the same from Swift", ratio: measured / baseline, target: "≤ 1.2×", met: measured / baseline <= 1.2),
            Row(name: "a navigation step performed from Swift", measured: baseline, baseline: 1, unit: "µs",
                baselineName: "the target", ratio: baseline, target: "≤ 1 µs", met: baseline <= 1,
                note: "push, pop, present, dismiss, select tab ×2, each built and performed, log and transitions recorded"),
            try routeBuilding(),
        ]
    }

    /// Building a route in Swift, a step at a time (no navigation): what a step costs.
    static func routeBuilding() throws -> Row {
        let count = Measure.count(100_000)
        let screen = AnyScreen(name: "Chat")
        let window = AnyScreenRoute(root: .window)
        let times = try Measure.fastest(rounds: 5, [{
            for _ in 0..<count {
                _ = try window.top(.container(of: .stack)).push(screen).push(screen).pop().push(screen).pop()
            }
        }])
        let perStep = times[0] / Double(count * 6) * 1e9
        return Row(name: "route building in Swift, per step", measured: perStep, baseline: 50, unit: "ns",
                   baselineName: "the target", ratio: perStep / 50, target: "≤ 50 ns", met: perStep <= 50)
    }

    /// A fresh sandboxed state with the nav module, against a bare state with the safe
    /// libraries: time, and memory.
    static func freshState() throws -> [Row] {
        let count = Measure.count(2000)
        let times = try Measure.fastest([{
            for _ in 0..<count {
                let runtime = try NavRuntime()
                runtime.lua.close()
            }
        }, {
            for _ in 0..<count {
                if let L = bench_bare_state() { lua_close(L) }
            }
        }])
        let (fresh, bare) = (times[0], times[1])
        let measured = fresh / Double(count) * 1e6, baseline = bare / Double(count) * 1e6
        let runtime = try NavRuntime()
        let used = Double(runtime.lua.L.map { bench_state_bytes($0) } ?? 0) / 1024
        let bareState = bench_state_bytes(bench_bare_state())
        let bareUsed = Double(bareState) / 1024
        return [
            Row(name: "fresh state with nav: time", measured: measured, baseline: baseline, unit: "µs",
                baselineName: "luaL_newstate + safe libraries", ratio: measured / baseline,
                target: "≤ 3× and < 50 µs", met: measured / baseline <= 3 && measured < 50),
            Row(name: "fresh state with nav: memory", measured: used, baseline: bareUsed, unit: "KiB",
                baselineName: "luaL_newstate + safe libraries", ratio: used / bareUsed,
                target: "≤ 64 KiB more", met: used - bareUsed <= 64, note: String(format: "+%.1f KiB", used - bareUsed)),
        ]
    }
}
