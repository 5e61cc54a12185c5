import Foundation
@testable import NavScriptCommand
import Testing

/// Arguments as a Hypothesis user expects them (any range of numbers, shrinking to the
/// simplest failing value however far down a list it is, values that read back as they were
/// drawn), and failures saved one file each.
@Suite struct ExploreArgumentTests {
    /// Fails from the tenth name on and from 1000 on: the simplest failure is v10 and 1000,
    /// found in a range as wide as integers go and a list of thirty.
    static let wide = """
        local A, B = nav.screen("A"), nav.screen("B")
        local names = {}
        for i = 1, 30 do names[i] = "v" .. i end
        return explore.model {
          start = function() return nav.app { root = nav.stack { A() } } end,
          actions = {
            explore.action("pick", function(app, name, n)
              if tonumber(name:sub(2)) >= 10 and n >= 1000 then return app:navigate(nav.route():top(nav.stack):push(B())) end
            end, { args = { explore.oneOf(names), explore.int(math.mininteger, math.maxinteger) } }),
          },
          invariants = { ["no B"] = function(app) return app:top().name ~= "B", "B is on top" end },
        }
        """

    @Test(arguments: [1, 2, 3])
    func shrinkingReachesTheSimplestValueOfAWideRangeAndALongList(seed: Int) throws {
        let fixture = try Fixture(["wide.lua": Self.wide])
        let result = try navscript(["explore", "wide.lua", "--seed", "\(seed)"], in: fixture.root)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("shrunk to 1):\n  1. pick(\"v10\", 1000)\n"), "\(result.output)")
    }

    /// A value of a list equal to one before it (1.0 after 1, -0.0 after 0.0) still shrinks
    /// to the first: it was found at the first one's place, with nothing simpler, so the
    /// result depended on the seed.
    @Test func oneOfShrinksToItsFirstValueFromAnEqualOne() throws {
        let fixture = try Fixture(["equal.lua": """
            return explore.model { start = function() return nav.app() end, actions = {
              explore.action("a", function(app, x) error("bad") end, { args = explore.oneOf { 1, 1.0, 5 } }),
              explore.action("z", function(app, x) error("bad") end, { args = explore.oneOf { 0.0, -0.0 } }),
            } }
            """])
        for seed in 0..<6 {
            let result = try navscript(["explore", "equal.lua", "--seed", "\(seed)"], in: fixture.root)
            #expect(result.output.contains("  1. a(1)\n") || result.output.contains("  1. z(0.0)\n"), "\(result.output)")
        }
    }

    /// A negative seed is a seed: `--seed -5` reads as `--seed=-5`, not as an option `-5`,
    /// for `explore` and for `run`.
    @Test func aNegativeSeedIsASeed() throws {
        let fixture = try Fixture(["wide.lua": Self.wide, "draw.lua": "scenario('draws', function() error(tostring(math.random(1, 1000000))) end)"])
        let spaced = try navscript(["explore", "wide.lua", "--seed", "-5"], in: fixture.root)
        #expect(spaced.status == 1, "\(spaced.output)")
        #expect(spaced.output.contains("(seed -5)"), "\(spaced.output)")
        #expect(try navscript(["explore", "wide.lua", "--seed=-5"], in: fixture.root).output == spaced.output)
        let run = try navscript(["run", "draw.lua", "--seed", "-5"], in: fixture.root)
        #expect(run.status == 1, "\(run.output)")
        #expect(try navscript(["run", "draw.lua", "--seed=-5"], in: fixture.root).output.replacingOccurrences(of: #"\d+ ms"#, with: "", options: .regularExpression)
                == run.output.replacingOccurrences(of: #"\d+ ms"#, with: "", options: .regularExpression))
        #expect(try navscript(["run", "draw.lua", "--seed", "-6"], in: fixture.root).output != run.output)
    }

    /// A walk's steps carry their arguments a few tables deep: a value is refused where the
    /// model loads past what a walk can carry, not in every walk.
    /// An action that changes a table it is given changes its own copy: the values `oneOf`
    /// draws, the recorded steps and the saved scenario stay what was drawn.
    @Test func anActionThatChangesItsArgumentChangesACopy() throws {
        let fixture = try Fixture(["mut.lua": """
            local A = nav.screen("A")
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = {
                explore.action("open", function(app, opts) opts.animated = opts.animated ~= false
                  return app:navigate(nav.route():top(nav.stack):push(A { id = opts.id })) end, { args = explore.oneOf { { id = 1 }, { id = 2 } } }),
              },
              invariants = { ["not deep"] = function(app) return #app:topStack().children < 4, "too deep" end },
            }
            """])
        let result = try navscript(["explore", "mut.lua", "--save-failures", "saved"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("✗ Invariant 'not deep' broke") && result.output.contains("  3. open({ id = 1 })"), "\(result.output)")
        let saved = try navscript(["run", "saved"], in: fixture.root)
        #expect(saved.output.contains("invariant 'not deep' does not hold after step 3 (open({ id = 1 })): too deep"), "\(saved.output)")
    }

    @Test func oneOfRefusesWhatAWalkCannotCarry() throws {
        let model = """
            local A, B = nav.screen("A"), nav.screen("B")
            local function nest(n) local t = "x" for i = 1, n do t = { t } end return t end
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { explore.action("pick", function(app, v) return app:navigate(nav.route():top(nav.stack):push(B())) end,
                { args = explore.oneOf { nest(TABLES) } }) },
              invariants = { ["no B"] = function(app) return app:top().name ~= "B", "B is on top" end },
            }
            """
        let fixture = try Fixture(["deep.lua": model.replacingOccurrences(of: "TABLES", with: "12"),
                                   "deeper.lua": model.replacingOccurrences(of: "TABLES", with: "13")])
        let deep = try navscript(["explore", "deep.lua", "--save-failures", "saved"], in: fixture.root)
        #expect(deep.status == 1, "\(deep.output)")
        let replayed = try navscript(["run", "saved"], in: fixture.root)
        #expect(replayed.status == 1)
        #expect(replayed.output.contains("invariant 'no B' does not hold after step 1"), "\(replayed.output)")
        let deeper = try navscript(["explore", "deeper.lua"], in: fixture.root)
        #expect(deeper.status == 2)
        #expect(deeper.errors.contains("is nested more than 12 tables deep)"), "\(deeper.errors)")
    }

    /// Another failure of the same invariant (another action failing with another message)
    /// is another regression test: it gets a file of its own, and the same failure found
    /// again is saved over its own.
    @Test func anotherFailureOfTheSameInvariantIsSavedBesideIt() throws {
        let model = """
            return explore.model {
              start = function() return nav.app() end,
              actions = {
                explore.action("open", function() if OPEN then return false, "open failed" end end),
                explore.action("close", function() if CLOSE then return false, "close failed" end end),
              },
            }
            """
        let fixture = try Fixture(["model.lua": model.replacingOccurrences(of: "OPEN", with: "true").replacingOccurrences(of: "CLOSE", with: "false")])
        #expect(try navscript(["explore", "model.lua", "--save-failures", "saved"], in: fixture.root).status == 1)
        try fixture.write("model.lua", model.replacingOccurrences(of: "OPEN", with: "false").replacingOccurrences(of: "CLOSE", with: "true"))
        #expect(try navscript(["explore", "model.lua", "--save-failures", "saved"], in: fixture.root).status == 1)
        #expect(try navscript(["explore", "model.lua", "--save-failures", "saved", "--seed", "7"], in: fixture.root).status == 1)
        let saved = try FileManager.default.contentsOfDirectory(atPath: fixture.root.appendingPathComponent("saved").path).sorted()
        #expect(saved == ["explore_a_navigation_fails_only_with_an_expected_error_2_spec.lua",
                          "explore_a_navigation_fails_only_with_an_expected_error_spec.lua"], "\(saved)")
        let first = try fixture.read("saved/explore_a_navigation_fails_only_with_an_expected_error_spec.lua")
        #expect(first.contains("{ \"open\" }") && first.contains("-- Failure: a navigation fails only with an expected error: "), "\(first)")
        #expect(try fixture.read("saved/explore_a_navigation_fails_only_with_an_expected_error_2_spec.lua").contains("{ \"close\" }"))
    }

    /// A saved failure edited by hand is kept when the same failure is found again: that
    /// one is saved beside it, and saved over while it is as explore wrote it.
    @Test func aSavedFailureEditedByHandIsKept() throws {
        let fixture = try Fixture(["model.lua": """
            return explore.model {
              start = function() return nav.app() end,
              actions = { explore.action("open", function() return false, "open failed" end) },
            }
            """])
        let name = "saved/explore_a_navigation_fails_only_with_an_expected_error_spec.lua"
        let second = name.replacingOccurrences(of: "_spec.lua", with: "_2_spec.lua")
        #expect(try navscript(["explore", "model.lua", "--save-failures", "saved"], in: fixture.root).status == 1)
        let written = try fixture.read(name)
        #expect(written.contains("\n-- Signed ") && Explore.isAsSigned(written), "\(written)")
        #expect(try navscript(["explore", "model.lua", "--save-failures", "saved", "--seed", "3"], in: fixture.root).status == 1)
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent(second).path))
        let edited = written.replacingOccurrences(of: "end)\n", with: "end)\n-- fixed in #42: keep\n")
        try fixture.write(name, edited)
        #expect(!Explore.isAsSigned(edited))
        let again = try navscript(["explore", "model.lua", "--save-failures", "saved"], in: fixture.root)
        #expect(again.output.contains("Saved as \(second) ") && again.output.contains("\(name) holds this failure too, edited since it was saved: it is kept as it is."), "\(again.output)")
        #expect(try fixture.read(name) == edited)
        #expect(try navscript(["explore", "model.lua", "--save-failures", "saved", "--seed", "5"], in: fixture.root).status == 1)
        let saved = try FileManager.default.contentsOfDirectory(atPath: fixture.root.appendingPathComponent("saved").path)
        #expect(saved.count == 2, "\(saved)")
        // A file an earlier version saved has no signature: kept, and said so as it is.
        let unsigned = edited.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("-- Signed ") }.joined(separator: "\n")
        try fixture.write(name, unsigned)
        let older = try navscript(["explore", "model.lua", "--save-failures", "saved"], in: fixture.root)
        #expect(older.output.contains("\(name) holds this failure too, saved by an earlier version (it has no signature): it is kept; remove it if it was not edited."),
                "\(older.output)")
    }

    /// NaN is drawn and replayed as itself: it is found in its list, so it shrinks to the
    /// first value as any other does.
    @Test func notANumberShrinksToTheFirstValue() throws {
        let fixture = try Fixture(["nan.lua": """
            return explore.model {
              start = function() return nav.app() end,
              actions = { explore.action("pick", function(app, v) return false, "always" end, { args = explore.oneOf { 1, 0/0 } }) },
            }
            """])
        for seed in 0...4 {
            let result = try navscript(["explore", "nan.lua", "--seed", "\(seed)"], in: fixture.root)
            #expect(result.output.contains("  1. pick(1)\n"), "\(result.output)")
        }
    }
}
