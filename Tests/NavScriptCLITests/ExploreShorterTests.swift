import Foundation
import Testing

/// After shrinking, a breadth-first search for fewer steps that fail the same way: taking
/// steps out and lowering arguments stops where a failure needs a total reached.
@Suite struct ExploreShorterTests {
    static let total = """
        local total = 0
        return explore.model { start = function() total = 0 return nav.app() end,
          actions = { explore.action("add", function(app, n) total = total + n end, { args = explore.int(1, 5) }) },
          view = function() return total end,
          invariants = { ["under ten"] = function() return total < 10, "the total is " .. total end } }
        """

    /// `add(1), add(2), add(4), add(3)` can lose no step and lower no argument; two fives
    /// fail the same way. Shrinking alone left 4 and 3 steps for these seeds.
    @Test func fewerStepsThatFailTheSameWayAreFound() throws {
        let fixture = try Fixture(["total.lua": Self.total])
        for seed in ["0", "1"] {
            let result = try navscript(["explore", "total.lua", "--seed", seed, "--save-failures", "failures"], in: fixture.root)
            #expect(result.status == 1)
            #expect(result.output.contains("shrunk to 2):\n  1. add(5)\n"), "\(result.output)")
            #expect(result.output.contains("\n  2. add(5)\n"), "\(result.output)")
            // The saved scenario is those two steps.
            let saved = try navscript(["run", "failures/explore_under_ten_spec.lua"], in: fixture.root)
            #expect(saved.status == 1 && saved.output.contains("the total is 10"), "\(saved.output)")
        }
    }

    /// A search stopped before it had tried every shorter sequence says so: there may be one.
    @Test func aStoppedSearchSaysSo() throws {
        let fixture = try Fixture(["wide.lua": Self.total.replacingOccurrences(of: "explore.int(1, 5)", with: "explore.int(1, 9000)")
            .replacingOccurrences(of: "total < 10", with: "total < 9999")])
        let result = try navscript(["explore", "wide.lua", "--time", "0.5"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("shrunk to 2):"), "\(result.output)")
        // 9,000 sequences of one action: its 5,000, or on a slow machine --time, stops it.
        #expect(result.output.contains("  (the search for fewer steps was stopped by "), "\(result.output)")
        #expect(result.output.contains(" while it tried 1 action: fewer may fail the same way)\n"), "\(result.output)")
    }

    /// Fewer steps are looked for from every start: walk 1 finds the failure from the first
    /// start, the fewest steps come from the second, and the saved scenario runs from it.
    @Test func theSearchGoesFromEveryStart() throws {
        let fixture = try Fixture(["starts.lua": """
            local total = 0
            return explore.model { start = { function() total = 0 return nav.app() end, function() total = 5 return nav.app() end },
              actions = { explore.action("add", function(app, n) total = total + n end, { args = explore.int(1, 5) }) },
              view = function() return total end,
              invariants = { ["under twelve"] = function() return total < 12, "the total is " .. total end } }
            """])
        let result = try navscript(["explore", "starts.lua", "--seed", "1", "--save-failures", "failures"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("shrunk to 2):\n  from start 2\n  1. add(2)\n"), "\(result.output)")
        let saved = try fixture.read("failures/explore_under_twelve_spec.lua")
        #expect(saved.contains("}, 2, "), "\(saved)")
    }

    /// A failure that needs a total is shrunk as Hypothesis redistributes one: part of a
    /// number moves to a later one, and a step left at its lowest is then taken out. Taking
    /// out steps and lowering one number at a time stopped at `add(4), add(8)` (or
    /// `add(5), add(7)`, by seed), and at four to six steps for a total of 2,000.
    @Test(arguments: [0, 1, 2])
    func aTotalIsMovedToTheLastSteps(seed: Int) throws {
        let fixture = try Fixture(["sum.lua": """
            local adds = {}
            local function total() local s = 0 for _, n in ipairs(adds) do s = s + n end return s end
            return explore.model { start = function() adds = {} return nav.app() end,
              actions = { explore.action("add", function(app, n) adds[#adds + 1] = n end, { args = explore.int(0, 9) }),
                          explore.action("clear", function(app) adds = {} end) },
              invariants = { ["under twelve"] = function() return total() < 12, "the total is " .. total() end } }
            """, "big.lua": """
            local adds = {}
            local function total() local s = 0 for _, n in ipairs(adds) do s = s + n end return s end
            return explore.model { start = function() adds = {} return nav.app() end,
              actions = { explore.action("add", function(app, n) adds[#adds + 1] = n end, { args = explore.int(0, 1000) }) },
              invariants = { ["under 2,000"] = function() return total() < 2000, "the total is " .. total() end } }
            """])
        let sum = try navscript(["explore", "sum.lua", "--seed", "\(seed)"], in: fixture.root)
        #expect(sum.status == 1 && sum.output.contains("shrunk to 2):\n  1. add(3)\n") && sum.output.contains("\n  2. add(9)\n"), "\(sum.output)")
        let big = try navscript(["explore", "big.lua", "--seed", "\(seed)"], in: fixture.root)
        #expect(big.status == 1 && big.output.contains("shrunk to 2):\n  1. add(1000)\n") && big.output.contains("\n  2. add(1000)\n"), "\(big.output)")
    }

    /// A total that needs many steps: moves are made in runs, before the other passes look
    /// again. One move a round spent the 2,000 replays at 13 steps where 9 are the fewest.
    @Test(arguments: [0, 1, 2])
    func aTotalOfManyStepsShrinksToTheFewest(seed: Int) throws {
        let fixture = try Fixture(["many.lua": """
            local adds = {}
            local function total() local s = 0 for _, n in ipairs(adds) do s = s + n end return s end
            return explore.model { start = function() adds = {} return nav.app() end,
              actions = { explore.action("a", function(app, n) adds[#adds + 1] = n end, { args = explore.int(0, 100) }) },
              invariants = { ["under 900"] = function() return total() < 900, "the total is " .. total() end } }
            """])
        let result = try navscript(["explore", "many.lua", "--seed", "\(seed)"], in: fixture.root)
        #expect(result.status == 1 && result.output.contains("shrunk to 9):\n"), "\(result.output)")
        #expect((1...9).allSatisfy { result.output.contains("  \($0). a(100)\n") }, "\(result.output)")
        #expect(!result.output.contains("shrinking was stopped"))
    }
}
