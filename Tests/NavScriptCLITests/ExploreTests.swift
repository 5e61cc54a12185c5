import Foundation
import Testing

/// `navscript explore`: the example app's model passes, three planted bugs are found,
/// shrunk and saved as failing scenarios, the exhaustive search counts states as a hand
/// count does, and one seed gives one result.
@Suite struct ExploreTests {
    /// A copy of lua/tests/explore (the inbox app with its planted bugs), to write into.
    static func inbox() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-explore-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Binary.packageRoot.appendingPathComponent("lua/tests/explore"), to: folder)
        return folder
    }

    /// A fixture of one model written several ways: `placeholder` replaced by each value.
    static func variants(of model: String, _ placeholder: String, _ files: [String: String]) throws -> Fixture {
        try Fixture(files.mapValues { model.replacingOccurrences(of: placeholder, with: $0) })
    }

    @Test func theExampleAppsModelHolds() throws {
        let result = try navscript(["explore", "explore.lua", "--runs", "60", "--depth", "15"],
                                   in: Binary.packageRoot.appendingPathComponent("lua/examples/app"))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Explored 60 walks of up to 15 actions (seed 0): 900 actions"))
        #expect(result.output.contains("No invariant broke."))
    }

    /// Walks and the exhaustive search both write coverage, also when they find a failure.
    @Test(arguments: [[], ["--exhaustive"]])
    func coverageOfRouteScriptsIfAsked(_ search: [String]) throws {
        let folder = try Self.inbox()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try navscript(["explore", "duplicate_message.lua", "--coverage"] + search, in: folder)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("Coverage of route scripts:"))
        #expect(result.output.contains("routes/inbox.lua"))
        #expect(try String(contentsOf: folder.appendingPathComponent("coverage/lcov.info"), encoding: .utf8).contains("SF:routes/inbox.lua"))
    }

    @Test(arguments: [
        ("duplicate_message.lua", "one message per id in each stack", "is open twice"),
        ("lost_deeplink.lua", "a held link waits only while signed out", "is still held"),
        ("stuck_sheet.lua", "a navigation fails only with an expected error", "the composer is still open"),
    ])
    func plantedBugsAreFoundShrunkAndSavedAsFailingScenarios(model: String, invariant: String, message: String) throws {
        let folder = try Self.inbox()
        defer { try? FileManager.default.removeItem(at: folder) }
        let explored = try navscript(["explore", model, "--save-failures", "scenarios"], in: folder)
        #expect(explored.status == 1)
        #expect(explored.output.contains("✗ Invariant '\(invariant)' broke"))
        #expect(explored.output.contains(message))
        let shrunk = explored.output.components(separatedBy: "shrunk to ").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
        #expect((shrunk ?? 99) <= 4, "\(explored.output)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("scenarios").path)
        #expect(saved.count == 1)
        let run = try navscript(["run", "scenarios", "--color", "never"], in: folder)
        #expect(run.status == 1)
        #expect(run.output.contains("invariant '\(invariant)' does not hold after step"))
        #expect(run.output.contains(message))
    }

    @Test func aSavedFailurePassesOnceTheBugIsFixed() throws {
        let folder = try Self.inbox()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try navscript(["explore", "duplicate_message.lua", "--save-failures", "scenarios"], in: folder)
        let routes = folder.appendingPathComponent("routes/inbox.lua")
        let fixed = try String(contentsOf: routes, encoding: .utf8).replacingOccurrences(
            of: "  return nav.route():top(nav.stack):push(M.Message { id = id })",
            with: "  local message = M.Message { id = id }\n  return nav.route():last(message):makeVisible():fallback(nav.route():top(nav.stack):push(message))")
        try fixed.write(to: routes, atomically: true, encoding: .utf8)
        let run = try navscript(["run", "scenarios", "--color", "never"], in: folder)
        #expect(run.status == 0, "\(run.output)")
        #expect(try navscript(["explore", "duplicate_message.lua", "--runs", "30"], in: folder).status == 0)
    }

    static let tiny = """
        local A, B = nav.screen("A"), nav.screen("B")
        return explore.model {
          start = function() return nav.app { root = nav.tabs { nav.stack { A() }, nav.stack { A() } } } end,
          actions = {
            explore.action("tab", function(app, i) return app:navigate(nav.route():first(nav.tabs, function(t) return t:selectTab(i) end)) end,
              { args = explore.int(1, 2) }),
            explore.action("push", function(app) return app:navigate(nav.route():top(nav.stack):push(B())) end,
              { when = function(app) return #app:topStack().children < 2 end }),
          },
        }
        """

    /// Two tabs, each a stack of A that B may be pushed onto once: the selected tab and the
    /// two stacks make 2 × 2 × 2 = 8 states; within 3 actions, 7 (both stacks pushed and the
    /// first tab selected again takes 4).
    @Test func theExhaustiveSearchCountsTheStatesAHandCountGives() throws {
        let fixture = try Fixture(["tiny.lua": Self.tiny])
        let three = try navscript(["explore", "tiny.lua", "--exhaustive", "--depth", "3"], in: fixture.root)
        #expect(three.output.contains("Searched every abstract state within 3 actions: 7 abstract states"))
        let four = try navscript(["explore", "tiny.lua", "--exhaustive", "--depth", "4"], in: fixture.root)
        // Transitions: from each of the 7 states found within 3 actions, `tab` leads to both
        // selections (one of them the state itself); `push` is enabled where the selected
        // stack has A alone (4 of the 7): 7 × 2 + 4 = 18. The 8th state, found at depth 4, is
        // not expanded.
        #expect(four.output.contains("Searched every abstract state within 4 actions: 8 abstract states, 18 transitions between them"))
        #expect(four.status == 0)
        #expect(four.errors.contains("explore: depth 4, "))
    }

    @Test func theExhaustiveSearchNamesTheActionsNeverEnabled() throws {
        let model = Self.tiny.replacingOccurrences(of: "  actions = {\n", with: """
              actions = {
                explore.action("sign out", function(app) end, { when = function(app) return false end }),

            """)
        let fixture = try Fixture(["never.lua": model])
        let result = try navscript(["explore", "never.lua", "--exhaustive", "--depth", "2"], in: fixture.root)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("Never enabled in the states searched: sign out\n"))
        let walks = try navscript(["explore", "never.lua", "--runs", "5"], in: fixture.root)
        #expect(walks.output.contains("Never enabled: sign out\n"))
        // Broken in the start state, no action was asked about: none is named.
        try fixture.write("broken.lua", model.replacingOccurrences(of: "return explore.model {", with: """
            return explore.model {
              invariants = { never = function() return false, "broken from the start" end },
            """))
        let broken = try navscript(["explore", "broken.lua", "--runs", "5"], in: fixture.root)
        #expect(broken.status == 1)
        #expect(broken.output.contains("broken from the start"))
        #expect(!broken.output.contains("Never enabled"))
    }

    /// A walk that breaks a limit (a route that loops) fails the built-in limit invariant:
    /// walked again to find its steps, shrunk to the sequence that breaks it, saved, and the
    /// saved scenario breaks it too; the same with any --jobs.
    @Test func aWalkThatBreaksALimitIsAFailureShrunkAndSaved() throws {
        let fixture = try Fixture(["loop.lua": """
            local Home, A, B = nav.screen("Home"), nav.screen("A"), nav.screen("B")
            return explore.model {
              start = function() return nav.app { root = nav.stack { Home() } } end,
              actions = {
                explore.action("a", function(app) return app:navigate(nav.route():top(nav.stack):push(A())) end),
                explore.action("b", function(app)
                  if app:top().name == "A" and #app:topStack().children >= 3 then while true do end end
                  return app:navigate(nav.route():top(nav.stack):push(B()))
                end),
              },
              builtins = { sizeBound = false },
            }
            """])
        let result = try navscript(["explore", "loop.lua", "--save-failures", "saved", "--jobs", "2"], in: fixture.root)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("✗ Invariant 'the model runs within the script limits' broke (walk 1, "), "\(result.output)")
        // Two pushes, then the one that loops: a, a, b or b, a, b.
        #expect(result.output.contains(", shrunk to 3):\n"), "\(result.output)")
        #expect(result.output.contains("  3. b\n  loop.lua:7: instruction limit exceeded"), "\(result.output)")
        let one = try navscript(["explore", "loop.lua", "--jobs", "1"], in: fixture.root)
        let unsaved = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix("Saved as ") } }
        #expect(unsaved(one.output) == unsaved(result.output), "\(one.output)")
        let run = try navscript(["run", "saved", "--color", "never"], in: fixture.root)
        #expect(run.status == 1)
        #expect(run.output.contains("loop.lua:7: instruction limit exceeded"), "\(run.output)")
        // The exhaustive search finds it as the shortest counterexample.
        let search = try navscript(["explore", "loop.lua", "--exhaustive", "--depth", "4"], in: fixture.root)
        #expect(search.status == 1)
        #expect(search.output.contains("the shortest counterexample has 3 actions"), "\(search.output)")
    }

    /// A limit broken before the first action (a start that loops) is the model's error:
    /// exit 2 with its line, in walks as in the exhaustive search.
    @Test func aLimitBrokenBeforeTheFirstActionIsTheModelsError() throws {
        let fixture = try Fixture(["start.lua": """
            return explore.model {
              start = function() while true do end end,
              actions = { explore.action("noop", function() end) },
            }
            """])
        for mode in [[], ["--exhaustive"]] {
            let result = try navscript(["explore", "start.lua", "--save-failures", "saved"] + mode, in: fixture.root)
            #expect(result.status == 2, "\(result.output)\(result.errors)")
            #expect(result.errors.contains("start.lua:2: instruction limit exceeded"), "\(result.errors)")
            #expect(!fixture.exists("saved"))
        }
    }

    /// Walks cut short by --time say so: how many fit depends on the machine.
    @Test func walksStoppedByTheTimeSaySo() throws {
        let fixture = try Fixture(["tiny.lua": Self.tiny])
        let result = try navscript(["explore", "tiny.lua", "--runs", "10000000", "--time", "0.2"], in: fixture.root)
        #expect(result.status == 0)
        #expect(result.output.contains("Stopped by --time 0.2 s after "), "\(result.output)")
        let whole = try navscript(["explore", "tiny.lua", "--runs", "3"], in: fixture.root)
        #expect(!whole.output.contains("Stopped by"), "\(whole.output)")
    }

    /// A model's own state, which no shape shows, tells states apart in the search when the
    /// model gives it as its view (TLA+'s VIEW): without one, two ticks look like none.
    @Test func theExhaustiveSearchTellsStatesApartByTheModelsView() throws {
        let model = """
            local A, B = nav.screen("A"), nav.screen("B")
            local ticks = 0
            return explore.model {
              start = function() ticks = 0 return nav.app { root = nav.stack { A() } } end,
              actions = {
                explore.action("tick", function(app) ticks = ticks + 1 end),
                explore.action("unlock", function(app) return app:navigate(nav.route():top(nav.stack):push(B())) end,
                  { when = function() return ticks >= 2 end }),
              },
              invariants = { ["no B"] = function(app) return app:top().name ~= "B", "B is on top" end },
              VIEW
            }
            """
        let fixture = try Fixture(["blind.lua": model.replacingOccurrences(of: "VIEW", with: ""),
                                   "view.lua": model.replacingOccurrences(of: "VIEW", with: "view = function() return ticks end,")])
        let blind = try navscript(["explore", "blind.lua", "--exhaustive", "--depth", "4"], in: fixture.root)
        #expect(blind.status == 0)
        #expect(blind.output.contains("Never enabled in the states searched: unlock"), "\(blind.output)")
        let seen = try navscript(["explore", "view.lua", "--exhaustive", "--depth", "4"], in: fixture.root)
        #expect(seen.status == 1)
        #expect(seen.output.contains("the shortest counterexample has 3 actions"), "\(seen.output)")
        #expect(seen.output.contains("B is on top"))
        // A set is plain data: its keys tell states apart whatever their type.
        try fixture.write("set.lua", model.replacingOccurrences(of: "ticks = ticks + 1", with: "ticks = ticks + 1 marked[ticks * 10] = true")
            .replacingOccurrences(of: "local ticks = 0", with: "local ticks, marked = 0, {}")
            .replacingOccurrences(of: "start = function() ticks = 0", with: "start = function() ticks, marked = 0, {}")
            .replacingOccurrences(of: "VIEW", with: "view = function() return { marked } end,"))
        let set = try navscript(["explore", "set.lua", "--exhaustive", "--depth", "4"], in: fixture.root)
        #expect(set.output.contains("the shortest counterexample has 3 actions"), "\(set.output)\(set.errors)")
        // States the view tells apart are counted beside the abstract states.
        try fixture.write("count.lua", model.replacingOccurrences(of: "ticks >= 2", with: "false")
            .replacingOccurrences(of: "VIEW", with: "view = function() return math.min(ticks, 3) end,"))
        let count = try navscript(["explore", "count.lua", "--exhaustive", "--depth", "5"], in: fixture.root)
        #expect(count.output.contains("1 abstract state (4 states at rest told apart by what the shape does not show)"), "\(count.output)")
        // What has no text of its own is refused, at its path.
        try fixture.write("cycle.lua", model.replacingOccurrences(of: "VIEW", with: "view = function() local t = {} t.self = t return t end,"))
        let cycle = try navscript(["explore", "cycle.lua", "--exhaustive", "--depth", "2"], in: fixture.root)
        #expect(cycle.status == 2)
        #expect(cycle.errors.contains("cycle.lua:11: view: its value[\"self\"] holds itself (a cycle)"), "\(cycle.errors)")
        try fixture.write("function.lua", model.replacingOccurrences(of: "VIEW", with: "view = function() return { f = print } end,"))
        let function = try navscript(["explore", "function.lua", "--exhaustive", "--depth", "2"], in: fixture.root)
        #expect(function.status == 2)
        #expect(function.errors.contains("function.lua:11: view: its value[\"f\"] is a function; a view is compared as data: nil, booleans"), "\(function.errors)")
    }

    /// A folder outside the model's root: the saved scenario's first line names the root,
    /// so that `navscript run` on that folder loads the model.
    @Test func aFailureSavedAwayFromTheModelStillLoads() throws {
        let folder = try Self.inbox()
        let away = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-saved-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder); try? FileManager.default.removeItem(at: away) }
        let explored = try navscript(["explore", "duplicate_message.lua", "--save-failures", away.path], in: folder)
        #expect(explored.status == 1)
        let saved = try #require(try FileManager.default.contentsOfDirectory(atPath: away.path).first)
        let text = try String(contentsOf: away.appendingPathComponent(saved), encoding: .utf8)
        #expect(text.hasPrefix("-- navscript: root = "))
        let run = try navscript(["run", away.path, "--color", "never"], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output.contains("invariant 'one message per id in each stack' does not hold after step 2 (open message(1))"), "\(run.output)")
        // Saved next to the model, it needs no such line.
        _ = try navscript(["explore", "duplicate_message.lua", "--save-failures", "scenarios"], in: folder)
        let near = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("scenarios").path)
        #expect(try String(contentsOf: folder.appendingPathComponent("scenarios/\(near[0])"), encoding: .utf8).hasPrefix("-- Found by"))
    }

    /// Shrinking simpler arguments can fail sooner and cut the steps short; seed 29 did that
    /// past the end of the steps and crashed.
    @Test func shrinkingThatCutsTheStepsShortDoesNotCrash() throws {
        let folder = try Self.inbox()
        defer { try? FileManager.default.removeItem(at: folder) }
        for seed in ["29", "76", "177"] {
            let result = try navscript(["explore", "duplicate_message.lua", "--seed", seed], in: folder)
            #expect(result.status == 1, "seed \(seed): \(result.errors)")
            #expect(result.output.contains("✗ Invariant 'one message per id in each stack' broke"))
        }
    }

    @Test func theExhaustiveSearchFindsTheShortestCounterexample() throws {
        let folder = try Self.inbox()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try navscript(["explore", "duplicate_message.lua", "--exhaustive", "--depth", "3"], in: folder)
        #expect(result.status == 1)
        #expect(result.output.contains("the shortest counterexample has 2 actions"))
        #expect(result.output.contains("1. open message(1)\n"))
    }

    /// Equal steps shrink together, as Hypothesis shrinks duplicated values: every seed ends
    /// at the simplest arguments, not at the ones the walk happened to draw twice.
    @Test func equalStepsShrinkTogether() throws {
        let folder = try Self.inbox()
        defer { try? FileManager.default.removeItem(at: folder) }
        for seed in 0..<6 {
            let result = try navscript(["explore", "duplicate_message.lua", "--seed", "\(seed)"], in: folder)
            #expect(result.output.contains("1. open message(1)\n") && result.output.contains("2. open message(1)\n"), "seed \(seed): \(result.output)")
        }
    }

    @Test func oneSeedGivesOneResultWithAnyJobs() throws {
        let folder = try Self.inbox()
        defer { try? FileManager.default.removeItem(at: folder) }
        func explore(_ jobs: String, seed: String) throws -> String {
            // Standard output, byte for byte: the timing figures go to standard error.
            try navscript(["explore", "lost_deeplink.lua", "--seed", seed, jobs], in: folder).output
        }
        let first = try explore("--jobs=1", seed: "11")
        #expect(first.contains("✗ Invariant"))
        #expect(first.contains("Explored 1 walk of up to 20 actions (seed 11): 9 actions, "), "\(first)")
        #expect(try explore("-j1", seed: "11") == first)
        #expect(try explore("-j2", seed: "11") == first)
        let passing = try navscript(["explore", "explore.lua", "--runs", "40", "--depth", "5"], in: Binary.packageRoot.appendingPathComponent("lua/examples/app"))
        #expect(try navscript(["explore", "explore.lua", "--runs", "40", "--depth", "5", "-j", "3"],
                              in: Binary.packageRoot.appendingPathComponent("lua/examples/app")).output == passing.output)
        #expect(passing.errors.contains(" actions/s)"))
    }

    /// What a model prints comes from walks side by side and from shrinking's replays: it
    /// goes to standard error, and standard output stays the same with any --jobs.
    @Test func whatTheModelPrintsGoesToStandardError() throws {
        let fixture = try Fixture(["printer.lua": """
            local S = nav.screen("S")
            return explore.model { start = function() return nav.app { root = nav.stack { S() } } end,
              actions = { explore.action("push", function(app) print("pushing at", app.clock) return app:navigate(nav.route():top(nav.stack):push(S())) end),
                          explore.action("wait", function(app) app:advance(0.1) end) },
              invariants = { ["at most 4"] = function(app) return #app:topStack().children <= 4, "too many" end } }
            """])
        let one = try navscript(["explore", "printer.lua", "--seed", "3", "--jobs", "1"], in: fixture.root)
        #expect(one.status == 1)
        #expect(!one.output.contains("pushing at") && one.errors.contains("pushing at"), "\(one.output)")
        #expect(try navscript(["explore", "printer.lua", "--seed", "3", "--jobs", "4"], in: fixture.root).output == one.output)
        // As many jobs as allowed start no more threads than a batch uses (a walk or two
        // here), and more are refused: each would be a thread.
        let most = try navscript(["explore", "printer.lua", "--seed", "3", "--jobs", "1024", "--runs", "2"], in: fixture.root)
        let two = try navscript(["explore", "printer.lua", "--seed", "3", "--jobs", "1", "--runs", "2"], in: fixture.root)
        #expect(most.status == two.status && most.output == two.output && most.output.contains("Explored "), "\(most.output)\(most.errors)")
        let over = try navscript(["explore", "printer.lua", "--jobs", "1025"], in: fixture.root)
        #expect(over.status == 2 && over.errors.contains("--jobs must be at most 1024"), "\(over.errors)")
    }
}
