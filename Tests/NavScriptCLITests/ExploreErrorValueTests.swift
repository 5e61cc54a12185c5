import Foundation
import Testing

/// How `navscript explore` takes what a model raises or names: error values of any type,
/// names that are not one line, patterns that are not patterns, and seeds next to each other.
@Suite struct ExploreErrorValueTests {
    /// A table raised by an invariant prints the same in every run (not its address), so
    /// the output stays byte for byte the same and shrinking finds the same failure again;
    /// it is placed at the line that raised it, as `run` places it.
    @Test func aTableRaisedPrintsTheSameInEveryRunAndShrinks() throws {
        let fixture = try Fixture(["table.lua": """
            local Home, A = nav.screen("Home"), nav.screen("A")
            return explore.model {
              start = function() return nav.app { root = nav.stack { Home() } } end,
              actions = {
                explore.action("push", function(app) return app:navigate(nav.route():top(nav.stack):push(A())) end),
                explore.action("noop", function() end),
              },
              invariants = { deep = function(app) if #app:topStack().children > 3 then error({ "too deep" }) end return true end },
            }
            """])
        let first = try navscript(["explore", "table.lua", "--seed", "1"], in: fixture.root)
        #expect(first.status == 1)
        #expect(first.output.contains("table.lua:8: (error object is a table value: {\"too deep\"})"), "\(first.output)")
        #expect(first.output.contains("shrunk to 3)"), "\(first.output)")
        #expect(try navscript(["explore", "table.lua", "--seed", "1"], in: fixture.root).output == first.output)
    }

    /// An error value that is not a string, raised by an action, a `when` or an invariant,
    /// is placed at its line with its fields, as `run` shows it (explore dropped both).
    @Test(arguments: [
        ("explore.action('bad', function(app) error({code = 1}) end)", "m.lua:3: (error object is a table value: {code = 1})"),
        ("explore.action('bad', function(app) end, { when = function() error(nil) end })", "m.lua:3: 'bad': (error object is a nil value)"),
    ])
    func errorValuesArePlacedAtTheirLine(_ action: String, _ message: String) throws {
        let fixture = try Fixture(["m.lua": """
            return explore.model {
              start = function() return nav.app { root = nav.stack { nav.screen("A")() } } end,
              actions = { \(action) },
            }
            """])
        let result = try navscript(["explore", "m.lua", "--runs", "3"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("\n  \(message)\n"), "\(result.output)")
    }

    /// Bytes that are not UTF-8 in what a model returns (a failure's message) are shown as
    /// U+FFFD, and the failure is reported; in an action's name they are refused at its line.
    @Test func bytesThatAreNotTextAreShownOrRefused() throws {
        let fixture = try Fixture(["bytes.lua": """
            local Home = nav.screen("Home")
            return explore.model {
              start = function() return nav.app { root = nav.stack { Home() } } end,
              actions = { explore.action("noop", function() end) },
              invariants = { deep = function(app) return false, "too deep \\254" end },
            }
            """,
            "name.lua": "return explore.model { start = function() return nav.app() end, actions = { explore.action('push \\255', function() end) } }"])
        let run = try navscript(["explore", "bytes.lua"], in: fixture.root)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output.contains("too deep \u{FFFD}"), "\(run.output)")
        let name = try navscript(["explore", "name.lua"], in: fixture.root)
        #expect(name.status == 2)
        #expect(name.errors.contains("name.lua:1: bad argument #1 to 'action' (the name is not UTF-8 text)"), "\(name.errors)")
    }

