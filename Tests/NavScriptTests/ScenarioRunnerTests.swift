import Foundation
import LuaKit
import NavScript
import Testing

/// How one scenario runs: by its name and line, in one budget with its hooks.
@Suite struct ScenarioRunnerTests {
    /// Writes `source` as a scenario file and returns its runner and scenarios.
    func runner(_ source: String, limits: LuaLimits = LuaLimits()) throws -> (ScenarioFileRunner, [ScenarioInfo], URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("case_spec.lua")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let runner = try ScenarioFileRunner(file: file, displayPath: "case_spec.lua",
                                            options: LuaOptions(limits: limits, root: folder), snapshotMode: .normal)
        return (runner, try runner.list(), folder)
    }

    @Test func scenariosDefinedInPairsOrderRunTheirOwnBodies() throws {
        // String keys are hashed with a seed of each state's own: pairs() order differs
        // from state to state, and so does the order the scenarios are defined in.
        let (runner, scenarios, folder) = try runner("""
            local names = {}
            for i = 1, 40 do names["scenario " .. i] = i end
            for name, number in pairs(names) do
              scenario(name, function()
                expect(name):toBe("scenario " .. number)
                CHECK = name
              end)
            end
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(scenarios.count == 40)
        for scenario in scenarios {
            let result = runner.run(scenario)
            #expect(result.status == .passed, "\(scenario.name): \(result.message ?? "")")
            #expect(result.expectations == 1)
        }
    }

    @Test func aScenarioMissingFromAFreshStateFailsLoudly() throws {
        let (runner, scenarios, folder) = try runner("""
            DEFINED = (DEFINED or 0) + 1
            scenario("always", function() end)
            if math.random(1, 1000000) == 1 or os.clock() < 0 then scenario("never", function() end) end
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = ScenarioInfo(index: 2, name: "sometimes", tags: [], location: "case_spec.lua:3", isPending: false)
        #expect(scenarios.map(\.name) == ["always"])
        let result = runner.run(made)
        #expect(result.status == .failed)
        #expect(result.message == "case_spec.lua:3: scenario 'sometimes' is not defined when its file runs again (does the file define scenarios from pairs() order or from random data?)")
    }

    @Test func aTemplateRunsTheScenarioItIsAskedFor() throws {
        let (runner, scenarios, folder) = try runner("""
            print("loading")
            describe("outer", function()
              before_each(function() BEFORE = (BEFORE or 0) + 1 end)
              for i = 1, 30 do
                scenario("number " .. i, function() expect(BEFORE):toBe(1); expect(i):toBe(1) end)
              end
            end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Each run changes its template's state: a template for each, as each copy of a
        // worker has its own.
        for scenario in scenarios {
            let template = try runner.template()
            let number = Int(scenario.name.split(separator: " ").last!)!
            let result = runner.run(scenario, from: template)
            #expect(result.status == (number == 1 ? .passed : .failed), "\(scenario.name)")
            #expect(result.output == "loading\n")
        }
        let missing = ScenarioInfo(index: 31, name: "outer number 31", tags: [], location: "case_spec.lua:5", isPending: false)
        #expect(runner.run(missing, from: try runner.template()).message
            == "case_spec.lua:5: scenario 'outer number 31' is not defined when its file runs again (does the file define scenarios from pairs() order or from random data?)")
    }

    @Test func hooksAndBodyShareOneBudget() throws {
        let source = """
            describe("many hooks", function()
              for i = 1, 100 do before_each(function() for j = 1, 30000 do end end) end
              scenario("runs", function() end)
            end)
            """
        let (runner, scenarios, folder) = try runner(source, limits: LuaLimits(memory: 16 << 20, instructions: 1_000_000, seconds: 60))
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runner.run(try #require(scenarios.first))
        #expect(result.status == .failed)
        #expect(result.message?.hasSuffix("instruction limit exceeded (1000000 instructions)\n(in before_each of \"many hooks\")") == true,
                "\(result.message ?? "")")
    }

    /// A hook's failure says which hook it was: an expect that fails in a before_each shows
    /// no traceback, and read as the scenario's own (as busted names "d before_each").
    @Test func aHookFailureSaysWhichHook() throws {
        let (runner, scenarios, folder) = try runner("""
            before_each(function() end)
            describe("d", function()
              describe("e", function()
                before_each(function() expect(1):toBe(2) end)
                scenario("t", function() end)
              end)
              after_all(function() error("closing") end)
              scenario("u", function() end)
            end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(runner.run(scenarios[0]).message?.hasPrefix("""
            case_spec.lua:4: expect(value):toBe(expected) failed
              expected: 2
              received: 1
            (in before_each of "d e")

            and then an after hook failed:
            case_spec.lua:7: closing
            (in after_all of "d")
            """) == true)
        #expect(runner.run(scenarios[1]).message == "case_spec.lua:7: closing\n(in after_all of \"d\")")
        let root = try self.runner("after_all(function() error('closing') end)\nscenario('v', function() end)")
        defer { try? FileManager.default.removeItem(at: root.2) }
        #expect(root.0.run(try #require(root.1.first)).message == "case_spec.lua:1: closing\n(in after_all at the file's top level)")
    }

    @Test func anAfterEachThatFailsAfterTheScenarioFailedIsShownToo() throws {
        let (runner, scenarios, folder) = try runner("""
            describe("cleanup", function()
              after_each(function() while true do end end)
              scenario("fails", function() expect(1):toBe(2) end)
            end)
            """, limits: LuaLimits(memory: 16 << 20, instructions: 1_000_000, seconds: 60))
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runner.run(try #require(scenarios.first))
        #expect(result.status == .failed)
        let message = result.message ?? ""
        #expect(message.hasPrefix("case_spec.lua:3: expect(value):toBe(expected) failed"), "\(message)")
        #expect(message.contains("\n\nand then an after hook failed:\ncase_spec.lua:2: instruction limit exceeded (1000000 instructions)"), "\(message)")
    }

    /// An after hook that uses the after hooks' budget up leaves the later ones failing at
    /// once, with its error: they are said not to have run, not shown as copies of it.
    @Test func afterHooksPastTheirBudgetAreSaidNotToHaveRun() throws {
        let (runner, scenarios, folder) = try runner("""
            describe("cleanup", function()
              after_each(function() while true do end end)
              after_each(function() error("second") end)
              after_each(function() error("third") end)
              scenario("passes", function() end)
            end)
            """, limits: LuaLimits(memory: 16 << 20, instructions: 1_000_000, seconds: 60))
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runner.run(try #require(scenarios.first))
        #expect(result.status == .failed)
        #expect(result.message == """
            case_spec.lua:2: instruction limit exceeded (1000000 instructions)
            (in after_each of "cleanup")
            (the 2 hooks after it did not run: the budget of the after hooks is used up)
            """)
        #expect(result.traceback?.contains("case_spec.lua:2: in field 'after_each'") == true, "\(result.traceback ?? "")")
    }

    @Test func printedOutputIsCapped() throws {
        let (runner, scenarios, folder) = try runner("""
            scenario("prints", function()
              local line = string.rep("x", 1023)
              for i = 1, 3000 do print(line) end
            end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runner.run(try #require(scenarios.first))
        #expect(result.status == .passed)
        #expect(result.output.utf8.count < (1 << 20) + 200)
        // The first and the last half are kept, whole lines, with what was cut between.
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 512 + 1 + 512 + 1)
        #expect(lines[512] == "[output cut here: 1976 lines, 2023424 bytes left out; a scenario keeps the first and the last 512 KiB of what it prints]")
        #expect(lines.allSatisfy { $0.isEmpty || $0.utf8.count == 1023 || $0.hasPrefix("[output cut here") })
        #expect(ScenarioOutput.linesCut(in: result.output) == 1976)
    }

    /// A print needs one copy of what it prints: a string a third of the memory cap, which
    /// the script can copy, prints (cut as any long output is). Through a growing buffer and
    /// a string made of it, it ran out of memory.
    @Test func printingALargeStringNeedsOneCopy() throws {
        let (runner, scenarios, folder) = try runner("""
            scenario("prints", function()
              local text = string.rep("x", 4 << 20)
              local copy = text .. "y"
              print(text, 1)
            end)
            """, limits: LuaLimits(memory: 16 << 20, instructions: 1_000_000, seconds: 60))
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runner.run(try #require(scenarios.first))
        #expect(result.status == .passed, "\(result.message ?? "")")
        #expect(result.output.hasPrefix("xxxx"))
        #expect(result.output.hasSuffix("x\t1\n"))
        #expect(result.output.utf8.count < (1 << 20) + 200)
    }

    /// So is a failure's message: every report writes it (JUnit twice).
    @Test func aFailuresMessageIsCapped() throws {
        let (runner, scenarios, folder) = try runner("scenario('raises', function() error(string.rep('x', 3000000)) end)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runner.run(try #require(scenarios.first))
        let message = try #require(result.message)
        #expect(result.status == .failed)
        #expect(message.hasPrefix("case_spec.lua:1: xxx"), "\(message.prefix(80))")
        #expect(message.utf8.count < (1 << 20) + 100)
        #expect(message.hasSuffix("\n[message cut at 1 MiB]"))
        // A cut ends on a whole character, never in U+FFFD.
        let accents = String(repeating: "é", count: 600_000)
        #expect(ScenarioResult.cut(accents, "message") == String(repeating: "é", count: 1 << 19) + "\n[message cut at 1 MiB]")
        #expect(ScenarioResult.cut("a" + accents, "message").hasSuffix("é\n[message cut at 1 MiB]"))
        #expect(!ScenarioResult.cut("a" + accents, "message").contains("\u{FFFD}"))
    }

    /// As busted: a before_each that fails skips the hooks inside it and the body; the
    /// after_each hooks of its block and the blocks around it run, inner first.
    @Test func aFailingOuterBeforeEachRunsNoInnerHook() throws {
        let (runner, scenarios, folder) = try runner("""
            describe("outer", function()
              before_each(function() print("outer before") error("outer broke") end)
              after_each(function() print("outer after") end)
              describe("inner", function()
                before_each(function() print("inner before") end)
                after_each(function() print("inner after") end)
                scenario("body", function() print("body") end)
              end)
            end)
            describe("both", function()
              before_each(function() print("first") end)
              before_each(function() print("second") error("second broke") end)
              before_each(function() print("third") end)
              scenario("runs", function() end)
            end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outer = runner.run(scenarios[0])
        #expect(outer.status == .failed)
        #expect(outer.message?.hasPrefix("case_spec.lua:2: outer broke") == true, "\(outer.message ?? "")")
        #expect(outer.output == "outer before\nouter after\n")
        let both = runner.run(scenarios[1])
        #expect(both.output == "first\nsecond\n")
    }

    /// Every before_all runs before the first before_each: when a before_each fails, the
    /// after_all of every block whose before_all ran still runs.
    @Test func aFailingBeforeEachStillRunsTheAfterAllOfEveryBlock() throws {
        let (runner, scenarios, folder) = try runner("""
            describe("outer", function()
              before_all(function() print("outer setup") end)
              after_all(function() print("outer teardown") end)
              before_each(function() error("outer broke") end)
              describe("inner", function()
                before_all(function() print("inner setup") end)
                after_all(function() print("inner teardown") end)
                after_each(function() print("inner after") end)
                scenario("body", function() print("body") end)
              end)
            end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runner.run(scenarios[0])
        #expect(result.status == .failed)
        #expect(result.output == "outer setup\ninner setup\ninner teardown\nouter teardown\n")
    }

    /// As busted: a before_all that fails ran no before_each, so no after_each runs; the
    /// after_all hooks of the blocks whose before_all ran (or failed) do. finally functions run after
    /// the body, failed or not, before the after_each hooks.
    @Test func aFailingBeforeAllRunsNoAfterEachAndFinallyRunsAfterTheBody() throws {
        let (runner, scenarios, folder) = try runner("""
            describe("outer", function()
              lazy_setup(function() print("outer setup") end)
              strict_teardown(function() print("outer teardown") end)
              after_each(function() print("outer after") end)
              describe("inner", function()
                setup(function() error("db down") end)
                lazy_teardown(function() print("inner teardown") end)
                scenario("body", function() print("body") end)
              end)
            end)
            describe("finally", function()
              after_each(function() print("after") end)
              scenario("fails", function()
                finally(function() print("finally") end)
                error("body broke")
              end)
            end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runner.run(scenarios[0])
        #expect(result.status == .failed)
        #expect(result.message?.hasPrefix("case_spec.lua:6: db down") == true, "\(result.message ?? "")")
        #expect(result.output == "outer setup\ninner teardown\nouter teardown\n")
        let finally = runner.run(scenarios[1])
        #expect(finally.message?.hasPrefix("case_spec.lua:15: body broke") == true, "\(finally.message ?? "")")
        #expect(finally.output == "finally\nafter\n")
    }

    /// finally belongs to a scenario's body: given in a hook (or in a finally), it would
    /// never run, so it is refused there.
    @Test func finallyOutsideTheBodyIsRefused() throws {
        let (runner, scenarios, folder) = try runner("""
            describe("hooked", function()
              after_each(function() finally(function() print("never") end) end)
              scenario("body", function() end)
            end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runner.run(scenarios[0])
        #expect(result.status == .failed)
        #expect(result.message?.contains("case_spec.lua:2: 'finally' works inside a running scenario's body") == true, "\(result.message ?? "")")
        #expect(!result.output.contains("never"))
    }

    /// An after_each and an after_all that both fail after the scenario failed: every
    /// failure is shown, in order; a matcher given the wrong kind of value counts too.
    @Test func everyAfterHookFailureIsShown() throws {
        let (runner, scenarios, folder) = try runner("""
            describe("cleanup", function()
              after_each(function() error("each broke") end)
              after_all(function() error("all broke") end)
              scenario("fails", function() expect(1):toShow("x") end)
            end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runner.run(try #require(scenarios.first))
        let message = result.message ?? ""
        #expect(message.hasPrefix("case_spec.lua:4: expect(value):toShow needs a Container or an App"), "\(message)")
        // Each hook failure with its own traceback, in the message (a failed expect's result
        // shows no traceback, and its own is the runner's, left out).
        // Each says which hook it came from.
        let each = try #require(message.range(of: "\n\nand then an after hook failed:\ncase_spec.lua:2: each broke\n(in after_each of \"cleanup\")\nstack traceback:\n"),
                                "\(message)")
        let all = try #require(message.range(of: "\n\nand then an after hook failed:\ncase_spec.lua:3: all broke\n(in after_all of \"cleanup\")\nstack traceback:\n"),
                               "\(message)")
        #expect(message[each.upperBound..<all.lowerBound].contains("case_spec.lua:2"))
        #expect(message[all.upperBound...].contains("case_spec.lua:3"))
        #expect(!message[..<each.lowerBound].contains("stack traceback"), "\(message)")
        #expect(result.expectations == 1)
    }

    /// A failed expect in a helper keeps its callers' frames when an after hook fails too:
    /// they say which call of the helper failed (they were dropped with the runner's own).
    @Test func aHelperExpectKeepsItsCallersWhenAnAfterHookFails() throws {
        let (runner, scenarios, folder) = try runner("""
            local function check(v) expect(v):toBe(1) end
            describe("d", function()
              after_each(function() error("cleanup failed") end)
              scenario("s", function() check(1) check(2) end)
            end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = runner.run(try #require(scenarios.first)).message ?? ""
        let hook = try #require(message.range(of: "\n\nand then an after hook failed:\ncase_spec.lua:3: cleanup failed"), "\(message)")
        let own = message[..<hook.lowerBound]
        #expect(own.hasPrefix("case_spec.lua:1: expect(value):toBe(expected) failed"), "\(message)")
        #expect(own.contains("\nstack traceback:\n") && own.contains("case_spec.lua:4: in function"), "\(message)")
    }

    /// A helper that returns its expect (`return expect(v):toBe(1)`) is gone from the stack
    /// by the tail call, but its caller is not: the failure shows it, to say which call
    /// failed. An expect written in the scenario shows no stack, tail call or not.
    @Test func aTailCalledHelperExpectShowsItsCaller() throws {
        let (runner, scenarios, folder) = try runner("""
            local function check(v) return expect(v):toBe(1) end
            scenario("helper", function()
              check(1)
              check(2)
            end)
            scenario("own", function() expect(2):toBe(1) end)
            scenario("own tail", function() return expect(2):toBe(1) end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let helper = runner.run(scenarios[0])
        #expect(helper.message?.hasPrefix("case_spec.lua:1: expect(value):toBe(expected) failed") == true, "\(helper.message ?? "")")
        #expect(helper.traceback?.contains("case_spec.lua:4: in function") == true, "\(helper.traceback ?? "nil")")
        #expect(runner.run(scenarios[1]).traceback == nil)
        #expect(runner.run(scenarios[2]).traceback == nil)
    }

    /// A scenario stopped by pending() did not fail: a hook that then fails is the failure,
    /// with its own traceback (it showed "pending: wait" and pending's traceback).
    @Test func anAfterHookThatFailsAfterPendingIsTheFailure() throws {
        let (runner, scenarios, folder) = try runner("""
            describe("later", function()
              after_each(function() error("each broke") end)
              scenario("waits", function() pending("wait") end)
            end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runner.run(try #require(scenarios.first))
        #expect(result.status == .failed)
        #expect(result.message == "case_spec.lua:2: each broke\n(in after_each of \"later\")", "\(result.message ?? "")")
        #expect(result.traceback?.contains("case_spec.lua:2: in field 'after_each'") == true, "\(result.traceback ?? "")")
    }

    /// pending() in an after hook of a scenario that failed is not a hook failure: the
    /// scenario's failure is reported as it is (it read "and then an after hook failed:
    /// pending: later"), and a scenario that passed is pending.
    @Test func pendingInAnAfterHookLeavesAFailureAsItIs() throws {
        let (runner, scenarios, folder) = try runner("""
            describe("d", function()
              after_each(function() pending("later") end)
              it("fails", function() error("body") end)
              it("passes", function() end)
            end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let failed = runner.run(scenarios[0]), passed = runner.run(scenarios[1])
        #expect(failed.status == .failed)
        #expect(failed.message == "case_spec.lua:3: body", "\(failed.message ?? "")")
        #expect(passed.status == .skipped)
        #expect(passed.message == "later")
    }

    /// pending() inside a coroutine stops the scenario as pending: `coroutine.wrap` puts the
    /// place before its text on the way out, which had made it a failure.
    @Test func pendingInsideACoroutineIsPending() throws {
        let (runner, scenarios, folder) = try runner("""
            it("wrapped", function() coroutine.wrap(function() pending("not ready") end)() end)
            it("twice", function() coroutine.wrap(function() coroutine.wrap(function() pending("deep") end)() end)() end)
            it("fails", function() coroutine.wrap(function() error("pending: x") end)() end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wrapped = runner.run(scenarios[0]), twice = runner.run(scenarios[1]), fails = runner.run(scenarios[2])
        #expect(wrapped.status == .skipped && wrapped.message == "not ready", "\(wrapped.message ?? "")")
        #expect(twice.status == .skipped && twice.message == "deep", "\(twice.message ?? "")")
        #expect(fails.status == .failed)
    }

    /// An expect that fails inside a callback fails the scenario, though the navigation it
    /// ran in only reports a failed navigation.
    @Test func anExpectThatFailsInACallbackFailsTheScenario() throws {
        let (runner, scenarios, folder) = try runner("""
            local Feed = nav.screen("Feed")
            scenario("in a get", function()
              local app = nav.app { root = nav.stack { Feed() } }
              app:navigate(nav.route():top(nav.stack):get(function(c) expect(c.kind):toBe("tabs") end))
            end)
            scenario("in a predicate", function()
              local app = nav.app { root = nav.stack { Feed() } }
              app:navigate(nav.route():first(nav.predicate("p", function() expect(1):toBe(2) return true end)))
            end)
            scenario("caught by the script itself, it does not", function()
              local ok = pcall(function() expect(1):toBe(2) end)
              expect(ok):toBe(false)
            end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let get = runner.run(scenarios[0])
        #expect(get.status == .failed)
        #expect(get.message?.hasPrefix("case_spec.lua:4: expect(value):toBe(expected) failed") == true, "\(get.message ?? "")")
        #expect(runner.run(scenarios[1]).status == .failed)
        #expect(runner.run(scenarios[2]).status == .passed)
    }

    /// A name that is not UTF-8 could not be found again by its text: refused where written.
    @Test func aScenarioNameThatIsNotUTF8IsRefused() throws {
        #expect {
            _ = try self.runner("scenario('caf\u{00E9}', function() end)\nscenario(\"caf\\xe9 opens\", function() end)")
        } throws: { error in
            "\(error)".contains("case_spec.lua:2: bad argument #1 to 'scenario' (the name is not UTF-8 text)")
        }
    }

    /// An empty name (or one of spaces) is refused where written: it would be a bare mark in
    /// the console and JUnit's `name=""`, and --last-failed keeps a file that did not load
    /// under the empty name.
    @Test func anEmptyNameIsRefused() throws {
        for (source, what) in [("scenario('', function() end)", "scenario"), ("describe(' \\t', function() end)", "describe"),
                               ("it.todo('')", "it.todo")] {
            #expect {
                _ = try self.runner("scenario('a', function() end)\n" + source)
            } throws: { error in
                "\(error)".contains("case_spec.lua:2: bad argument #1 to '\(what)' (the name is empty: reports and reruns tell scenarios apart by name)")
            }
        }
    }

    /// As in busted, scenarios and pending placeholders may share a name: from the second on
    /// they are numbered. A number that meets a name written so is refused.
    @Test func scenariosSharingANameAreNumbered() throws {
        let (_, scenarios, folder) = try runner("""
            describe("later", function() pending("todo") pending("todo") end)
            scenario('same', function() end) scenario('same', function() end)
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(scenarios.map(\.name) == ["later todo", "later todo (2)", "same", "same (2)"])
        #expect(throws: LuaError.self) {
            _ = try self.runner("scenario('same', function() end) scenario('same', function() end) scenario('same (2)', function() end)")
        }
    }
}
