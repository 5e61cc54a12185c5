import Foundation
import Testing

/// A model's own use of `math.random`: what it draws while it loads, what it seeds itself,
/// and the weights of its actions where every action is new.
extension ExploreRandomTests {
    /// The model draws its bad number while it loads: every walk and the saved scenario
    /// draw it from seed 0's sequence, so the scenario fails as the walk did, whatever
    /// `--seed` the exploration had (it passed for most seeds).
    @Test(arguments: [1, 2, 3, 5])
    func aDrawWhileTheModelLoadsIsTheSavedScenarios(seed: Int) throws {
        let fixture = try Fixture(["top.lua": """
            local bad = math.random(1, 3)
            return explore.model {
              start = function() return nav.app() end,
              actions = { explore.action("try", function(app, n)
                if n == bad then return false, "hit the bad number" end
              end, { args = explore.int(1, 3) }) },
            }
            """])
        let found = try navscript(["explore", "top.lua", "--seed", "\(seed)", "--save-failures", "saved"], in: fixture.root)
        #expect(found.status == 1, "\(found.output)\(found.errors)")
        let replayed = try navscript(["run", "saved", "--color", "never"], in: fixture.root)
        #expect(replayed.status == 1, "\(replayed.output)")
        #expect(replayed.output.contains("hit the bad number"), "\(replayed.output)")
    }

    /// `math.randomseed(42)` in an action starts seed 42's sequence: the seed the explorer
    /// set for the step does not replace it at the next draw.
    @Test func aModelsOwnSeedIsKept() throws {
        let fixture = try Fixture(["seeded.lua": """
            return explore.model {
              start = function() return nav.app() end,
              actions = { explore.action("roll", function(app)
                math.randomseed(42) local x = math.random(1, 1000000)
                math.randomseed(42) local y = math.random(1, 1000000)
                if x ~= y then return false, "randomseed(42) gave " .. x .. " then " .. y end
              end) },
            }
            """])
        let result = try navscript(["explore", "seeded.lua", "--runs", "5"], in: fixture.root)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Both actions always lead to a new state, so no walk learns anything: the weight alone
    /// tells them apart. 80 % of choices go by it (10 to 1) and 20 % are uniform, so the
    /// heavy one is ~83 % of the 320 actions; without weights in new states it was ~54 %
    /// (the bound, 70 %, leaves room for another sequence of draws).
    @Test func aWeightCountsInStatesNoWalkHasTried() throws {
        let fixture = try Fixture(["weights.lua": """
            local A, B = nav.screen("A"), nav.screen("B")
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = {
                explore.action("heavy", function(app) print("heavy") return app:navigate(nav.route():top(nav.stack):push(A())) end, { weight = 10 }),
                explore.action("light", function(app) print("light") return app:navigate(nav.route():top(nav.stack):push(B())) end),
              },
              builtins = { sizeBound = false },
            }
            """])
        let result = try navscript(["explore", "weights.lua", "--runs", "32", "--depth", "10"], in: fixture.root)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.errors.split(separator: "\n")
        let heavy = lines.filter { $0 == "heavy" }.count, light = lines.filter { $0 == "light" }.count
        #expect(heavy + light == 320)
        #expect(Double(heavy) > 0.7 * 320, "heavy \(heavy), light \(light)")
    }
}