    /// An invariant that returns nothing (a forgotten `return true`) is said to have, and one
    /// that returns nil is told from it, each at the line the invariant is defined at.
    @Test func anInvariantThatReturnsNothingIsToldSo() throws {
        let fixture = try Fixture(["none.lua": """
            local Home = nav.screen("Home")
            return explore.model {
              start = function() return nav.app { root = nav.stack { Home() } } end,
              actions = { explore.action("noop", function() end) },
              invariants = { forgot = function(app) local _ = app:top() end },
            }
            """])
        let run = try navscript(["explore", "none.lua", "--save-failures", "saved"], in: fixture.root)
        #expect(run.status == 1)
        #expect(run.output.contains("none.lua:5: does not hold (it returned nothing: an invariant returns true when it holds, or false and why)"), "\(run.output)")
        // The saved scenario says it at the same place.
        let replayed = try navscript(["run", "saved", "--color", "never"], in: fixture.root)
        #expect(replayed.status == 1 && replayed.output.contains(": none.lua:5: does not hold (it returned nothing"), "\(replayed.output)")
        try fixture.write("nil.lua", """
            return explore.model {
              start = function() return nav.app { root = nav.stack { nav.screen("Home")() } } end,
              actions = { explore.action("noop", function() end) },
              invariants = { unsure = function(app) return nil end },
            }
            """)
        let nilled = try navscript(["explore", "nil.lua"], in: fixture.root)
        #expect(nilled.output.contains("nil.lua:4: does not hold (it returned nil: an invariant returns true when it holds, or false and why)"), "\(nilled.output)")
        // false alone is placed at the invariant too.
        try fixture.write("false.lua", "return explore.model {\n  start = function() return nav.app { root = nav.screen('Home')() } end,\n"
            + "  actions = { explore.action('noop', function() end) },\n  invariants = { no = function() return false end },\n}\n")
        let falsed = try navscript(["explore", "false.lua"], in: fixture.root)
        #expect(falsed.output.contains("false.lua:4: does not hold (it returned false, and no reason with it)"), "\(falsed.output)")
        // A count is no answer either: `return #duplicates` would hold for ever.
        try fixture.write("count.lua", """
            local Home = nav.screen("Home")
            return explore.model {
              start = function() return nav.app { root = nav.stack { Home() } } end,
              actions = { explore.action("noop", function() end) },
              invariants = { counted = function(app) return #app:topStack().children end },
            }
            """)
        let count = try navscript(["explore", "count.lua"], in: fixture.root)
        #expect(count.status == 1)
        #expect(count.output.contains("count.lua:5: does not say (it returned a number: an invariant returns true when it holds, or false and why)"), "\(count.output)")
    }

    /// An invariant's name with a newline is saved as a Lua string in the comment, so the
    /// saved scenario loads and fails as exploring did.
    @Test func aNameOfTwoLinesIsSavedAsAStringAndLoads() throws {
        let fixture = try Fixture(["lines.lua": """
            local Home, A = nav.screen("Home"), nav.screen("A")
            return explore.model {
              start = function() return nav.app { root = nav.stack { Home() } } end,
              actions = { explore.action("push", function(app) return app:navigate(nav.route():top(nav.stack):push(A())) end) },
              invariants = { ["two\\nlines"] = function(app) return #app:topStack().children < 3 end },
            }
            """])
        #expect(try navscript(["explore", "lines.lua", "--save-failures", "saved"], in: fixture.root).status == 1)
        let saved = try fixture.read("saved/explore_two_lines_spec.lua")
        #expect(saved.contains("-- Invariant: \"two\\nlines\"\n"), "\(saved)")
        let run = try navscript(["run", "saved", "--color", "never"], in: fixture.root)
        #expect(run.status == 1)
        #expect(run.output.contains("does not hold after step 2 (push)"), "\(run.output)")
    }

    /// An expected error that is not a Lua pattern is matched as text only: it neither ends
    /// the exploration nor hides the errors it does not contain.
    @Test func anExpectedTextThatIsNoPatternIsMatchedAsText() throws {
        let fixture = try Fixture(["text.lua": """
            local Home = nav.screen("Home")
            return explore.model {
              start = function() return nav.app { root = nav.stack { Home() } } end,
              actions = { explore.action("fail", function(app) return app:navigate(nav.route():fail("broken [x")) end) },
              expected = { "[y" },
            }
            """])
        let result = try navscript(["explore", "text.lua"], in: fixture.root)
        #expect(result.status == 1, "\(result.errors)")
        #expect(result.output.contains("broken [x"), "\(result.output)")
        try fixture.write("text.lua", try fixture.read("text.lua").replacingOccurrences(of: "\"[y\"", with: "\"broken [x\""))
        #expect(try navscript(["explore", "text.lua"], in: fixture.root).status == 0)
    }

