import Foundation
import Testing

/// What explore says about a broken model, a walk that misbehaves, and its built-in checks.
extension ExploreTests {
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
        #expect(wide.errors.contains("wide.lua:1: action 'x' has more than 10000 argument lists\n"), "\(wide.errors)")
        #expect(!wide.errors.contains("stack traceback"), "\(wide.errors)")   // of C frames alone: it says nothing
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
        ("invariant = {}", "bad.lua:1: bad argument #1 to 'model' (unknown field 'invariant' (start, actions, invariants, expected, builtins, maxContainers or view expected))"),
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
        // A hole (a misspelt local is nil) or a named field in a list: what follows would be
        // left out unseen; an empty expected text would expect every error.
        ("actions = { explore.action('x', function() end), nil, explore.action('y', function() end) }",
         "bad.lua:1: bad argument #1 to 'model' (actions[2] is nil: what follows it would be left out (a misspelt name?))"),
        ("actions = { explore.action('x', function() end), open = explore.action('y', function() end) }",
         "bad.lua:1: bad argument #1 to 'model' (actions: a list, got the key \"open\")"),
        ("actions = { explore.action('x', function() end, { args = { explore.int(1, 2), nil, explore.bool() } }) }",
         "bad.lua:1: bad argument #3 to 'action' (args[2] is nil: what follows it would be left out (a misspelt name?))"),
        ("start = { nil, function() return nav.app() end }", "bad argument #1 to 'model' (start[1] is nil: what follows it"),
        ("expected = { 'held', nil, 'other' }", "bad argument #1 to 'model' (expected[2] is nil: what follows it"),
        ("expected = { '' }", "bad argument #1 to 'model' (expected[1] is empty: it would expect every error)"),
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
        // Placed first, as a `when` that returns what it may not is.
        #expect(result.output.contains("raising.lua:7: 'pop': too deep to tell"), "\(result.output)")
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

    /// A walk that breaks a limit in its first action found the other actions enabled too:
    /// they are not said to be never enabled.
    @Test func aWalkThatBreaksALimitKnowsWhatWasEnabled() throws {
        let fixture = try Fixture(["loop.lua": """
            return explore.model { start = function() return nav.app() end,
              actions = { explore.action("spin", function() while true do end end), explore.action("rest", function() end, { weight = 0.001 }),
                          explore.action("never", function() end, { when = function() return false end }) } }
            """])
        let loop = try navscript(["explore", "loop.lua", "--seed", "3", "--runs", "1"], in: fixture.root)
        #expect(loop.status == 1)
        #expect(loop.output.contains("  1. spin\n  loop.lua:2: instruction limit exceeded"), "\(loop.output)")
        #expect(loop.output.contains("Never enabled: never\n"), "\(loop.output)")
    }

    /// Equal arguments are lowered together, in one step and across steps, as Hypothesis
    /// lowers duplicated values: one argument at a time, `pair(8, 8)` stayed so.
    @Test func equalArgumentsAreLoweredTogether() throws {
        let fixture = try Fixture(["pair.lua": """
            local same, tapped = false, nil
            return explore.model { start = function() same, tapped = false, nil return nav.app() end,
              actions = { explore.action("pair", function(app, a, b) same = same or a == b end, { args = { explore.int(1, 9), explore.int(1, 9) } }),
                          explore.action("tap", function(app, n) tapped = n end, { args = explore.int(1, 5) }),
                          explore.action("link", function(app, n) same = same or n == tapped end, { args = explore.int(1, 5) }) },
              invariants = { ["never equal"] = function() return not same, "equal" end } }
            """])
        // In one step; and across two, without pair (with it, one step is the shortest, which
        // the search for fewer steps finds).
        let one = try navscript(["explore", "pair.lua", "--seed", "0"], in: fixture.root)
        #expect(one.status == 1 && one.output.contains("shrunk to 1):\n  1. pair(1, 1)\n"), "\(one.output)")
        try fixture.write("taplink.lua", """
            local same, tapped = false, nil
            return explore.model { start = function() same, tapped = false, nil return nav.app() end,
              actions = { explore.action("tap", function(app, n) tapped = n end, { args = explore.int(1, 5) }),
                          explore.action("link", function(app, n) same = same or n == tapped end, { args = explore.int(1, 5) }) },
              invariants = { ["never equal"] = function() return not same, "equal" end } }
            """)
        let two = try navscript(["explore", "taplink.lua", "--seed", "1"], in: fixture.root)
        #expect(two.status == 1 && two.output.contains("shrunk to 2):\n  1. tap(1)\n") && two.output.contains("\n  2. link(1)\n"), "\(two.output)")
        // A holder already at its lowest (mark's 3) does not keep the others (open's) where they are.
        try fixture.write("block.lua", """
            local seen, dup, marked = {}, false, false
            return explore.model { start = function() seen, dup, marked = {}, false, false return nav.app() end,
              actions = { explore.action("open", function(app, x) if seen[x] then dup = true end seen[x] = true end, { args = explore.int(0, 3) }),
                          explore.action("mark", function(app, y) marked = true end, { args = explore.int(3, 9) }) },
              invariants = { ["no dup after mark"] = function() return not (dup and marked), "dup" end } }
            """)
        let block = try navscript(["explore", "block.lua", "--seed", "10"], in: fixture.root)
        #expect(block.output.contains("  1. open(0)\n") && block.output.contains("  3. open(0)\n"), "\(block.output)")
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
        // The exhaustive search says what it searched, as it does for any counterexample.
        let searched = try navscript(["explore", "start.lua", "--exhaustive"], in: fixture.root)
        #expect(searched.status == 1)
        #expect(searched.output.hasPrefix("Searched the start states: start 1 breaks an invariant before any action.\n"), "\(searched.output)")
    }
}
