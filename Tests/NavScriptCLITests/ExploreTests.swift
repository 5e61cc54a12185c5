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
        #expect(result.output.contains("✗ Invariant 'an action runs within the script limits' broke (walk 1, "), "\(result.output)")
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

    @Test func aBadModelSaysWhatIsWrong() throws {
        let fixture = try Fixture([
            "empty.lua": "return { }",
            "typo.lua": "return explore.model { start = function() return nav.app() end, actions = { explore.action('x', function() end) }, invariant = {} }",
        ])
        let empty = try navscript(["explore", "empty.lua"], in: fixture.root)
        #expect(empty.status == 2)
        #expect(empty.errors.contains("empty.lua must return explore.model { ... }"))
        let typo = try navscript(["explore", "typo.lua"], in: fixture.root)
        #expect(typo.status == 2)
        #expect(typo.errors.contains("unknown field 'invariant'"))
        // Any range is drawn from; the exhaustive search, which lists them, says it cannot.
        try fixture.write("wide.lua", "return explore.model { start = function() return nav.app() end, actions = { explore.action('x', function() end, { args = explore.int(-1, math.maxinteger) }) } }")
        #expect(try navscript(["explore", "wide.lua", "--runs", "5"], in: fixture.root).status == 0)
        let wide = try navscript(["explore", "wide.lua", "--exhaustive", "--depth", "1"], in: fixture.root)
        #expect(wide.status == 2)
        #expect(wide.errors.contains("action 'x' has more than 10000 argument lists"), "\(wide.errors)")
        // In Lua's own words, with the argument's number.
        for (args, message) in [("'a', 2", "bad argument #1 to 'int' (number expected, got string)"),
                                ("1", "bad argument #2 to 'int' (number expected, got no value)"),
                                ("nil, 3", "bad argument #1 to 'int' (number expected, got nil)"),
                                ("1.0, 3.5", "bad argument #2 to 'int' (number has no integer representation)"),
                                ("1, 2.5", "bad argument #2 to 'int' (number has no integer representation)"),
                                ("5, 2", "bad argument #2 to 'int' (5 or more expected, got 2)")] {
            try fixture.write("int.lua", "return explore.model { start = function() return nav.app() end, actions = { explore.action('x', function() end, { args = explore.int(\(args)) }) } }")
            #expect(try navscript(["explore", "int.lua"], in: fixture.root).errors.contains("int.lua:1: " + message))
        }
        try fixture.write("weight.lua", "return explore.model { start = function() return nav.app() end, actions = { explore.action('x', function() end, { weight = 0/0 }) } }")
        #expect(try navscript(["explore", "weight.lua"], in: fixture.root).errors.contains("weight must be a finite number more than 0, got "))
        try fixture.write("weight.lua", "return explore.model { start = function() return nav.app() end, actions = { explore.action('x', function() end, { weight = '2' }) } }")
        #expect(try navscript(["explore", "weight.lua"], in: fixture.root).errors.contains("weight must be a finite number more than 0, got \"2\")"))
        try fixture.write("empty.lua", "return explore.model { start = function() return nav.app() end, actions = { explore.action('', function() end) } }")
        #expect(try navscript(["explore", "empty.lua"], in: fixture.root).errors.contains("empty.lua:1: bad argument #1 to 'action' (the name is empty"))
    }

    /// Every option of a model and an action is checked where the model loads, named: a
    /// misspelt built-in would stay on, a string `expected` would match nothing.
    @Test(arguments: [
        // `return explore.model { ... }` is a tail call: the line is the one that calls it.
        ("builtins = { expectedError = false }", "bad.lua:1: bad argument #1 to 'model' (unknown built-in invariant 'expectedError' (backToRoot, expectedErrors, noPendingActions"),
        ("builtins = { sizeBound = 'no' }", "builtins.sizeBound must be true or false, got string"),
        ("expected = 'custom failure'", "expected: a list of error texts, got string"),
        ("expected = { 5 }", "expected[1] is a number, not an error text"),
        ("invariants = 1", "bad.lua:1: bad argument #1 to 'model' (invariants: a table of name = function, got number)"),
        ("invariants = { function() return true end }", "bad.lua:1: bad argument #1 to 'model' (invariants are named: invariants = { [\"one chat per id\"] = function(app) ... end }, got a number key)"),
        ("view = 5", "view: a function(app) returning the model's own state, got number"),
        ("invariants = { [''] = function() return true end }", "invariants are named: invariants = { [\"one chat per id\"] = function(app) ... end }, got an empty name)"),
        ("maxContainers = 2.5", "maxContainers must be a whole number, 1 or more, got 2.5"),
        ("start = { function() return nav.app() end, 5 }", "start[2] is a number, not a function returning an app"),
        ("actions = { explore.action('x', function() end, { args = 5 }) }", "bad.lua:1: bad argument #3 to 'action' (args: a generator or a list of them, got number)"),
        ("actions = { explore.action('x', function() end, 5) }", "bad.lua:1: bad argument #3 to 'action' (table of options expected, got number)"),
        ("actions = { explore.action('x', function() end, { when = 5 }) }", "bad.lua:1: bad argument #3 to 'action' (when: a function(app) expected, got number)"),
    ])
    func aBadModelOptionIsRefusedWhereTheModelLoads(field: String, message: String) throws {
        var fields = ["start": "start = function() return nav.app() end", "actions": "actions = { explore.action('x', function() end) }"]
        fields[field.hasPrefix("start") ? "start" : field.hasPrefix("actions") ? "actions" : "other"] = field
        let fixture = try Fixture(["bad.lua": "return explore.model { " + fields.keys.sorted().map { fields[$0]! }.joined(separator: ", ") + " }"])
        let result = try navscript(["explore", "bad.lua"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    /// Breadth first across every start: a counterexample two actions from the second start
    /// comes before one three actions from the first.
    @Test func theExhaustiveSearchGoesLevelByLevelAcrossStarts() throws {
        let fixture = try Fixture(["starts.lua": """
            local A, C, B = nav.screen("A"), nav.screen("C"), nav.screen("B")
            local push = nav.route():top(nav.stack):push(B())
            return explore.model {
              start = { function() return nav.app { root = nav.stack { A() } } end, function() return nav.app { root = nav.stack { C() } } end },
              actions = { explore.action("push", function(app) return app:navigate(push) end) },
              invariants = { ["short stacks"] = function(app)
                local stack = app:topStack()
                local limit = stack.children[1].name == "C" and 2 or 3
                return #stack.children <= limit, #stack.children .. " screens"
              end },
            }
            """])
        let result = try navscript(["explore", "starts.lua", "--exhaustive", "--depth", "4"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("the shortest counterexample has 2 actions"), "\(result.output)")
        #expect(result.output.contains("from start 2"))
        let bounded = try navscript(["explore", "starts.lua", "--exhaustive", "--depth", "4", "--time", "0.000001"], in: fixture.root)
        #expect(bounded.status == 0)
        #expect(bounded.output.contains("Stopped by --time 1e-06 s at depth 1 of 4"), "\(bounded.output)")
    }

    /// Arguments of any kind are saved so that they read back as they were: a table, a
    /// string with quotes, newlines and control characters.
    @Test func aSavedFailureKeepsTableAndStringArguments() throws {
        let fixture = try Fixture(["odd.lua": """
            return explore.model {
              start = function() return nav.app() end,
              actions = { explore.action("odd", function(app, s, t)
                if s == 'a"b\\n]]\\0c' and type(t) == "table" and t.k == 1 and t["two words"] == true then return false, "odd failure" end
                return true
              end, { args = { explore.oneOf { "x", 'a"b\\n]]\\0c' }, explore.oneOf { { k = 0 }, { k = 1, ["two words"] = true } } } }) },
            }
            """])
        let explored = try navscript(["explore", "odd.lua", "--save-failures", "saved"], in: fixture.root)
        #expect(explored.status == 1, "\(explored.output)\(explored.errors)")
        #expect(explored.output.contains(#"odd("a\"b\n]]\000c", { k = 1, ["two words"] = true })"#), "\(explored.output)")
        let replayed = try navscript(["run", "saved"], in: fixture.root)
        #expect(replayed.status == 1)
        #expect(replayed.output.contains("odd failure"), "\(replayed.output)")
    }

    /// Two models that break invariants of one name each keep their saved scenario; saving
    /// into a file is a plain error.
    @Test func savedFailuresOfTwoModelsDoNotOverwriteEachOther() throws {
        let model = "return explore.model { start = function() return nav.app() end, actions = { explore.action('x', function() end) }, invariants = { same = function() return false end } }"
        let fixture = try Fixture(["one.lua": model, "two.lua": model, "afile": ""])
        #expect(try navscript(["explore", "one.lua", "--save-failures", "saved"], in: fixture.root).output.contains("Saved as saved/explore_same_spec.lua"))
        #expect(try navscript(["explore", "two.lua", "--save-failures", "saved"], in: fixture.root).output.contains("Saved as saved/explore_same_2_spec.lua"))
        #expect(try navscript(["explore", "one.lua", "--save-failures", "saved"], in: fixture.root).output.contains("Saved as saved/explore_same_spec.lua"))
        let file = try navscript(["explore", "one.lua", "--save-failures", "afile"], in: fixture.root)
        #expect(file.status == 2)
        #expect(file.errors.contains("navscript: cannot save failures in afile: it is a file, not a folder"), "\(file.errors)")
        #expect(!file.output.contains("Explored"))   // refused before exploring
    }

    /// A walk stuck in a C function (a pattern search that backtracks for minutes) cannot be
    /// stopped by the budget hook: explore ends with exit 2 and says why, instead of hanging.
    @Test func aWalkStuckInACFunctionEndsTheExploration() throws {
        let fixture = try Fixture(["stuck.lua": """
            local A = nav.screen("A")
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { explore.action("search", function() string.find(string.rep("a", 40000), string.rep("a*", 30) .. "b") end) },
            }
            """])
        let start = Date()
        let result = try navscript(["explore", "stuck.lua", "--runs", "1", "--timeout", "0.5"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("navscript explore: walk 1 (seed 0) has run for more than 2 s, past its time limits"), "\(result.errors)")
        #expect(Date().timeIntervalSince(start) < 30)
        let bad = try navscript(["explore", "stuck.lua", "--timeout", "0"], in: fixture.root)
        #expect(bad.status == 2)
        #expect(bad.errors.contains("--timeout must be more than 0 and at most 86400 seconds"))
    }

    /// A `when` that raises is a bug of the model: reported, shrunk and saved like a broken
    /// invariant, not taken for "not enabled".
    @Test func aWhenThatRaisesIsReported() throws {
        let fixture = try Fixture(["raising.lua": """
            local A, B = nav.screen("A"), nav.screen("B")
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = {
                explore.action("push", function(app) return app:navigate(nav.route():top(nav.stack):push(B())) end),
                explore.action("pop", function(app) return app:navigate(nav.route():top(nav.stack):pop()) end,
                  { when = function(app) if #app:topStack().children > 2 then error("too deep to tell") end return true end }),
              },
              builtins = { backToRoot = false },
            }
            """])
        let result = try navscript(["explore", "raising.lua", "--save-failures", "saved"], in: fixture.root)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("✗ Invariant 'an action's when runs without a script error' broke"))
        #expect(result.output.contains("'pop': raising.lua:7: too deep to tell"))
        #expect(result.output.contains("shrunk to 2"))
        let run = try navscript(["run", "saved", "--color", "never"], in: fixture.root)
        #expect(run.status == 1)
        #expect(run.output.contains("too deep to tell"))
    }

    @Test func aScreenThatCannotGetBackToTheRootIsFoundUnlessTheCheckIsOff() throws {
        let model = """
            local Feed, Chat, Onboarding = nav.screen("Feed"), nav.screen("Chat"), nav.screen("Onboarding")
            return explore.model {
              start = function() return nav.app { root = nav.stack { Feed() } } end,
              actions = {
                explore.action("open chat", function(app) return app:navigate(nav.route():top(nav.stack):push(Chat())) end,
                  { when = function(app) return app:topStack() ~= nil end }),
                explore.action("onboard", function(app) return app:navigate(nav.route():setRoot(Onboarding())) end),
              },
              builtins = BUILTINS,
            }
            """
        let fixture = try Self.variants(of: model, "BUILTINS", ["on.lua": "{}", "off.lua": "{ backToRoot = false }"])
        let on = try navscript(["explore", "on.lua", "--runs", "20"], in: fixture.root)
        #expect(on.status == 1)
        #expect(on.output.contains("every shown screen can get back to the start's root by pops and dismisses"))
        #expect(on.output.contains("shrunk to 1"))
        #expect(on.output.contains("1. onboard"))
        let off = try navscript(["explore", "off.lua", "--runs", "20"], in: fixture.root)
        #expect(off.status == 0, "\(off.output)")
    }

    /// Actions are not settled in between: one that starts a dismissal without waiting and
    /// one that presents then meet mid-animation, and the built-in check sees the
    /// presentation made over the dismissal (unless it is off).
    @Test func aPresentationOverADismissalIsFoundUnlessTheCheckIsOff() throws {
        let model = """
            local Feed, Sheet, Photo, Alert = nav.screen("Feed"), nav.screen("Sheet"), nav.screen("Photo"), nav.screen("Alert")
            local function presenting(app) return app.window.children[1].presented ~= nil end
            local function onTop(app, name) local top = app:top() return top ~= nil and top.name == name end
            return explore.model {
              start = function() return nav.app { root = nav.stack { Feed() } } end,
              actions = {
                explore.action("sheet", function(app) app:navigate(nav.route():top(nav.container):present(Sheet())) end,
                  { when = function(app) return not presenting(app) end }),
                explore.action("photo", function(app) app:navigate(nav.route():top(nav.container):present(Photo())) end,
                  { when = function(app) return onTop(app, "Sheet") end }),
                -- Starts closing everything and returns at once, as a tap during an animation does.
                explore.action("close all soon", function(app) app.navigator:navigate(nav.route():first(nav.stack):dismiss()) end,
                  { when = presenting }),
                explore.action("alert", function(app) app:navigate(nav.route():top(nav.container):present(Alert())) end),
                explore.action("wait", function(app) app:advance(0.2) end),
              },
              expected = { "is already presenting another container" },
              builtins = BUILTINS,
            }
            """
        let fixture = try Self.variants(of: model, "BUILTINS", ["on.lua": "{ noPendingActions = false }",
                                                                "off.lua": "{ noPresentationOverDismissal = false, noPendingActions = false }"])
        let on = try navscript(["explore", "on.lua", "--runs", "200"], in: fixture.root)
        #expect(on.status == 1, "\(on.output)")
        #expect(on.output.contains("✗ Invariant 'nothing is presented over a screen being dismissed' broke"))
        #expect(on.output.contains("Alert was presented on ") && on.output.contains(" was being dismissed"), "\(on.output)")
        #expect(on.output.contains("shrunk to 4"), "\(on.output)")
        // The exhaustive search follows every sequence through a state mid-animation.
        let exhaustive = try navscript(["explore", "on.lua", "--exhaustive", "--depth", "4"], in: fixture.root)
        #expect(exhaustive.status == 1, "\(exhaustive.output)")
        #expect(exhaustive.output.contains("the shortest counterexample has 4 actions"), "\(exhaustive.output)")
        let off = try navscript(["explore", "off.lua", "--runs", "200"], in: fixture.root)
        #expect(off.status == 0, "\(off.output)")
    }

    /// Shrinking halves the distance to a number's lowest value, so it reaches the smallest
    /// failing one, simplifies every argument, and keeps to the failure it found: a simpler
    /// argument that fails with another message is another bug.
    @Test func shrinkingReachesTheSmallestNumbersAndKeepsToTheFailureFound() throws {
        let fixture = try Fixture([
            "threshold.lua": """
                return explore.model {
                  start = function() return nav.app() end,
                  actions = {
                    explore.action("x", function(app, n, m) if n >= 20 then return false, "too big: " .. n end end,
                      { args = { explore.int(1, 100), explore.int(1, 50) } }),
                  },
                }
                """,
            "two.lua": """
                return explore.model {
                  start = function() return nav.app() end,
                  actions = {
                    explore.action("x", function(app, n) if n == 2 then return false, "bug A" elseif n >= 10 then return false, "bug B" end end,
                      { args = explore.int(1, 50) }),
                  },
                }
                """,
        ])
        let threshold = try navscript(["explore", "threshold.lua"], in: fixture.root)
        #expect(threshold.output.contains("  1. x(20, 1)\n"), "\(threshold.output)")
        #expect(threshold.output.contains("too big: 20"))
        let two = try navscript(["explore", "two.lua"], in: fixture.root)
        #expect(two.output.contains("  1. x(10)\n"), "\(two.output)")
        #expect(two.output.contains("bug B"))
        #expect(!two.output.contains("bug A"))
    }

    @Test func oneOfTakesPlainValuesOnly() throws {
        let fixture = try Fixture([
            "fn.lua": "return explore.model { start = function() return nav.app() end, actions = { explore.action('f', function() end, { args = explore.oneOf { print } }) } }",
            "hole.lua": "return explore.model { start = function() return nav.app() end, actions = { explore.action('f', function() end, { args = explore.oneOf { 1, nil, 3 } }) } }",
        ])
        let function = try navscript(["explore", "fn.lua"], in: fixture.root)
        #expect(function.status == 2)
        #expect(function.errors.contains("fn.lua:1: bad argument #1 to 'oneOf' (value 1 is a function: values are plain data"), "\(function.errors)")
        let hole = try navscript(["explore", "hole.lua"], in: fixture.root)
        #expect(hole.status == 2)
        #expect(hole.errors.contains("hole.lua:1: bad argument #1 to 'oneOf' (a list of values without holes or named fields expected)"), "\(hole.errors)")
        // Bytes that are not UTF-8 would come back as U+FFFD: the saved scenario would pass.
        for (value, message) in [("'ok', '\\255'", "value 2 is a string that is not UTF-8 text"),
                                 ("{ { ['\\254'] = 1 } }", "value 1[1] has a key that is not UTF-8 text")] {
            try fixture.write("bytes.lua", "return explore.model { start = function() return nav.app() end, actions = { explore.action('f', function() end, { args = explore.oneOf { \(value) } }) } }")
            let bytes = try navscript(["explore", "bytes.lua"], in: fixture.root)
            #expect(bytes.status == 2)
            #expect(bytes.errors.contains("bytes.lua:1: bad argument #1 to 'oneOf' (\(message): a walk's steps are kept as text)"), "\(bytes.errors)")
        }
    }

    /// A failed navigation counts whether the action returns it or not: its error is logged.
    @Test func aFailedNavigationAnActionDoesNotReturnStillCounts() throws {
        let model = """
            local Feed = nav.screen("Feed")
            return explore.model {
              start = function() return nav.app { root = Feed() } end,
              actions = {
                explore.action("pop", function(app) app:navigate(nav.route():top(nav.stack):pop()) return true end),
              },
              expected = EXPECTED,
            }
            """
        let fixture = try Self.variants(of: model, "EXPECTED", ["silent.lua": "{}", "declared.lua": "{ \"No container of UINavigationController type found\" }"])
        let silent = try navscript(["explore", "silent.lua", "--runs", "5"], in: fixture.root)
        #expect(silent.status == 1)
        #expect(silent.output.contains("✗ Invariant 'a navigation fails only with an expected error' broke"))
        #expect(silent.output.contains("No container of UINavigationController type found"))
        let declared = try navscript(["explore", "declared.lua", "--runs", "5"], in: fixture.root)
        #expect(declared.status == 0, "\(declared.output)")
    }

    /// Walks go where earlier walks have not been: with one action that goes deeper and six
    /// that go back home, walks that only avoided their own repeats found 6 of the 21 states
    /// in 5,000 walks; walks that learn where actions lead find most of them in 1,000.
    @Test func walksGoWhereEarlierWalksHaveNotBeen() throws {
        let source = """
            local A, B = nav.screen("A"), nav.screen("B")
            local actions = { explore.action("push", function(app) return app:navigate(nav.route():top(nav.stack):push(B())) end) }
            for i = 1, 6 do
              actions[#actions + 1] = explore.action("home" .. i, function(app) return app:navigate(nav.route():top(nav.stack):popToRoot()) end)
            end
            return explore.model { start = function() return nav.app { root = nav.stack { A() } } end, actions = actions }
            """
        let fixture = try Fixture(["deep.lua": source])
        let result = try navscript(["explore", "deep.lua", "--runs", "1000"], in: fixture.root)
        #expect(result.status == 0, "\(result.output)")
        let states = result.output.components(separatedBy: "20000 actions, ").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
        #expect((states ?? 0) >= 15, "\(result.output)")
    }

    /// A model that raises outside its actions and checks (its start) ends the exploration,
    /// and the message names the walk; a walk that only loops is a failure of its own.
    @Test func aWalkThatBreaksTheModelIsNamed() throws {
        let fixture = try Fixture(["broken.lua": """
            return explore.model { start = function() error("no app today") end,
              actions = { explore.action("spin", function() end) } }
            """, "loop.lua": """
            return explore.model { start = function() return nav.app() end,
              actions = { explore.action("spin", function() while true do end end) } }
            """])
        let result = try navscript(["explore", "broken.lua", "--seed", "3"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("navscript explore: walk 1 (seed 3): broken.lua:1: no app today"), "\(result.errors)")
        let loop = try navscript(["explore", "loop.lua", "--seed", "3"], in: fixture.root)
        #expect(loop.status == 1)
        #expect(loop.output.contains("(walk 1, 1 action, shrunk to 1):\n  1. spin\n  loop.lua:2: instruction limit exceeded"), "\(loop.output)")
    }

    /// A start that already breaks an invariant is shown as it is.
    @Test func aBrokenStartShowsItsHierarchy() throws {
        let fixture = try Fixture(["start.lua": """
            local A = nav.screen("A")
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { explore.action("wait", function(app) app:advance(1) end) },
              invariants = { ["the top is B"] = function(app) return app:top().name == "B", "the top is " .. app:top().name end },
            }
            """])
        let result = try navscript(["explore", "start.lua"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("shrunk to 0):\n  at the start:\n       window\n       └─ stack\n          └─ modal A ← top\n  the top is A"), "\(result.output)")
    }
}