    /// A replay's step with more or fewer arguments than its action takes, or one its
    /// generator could not draw, is refused, naming both.
    @Test func aReplayedStepWithOtherArgumentsIsRefused() throws {
        let fixture = try Fixture([
            "m.lua": """
                local Home, A = nav.screen("Home"), nav.screen("A")
                return explore.model {
                  start = function() return nav.app { root = nav.stack { Home() } } end,
                  actions = { explore.action("a", function(app) return app:navigate(nav.route():top(nav.stack):push(A())) end),
                              explore.action("b", function(app, n) return true end, { args = explore.int(1, 3) }) },
                }
                """,
            "replay_spec.lua": """
                local model = require "m"
                scenario("extra", function() explore.replay(model, { { "a", 1, 2 } }) end)
                scenario("fine", function() explore.replay(model, { { "a" }, { "a" }, { "b", 2 } }) end)
                scenario("missing", function() explore.replay(model, { { "b" } }) end)
                scenario("outside", function() explore.replay(model, { { "b", 99 } }) end)
                """,
        ])
        let run = try navscript(["run", "replay_spec.lua", "--color", "never"], in: fixture.root)
        #expect(run.status == 1)
        #expect(run.output.contains("does not hold after step 1 (a(1, 2)): 'a' takes 0 arguments, 2 given"), "\(run.output)")
        #expect(run.output.contains("does not hold after step 1 (b): 'b' takes 1 argument, 0 given"), "\(run.output)")
        // What no walk could draw, as a hand-edited saved scenario may give.
        #expect(run.output.contains("does not hold after step 1 (b(99)): 'b' takes a whole number from 1 to 3 as argument 1, 99 given"), "\(run.output)")
        #expect(run.output.contains("1 passed, 3 failed"))
    }

    /// Walks with seeds next to each other draw differently from their first draws (Lua's
    /// generator seeded with nearby integers did not): a bug two actions deep is found
    /// within the first epoch for every seed.
    @Test func walksOfNearbySeedsDrawDifferently() throws {
        let fixture = try Fixture(["two.lua": """
            local Home, A = nav.screen("Home"), nav.screen("A")
            return explore.model {
              start = { function() return nav.app { root = nav.stack { Home() } } end,
                        function() return nav.app { root = nav.stack { Home(), A() } } end },
              actions = {
                explore.action("a", function(app) return app:navigate(nav.route():top(nav.stack):push(A())) end),
                explore.action("back", function(app) return app:navigate(nav.route():top(nav.stack):pop()) end,
                  { when = function(app) return #app:topStack().children > 1 end }),
              },
              invariants = { ["under 4"] = function(app) return #app:topStack().children < 4, "four" end },
            }
            """])
        for seed in 0..<12 {
            let result = try navscript(["explore", "two.lua", "--runs", "32", "--depth", "2", "--seed", "\(seed)"], in: fixture.root)
            #expect(result.status == 1, "seed \(seed): \(result.output)")
        }
    }

