import Foundation
import Testing

/// What people who write scenarios every day reach for: output, durations, re-running what
/// failed, lists for tools, a project file.
@Suite struct AuthoringTests {
    static let mixed = """
        scenario("good", function() print("hello from good") end)
        scenario("bad", function() print("hello from bad") error("broken") end)
        scenario("later", function() print("hello from later") pending("not yet") end)
        """

    /// Blocks nested past 64 fail the file at the block that goes too deep. Nested so deep
    /// that Lua cannot compile them, the file is named: both said a bare "C stack overflow"
    /// (from about 90 blocks), no file and no line. 64 still load.
    @Test func blocksNestedTooDeepAreSaidAtTheirLine() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "describe('d', function()\n", count: depth) + "it('x', function() end)\n" + String(repeating: "end)\n", count: depth)
        }
        let fixture = try Fixture(["deep_spec.lua": nested(80), "deeper_spec.lua": nested(200), "ok_spec.lua": nested(64)])
        let run = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(run.status == 2)
        #expect(run.output.contains("deep_spec.lua:65: 'describe' blocks nest at most 64 deep"), "\(run.output)")
        #expect(run.output.contains("deeper_spec.lua: C stack overflow (functions, tables or blocks nested too deep to compile)"), "\(run.output)")
        #expect(run.output.contains("PASS ok_spec.lua"), "\(run.output)")
    }

    @Test func outputShowsUnderFailuresAndForEveryScenarioWhenAsked() throws {
        let fixture = try Fixture(["mix_spec.lua": Self.mixed])
        let plain = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(plain.output.contains("printed:\n     hello from bad"))
        #expect(!plain.output.contains("hello from good"))
        let shown = try navscript(["run", ".", "--show-output", "--color", "never"], in: fixture.root)
        #expect(shown.output.contains("\n    hello from good\n  ✗ bad"), "\(shown.output)")
        #expect(shown.output.contains("  - later (pending: not yet)\n    hello from later"), "\(shown.output)")
        #expect(try navscript(["run", ".", "-v", "--color", "never"], in: fixture.root).output.contains("hello from good"))
    }

    /// A failure, or a file that did not load, shows the last 50 lines it printed on the
    /// console (a loop of prints had pushed its error off the screen); --show-output and -v
    /// show them all, and so do the reports.
    @Test func aLongPrintShowsItsLastLinesUnderAFailure() throws {
        let fixture = try Fixture([
            "loud_spec.lua": "scenario('loud', function() for i = 1, 60 do print('line ' .. i) end error('broken') end)",
            "load_spec.lua": "for i = 1, 60 do print('loading ' .. i) end\nerror('no load')",
        ])
        let plain = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(plain.output.contains("printed (the last 50 of 60 lines; --show-output shows them all):\n     line 11\n"), "\(plain.output)")
        #expect(plain.output.contains("printed (the last 50 of 60 lines; --show-output shows them all):\n  loading 11\n"), "\(plain.output)")
        #expect(!plain.output.contains("line 10\n") && !plain.output.contains("loading 10\n"))
        for flag in ["--show-output", "-v"] {
            let all = try navscript(["run", ".", flag, "--color", "never"], in: fixture.root)
            #expect(all.output.contains("printed:\n     line 1\n") && all.output.contains("printed:\n  loading 1\n"), "\(all.output)")
        }
        let junit = try navscript(["run", ".", "--reporter", "junit"], in: fixture.root)
        #expect(junit.output.contains("line 1\n"))
    }

    /// Past 1 MiB, what a scenario printed keeps its first and its last half, so the lines
    /// just before its error are still shown, counted among all it printed; so does what a
    /// worker that died had sent of it (its first half alone was kept).
    @Test func aHugePrintKeepsItsLastLines() throws {
        let fixture = try Fixture([
            // Few prints of long lines: the stuck one must finish them well within its second.
            "loud_spec.lua": "scenario('loud', function() for i = 1, 4000 do print('line ' .. i .. ('x'):rep(300)) end error('broken') end)",
            "stuck_spec.lua": "scenario('stuck', function() for i = 1, 600 do print('stuck ' .. i .. ('x'):rep(2000)) end string.rep('a', 30000):find('.-.-.-.-b') end)",
        ])
        for mode in [[], ["--in-process"]] {
            let run = try navscript(["run", "loud_spec.lua", "--color", "never"] + mode, in: fixture.root)
            #expect(run.output.contains("printed (the last 50 of 4000 lines; --show-output shows the first and the last 512 KiB, all that was kept):\n     line 3951x"), "\(run.output)")
            #expect(run.output.contains("line 4000" + String(repeating: "x", count: 300) + "\n"))
        }
        let stuck = try navscript(["run", "stuck_spec.lua", "--color", "never", "--timeout", "1", "--show-output"], in: fixture.root)
        #expect(stuck.output.contains("stuck 1xxx") && stuck.output.contains("stuck 600xxx"), "\(stuck.output.suffix(2000))")
        #expect(stuck.output.contains("bytes left out; a scenario keeps the first and the last 512 KiB of what it prints]"))
        #expect(stuck.output.contains("its worker was killed"))
    }

    /// UIKit's console warnings are a scenario's output, as Xcode's console shows them
    /// beside the app's prints: a refused presentation says why there.
    @Test func uikitWarningsAreOutput() throws {
        let fixture = try Fixture(["present_spec.lua": """
            local A, B, C = nav.screen("A"), nav.screen("B"), nav.screen("C")
            scenario("presents from a screen popped", function()
              local app = nav.app { root = nav.stack { A(), B() } }
              local b = app:top()
              app:navigate(nav.route():top(nav.stack):pop())
              local ok = app:navigate(nav.route():from(b):present(C()))
              error("shown")
            end)
            """])
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.output.contains("printed:\n     UIKit: Attempt to present <UIViewController: C> on <UIViewController: B> (from <UIViewController: B>) whose view is not in the window hierarchy.\n"), "\(result.output)")
        // A document preview from a container that presents already: Nivelir checks
        // nothing and completes; UIKit refuses the preview, saying so.
        try fixture.write("present_spec.lua", """
            local A, B = nav.screen("A"), nav.screen("B")
            scenario("previews over a presentation", function()
              local app = nav.app { root = A(), presented = B() }
              expect(app:navigate(nav.route():root():showDocumentPreview("file:///a.pdf"))):toSucceed()
              error("shown")
            end)
            """)
        let preview = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(preview.output.contains("printed:\n     UIKit: Attempt to present <QLPreviewController: DocumentPreview(url=\"file:///a.pdf\")> on <UIViewController: A> (from <UIViewController: A>) which is already presenting <UIViewController: B>.\n"), "\(preview.output)")
    }

    /// A misspelt option would drop its tags without a word, and `--tag` would select
    /// nothing: the file does not load, at the line, under the name it was called by.
    @Test(arguments: [
        ("scenario('x', { tag = { 'smoke' } }, function() end)", "a_spec.lua:1: bad argument #2 to 'scenario' (unknown option 'tag' (tags expected))"),
        ("describe('d', { tgs = {} }, function() end)", "a_spec.lua:1: bad argument #2 to 'describe' (unknown option 'tgs' (tags expected))"),
        ("describe('d', function()\n  it('x', { tags = 'smoke' }, function() end)\nend)",
         "a_spec.lua:2: bad argument #2 to 'it' (option 'tags' must be a list of names, got string)"),
        // --tag splits at commas and a shell at spaces: such tags could never be chosen.
        ("describe('d', { tags = { 'x,y' } }, function() end)",
         "a_spec.lua:1: bad argument #2 to 'describe' (option 'tags': \"x,y\" cannot be chosen with --tag: a tag is one word, without commas or spaces)"),
        ("it('x', { tags = { 'a b' } }, function() end)", "a_spec.lua:1: bad argument #2 to 'it' (option 'tags': \"a b\" cannot be chosen with --tag"),
        ("it('x', { tags = { '' } }, function() end)", "a_spec.lua:1: bad argument #2 to 'it' (option 'tags': \"\" cannot be chosen with --tag"),
        ("test(5, function() end)", "a_spec.lua:1: bad argument #1 to 'test' (string expected, got number)"),
        // Jest's timeout after the function would be dropped without a word.
        ("it('x', function() end, 5000)", "a_spec.lua:1: bad argument #3 to 'it' (nothing expected after the function, got number; a time limit is --timeout)"),
        // Options may be nil (module_spec.lua runs it('x', nil, fn)); the function may not.
        ("it('x', nil)", "a_spec.lua:1: it(\"x\") has no function: give it one"),
        ("it('x', nil, 5000)", "a_spec.lua:1: bad argument #3 to 'it' (function expected, got number)"),
        ("it('x', {}, nil)", "a_spec.lua:1: bad argument #3 to 'it' (function expected, got nil)"),
        ("it('x', 'tags', function() end)", "a_spec.lua:1: bad argument #2 to 'it' (table of options or function expected, got string)"),
        ("pending('x', nil, 3)", "a_spec.lua:1: bad argument #3 to 'pending' (function expected, got number)"),
        ("it.todo('x', nil, function() end)", "a_spec.lua:1: bad argument #3 to 'it.todo' (a todo has a name only"),
        // Nothing given is "no value", as Lua's own functions say it; nil is nil.
        ("describe()", "a_spec.lua:1: bad argument #1 to 'describe' (string expected, got no value)"),
        ("it.skip()", "a_spec.lua:1: bad argument #1 to 'it.skip' (string expected, got no value)"),
        ("it(nil)", "a_spec.lua:1: bad argument #1 to 'it' (string expected, got nil)"),
        ("before_each()", "a_spec.lua:1: bad argument #1 to 'before_each' (function expected, got no value)"),
        ("pending()", "a_spec.lua:1: bad argument #1 to 'pending' (string expected, got no value)"),
    ])
    func aDefinitionsBadOptionsAreRefusedAtItsLine(source: String, message: String) throws {
        let fixture = try Fixture(["a_spec.lua": source])
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains(message), "\(result.output)")
    }

    /// A call of a name nav does not have gets Lua's error and the names it may have meant,
    /// as closely as each other; a name nothing is close to gets Lua's error alone. Lua's
    /// message does not say what was called, so the hint says what it assumes.
    @Test(arguments: [
        ("local app = nav.app()\n  app:naviagte(nav.route())", "attempt to call a nil value (method 'naviagte')\n       (if it is a nav object: did you mean 'navigate' (App, Navigator)?)"),
        ("nav.route():popp()", "attempt to call a nil value (method 'popp')\n       (if it is a nav object: did you mean 'pop' (Route)?)"),
        ("nav.route():tp(nav.stack)", "(if it is a nav object: did you mean 'tap' (App) or 'top' (App, Route)?)"),
        ("nav.rout()", "attempt to call a nil value (field 'rout')\n       (if it is nav: did you mean nav.route?)"),
        ("nav.route():frobnicate()", "attempt to call a nil value (method 'frobnicate')\n     stack traceback:"),
        // `then` is a Lua keyword: route:then(x) does not parse, so it is never meant.
        ("nav.route():thn(nav.route())", "attempt to call a nil value (method 'thn')\n     stack traceback:"),
        ("local t = {}\n  t:" + String(repeating: "x", count: 100_000) + "()", "stack traceback:"),
        // A method of another class: a Screen's decorator on a hierarchy node, a route's on an app.
        ("nav.app { root = nav.tabs { nav.stack { nav.screen('F')() }:withTabBarItem { title = 'F' } } }",
         "attempt to call a nil value (method 'withTabBarItem')\n       (if it is a nav object: 'withTabBarItem' is a method of Screen only; a hierarchy node (nav.stack { ... }) takes none: put a decorated screen in its place, Feed():withStackContainer():withTabBarItem { ... })"),
        ("nav.app():push(1)", "attempt to call a nil value (method 'push')\n       (if it is a nav object: 'push' is a method of Route only)"),
        // Jest's spellings that Lua's error leaves unexplained.
        ("expect(1)[\"not\"]:toBe(2)", "attempt to index a nil value (field 'not')\n       (expect(value).never negates, as Jest's .not does (not is a Lua keyword))"),
        ("beforeEach(function() end)", "(global 'beforeEach')\n       (if it is Jest's beforeEach: it is before_each here)"),
        ("it.failing('x', function() end)", "(field 'failing')\n       (if it is Jest's it.failing: there is none, expect the failure itself (expect(fn):toFail(pattern)))"),
        ("jest.useFakeTimers()", "(global 'jest')\n       (if it is Jest's jest object: there is none; a function that records its calls does jest.fn's job, and the app's virtual clock fake timers'"),
        ("done()", "(global 'done')\n       (if it is Jest's done callback: there is none, a scenario ends when its function returns"),
        ("expect(1):toEqual(expect.any('number'))", "(field 'any')\n       (if it is Jest's expect.any: there are no asymmetric matchers"),
        // busted's luassert and spies, which are not provided.
        ("assert.are.same(1, 1)", "attempt to index a function value (global 'assert')\n       (if it is busted's luassert (assert.are.same): there is none, assert is Lua's own; write expect(value):toEqual(expected))"),
        ("local s = spy.new(function() end)", "(global 'spy')\n       (if it is busted's spy: there are no spies, a function that records its calls does the job)"),
        ("expect(print):toHaveBeenCalledWith(1)", "toHaveBeenCalledWith is not a matcher: Jest's toHaveBeenCalledWith checks a spy, and there are none here: record the calls in a function of the scenario's own (calls[#calls + 1] = { ... }) and check them with toEqual ("),
        // A wrong argument is named, not lost or said in general.
        ("pending({1})", "a_spec.lua:2: bad argument #1 to 'pending' (string expected, got table)"),
        ("expect.extend { toY = 42 }", "a_spec.lua:2: bad argument #1 to 'extend' (a table of matcher functions by name expected; 'toY' is a number)"),
        ("expect.extend { print }", "a_spec.lua:2: bad argument #1 to 'extend' (a table of matcher functions by name expected, got a number key)"),
    ])
    func aMisspeltNameGetsTheNameMeant(body: String, message: String) throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('x', function()\n  \(body)\nend)\n"])
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains(message), "\(result.output)")
    }

    /// A Lua keyword where Nivelir and Jest have a name does not compile: the file's error
    /// says what to write.
    @Test(arguments: [
        ("nav.route():top(nav.stack):then(nav.route('stack'))",
         "<name> expected near 'then'\n    (if it is Nivelir's route.then(_:): write route:andThen(other), then being a Lua keyword (route[\"then\"](route, other) works too))"),
        ("expect(1).not:toBe(2)", "<name> expected near 'not'\n    (expect(value).never negates, as Jest's .not does (not is a Lua keyword))"),
    ])
    func aKeywordWhereANameWasMeantIsExplained(body: String, message: String) throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('x', function()\n  \(body)\nend)\n"])
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains(message), "\(result.output)")
    }

    /// Jest's expect.assertions(n) and expect.hasAssertions(): a scenario that ends, its
    /// after hooks included, having checked other than n expectations, or none, fails at
    /// the call's line; another failure comes first, and the last call counts.
    @Test func expectAssertionsCountsTheScenariosExpectations() throws {
        let fixture = try Fixture(["a_spec.lua": """
            it("one short", function() expect.assertions(2) expect(1):toBe(1) end)
            describe("counted with its hooks", function()
              after_each(function() expect(2).never:toBe(1) end)
              it("two", function() expect.assertions(2) expect(1):toBe(1) end)
            end)
            it("none", function() expect.hasAssertions() end)
            it("some", function() expect(true):toBeTruthy() expect.hasAssertions() end)
            it("the last counts", function() expect.assertions(3) expect.assertions(0) end)
            it("fails first", function() expect.assertions(1) error("first") end)
            it("not a count", function() expect.assertions(-1) end)
            it("no whole count", function() expect.assertions(math.huge) end)
            it("through pcall", function() pcall(expect.assertions, 2) end)
            """])
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.status == 1)
        let console = result.output
        #expect(console.contains("a_spec.lua:1: expect.assertions(2) failed\n       expected: 2 expectations\n       received: 1 expectation\n"), "\(console)")
        #expect(console.contains("a_spec.lua:6: expect.hasAssertions() failed\n       expected: at least 1 expectation\n       received: none\n"))
        #expect(console.contains("a_spec.lua:9: first"))
        #expect(console.contains("a_spec.lua:10: bad argument #1 to 'assertions' (a count of expectations expected, got -1)"))
        #expect(console.contains("a_spec.lua:11: bad argument #1 to 'assertions' (a count of expectations expected, got inf)"), "\(console)")
        #expect(console.contains("a_spec.lua:12: expect.assertions(2) failed"))
        #expect(console.contains("3 passed, 6 failed"))
        let loading = try Fixture(["b_spec.lua": "expect.assertions(1)\n"])
        #expect(try navscript(["run", ".", "--color", "never"], in: loading.root).output
            .contains("b_spec.lua:1: expect.assertions counts the expectations of a running scenario: call it inside one, or in a hook"))
    }

    /// A file that does not load with Jest's it.each gets the same kind of hint.
    @Test func aFileWithJestsEachIsToldToLoop() throws {
        let fixture = try Fixture(["a_spec.lua": "it.each({ 1, 2 })('case %s', function() end)\n"])
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains("a_spec.lua:1: attempt to call a nil value (field 'each')\n"
            + "    (if it is Jest's it.each or describe.each: there is none, write a loop, for _, case in ipairs(cases) do it(...) end)"), "\(result.output)")
        // Jest's .not is a syntax error in Lua, as the keyword it is.
        try fixture.write("a_spec.lua", "scenario('x', function() expect(1).not.toBe(2) end)\n")
        let not = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(not.output.contains("(expect(value).never negates, as Jest's .not does (not is a Lua keyword))"), "\(not.output)")
    }

    /// A file that does not load shows the traceback of its error: a module that raised while
    /// it loaded names the line that required it; `check` places an error raised without a
    /// place at the line that raised it, once for the files that met it.
    @Test func aLoadErrorShowsItsTraceback() throws {
        let fixture = try Fixture([
            "routes/util.lua": "local M = {}\nfunction M.check(v) if not v then error('missing value') end end\nreturn M\n",
            "routes/screens.lua": "local util = require 'routes.util'\nutil.check(nil)\nreturn {}\n",
            "routes/boom.lua": "error('boom', 0)\n",
            "scenarios/a.lua": "local S = require 'routes.screens'\nscenario('x', function() end)",
            "scenarios/b.lua": "local B = require 'routes.boom'\nscenario('y', function() end)",
            "scenarios/c.lua": "local B = require 'routes.boom'\nscenario('z', function() end)",
        ])
        let result = try navscript(["run", "scenarios/a.lua", "--color", "never"], in: fixture.root)
        #expect(result.output.contains("""
              routes/util.lua:2: missing value
              stack traceback:
              \t[C]: in function 'error'
              \troutes/util.lua:2: in field 'check'
              \troutes/screens.lua:2: in main chunk
              \t[C]: in function 'require'
              \tscenarios/a.lua:1: in main chunk
            """), "\(result.output)")
        let check = try navscript(["check", "."], in: fixture.root)
        #expect(check.output.contains("routes/boom.lua:1: boom\n  (met loading scenarios/b.lua, scenarios/c.lua, routes/boom.lua)"), "\(check.output)")
        #expect(!check.output.contains("stack traceback"), "\(check.output)")
    }

    /// What a file printed before its error shows with it, in every report: how far it got.
    @Test func aLoadErrorShowsWhatTheFilePrinted() throws {
        let fixture = try Fixture(["a_spec.lua": "print('loading config')\nlocal config = nil\nprint(config.url)\n",
                                   "b_spec.lua": "error('silent')\n"])
        let result = try navscript(["run", ".", "--color", "never", "--reporter", "console,junit=j.xml,json=r.json"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains("a_spec.lua:3: in main chunk\n  printed:\n  loading config\n"), "\(result.output)")
        #expect(result.output.components(separatedBy: "printed:").count == 2, "\(result.output)")
        #expect(try fixture.read("j.xml").contains("<system-out><![CDATA[loading config]]></system-out>"))
        #expect(try fixture.read("r.json").contains(#""output" : "loading config""#))
        let inProcess = try navscript(["run", "a_spec.lua", "--in-process", "--color", "never"], in: fixture.root)
        #expect(inProcess.output.contains("  printed:\n  loading config\n"), "\(inProcess.output)")
    }

    /// Files that fail with one message (a module they all require is broken) are named
    /// together, the message once, not once a file.
    @Test func filesBrokenByOneModuleAreNamedTogether() throws {
        let fixture = try Fixture([
            "routes/bad.lua": "return {",
            "scenarios/a.lua": "local B = require 'routes.bad'\nscenario('x', function() end)",
            "scenarios/b.lua": "local B = require 'routes.bad'\nscenario('y', function() end)",
            "scenarios/c.lua": "error('own')",
        ])
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains("ERROR scenarios/a.lua, scenarios/b.lua do not load:\n  routes/bad.lua:1: unexpected symbol near <eof>\n"), "\(result.output)")
        #expect(result.output.components(separatedBy: "unexpected symbol").count == 2, "\(result.output)")
        #expect(result.output.contains("ERROR scenarios/c.lua does not load:\n  scenarios/c.lua:1: own\n"), "\(result.output)")
    }

    /// A definition given a name and never its function is a load error, as in Jest ("Missing
    /// second argument"); busted dropped the scenario without a word. The curried form that
    /// gets its function later is one.
    @Test func aDefinitionWithoutItsFunctionDoesNotLoad() throws {
        let fixture = try Fixture([
            "a_spec.lua": "it('real', function() end)\ndescribe('d')\nit('no fn')\n",
            "b_spec.lua": "local later = it('later')\ndescribe 'd' (function() later(function() end) end)\n",
        ])
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains("ERROR a_spec.lua does not load:\n  a_spec.lua:2: describe(\"d\") has no function: give it one\n"), "\(result.output)")
        #expect(result.output.contains("PASS b_spec.lua (1 scenario"), "\(result.output)")
        try fixture.write("a_spec.lua", "it('no fn')\n")
        let scenario = try navscript(["run", "a_spec.lua", "--color", "never"], in: fixture.root)
        #expect(scenario.output.contains("a_spec.lua:1: it(\"no fn\") has no function: give it one, or write a scenario still to write as it.todo(name)"),
                "\(scenario.output)")
    }

    /// busted's `pending(reason)` inside a scenario or hook stops it and reports it skipped,
    /// with the reason; the after hooks still run, and one that fails makes it a failure.
    @Test func pendingInsideAScenarioStopsIt() throws {
        let fixture = try Fixture(["pending_spec.lua": """
            describe("later", function()
              it("stops here", function() pending("not yet"); error("never reached") end)
              it("runs", function() end)
            end)
            describe("hooked", function()
              before_each(function() pending("the hook says later") end)
              it("does not run", function() error("never reached") end)
            end)
            describe("broken after", function()
              after_each(function() error("after broke") end)
              it("fails", function() pending("p") end)
            end)
            it("has no reason", function() pending() end)
            -- Caught, pending() stops nothing: the rest of the scenario decides, as busted's.
            it("caught", function() expect(pcall(pending, "maybe")):toBe(false) end)
            it("caught, then fails", function() pcall(pending, "maybe") error("it went on") end)
            it("in a callback", function()
              local app = nav.app { root = nav.screen("Feed")() }
              expect(app:navigate(nav.route():get(function() pending("inside") end))):toBe(false)
            end)
            describe("caught after", function()
              after_each(function() pcall(pending, "other") end)
              it("still stopped by its own", function() pending("first") end)
            end)
            """])
        let result = try navscript(["run", ".", "--color", "never", "--reporter", "tap"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("ok 1 - pending_spec.lua › later stops here # SKIP pending: not yet"), "\(result.output)")
        #expect(result.output.contains("ok 2 - pending_spec.lua › later runs\n"))
        #expect(result.output.contains("ok 3 - pending_spec.lua › hooked does not run # SKIP pending: the hook says later"))
        #expect(result.output.contains("not ok 4 - pending_spec.lua › broken after fails"))
        #expect(!result.output.contains("never reached"))
        #expect(result.output.contains("ok 6 - pending_spec.lua › caught\n"), "\(result.output)")
        #expect(result.output.contains("not ok 7 - pending_spec.lua › caught, then fails\n"))
        #expect(result.output.contains("ok 8 - pending_spec.lua › in a callback\n"))
        #expect(result.output.contains("ok 9 - pending_spec.lua › caught after still stopped by its own # SKIP pending: first"), "\(result.output)")
        let console = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(console.output.contains("  - later stops here (pending: not yet)"))
        #expect(console.output.contains("  - has no reason (pending)\n"), "\(console.output)")
        #expect(console.output.contains("3 passed, 2 failed, 4 skipped"), "\(console.output)")
    }

    @Test func durationsListTheSlowest() throws {
        let fixture = try Fixture(["d_spec.lua": """
            scenario("slow", function() local t = os.clock() while os.clock() - t < 0.05 do end end)
            scenario("quick", function() end)
            """])
        let result = try navscript(["run", ".", "--durations", "1", "--color", "never"], in: fixture.root)
        #expect(result.output.contains("Slowest 1 scenario:\n"), "\(result.output)")
        #expect(result.output.contains(" slow (d_spec.lua:1)"))
        #expect(!result.output.contains(" quick (d_spec.lua:2)"))
    }

    /// A file named another way the next time, through a link (as macOS names `/tmp` also
    /// `/private/tmp`), is the same file: its failures are found by its real path.
    @Test func lastFailedKnowsAFileByItsRealPath() throws {
        let fixture = try Fixture(["suite/mix_spec.lua": Self.mixed])
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("link").path, withDestinationPath: "suite")
        #expect(try navscript(["run", "suite"], in: fixture.root).status == 1)
        let again = try navscript(["run", "link", "--last-failed", "-v", "--color", "never"], in: fixture.root)
        #expect(again.output.contains("0 passed, 1 failed, 0 skipped"), "\(again.output)\(again.errors)")
        try fixture.write("suite/mix_spec.lua", Self.mixed.replacingOccurrences(of: "error(\"broken\")", with: ""))
        #expect(try navscript(["run", "link", "--last-failed"], in: fixture.root).status == 0)
        let none = try navscript(["run", "suite", "--last-failed"], in: fixture.root)
        #expect(none.errors.contains("the last run here had no failures"), "\(none.errors)")
    }

    /// A file named twice in one run, through a link and not, runs once; its lines are known
    /// whichever way they are named, and a whole file or folder named either way wins over
    /// them. (Files told apart by their paths as given had run twice.)
    @Test func aFileNamedTwiceThroughALinkRunsOnce() throws {
        let fixture = try Fixture(["suite/mix_spec.lua": Self.mixed])
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("link").path, withDestinationPath: "suite")
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("deep"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("deep/up").path, withDestinationPath: "../suite")
        for (paths, summary) in [
            (["suite", "link"], "1 passed, 1 failed, 1 skipped"),
            (["link/mix_spec.lua:1", "suite/mix_spec.lua:2"], "1 passed, 1 failed, 0 skipped"),
            (["link/mix_spec.lua:1", "suite"], "1 passed, 1 failed, 1 skipped"),
            (["suite/mix_spec.lua:1", "link/mix_spec.lua"], "1 passed, 1 failed, 1 skipped"),
            (["link/mix_spec.lua:3"], "0 passed, 0 failed, 1 skipped"),
            (["deep/up/../suite/mix_spec.lua:1"], "1 passed, 0 failed, 0 skipped"),   // `..` taken through the link
        ] {
            let run = try navscript(["run", "--color", "never"] + paths, in: fixture.root)
            #expect(run.output.contains(summary), "\(paths): \(run.output)\(run.errors)")
        }
    }

    @Test func lastFailedRunsWhatFailedLastTime() throws {
        let fixture = try Fixture(["mix_spec.lua": Self.mixed])
        #expect(try navscript(["run", "."], in: fixture.root).status == 1)
        #expect(fixture.exists(".navscript/last-run.json"))
        let again = try navscript(["run", ".", "--last-failed", "-v", "--color", "never"], in: fixture.root)
        #expect(again.output.contains("0 passed, 1 failed, 0 skipped"), "\(again.output)")
        try fixture.write("mix_spec.lua", Self.mixed.replacingOccurrences(of: "error(\"broken\")", with: ""))
        #expect(try navscript(["run", ".", "--last-failed"], in: fixture.root).status == 0)
        let none = try navscript(["run", ".", "--last-failed", "--reporter", "junit=none.xml"], in: fixture.root)
        #expect(none.status == 0)
        #expect(none.errors.contains("the last run here had no failures"), "\(none.errors)")
        // Standard output holds a machine report alone; --list agrees with run.
        let json = try navscript(["run", ".", "--last-failed", "--reporter", "json"], in: fixture.root)
        #expect(json.status == 0 && (try? JSONSerialization.jsonObject(with: Data(json.output.utf8))) != nil, "\(json.output)")
        let listed = try navscript(["run", ".", "--last-failed", "--list"], in: fixture.root)
        #expect(listed.status == 0 && listed.output.isEmpty && listed.errors.contains("nothing to run again"), "\(listed.output)\(listed.errors)")
        // The report asked for is written, empty: a CI step finds this run's, not none.
        #expect(try fixture.read("none.xml").contains(#"<testsuites name="navscript" tests="0" failures="0" errors="0""#))
        // A file that did not load counts as failed whole: the next --last-failed runs it.
        try fixture.write("broken_spec.lua", "scenario('x', function() end")
        #expect(try navscript(["run", "."], in: fixture.root).status == 2)
        #expect(try navscript(["run", ".", "--last-failed"], in: fixture.root).status == 2)
        try fixture.write("broken_spec.lua", "scenario('mended', function() end)")
        let mended = try navscript(["run", ".", "--last-failed", "-v", "--color", "never"], in: fixture.root)
        #expect(mended.status == 0)
        #expect(mended.output.contains("1 passed, 0 failed"), "\(mended.output)")
        // A record of another version is not read as one of no failures.
        try fixture.write(".navscript/last-run.json", #"{"version": 2, "failed": []}"#)
        let other = try navscript(["run", ".", "--last-failed"], in: fixture.root)
        #expect(other.errors.contains("the record of the last run is of version 2, not 1") && other.errors.contains("running everything"), "\(other.errors)")
    }

    /// The record is the runner's own file: a FIFO in its place is refused, not waited on.
    @Test func aFIFOForTheRecordIsRefused() throws {
        let fixture = try Fixture(["mix_spec.lua": Self.mixed])
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent(".navscript"), withIntermediateDirectories: true)
        #expect(mkfifo(fixture.root.appendingPathComponent(".navscript/last-run.json").path, 0o644) == 0)
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.errors.contains(".navscript/last-run.json: not a regular file (a FIFO)"), "\(result.errors)")
        #expect(result.output.contains("1 passed, 1 failed, 1 skipped"), "\(result.output)")
        // --last-failed says why it runs everything: no record, one it cannot read, one cut short.
        let fifo = try navscript(["run", ".", "--last-failed"], in: fixture.root)
        #expect(fifo.errors.contains("navscript: the record of the last run cannot be read (not a regular file (a FIFO)) (.navscript/last-run.json); running everything"), "\(fifo.errors)")
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent(".navscript/last-run.json"))
        let none = try navscript(["run", ".", "--last-failed"], in: fixture.root)
        #expect(none.errors.contains("navscript: no last run is recorded here (.navscript/last-run.json); running everything"), "\(none.errors)")
        try fixture.write(".navscript/last-run.json", "{\"version\": 1, \"fail")
        let cut = try navscript(["run", ".", "--last-failed"], in: fixture.root)
        #expect(cut.errors.contains("navscript: the record of the last run is not one navscript wrote (.navscript/last-run.json); running everything"), "\(cut.errors)")
    }

    /// As pytest's cache: a failure stays recorded until its scenario runs again and passes,
    /// so a filtered run (or a stopped one, or one shard) forgets none it did not run; when
    /// none recorded is among the scenarios chosen (renamed), all of them run, as pytest's
    /// do, and the old name is dropped once its file is listed.
    @Test func lastFailedKeepsFailuresNotRunAgain() throws {
        let suite = "scenario('passes', function() end)\nscenario('fails', function() expect(1):toBe(2) end)\n"
        let fixture = try Fixture(["k_spec.lua": suite])
        #expect(try navscript(["run", "."], in: fixture.root).status == 1)
        #expect(try navscript(["run", ".", "--filter", "passes"], in: fixture.root).status == 0)
        _ = try navscript(["run", "--shard", "1/2", "."], in: fixture.root)   // one of the two
        let again = try navscript(["run", ".", "--last-failed", "--color", "never"], in: fixture.root)
        #expect(again.output.contains("0 passed, 1 failed, 0 skipped"), "\(again.output)")
        try fixture.write("k_spec.lua", suite.replacingOccurrences(of: "'fails'", with: "'renamed'"))
        let renamed = try navscript(["run", ".", "--last-failed", "--color", "never"], in: fixture.root)
        #expect(renamed.status == 1)
        #expect(renamed.errors.contains("navscript: none of the 1 failure recorded here is among the scenarios chosen now; running them all"), "\(renamed.errors)")
        #expect(renamed.output.contains("1 passed, 1 failed, 0 skipped"), "\(renamed.output)")
        let record = try fixture.read(".navscript/last-run.json")
        #expect(record.contains("\"renamed\"") && !record.contains("\"fails\""), "\(record)")
    }

    @Test func theListAsJSON() throws {
        let fixture = try Fixture(["mix_spec.lua": Self.mixed])
        let result = try navscript(["run", ".", "--list", "--reporter", "json"], in: fixture.root)
        let document = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let names = (document?["scenarios"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["good", "bad", "later"])
        #expect(document?["version"] as? Int == 1)
        // A file that does not load is written as the run's JSON writes it: its message,
        // traceback and output apart (the list gave them all in one message).
        try fixture.write("broken_spec.lua", "print('before')\nerror('load fail')\n")
        let listed = try navscript(["run", ".", "--list", "--reporter", "json"], in: fixture.root)
        let run = try navscript(["run", ".", "--reporter", "json"], in: fixture.root)
        let failures = try [listed, run].map { result in
            let document = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
            return try #require(document?["loadErrors"] as? [[String: String]], "\(result.output)")
        }
        #expect(failures[0] == failures[1] && failures[0].first?["message"] == "broken_spec.lua:2: load fail", "\(failures)")
        #expect(failures[0].first?["output"] == "before" && failures[0].first?["traceback"] != nil, "\(failures)")
        // A failed scenario says which kind of failure it was, as JUnit's type does.
        try fixture.write("kinds_spec.lua", "scenario('expects', function() expect(1):toBe(2) end)\nscenario('raises', function() error('x') end)")
        let kinds = try navscript(["run", "kinds_spec.lua", "--reporter", "json"], in: fixture.root)
        let report = try JSONSerialization.jsonObject(with: Data(kinds.output.utf8)) as? [String: Any]
        let scenarios = ((report?["files"] as? [[String: Any]])?.first?["scenarios"] as? [[String: Any]]) ?? []
        #expect(scenarios.map { $0["failure"] as? String } == ["expectation", "error"], "\(kinds.output)")
    }

    @Test func aProjectFileGivesTheDefaults() throws {
        let fixture = try Fixture([
            "navscript.lua": "return { paths = { 'suite' }, reporters = { 'console', 'junit=reports/junit.xml' }, excludeTags = { 'slow' } }",
            "suite/a_spec.lua": "scenario('fast', function() end)\nscenario('slow one', { tags = { 'slow' } }, function() error('not excluded') end)",
        ])
        let result = try navscript(["run", "--color", "never"], in: fixture.root)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("1 passed, 0 failed, 0 skipped"))
        #expect(fixture.exists("reports/junit.xml"))
        // The command line wins: a path given replaces the file's.
        try fixture.write("other/b_spec.lua", "scenario('other', function() end)")
        #expect(try navscript(["run", "other"], in: fixture.root).output.contains("PASS other/b_spec.lua"))
        // A tag asked for is not excluded by the file.
        let slow = try navscript(["run", "--tag", "slow", "--color", "never"], in: fixture.root)
        #expect(slow.status == 1, "\(slow.errors)")
        #expect(slow.output.contains("0 passed, 1 failed"))
        // Each list given replaces the file's own, and only that one.
        try fixture.write("navscript.lua", "return { paths = { 'suite' }, tags = { 'fast' } }")
        try fixture.write("suite/a_spec.lua", "scenario('fast one #fast', function() end)\nscenario('slow one #slow', function() end)\nscenario('plain', function() end)")
        let listed = try navscript(["run", "--list", "--exclude-tag", "slow"], in: fixture.root)
        #expect(listed.output.contains("fast one") && !listed.output.contains("plain") && !listed.output.contains("slow one"), "\(listed.output)")
        // A tag written as in a name.
        let hashed = try navscript(["run", "--list", "--tag", "#slow"], in: fixture.root)
        #expect(hashed.output.contains("slow one") && !hashed.output.contains("fast one"), "\(hashed.output)")
        try fixture.write("navscript.lua", "return { pathz = {} }")
        let broken = try navscript(["run"], in: fixture.root)
        #expect(broken.status == 2)
        #expect(broken.errors.contains("navscript.lua: unknown setting 'pathz'"))
    }

    /// A value out of range is named as the project file spells it: the flag it stands for
    /// was never given.
    @Test(arguments: [
        ("timeout = 0", "navscript.lua: setting 'timeout' must be more than 0 and at most 86400 seconds"),
        ("memoryLimit = 0", "navscript.lua: setting 'memoryLimit' must be from 1 to 1048576 MiB"),
        ("instructionLimit = -5", "navscript.lua: setting 'instructionLimit' must be more than 0"),
        ("jobs = 0", "navscript.lua: setting 'jobs' must be at least 1"),
        ("reporters = { 'junti' }", "navscript.lua: setting 'reporters': unknown reporter 'junti'"),
        ("paths = { 'suite', '' }", "navscript.lua: setting 'paths' has an empty path"),
        ("paths = { 'suite', 'nope/a_spec.lua:3' }", "navscript.lua: setting 'paths': no such file or folder: nope/a_spec.lua:3"),
        ("reporters = { 'junit', 'tap' }", "navscript.lua: setting 'reporters': reporters junit and tap would both write to standard output; give all but one a file (kind=path)"),
    ])
    func aProjectFileValueOutOfRangeNamesTheSetting(setting: String, message: String) throws {
        let fixture = try Fixture([
            "navscript.lua": "return { paths = { 'suite' }, \(setting) }",
            "suite/a_spec.lua": "scenario('fast', function() end)",
        ])
        let result = try navscript(["run"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
        let said = result.errors.split(separator: "\n").first ?? ""
        #expect(!said.contains("--"), "\(said)")
    }

    /// The project file's paths and reporters are checked only where they are used: a path
    /// `file.lua:LINE` names its file, and the command line's own paths or reporters leave
    /// the file's unchecked, as they replace them.
    @Test func aProjectFilesReplacedSettingsAreNotChecked() throws {
        let fixture = try Fixture([
            "navscript.lua": "return { paths = { 'suite/a_spec.lua:2', 'gone' }, reporters = { 'junit', 'tap' } }",
            "suite/a_spec.lua": "scenario('one', function() end)\nscenario('two', function() end)",
        ])
        let replaced = try navscript(["run", "suite/a_spec.lua:2", "--reporter", "tap"], in: fixture.root)
        #expect(replaced.status == 0 && replaced.output.contains("ok 1 - suite/a_spec.lua › two"), "\(replaced.output)\(replaced.errors)")
        try fixture.write("navscript.lua", "return { paths = { 'suite/a_spec.lua:2' } }")
        let line = try navscript(["run", "--color", "never"], in: fixture.root)
        #expect(line.status == 0 && line.output.contains("1 passed, 0 failed, 0 skipped"), "\(line.output)\(line.errors)")
        // A clash --output makes is the command line's, not the file's.
        try fixture.write("navscript.lua", "return { paths = { 'suite' }, reporters = { 'junit', 'json=r.json' } }")
        let output = try navscript(["run", "--output", "r.json"], in: fixture.root)
        #expect(output.status == 2 && !output.errors.contains("navscript.lua") && output.errors.contains("r.json"), "\(output.errors)")
    }

    /// Jest's and Jasmine's spellings: `it.todo` and `test.todo` (a name only), `xit`,
    /// `xtest` and `xdescribe` skip, `fit` and `fdescribe` focus; busted's `--tags` and
    /// `--exclude-tags` and Jest's `--bail` are `--tag`, `--exclude-tag` and `--fail-fast`.
    @Test func jestAndBustedSpellings() throws {
        let fixture = try Fixture([
            "skip_spec.lua": """
                it.todo("write me")
                test.todo("and me")
                xit("x", function() error("ran") end)
                xtest("t", function() error("ran") end)
                xdescribe("xd", function() it("in xd", function() error("ran") end) end)
                it("runs #smoke #fast", function() end)
                it("fails #slow", function() error("failed") end)
                it("after #slow", function() end)
                """,
            "focus_spec.lua": """
                fit("focused", function() end)
                it("left out", function() error("ran") end)
                fdescribe("fd", function() it("in fd", function() end) end)
                """,
            "todo_spec.lua": "it.todo('a', function() end)",
            "skipfocus_spec.lua": """
                describe.skip("s", function() it.only("f", function() end) end)
                xdescribe("x", function() fdescribe("fd", function() it("g", function() end) end) end)
                it("y", function() end)
                """,
        ])
        let skipped = try navscript(["run", "skip_spec.lua", "-v", "--color", "never"], in: fixture.root)
        for line in ["  - write me (todo)", "  - and me (todo)", "  - x (skipped)", "  - t (skipped)", "  - xd in xd (skipped)", "  ✓ runs #smoke #fast"] {
            #expect(skipped.output.contains(line), "\(skipped.output)")
        }
        let focused = try navscript(["run", "focus_spec.lua", "-v", "--color", "never"], in: fixture.root)
        #expect(focused.status == 0)
        #expect(focused.output.contains("  ✓ focused") && focused.output.contains("  - left out (not focused)") && focused.output.contains("  ✓ fd in fd"), "\(focused.output)")
        // As jest-circus: an .only in a skipped block focuses nothing; the rest runs.
        let skipFocus = try navscript(["run", "skipfocus_spec.lua", "-v", "--color", "never"], in: fixture.root)
        #expect(skipFocus.output.contains("  - s f (skipped)") && skipFocus.output.contains("  - x fd g (skipped)") && skipFocus.output.contains("  ✓ y"), "\(skipFocus.output)")
        let todo = try navscript(["run", "todo_spec.lua", "--color", "never"], in: fixture.root)
        #expect(todo.output.contains("todo_spec.lua:1: bad argument #2 to 'it.todo' (a todo has a name only"), "\(todo.output)")
        let tagged = try navscript(["run", "skip_spec.lua", "--tags", "fast,slow", "--exclude-tags", "smoke", "--bail", "-v", "--color", "never"], in: fixture.root)
        #expect(tagged.output.contains("  ✗ fails #slow") && !tagged.output.contains("runs #smoke") && !tagged.output.contains("after #slow"), "\(tagged.output)")
    }

    /// A describe whose body raises, under a pcall, is left all the same: the scenarios
    /// defined after it are not named into it, nor run under its hooks.
    @Test func aDescribeWhoseBodyRaisesIsLeft() throws {
        let fixture = try Fixture([
            "a_spec.lua": """
                pcall(describe, "group", function()
                  before_each(function() error("hook of a failed group") end)
                  describe("inner", function() error("oops") end)
                end)
                describe("outer", function()
                  pcall(describe, "inner", function() error("oops") end)
                  it("in outer", function() end)
                end)
                it("unrelated", function() end)
                """,
        ])
        let result = try navscript(["run", "a_spec.lua", "-v", "--color", "never"], in: fixture.root)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("  ✓ unrelated") && result.output.contains("  ✓ outer in outer"), "\(result.output)")
    }

    /// Scenarios a shared helper module defines (busted's shared examples) are placed where
    /// the scenario file calls the helper: listed there, and run by that line.
    @Test func scenariosAHelperDefinesArePlacedAtTheFilesCall() throws {
        let fixture = try Fixture([
            "helpers/shared.lua": "return function(name)\n  it(name .. ' works', function() end)\nend\n",
            "scenarios/a_spec.lua": "local shared = require 'helpers.shared'\ndescribe('a', function()\n  shared('one')\n  shared('two')\nend)\n",
        ])
        let listed = try navscript(["run", "scenarios", "--list"], in: fixture.root)
        #expect(listed.output == "scenarios/a_spec.lua:3: a one works\nscenarios/a_spec.lua:4: a two works\n", "\(listed.output)")
        let one = try navscript(["run", "scenarios/a_spec.lua:4", "-v", "--color", "never"], in: fixture.root)
        #expect(one.status == 0)
        #expect(one.output.contains("  ✓ a two works") && !one.output.contains("a one works"), "\(one.output)")
    }
}
