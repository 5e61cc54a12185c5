import Foundation
import Testing

/// What `explore --save-failures` refuses before exploring, and how a model's failed actions
/// and messages read.
@Suite struct ExploreSaveTests {
    static let model = """
        local A = nav.screen("A")
        return explore.model { start = function() return nav.app { root = nav.stack { A() } } end,
          actions = { explore.action("wait", function(app) app:advance(0.1) end) },
          invariants = { never = function() return false, "broken" end } }
        """

    /// Each says what to do: the name a module could have, or a root that holds the model.
    @Test(arguments: [(["inv.v2.lua"], "inv.v2.lua has no module name below the root . (names are dotted identifiers: rename it, as inv_v2.lua, or give --root)"),
                      (["my model.lua"], "rename it, as my_model.lua,"), (["sub.dir/model.lua", "--root", "."], "rename it, as sub_dir/model.lua,"),
                      (["model.lua", "--root", "elsewhere"], "model.lua is not below the root elsewhere (give --root a folder that holds it)"),
                      (["my-model"], "rename it, as my_model.lua,")])
    func aModelRequireCannotNameIsRefused(_ arguments: [String], _ message: String) throws {
        let fixture = try Fixture([arguments[0]: Self.model, "elsewhere/x.lua": ""])
        let result = try navscript(["explore"] + arguments + ["--save-failures", "saved"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(!result.output.contains("Explored"))
        #expect(!fixture.exists("saved"))
    }

    /// The exhaustive search asks a model's view of each state it reaches: a view that breaks
    /// a limit there is a counterexample, and its saved scenario breaks the limit too (it
    /// passed: replaying never asked the view).
    @Test func aViewThatBreaksALimitBreaksItInTheSavedScenario() throws {
        let fixture = try Fixture(["model.lua": """
            local A, B = nav.screen("A"), nav.screen("B")
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { explore.action("push", function(app) return app:navigate(nav.route():top(nav.stack):push(B())) end) },
              view = function(app) if #app:topStack().children > 2 then while true do end end return 1 end,
            }
            """])
        let explored = try navscript(["explore", "model.lua", "--exhaustive", "--depth", "3", "--instruction-limit", "1000000", "--save-failures", "saved"], in: fixture.root)
        #expect(explored.status == 1, "\(explored.output)\(explored.errors)")
        #expect(explored.output.contains("model.lua:5: instruction limit exceeded (1000000 instructions)"), "\(explored.output)")
        let saved = try fixture.read("saved/explore_the_model_runs_within_the_script_limits_spec.lua")
        #expect(saved.contains("-- Run it as it was found: navscript run --instruction-limit 1000000 <this file>"), "\(saved)")
        let run = try navscript(["run", "saved", "--instruction-limit", "1000000"], in: fixture.root)
        #expect(run.status == 1)
        #expect(run.output.contains("model.lua:5: instruction limit exceeded (1000000 instructions)"), "\(run.output)")
    }

    /// explore takes its limits from the project file, as run does, so that a saved failure
    /// fails under run the same way (it found a limit run's did not have, and the other way
    /// round); limits other than the defaults are named in the saved file.
    @Test func theProjectFilesLimitsAreExploresToo() throws {
        let fixture = try Fixture([
            "navscript.lua": "return { instructionLimit = 2000000 }",
            "model.lua": """
                local A = nav.screen("A")
                return explore.model {
                  start = function() return nav.app { root = nav.stack { A() } } end,
                  actions = { explore.action("work", function(app) local x = 0 for i = 1, 1000000 do x = x + i end end) },
                }
                """,
        ])
        let explored = try navscript(["explore", "model.lua", "--save-failures", "saved"], in: fixture.root)
        #expect(explored.status == 1, "\(explored.output)\(explored.errors)")
        #expect(explored.output.contains("model.lua:4: instruction limit exceeded (2000000 instructions)"), "\(explored.output)")
        let run = try navscript(["run", "saved"], in: fixture.root)
        #expect(run.status == 1)
        #expect(run.output.contains("model.lua:4: instruction limit exceeded (2000000 instructions)"), "\(run.output)")
        let flagged = try navscript(["explore", "model.lua", "--instruction-limit", "100000000", "--runs", "1", "--depth", "2"], in: fixture.root)
        #expect(flagged.status == 0, "\(flagged.output)\(flagged.errors)")
    }

    /// A model given through a link to its folder (`/tmp` for `/private/tmp` on a Mac), below a
    /// root given by its real path, is below that root: its failures are saved.
    @Test func aModelGivenThroughALinkedFolderIsBelowItsRealRoot() throws {
        let fixture = try Fixture(["routes/none.lua": """
            local A = nav.screen("A")
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { explore.action("a", function(app) return false, "no" end) },
            }
            """])
        let link = fixture.root.appendingPathComponent("linked")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: fixture.root)
        let result = try navscript(["explore", link.appendingPathComponent("routes/none.lua").path, "--root", fixture.root.path,
                                    "--runs", "1", "--save-failures", "saved"], in: fixture.root)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("Saved as saved/"), "\(result.output)\(result.errors)")
    }

