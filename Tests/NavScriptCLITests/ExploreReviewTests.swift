import Foundation
import Testing

/// What a review of `navscript explore` as a user found: the exhaustive search through states
/// first seen mid-animation, shrinking past a limit, saved scenarios after a fix, arguments
/// that must read back, and the built-in checks' counts and messages.
@Suite struct ExploreReviewTests {
    /// `sheet soon` presents without waiting, so the search first meets the Sheet's shape
    /// mid-animation; `sheet` reaches it at rest, where `promo` breaks the invariant.
    static let animated = """
        local Home, Sheet, Promo = nav.screen("Home"), nav.screen("Sheet"), nav.screen("Promo")
        local function presents(app) return app.window.children[1].presented ~= nil end
        local function onTop(app, name) local t = app:top() return t ~= nil and t.name == name end
        return explore.model {
          start = function() return nav.app { root = nav.stack { Home() } } end,
          actions = {
            explore.action("sheet soon", function(app) app.navigator:navigate(nav.route():top(nav.container):present(Sheet())) end,
              { when = function(app) return not presents(app) end }),
            explore.action("sheet", function(app) return app:navigate(nav.route():top(nav.container):present(Sheet())) end,
              { when = function(app) return not presents(app) end }),
            explore.action("promo", function(app) return app:navigate(nav.route():top(nav.container):present(Promo())) end,
              { when = function(app) return onTop(app, "Sheet") end }),
          },
          expected = { "already presenting", "in progress" },
          invariants = { ["no promo"] = function(app) return not onTop(app, "Promo"), "a promo is shown" end },
        }
        """