    /// An action that returns what is not a navigation's answer (a route it did not navigate,
    /// a count), and a `when` that answers with a number or a node, are failures of the
    /// model, not successes; nil from a `when` is "not enabled".
    @Test(arguments: [
        ("explore.action('bad', function(app) return nav.route():top(nav.stack):pop() end)", "m.lua:3: 'bad' returned a userdata (nothing, or what app:navigate returns: true, or false and why)"),
        ("explore.action('bad', function(app) return 0 end)", "m.lua:3: 'bad' returned a number (nothing, or what app:navigate returns: true, or false and why)"),
        ("explore.action('bad', function(app) end, { when = function(app) return #app:topStack().children end })", "m.lua:3: 'bad': when returned a number (true, false or nil expected)"),
    ])
    func whatAnActionOrAWhenReturnsIsChecked(_ action: String, _ message: String) throws {
        let fixture = try Fixture(["m.lua": """
            return explore.model {
              start = function() return nav.app { root = nav.stack { nav.screen("A")() } } end,
              actions = { \(action), explore.action('nil when', function() end, { when = function() return nil end }) },
            }
            """])
        let result = try navscript(["explore", "m.lua", "--runs", "3"], in: fixture.root)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("\n  \(message)\n"), "\(result.output)")
        #expect(!result.output.contains("1. nil when"), "\(result.output)")
    }

    /// A view that cannot be shown is refused by walks too, not only by `--exhaustive`.
    @Test func aBrokenViewIsRefusedByWalks() throws {
        let fixture = try Fixture(["view.lua": """
            return explore.model {
              start = function() return nav.app { root = nav.stack { nav.screen("A")() } } end,
              actions = { explore.action("noop", function() end) },
              view = function(app) return { f = print } end,
            }
            """])
        let result = try navscript(["explore", "view.lua", "--runs", "2"], in: fixture.root)
        #expect(result.status == 2, "\(result.output)")
        #expect(result.errors.contains("walk 1 (seed 0): view.lua:4: view: its value[\"f\"] is a function"), "\(result.errors)")
    }

    /// `--runs` counts walks; the exhaustive search takes none, and says so.
    @Test func runsIsRefusedWithTheExhaustiveSearch() throws {
        let fixture = try Fixture(["m.lua": "return explore.model { start = function() return nav.app() end, actions = { explore.action('noop', function() end) } }"])
        let result = try navscript(["explore", "m.lua", "--exhaustive", "--runs", "5"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("--runs counts walks, and --exhaustive takes none"), "\(result.errors)")
    }

    /// A failure's message is cut at 1 MiB, as run cuts one, and the saved scenario's
    /// `-- Failure:` line at 1,000 characters: a 3 MB error was printed and saved whole.
    /// An error value whose `__tostring` fails says so, at the action that gave it.
    @Test func hugeAndBrokenErrorValuesAreBounded() throws {
        let fixture = try Fixture([
            "huge.lua": """
                return explore.model { start = function() return nav.app() end,
                  actions = { explore.action("huge", function() error(string.rep("x", 3000000)) end) } }
                """,
            "broken.lua": """
                return explore.model { start = function() return nav.app() end,
                  actions = { explore.action("bad", function()
                    return false, setmetatable({}, { __tostring = function() error("no text", 0) end })
                  end) } }
                """,
        ])
        let huge = try navscript(["explore", "huge.lua", "--runs", "1", "--save-failures", "saved"], in: fixture.root)
        #expect(huge.status == 1)
        #expect(huge.output.utf8.count < 1_100_000 && huge.output.contains("[message cut at 1 MiB]"), "\(huge.output.utf8.count)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: fixture.root.appendingPathComponent("saved").path)
        #expect(saved.count == 1)
        #expect(try fixture.read("saved/" + (saved.first ?? "")).utf8.count < 4_000)
        let broken = try navscript(["explore", "broken.lua", "--runs", "1"], in: fixture.root)
        #expect(broken.output.contains("broken.lua:2: (error object is a table value whose __tostring failed: no text)"), "\(broken.output)")
        // One that raises itself is said by its type, not asked again (that went on until
        // the action's time limit, which it was then blamed for).
        try fixture.write("itself.lua", """
            local bad
            bad = setmetatable({}, { __tostring = function(self) error(self, 0) end })
            return explore.model { start = function() return nav.app() end,
              actions = { explore.action("bad", function() return false, bad end) } }
            """)
        let itself = try navscript(["explore", "itself.lua", "--runs", "1"], in: fixture.root)
        #expect(itself.output.contains("itself.lua:4: (error object is a table value whose __tostring failed: (a table value))"), "\(itself.output)")
    }
}