    @Test func aFolderUnderAFileIsRefusedBeforeExploring() throws {
        let fixture = try Fixture(["model.lua": Self.model, "afile": ""])
        let result = try navscript(["explore", "model.lua", "--save-failures", "afile/sub"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("navscript: cannot save failures in afile/sub: afile is a file"), "\(result.errors)")
        #expect(!result.output.contains("Explored"))
    }

    @Test func aSavedFailureOfANestedModelLoadsAndFails() throws {
        let fixture = try Fixture(["models/checks.lua": Self.model])
        let explored = try navscript(["explore", "models/checks.lua", "--root", ".", "--save-failures", "saved"], in: fixture.root)
        #expect(explored.status == 1, "\(explored.errors)")
        #expect(try fixture.read("saved/explore_never_spec.lua").contains("require \"models.checks\""))
        let run = try navscript(["run", "saved"], in: fixture.root)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output.contains("invariant 'never' does not hold after step 0 (start): broken"), "\(run.output)")
    }

    /// `false` alone, `nil, message` and a message that is not text are failed navigations
    /// too, named the same in every run.
    @Test(arguments: [("return false", "the action returned false"), ("return nil, 'oops'", "oops"),
                      ("return false, {}", "model.lua:3: (error object is a table value)")])
    func failedActionsBreakExpectedErrors(_ body: String, _ message: String) throws {
        let fixture = try Fixture(["model.lua": """
            local A = nav.screen("A")
            return explore.model { start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { explore.action("act", function(app) \(body) end) } }
            """])
        let result = try navscript(["explore", "model.lua", "--runs", "1"], in: fixture.root)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("\n  \(message)\n"), "\(result.output)")
    }

    /// An exploration of no walk would say "No invariant broke" of nothing, and call every
    /// action never enabled: the first walks run whatever --time says.
    @Test func aTinyTimeStillWalks() throws {
        let fixture = try Fixture(["model.lua": Self.model.replacingOccurrences(of: "return false, \"broken\"", with: "return true")])
        let result = try navscript(["explore", "model.lua", "--time", "1e-9", "--jobs", "1"], in: fixture.root)
        #expect(result.status == 0)
        #expect(result.output.contains("Explored 1 walk of up to 20 actions"), "\(result.output)")
        #expect(!result.output.contains("Never enabled"), "\(result.output)")
    }

    /// A start function that returns no app is named by its line.
    @Test func aStartThatReturnsNoAppIsNamedByItsLine() throws {
        let fixture = try Fixture(["model.lua": """
            local A = nav.screen("A")
            return explore.model {
              start = function()
                local app = nav.app { root = nav.stack { A() } }
              end,
              actions = { explore.action("wait", function(app) app:advance(0.1) end) },
            }
            """])
        let result = try navscript(["explore", "model.lua"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("walk 1 (seed 0): model.lua:3: start 1 of the model returned nil, not an app (nav.app)"), "\(result.errors)")
    }

    @Test func anInvariantsMessageThatIsNotTextIsNamedTheSameEveryRun() throws {
        let fixture = try Fixture(["model.lua": Self.model.replacingOccurrences(of: "\"broken\"", with: "{}")])
        let result = try navscript(["explore", "model.lua", "--runs", "1"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("(error object is a table value)"), "\(result.output)")
        #expect(!result.output.contains("0x"))
    }
}

/// A model whose actions draw from `math.random` replays as its walk drew: the printed steps
/// show the failure, and the saved scenario fails the same way.
@Suite struct ExploreRandomTests {
    @Test(arguments: [1, 5, 9])
    func aModelThatDrawsRandomNumbersReplaysAsItsWalkDid(_ seed: Int) throws {
        let fixture = try Fixture(["rnd.lua": """
            local A, B = nav.screen("A"), nav.screen("B")
            return explore.model { start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { explore.action("maybe push", function(app)
                if math.random(1, 4) == 1 then return app:navigate(nav.route():top(nav.stack):push(B())) end
                return true
              end) },
              invariants = { ["no B"] = function(app) return app:top().name ~= "B", "B on top" end } }
            """])
        let explored = try navscript(["explore", "rnd.lua", "--seed", "\(seed)", "--save-failures", "saved"], in: fixture.root)
        #expect(explored.status == 1)
        // The last step printed is the one that pushed B.
        let lastStep = try #require(explored.output.components(separatedBy: "maybe push").last)
        #expect(lastStep.contains("modal B ← top"), "\(explored.output)")
        let run = try navscript(["run", "saved"], in: fixture.root)
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("invariant 'no B' does not hold after step"), "\(run.output)")
    }

    /// A link, a folder or a FIFO under the saved file's name is someone else's: the failure
    /// gets the next name, and nothing is written through the link, out of the folder.
    @Test func aLinkUnderTheSavedNameIsNotWrittenThrough() throws {
        let fixture = try Fixture(["model.lua": ExploreSaveTests.model, "outside.lua": "-- mine\n", "saved/explore_never_2_spec.lua/keep": ""])
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("saved/explore_never_spec.lua").path,
                                                   withDestinationPath: "../outside.lua")
        let explored = try navscript(["explore", "model.lua", "--save-failures", "saved"], in: fixture.root)
        #expect(explored.status == 1, "\(explored.errors)")
        #expect(explored.output.contains("Saved as saved/explore_never_3_spec.lua (reproduce it with navscript run saved/explore_never_3_spec.lua)."), "\(explored.output)")
        #expect(try fixture.read("outside.lua") == "-- mine\n")
    }

    /// Something there that is not a folder takes no scenario: refused before exploring.
    @Test func aSaveFolderThatIsALinkToNothingIsRefused() throws {
        let fixture = try Fixture(["model.lua": ExploreSaveTests.model])
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("gone").path, withDestinationPath: "nowhere")
        let result = try navscript(["explore", "model.lua", "--save-failures", "gone"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("navscript: cannot save failures in gone: it is a link to nothing"), "\(result.errors)")
        #expect(!result.output.contains("Explored"))
    }

    /// A model's control characters are written visibly, as run's console writes them.
    @Test func controlCharactersOfAModelAreWrittenVisibly() throws {
        let fixture = try Fixture(["model.lua": """
            return explore.model { start = function() return nav.app() end,
              actions = { explore.action("wait", function(app) app:advance(0.1) end) },
              invariants = { ["x\\27[31m"] = function() return false, "a\\0b\\27[31mred" end } }
            """])
        let result = try navscript(["explore", "model.lua", "--runs", "1", "--depth", "1"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("Invariant 'x\\x1b[31m' broke") && result.output.contains("  a\\x00b\\x1b[31mred"), "\(result.output)")
        #expect(!result.output.contains("\u{1B}"))
    }
}
