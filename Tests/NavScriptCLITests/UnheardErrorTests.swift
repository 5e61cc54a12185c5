import Foundation
import Testing

/// Script errors that no caller receives: where the host only logs a failure, as Nivelir
/// does, a script's own error still fails its scenario, so that a typo is not a green run.
@Suite struct UnheardErrorTests {
    /// A deeplink type's `navigate` runs when the manager can navigate; Nivelir logs what
    /// it does and `handleURL` answers true. Its script error (or a value that is no route)
    /// fails the scenario, at the function's line; a route that fails is logged only.
    @Test func aDeeplinkTypesNavigateThatRaisesFailsItsScenario() throws {
        let fixture = try Fixture(["links_spec.lua": """
            local S, C = nav.screen("S"), nav.screen("C")
            local function handled(navigate)
              local app = nav.app { root = nav.stack { S() } }
              local T = nav.deeplinkType("T", { url = function() return {} end, navigate = navigate })
              local manager = nav.deeplinkManager { types = { T }, navigator = app.navigator }
              manager:activate()
              return manager:handleURL("app://x"), app
            end
            scenario("raises", function()
              expect(handled(function() error("boom") end)):toBe(true)
            end)
            scenario("returns no route", function()
              handled(function() return 42 end)
            end)
            scenario("its route fails", function()
              local ok, app = handled(function() return nav.route():fail("nope") end)
              expect(ok):toBe(true)
              expect(app):toHaveLogged("Error: nope")
            end)
            """])
        let result = try navscript(["run", ".", "--color", "never", "-v"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("1 passed, 2 failed"), "\(result.output)")
        #expect(result.output.contains("1) raises (links_spec.lua:9)\n     links_spec.lua:10: boom"), "\(result.output)")
        #expect(result.output.contains("links_spec.lua:13: the navigate function of T must return a window route or nil, got number"))
    }

    /// An interceptor cannot throw in Nivelir: a script's error in one is logged by the
    /// manager, and fails its scenario (it passed, `handleURL` having answered true).
    @Test func anInterceptorThatRaisesFailsItsScenario() throws {
        let fixture = try Fixture(["intercept_spec.lua": """
            local S = nav.screen("S")
            scenario("raises", function()
              local app = nav.app { root = nav.stack { S() } }
              local T = nav.deeplinkType("T", { url = function() return {} end, navigate = function() return nav.route() end })
              local m = nav.deeplinkManager { types = { T }, navigator = app.navigator, interceptors = { function() error("nope") end } }
              m:activate()
              expect(m:handleURL("x://y")):toBe(true)
              expect(app):toHaveLogged("Error: intercept_spec.lua:5: nope")
            end)
            """])
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("1) raises (intercept_spec.lua:2)\n     intercept_spec.lua:5: nope"), "\(result.output)")
    }
}
