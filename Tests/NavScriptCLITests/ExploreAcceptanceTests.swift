import Foundation
import Testing

/// What an acceptance review of `navscript explore` found: options given as `false`, the
/// actions enabled in a walk's last state, a time limit that a saved scenario must repeat,
/// and negative values of the counts.
@Suite struct ExploreAcceptanceTests {
    static let stack = """
        local A, X = nav.screen("A"), nav.screen("X")
        return explore.model {
          start = function() return nav.app { root = nav.stack { A() } } end,
          actions = {
            explore.action("push", function(app) return app:navigate(nav.route():top(nav.stack):push(X())) end, OPTIONS),
            explore.action("deeper", function(app) end, { when = function(app) return #app:topStack().children >= 4 end }),
          },
          MODEL
        }
        """

    func model(options: String = "nil", model: String = "") -> String {
        Self.stack.replacingOccurrences(of: "OPTIONS", with: options).replacingOccurrences(of: "MODEL", with: model)
    }

    @Test func falseIsAValueOfTheWrongTypeNotAnOptionLeftOut() throws {
        let cases = [
            (model(model: "builtins = false,"), "builtins: a table of names = false, got boolean"),
            (model(model: "expected = false,"), "expected: a list of error texts, got boolean"),
            (model(model: "maxContainers = false,"), "maxContainers must be a whole number, 1 or more, got boolean"),
            (model(model: "maxContainers = \"5\","), "maxContainers must be a whole number, 1 or more, got \"5\""),
            (model(options: "false"), "table of options expected, got boolean"),
            (model(options: "{ args = false }"), "args: a generator or a list of them, got boolean"),
            (model(options: "{ weight = false }"), "weight must be a finite number more than 0, got boolean"),
        ]
        for (text, message) in cases {
            let fixture = try Fixture(["m.lua": text])
            let result = try navscript(["explore", "m.lua", "--runs", "1"], in: fixture.root)
            #expect(result.status == 2 && result.errors.contains(message), "\(message): \(result.output)\(result.errors)")
        }
    }

    /// `deeper` is enabled only after the third push, in the last state of a walk of three.
    @Test func theActionsEnabledInAWalksLastStateWereEnabled() throws {
        let fixture = try Fixture(["m.lua": model()])
        let walks = try navscript(["explore", "m.lua", "--depth", "3", "--runs", "5"], in: fixture.root)
        #expect(walks.status == 0)
        #expect(!walks.output.contains("Never enabled"), "\(walks.output)")
        let short = try navscript(["explore", "m.lua", "--depth", "2", "--runs", "5"], in: fixture.root)
        #expect(short.output.contains("Never enabled: deeper"), "\(short.output)")
    }

    @Test func aTimeLimitFoundWithATimeoutIsSavedWithIt() throws {
        let fixture = try Fixture(["tl.lua": """
            local A = nav.screen("A")
            -- Past 0.2 s at the first step, every time; a loop the limit stops in Lua, so that a
            -- loaded machine does not turn it into the watchdog's end, as a long C call could.
            local function spin() local t = os.clock() while os.clock() - t < 30 do end end
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { explore.action("load", function(app) spin() end) },
            }
            """])
        let found = try navscript(["explore", "tl.lua", "--timeout", "0.2", "--depth", "1", "--jobs", "1", "--save-failures", "saved"], in: fixture.root)
        #expect(found.status == 1)
        #expect(found.output.contains("(reproduce it with navscript run --timeout 0.2 saved/explore_the_model_runs_within_the_script_limits_spec.lua)"), "\(found.output)")
        let saved = try fixture.read("saved/explore_the_model_runs_within_the_script_limits_spec.lua")
        #expect(saved.contains("-- Found by navscript explore tl.lua --seed 0 --timeout 0.2 (walk 1)"), "\(saved)")
        let rerun = try navscript(["run", "--timeout", "0.2", "saved"], in: fixture.root)
        #expect(rerun.status == 1 && rerun.output.contains("time limit exceeded (0.2 s)"), "\(rerun.output)")
    }

    @Test(arguments: [("--runs", "--runs must be at least 1"), ("--depth", "--depth must be from 1 to 10000"),
                      ("--time", "--time must be more than 0"), ("--jobs", "--jobs must be at least 1")])
    func aNegativeCountMeetsItsRange(option: String, message: String) throws {
        let fixture = try Fixture(["m.lua": model()])
        let result = try navscript(["explore", "m.lua", option, "-1"], in: fixture.root)
        #expect(result.status == 2 && result.errors.contains(message), "\(result.errors)")
    }
}