    @Test func theExhaustiveSearchFollowsAStateFirstSeenMidAnimationOnceReachedAtRest() throws {
        let fixture = try Fixture(["animated.lua": Self.animated])
        let result = try navscript(["explore", "animated.lua", "--exhaustive", "--depth", "2"], in: fixture.root)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("the shortest counterexample has 2 actions"), "\(result.output)")
        #expect(result.output.contains("1. sheet\n"), "\(result.output)")
    }

    /// Small arguments spin until the instruction limit; shrinking tries them and goes on.
    @Test func aShrinkingCandidateThatPassesALimitIsNotTheSameFailure() throws {
        let fixture = try Fixture(["spin.lua": """
            local Home = nav.screen("Home")
            return explore.model {
              start = function() return nav.app { root = nav.stack { Home() } } end,
              actions = {
                explore.action("x", function(app, n)
                  if n < 3 then while true do end end
                  if n >= 50 then return false, "too big: " .. n end
                end, { args = explore.int(1, 100) }),
              },
            }
            """])
        // Seed 2's first walk fails at once; shrinking toward 1 meets the spinning values.
        let result = try navscript(["explore", "spin.lua", "--seed", "2"], in: fixture.root)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("1. x(50)"), "\(result.output)")
    }

    /// Pairs of steps are taken out at every offset whatever the count: halving 7 steps went
    /// from blocks of 3 to single steps, and `push A, pop` in their middle was kept (seed 8
    /// shrank to 7 steps, not 3).
    @Test func aPairOfStepsIsTakenOutOfAnOddCount() throws {
        let fixture = try Fixture(["abc.lua": """
            local S = { A = nav.screen("A"), B = nav.screen("B"), C = nav.screen("C"), Home = nav.screen("Home") }
            return explore.model {
              start = function() return nav.app { root = nav.stack { S.Home() } } end,
              actions = {
                explore.action("push", function(app, n, k) return app:navigate(nav.route():top(nav.stack):push(S[n] { k = k })) end,
                  { args = { explore.oneOf { "A", "B", "C" }, explore.int(0, 50) } }),
                explore.action("pop", function(app) return app:navigate(nav.route():top(nav.stack):pop()) end,
                  { when = function(app) return #app:topStack().children > 1 end }),
                explore.action("x", function(app, v) end, { args = explore.int(0, 100) }),
              },
              invariants = {
                ["no A B C run"] = function(app)
                  local t = {}
                  for _, c in ipairs(app:topStack().children) do t[#t + 1] = c.name end
                  for i = 1, #t - 2 do if t[i] == "A" and t[i + 1] == "B" and t[i + 2] == "C" then return false, "A B C at " .. i end end
                  return true
                end,
              },
            }
            """])
        for seed in ["8", "50"] {
            let result = try navscript(["explore", "abc.lua", "--seed", seed, "--depth", "40"], in: fixture.root)
            #expect(result.status == 1, "\(result.output)")
            #expect(result.output.contains("shrunk to 3):"), "seed \(seed): \(result.output)")
        }
    }

    /// The fix keeps `log in` from being enabled where the saved sequence used it: the
    /// sequence cannot happen any more, and its scenario says so as pending, not failed.
    @Test func aSavedScenarioWhoseStepIsNoLongerEnabledIsPending() throws {
        let fixture = try Fixture([
            "fix.lua": "return { fixed = false }",
            "gate.lua": """
                local fix = require "fix"
                local Home, Login = nav.screen("Home"), nav.screen("Login")
                local function onTop(app, name) local t = app:top() return t ~= nil and t.name == name end
                return explore.model {
                  start = function() return nav.app { root = nav.stack { Home() } } end,
                  actions = {
                    explore.action("ask", function(app) return app:navigate(nav.route():top(nav.stack):push(Login())) end,
                      { when = function(app) return not fix.fixed and onTop(app, "Home") end }),
                    explore.action("log in", function(app) return false, "logged in wrongly" end,
                      { when = function(app) return onTop(app, "Login") end }),
                  },
                }
                """,
        ])
        let explored = try navscript(["explore", "gate.lua", "--save-failures", "saved"], in: fixture.root)
        #expect(explored.status == 1, "\(explored.output)")
        #expect(try navscript(["run", "saved"], in: fixture.root).status == 1)
        try fixture.write("fix.lua", "return { fixed = true }")
        let fixed = try navscript(["run", "saved", "-v"], in: fixture.root)
        #expect(fixed.status == 0, "\(fixed.output)")
        #expect(fixed.output.contains("pending: step 1 (ask) is not enabled any more: the sequence cannot happen now"), "\(fixed.output)")
    }

    @Test func argumentsThatWouldNotReadBackAreRefused() throws {
        let fixture = try Fixture([
            "keys.lua": "return explore.model { start = function() return nav.app() end, actions = { explore.action('a', function() end, { args = explore.oneOf { { [10] = 'ten' } } }) } }",
            "nested.lua": "return explore.model { start = function() return nav.app() end, actions = { explore.action('a', function() end, { args = explore.oneOf { { f = print } } }) } }",
        ])
        let keys = try navscript(["explore", "keys.lua"], in: fixture.root)
        #expect(keys.status == 2)
        #expect(keys.errors.contains("keys.lua:1: bad argument #1 to 'oneOf' (value 1 has the key 10: keys are names, or the positions of a list)"), "\(keys.errors)")
        let nested = try navscript(["explore", "nested.lua"], in: fixture.root)
        #expect(nested.status == 2)
        #expect(nested.errors.contains("(value 1.f is a function: values are plain data"), "\(nested.errors)")
    }

    /// The saved scenario names the failing step as explore printed it, tables, escapes and
    /// floats included.
    @Test func aSavedScenarioDescribesItsStepsAsExplorePrintedThem() throws {
        let fixture = try Fixture(["args.lua": """
            local Home = nav.screen("Home")
            return explore.model {
              start = function() return nav.app { root = nav.stack { Home() } } end,
              actions = {
                explore.action("open", function(app, spec, note, ratio) return false, "bad " .. spec.id end,
                  { args = { explore.oneOf { { kind = "bad", id = 2, tags = { "a", "b" } } }, explore.oneOf { "two\\nlines \\"q\\"" }, explore.oneOf { 1.5 } } }),
              },
            }
            """])
        let explored = try navscript(["explore", "args.lua", "--save-failures", "saved"], in: fixture.root)
        let step = #"open({ id = 2, kind = "bad", tags = { "a", "b" } }, "two\nlines \"q\"", 1.5)"#
        #expect(explored.output.contains("1. " + step), "\(explored.output)")
        let run = try navscript(["run", "saved"], in: fixture.root)
        #expect(run.output.contains("after step 1 (" + step + "): bad 2"), "\(run.output)")
    }

    /// The size bound counts what the window holds, as `app:census()` says, and an error
    /// value that is not text is named as stock Lua names it.
    @Test func theBuiltInChecksCountAndNameAsDocumented() throws {
        let fixture = try Fixture([
            "size.lua": """
                local Home, Page = nav.screen("Home"), nav.screen("Page")
                return explore.model {
                  start = function() return nav.app { root = nav.stack { Home() } } end,
                  maxContainers = 3,
                  actions = { explore.action("push", function(app) return app:navigate(nav.route():top(nav.stack):push(Page())) end) },
                }
                """,
            "raise.lua": """
                return explore.model {
                  start = function() return nav.app() end,
                  actions = { explore.action("a", function() end) },
                  invariants = { ["raises"] = function() error(true) end },
                }
                """,
        ])
        let size = try navscript(["explore", "size.lua"], in: fixture.root)
        #expect(size.output.contains("4 containers, more than 3"), "\(size.output)")
        #expect(size.output.contains("shrunk to 2"), "\(size.output)")
        let raise = try navscript(["explore", "raise.lua"], in: fixture.root)
        #expect(raise.output.contains("(error object is a boolean value)"), "\(raise.output)")
    }

    /// An invariant that breaks a limit is not blamed on an action: the built-in is the
    /// model's, and its message's place is the invariant's line. One that breaks it at the
    /// start ends the exploration with no empty traceback after the message.
    @Test func anInvariantThatLoopsIsPlacedAtItsLine() throws {
        let fixture = try Fixture(["loop.lua": """
            local A = nav.screen("A")
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { explore.action("push", function(app) return app:navigate(nav.route():top(nav.stack):push(A())) end) },
              builtins = { sizeBound = false },
              invariants = { deep = function(app)
                if #app:topStack().children > LIMIT then while true do end end
                return true
              end },
            }
            """.replacingOccurrences(of: "LIMIT", with: "2")])
        let result = try navscript(["explore", "loop.lua", "--runs", "1"], in: fixture.root)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("✗ Invariant 'the model runs within the script limits' broke (walk 1, "), "\(result.output)")
        #expect(result.output.contains("loop.lua:7: instruction limit exceeded"), "\(result.output)")
        try fixture.write("start.lua", try fixture.read("loop.lua").replacingOccurrences(of: "> 2", with: "> 0"))
        let start = try navscript(["explore", "start.lua", "--runs", "1"], in: fixture.root)
        #expect(start.status == 2, "\(start.output)\(start.errors)")
        #expect(start.errors.contains("walk 1 (seed 0): start.lua:7: instruction limit exceeded"), "\(start.errors)")
        #expect(!start.errors.contains("stack traceback:"), "\(start.errors)")
    }
}
