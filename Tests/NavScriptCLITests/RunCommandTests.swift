import Foundation
import Testing

@Suite struct RunCommandTests {
    @Test func allPassingExitsZeroWithASummary() throws {
        let fixture = try Fixture(["chat_spec.lua": passingSuite])
        let result = try navscript(["run", "."], in: fixture.root)
        #expect(result.status == 0)
        #expect(result.output.contains("PASS chat_spec.lua (3 scenarios,"))
        #expect(result.output.contains("2 passed, 0 failed, 1 skipped in "))
        #expect(!result.output.contains("\u{1B}["))   // no colors off a terminal
        #expect(result.errors.isEmpty)
    }

    @Test func failuresExitOneWithFileLineAndTheHierarchy() throws {
        let fixture = try Fixture(["bad_spec.lua": failingSuite])
        let result = try navscript(["run", "bad_spec.lua"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("FAIL bad_spec.lua"))
        #expect(result.output.contains("  ✗ fails"))
        #expect(result.output.contains("bad_spec.lua:4: expect(value):toShow(Chat) failed"))
        #expect(result.output.contains("└─ modal Feed"))
        #expect(result.output.contains("bad_spec.lua:7: calling 'push' on bad self (stack route expected, got window route)"))
        #expect(result.output.contains("stack traceback:"))
        #expect(result.output.contains("1 passed, 2 failed, 0 skipped in "))
    }

    /// Each matcher explains its failure; the explanations load only when one fails.
    @Test func failedExpectationsShowWhatDiffers() throws {
        let fixture = try Fixture(["explain_spec.lua": """
            scenario("toBe", function() expect(1):toBe("1") end)
            scenario("toEqual tables", function() expect({ a = 1, b = { 2, 3 } }):toEqual({ a = 1, b = { 2, 4 }, c = true }) end)
            scenario("toEqual texts", function() expect("one\\ntwo\\nthree"):toEqual("one\\n2\\nthree") end)
            scenario("never", function() expect(5).never:toBe(5) end)
            scenario("toContain", function() expect({ "a", "b" }):toContain("c") end)
            scenario("toHaveLength", function() expect("abc"):toHaveLength(2) end)
            scenario("toMatch", function() expect("Feed"):toMatch("^Chat") end)
            scenario("toFail", function() expect(function() end):toFail("boom") end)
            """])
        let result = try navscript(["run", "."], in: fixture.root)
        #expect(result.status == 1)
        for line in [
            "explain_spec.lua:1: expect(value):toBe(expected) failed", "  expected: \"1\"", "  received: 1",
            "explain_spec.lua:2: expect(value):toEqual(expected) failed", "  at .b[2]: expected 4, received 3", "  at .c: missing true",
            "    one", "  + two", "  - 2", "    three",
            "explain_spec.lua:4: expect(value).never:toBe(expected) failed", "  expected: not 5",
            "  item: \"c\"", "  not found in: {\"a\", \"b\"}",
            "  expected length: 2", "  received length: 3",
            "  pattern: \"^Chat\"", "  received: \"Feed\"",
            "  expected a failure matching \"boom\", but it succeeded",
        ] {
            #expect(result.output.contains(line), "missing: \(line)")
        }
        #expect(result.output.contains("0 passed, 8 failed"), "\(result.output)\(result.errors)")
    }

    @Test func testIsAnAliasOfRun() throws {
        let fixture = try Fixture(["chat_spec.lua": passingSuite])
        #expect(try navscript(["test", "."], in: fixture.root).status == 0)
    }

    @Test func colorsWhenAsked() throws {
        let fixture = try Fixture(["chat_spec.lua": passingSuite])
        #expect(try navscript(["run", ".", "--color", "always"], in: fixture.root).output.contains("\u{1B}[1;30;42mPASS"))
    }

    /// On a terminal the console colors unless NO_COLOR is set to something: an empty one
    /// is not set (no-color.org).
    @Test func colorsOnATerminalUnlessNoColorSaysOtherwise() throws {
        let fixture = try Fixture(["chat_spec.lua": passingSuite])
        func console(noColor: String?) throws -> String {
            let (master, device) = try PseudoTerminal.open()
            let process = Process()
            process.executableURL = Binary.url
            process.arguments = ["run", "chat_spec.lua"]
            process.currentDirectoryURL = fixture.root
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = noColor
            process.environment = environment
            process.standardOutput = device
            process.standardError = device
            try process.run()
            process.waitUntilExit()
            try device.close()
            // What the terminal holds, read without waiting once it is empty.
            let descriptor = master.fileDescriptor
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            var text = Data(), buffer = [UInt8](repeating: 0, count: 4096)
            while case let count = read(descriptor, &buffer, buffer.count), count > 0 {
                text.append(contentsOf: buffer[..<count])
            }
            return String(decoding: text, as: UTF8.self)
        }
        #expect(try console(noColor: nil).contains("\u{1B}[1;30;42mPASS"))
        #expect(try console(noColor: "").contains("\u{1B}[1;30;42mPASS"))
        let plain = try console(noColor: "1")
        #expect(plain.contains("PASS") && !plain.contains("\u{1B}["), "\(plain)")
    }

    @Test func usageErrorsExitTwo() throws {
        let fixture = try Fixture(["chat_spec.lua": passingSuite])
        for arguments in [["run", "missing"], ["run", ".", "--shard", "3/2"], ["run", ".", "--reporter", "xml"],
                          ["run", ".", "--tag", "x", "--exclude-tag", "x"], ["run", ".", "--jobs", "0"], ["run", ".", "--bogus"],
                          ["run", ".", "--tag", ""], ["run", ".", "--exclude-tag", ""], ["run", ".", "--exclude-tag", "a b"], ["run", ".", "--tag", "a\tb"],
                          ["run", ".", "--reporter", "html=/dev/stdout"], ["run", ".", "--reporter", "map=pic.svg"],
                          ["watch", ".", "--interval", "inf"], ["watch", ".", "--interval", "5000"], ["watch", ".", "--interval", "1e-9"],
                          ["run", ".", "--reporter", "console", "--reporter", "console"], ["explore", "x.lua", "--timeout", "1e12"],
                          ["run", ".", "--reporter", "tap", "--reporter", "junit=/dev/stdout"]] {
            let result = try navscript(arguments, in: fixture.root)
            #expect(result.status == 2, "\(arguments)")
            #expect(!result.errors.isEmpty, "\(arguments)")
        }
        // A tag with a space would select nothing, and excluding it exclude nothing unseen.
        let spaced = try navscript(["run", ".", "--exclude-tag", "a b"], in: fixture.root)
        #expect(spaced.errors.contains("a tag is one word: 'a b' selects nothing"), "\(spaced.errors)")
    }

    /// A negative number is read as the option's value and meets its range check (an
    /// argument parser takes `-1` for an option otherwise, and says the value is missing).
    @Test func negativeNumbersMeetTheirRangeChecks() throws {
        let fixture = try Fixture(["chat_spec.lua": passingSuite])
        for (arguments, message) in [(["--jobs", "-1"], "--jobs must be at least 1"), (["-j", "-2"], "--jobs must be at least 1"),
                                     (["--jobs", "9999999999999"], "--jobs must be at most 1024 (each job is a thread, and in run a worker process)"),
                                     (["--timeout", "-1"], "--timeout must be more than 0"),
                                     (["--memory-limit", "-5"], "--memory-limit must be from 1"),
                                     (["--instruction-limit", "-1"], "--instruction-limit must be more than 0"),
                                     (["--durations", "-1"], "--durations must be at least 0"),
                                     (["--coverage-threshold", "-1"], "--coverage-threshold is a percentage")] {
            let result = try navscript(["run", "."] + arguments, in: fixture.root)
            #expect(result.status == 2 && result.errors.contains(message), "\(arguments): \(result.errors)")
        }
        let watch = try navscript(["watch", ".", "--interval", "-1"], in: fixture.root)
        #expect(watch.status == 2 && watch.errors.contains("--interval must be from"), "\(watch.errors)")
    }

    /// A report sent to `/dev/stdout` takes standard output as one given no file does: the
    /// console moves to standard error, and the report is written in place.
    @Test func aReportToDevStdoutTakesStandardOutput() throws {
        let fixture = try Fixture(["chat_spec.lua": passingSuite])
        let result = try navscript(["run", ".", "--reporter", "junit=/dev/stdout", "--color", "never"], in: fixture.root)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("<?xml"), "\(result.output)")
        #expect(result.errors.contains("passed, 0 failed"))
        // Standard output appended to a file: the report goes after what is there.
        let log = fixture.root.appendingPathComponent("out.log")
        try "HEADER\n".write(to: log, atomically: true, encoding: .utf8)
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["run", ".", "--reporter", "json=/dev/stdout"]
        process.currentDirectoryURL = fixture.root
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.hasPrefix("HEADER\n{"), "\(text)")
        #expect(text.contains(#""exitCode" : 0"#))
    }

    @Test func aScriptThatDoesNotLoadExitsTwoAndTheRestStillRuns() throws {
        let fixture = try Fixture(["chat_spec.lua": passingSuite, "broken_spec.lua": "describe('x', function()\n  local = 1\nend)"])
        let result = try navscript(["run", "."], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains("ERROR broken_spec.lua does not load:"))
        #expect(result.output.contains("broken_spec.lua:2: <name> expected near '='"))
        #expect(result.output.contains("2 passed, 0 failed, 1 skipped"))
    }

    @Test func listFiltersAndTags() throws {
        let fixture = try Fixture(["chat_spec.lua": passingSuite, "bad_spec.lua": failingSuite])
        let all = try navscript(["run", ".", "--list"], in: fixture.root)
        #expect(all.status == 0)
        #expect(all.output == """
            bad_spec.lua:2: fails [broken]
            bad_spec.lua:6: errors
            bad_spec.lua:9: passes
            chat_spec.lua:6: chat opens [smoke]
            chat_spec.lua:10: chat closes
            chat_spec.lua:14: chat shares (pending)

            """)
        #expect(try navscript(["run", ".", "--list", "--filter", "chat"], in: fixture.root).output.split(separator: "\n").count == 3)
        // Each says why it will not run, as the console does.
        try fixture.write("why_spec.lua", "it.todo('later')\nit.skip('sk', function() end)\nxit('x', function() end)\nit.only('o', function() end)\nit('nf', function() end)\n")
        #expect(try navscript(["run", "why_spec.lua", "--list"], in: fixture.root).output == """
            why_spec.lua:1: later (todo)
            why_spec.lua:2: sk (skipped)
            why_spec.lua:3: x (skipped)
            why_spec.lua:4: o
            why_spec.lua:5: nf (not focused)

            """)
        let json = try navscript(["run", "why_spec.lua", "--list", "--reporter", "json"], in: fixture.root).output
        #expect(json.contains(#""skipReason" : "todo""#), "\(json)")
        // pending(name) says "pending", as a run's JSON does.
        try fixture.write("why_spec.lua", "pending('later')\n")
        let pending = try navscript(["run", "why_spec.lua", "--list", "--reporter", "json"], in: fixture.root).output
        #expect(pending.contains(#""skipReason" : "pending""#), "\(pending)")
        // JSON written to a file leaves standard output to the lines.
        let both = try navscript(["run", "why_spec.lua", "--list", "--reporter", "json=list.json"], in: fixture.root)
        #expect(both.output == "why_spec.lua:1: later (pending)\n", "\(both.output)")
        #expect(try fixture.read("list.json").contains(#""skipReason" : "pending""#))
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("why_spec.lua"))
        // An empty text is in every name.
        #expect(try navscript(["run", ".", "--list", "--filter", ""], in: fixture.root).output == navscript(["run", ".", "--list"], in: fixture.root).output)
        #expect(try navscript(["run", ".", "--list", "--tag", "smoke"], in: fixture.root).output == "chat_spec.lua:6: chat opens [smoke]\n")
        let excluded = try navscript(["run", ".", "--exclude-tag", "broken", "--filter", "e"], in: fixture.root)
        #expect(excluded.status == 1)   // "errors" still runs and fails
        #expect(excluded.output.contains("3 passed, 1 failed, 1 skipped"))
        let nothing = try navscript(["run", ".", "--filter", "nothing matches"], in: fixture.root)
        #expect(nothing.status == 2)
        #expect(nothing.errors == "navscript: no scenarios to run in . (2 files, 6 scenarios) matching --filter nothing matches (--pass-with-no-scenarios makes this a success)\n")
        #expect(try navscript(["run", ".", "--filter", "nothing matches", "--pass-with-no-scenarios"], in: fixture.root).status == 0)
        // busted's #tag words in names are tags too.
        try fixture.write("hash_spec.lua", "describe(\"chat #fast\", function() it(\"opens #smoke #тег\", function() end) end)\n")
        #expect(try navscript(["run", "hash_spec.lua", "--list", "--tag", "тег"], in: fixture.root).output == "hash_spec.lua:1: chat #fast opens #smoke #тег [fast, smoke, тег]\n")
    }

    @Test func aScenarioByFileAndLine() throws {
        let fixture = try Fixture(["bad_spec.lua": failingSuite])
        let result = try navscript(["run", "bad_spec.lua:9"], in: fixture.root)
        #expect(result.status == 0)
        #expect(result.output.contains("1 passed, 0 failed, 0 skipped"))
        // A place as editors write it, with a column: the column is left out.
        #expect(try navscript(["run", "bad_spec.lua:9:5"], in: fixture.root).output.contains("1 passed, 0 failed, 0 skipped"))
        // Named whole too, itself or through its folder, the file runs whole.
        for whole in [["bad_spec.lua", "bad_spec.lua:9"], [".", "bad_spec.lua:9"]] {
            #expect(try navscript(["run"] + whole, in: fixture.root).output.contains("1 passed, 2 failed"), "\(whole)")
        }
        // A line past any number is past the file's end, not a file of that name.
        let far = try navscript(["run", "bad_spec.lua:99999999999999999999"], in: fixture.root)
        #expect(far.status == 2 && far.errors.contains("no scenarios to run in bad_spec.lua (1 file, 3 scenarios) at bad_spec.lua:99999999999999999999"),
                "\(far.errors)")
    }

    /// `file:LINE` as RSpec reads it: a line inside a scenario's body runs that scenario, and
    /// a line inside a describe block but no body runs the block's scenarios, the innermost
    /// block's; a line outside them all runs nothing.
    @Test func aLineInsideABodyOrABlockRunsWhatHoldsIt() throws {
        let fixture = try Fixture(["b_spec.lua": """
            local x = 1
            describe("outer", function()
              scenario("one", function()
                x = 2
              end)

              describe("inner", function()
                it("two", function()
                  x = 3
                end)

                it("three", function() end)
              end)
            end)
            """])
        func listed(_ line: Int) throws -> [String] {
            try navscript(["run", "b_spec.lua:\(line)", "--list"], in: fixture.root).output.split(separator: "\n").map(String.init)
        }
        #expect(try listed(4) == ["b_spec.lua:3: outer one"])
        #expect(try listed(9) == ["b_spec.lua:8: outer inner two"])
        #expect(try listed(11) == ["b_spec.lua:8: outer inner two", "b_spec.lua:12: outer inner three"])
        #expect(try listed(6) == ["b_spec.lua:3: outer one", "b_spec.lua:8: outer inner two", "b_spec.lua:12: outer inner three"])
        let outside = try navscript(["run", "b_spec.lua:1"], in: fixture.root)
        #expect(outside.status == 2 && outside.errors.contains("no scenarios to run in b_spec.lua (1 file, 3 scenarios) at b_spec.lua:1"), "\(outside.errors)")
    }

    @Test func shardsSplitTheSuiteWithoutOverlap() throws {
        let all = try navscript(["run", "lua/examples", "--list"]).output.split(separator: "\n").map(String.init)
        #expect(all.count > 40)
        var union: [String] = []
        for index in 1...3 {
            let shard = try navscript(["run", "lua/examples", "--list", "--shard", "\(index)/3"])
            #expect(shard.status == 0)
            union += shard.output.split(separator: "\n").map(String.init)
        }
        #expect(union.count == all.count)
        #expect(Set(union) == Set(all))
    }

    /// A loop over `pairs` defines scenarios in another order in each Lua state: scenarios
    /// are listed, sharded and reported by line, and by name among those of one line.
    @Test func scenariosMadeInAPairsLoopListAndShardTheSameInEveryProcess() throws {
        let fixture = try Fixture(["loop_spec.lua": """
            local t = {} for i = 1, 40 do t["key" .. i] = i end
            for k, v in pairs(t) do
              scenario("s " .. k, function() expect(v):toBe(t[k]) end)
              scenario("t " .. k, function() end)
            end
            scenario("last", function() end)
            """])
        let all = try navscript(["run", ".", "--list"], in: fixture.root).output
        let lines = all.split(separator: "\n").map(String.init)
        #expect(lines.count == 81)
        #expect(lines.first?.contains("s key1") == true && lines[40].contains("t key1") && lines.last?.contains("last") == true, "\(all)")
        // Numbers in names as numbers: key2 before key10, as a numeric loop makes them.
        #expect(lines[1].hasSuffix("s key2") && lines[9].hasSuffix("s key10"), "\(all)")
        for _ in 1...3 { #expect(try navscript(["run", ".", "--list"], in: fixture.root).output == all) }
        var union: [String] = []
        for index in 1...3 {
            union += try navscript(["run", ".", "--list", "--shard", "\(index)/3"], in: fixture.root).output.split(separator: "\n").map(String.init)
        }
        #expect(union.count == 81)
        #expect(Set(union) == Set(lines))
    }

    @Test func shuffleRepeatsWithTheSeed() throws {
        let first = try navscript(["run", "lua/examples", "--list", "--shuffle", "--seed", "7"]).output
        let again = try navscript(["run", "lua/examples", "--list", "--shuffle", "--seed", "7"]).output
        let seeded = try navscript(["run", "lua/examples", "--list", "--shuffle", "--seed", "8"])
        let other = seeded.output
        #expect(seeded.errors.contains("shuffled with seed 8 (--seed 8 lists this order again)"), "\(seeded.errors)")
        let sorted = try navscript(["run", "lua/examples", "--list"]).output
        #expect(first == again)
        #expect(first != other)
        #expect(first != sorted)
        #expect(Set(first.split(separator: "\n")) == Set(sorted.split(separator: "\n")))
        // Shuffled without a seed, the order can be had again: the seed is said, on a list
        // and in a run's summary whether or not it failed.
        let listed = try navscript(["run", "lua/examples", "--list", "--shuffle"])
        let seed = try #require(listed.errors.firstMatch(of: /shuffled with seed (\d+) \(--seed \d+ lists this order again\)/)?.1)
        #expect(try navscript(["run", "lua/examples", "--list", "--shuffle", "--seed", String(seed)]).output == listed.output)
        let passed = try navscript(["run", "lua/examples/app", "--shuffle", "--seed", "3", "--color", "never"])
        #expect(passed.status == 0)
        #expect(passed.output.contains(" (seed 3)\n"), "\(passed.output)")
    }

    @Test func failFastStopsStartingScenarios() throws {
        let many = (1...30).map { "scenario('s\($0)', function() error('stop') end)" }.joined(separator: "\n")
        let fixture = try Fixture(["many_spec.lua": many])
        let result = try navscript(["run", ".", "--fail-fast", "--jobs", "1"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("0 passed, 1 failed, 0 skipped, 29 not run (--fail-fast)"))
        // The file's line says what of it did not run, in workers and in-process.
        #expect(result.output.hasPrefix("FAIL many_spec.lua (1 scenario, 29 not run, "), "\(result.output)")
        let inProcess = try navscript(["run", ".", "--fail-fast", "--jobs", "1", "--in-process", "--color", "never"], in: fixture.root)
        #expect(inProcess.output.hasPrefix("FAIL many_spec.lua (1 scenario, 29 not run, "), "\(inProcess.output)")
        let tap = try navscript(["run", ".", "--fail-fast", "-j1", "--reporter", "tap"], in: fixture.root)
        #expect(tap.output.hasSuffix("Bail out! --fail-fast: 29 scenarios not run after the first failure\n"), "\(tap.output)")
        // What would not run anyway is skipped, with its reason, as a whole run says.
        try fixture.write("many_spec.lua", "it('a', function() error('stop') end)\npending('later')\nit.todo('todo')\nit.skip('sk', function() end)\nit('b', function() end)\n")
        for mode in [[], ["--in-process"]] {
            let skipped = try navscript(["run", ".", "--fail-fast", "-j1", "-v", "--color", "never"] + mode, in: fixture.root)
            #expect(skipped.output.contains("0 passed, 1 failed, 3 skipped, 1 not run (--fail-fast)"), "\(mode) \(skipped.output)")
            #expect(skipped.output.contains("  - todo (todo)\n"), "\(mode) \(skipped.output)")
        }
    }

    /// --max-failures N stops starting scenarios at the Nth failure (Playwright's option,
    /// pytest's --maxfail); a file that does not load counts as one.
    @Test func maxFailuresStopsAtTheNthFailure() throws {
        let many = (1...30).map { "scenario('s\($0)', function() \($0 % 2 == 0 ? "" : "error('stop')") end)" }.joined(separator: "\n")
        let fixture = try Fixture(["many_spec.lua": many, "load_spec.lua": "it('x', function( end)\n"])
        for mode in [[], ["--in-process"]] {
            let result = try navscript(["run", "many_spec.lua", "--max-failures", "3", "--jobs", "1", "--color", "never"] + mode, in: fixture.root)
            #expect(result.status == 1)
            #expect(result.output.contains("2 passed, 3 failed, 0 skipped, 25 not run (--max-failures 3)"), "\(result.output)")
            // A file that does not load is one of the three.
            let loading = try navscript(["run", ".", "--max-failures", "3", "--jobs", "1", "--color", "never"] + mode, in: fixture.root)
            #expect(loading.output.contains("1 passed, 2 failed, 0 skipped, 27 not run (--max-failures 3), 1 file did not load"), "\(loading.output)")
        }
        let tap = try navscript(["run", "many_spec.lua", "--max-failures", "2", "-j1", "--reporter", "tap"], in: fixture.root)
        #expect(tap.output.hasSuffix("Bail out! --max-failures 2: 27 scenarios not run after 2 failures\n"), "\(tap.output)")
        // More failures allowed than there are: everything runs.
        #expect(try navscript(["run", "many_spec.lua", "--max-failures", "100", "--color", "never"], in: fixture.root).output.contains("15 passed, 15 failed, 0 skipped in"))
        let zero = try navscript(["run", ".", "--max-failures", "0"], in: fixture.root)
        #expect(zero.status == 2 && zero.errors.contains("--max-failures must be at least 1"), "\(zero.errors)")
        let both = try navscript(["run", ".", "--max-failures", "2", "--fail-fast"], in: fixture.root)
        #expect(both.status == 2 && both.errors.contains("--fail-fast is --max-failures 1: give one of them"), "\(both.errors)")
    }

    /// A load error is cut at 1 MiB in every report, as a scenario's failure is.
    @Test func aHugeLoadErrorIsCut() throws {
        let fixture = try Fixture(["load_spec.lua": "error(string.rep('L', 3 * 1024 * 1024))"])
        let result = try navscript(["run", ".", "--color", "never", "--reporter", "junit=j.xml"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.utf8.count < 1_100_000 && result.output.contains("[message cut at 1 MiB]"))
        #expect(try fixture.read("j.xml").utf8.count < 2_200_000)
    }

    /// A file that does not load is the first failure, found before any scenario starts.
    @Test func failFastRunsNothingAfterAFileThatDoesNotLoad() throws {
        let fixture = try Fixture(["a_spec.lua": "it('x', function( end)\n",
                                   "b_spec.lua": "for i = 1, 10 do it('t' .. i, function() end) end\n"])
        for mode in [[], ["--in-process"]] {
            let result = try navscript(["run", ".", "--bail", "--color", "never"] + mode, in: fixture.root)
            #expect(result.status == 2)
            #expect(result.output.contains("0 passed, 0 failed, 0 skipped, 10 not run (--fail-fast), 1 file did not load"), "\(result.output)")
        }
        #expect(try navscript(["run", ".", "--color", "never"], in: fixture.root).output.contains("10 passed"))
    }

    @Test func limitsApplyPerScenario() throws {
        let fixture = try Fixture(["loop_spec.lua": "scenario('spins', function() while true do end end)\nscenario('fine', function() end)"])
        let result = try navscript(["run", ".", "--instruction-limit", "100000"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("loop_spec.lua:1: instruction limit exceeded (100000 instructions)"))
        #expect(result.output.contains("1 passed, 1 failed"))
        let memory = try Fixture(["bomb_spec.lua": "scenario('grows', function() local t = {} for i = 1, 1e8 do t[i] = i end end)"])
        let bombed = try navscript(["run", ".", "--memory-limit", "4"], in: memory.root)
        #expect(bombed.output.contains("memory limit exceeded (4 MiB)"))
    }

    @Test func requiresResolveFromTheSuiteRoot() throws {
        let fixture = try Fixture([
            "routes/chat.lua": "return { Chat = nav.screen('Chat') }",
            "scenarios/chat.lua": "local r = require 'routes.chat'\nscenario('uses the module', function() expect(tostring(r.Chat())):toBe('Chat') end)",
        ])
        #expect(try navscript(["run", "."], in: fixture.root).status == 0)
        #expect(try navscript(["run", "scenarios/chat.lua"], in: fixture.root).status == 0)
    }

    @Test func helpAndVersion() throws {
        let help = try navscript(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: navscript <subcommand>"))
        #expect(help.output.contains("Exit status: 0 when everything passed"))
        #expect(help.output.contains("See 'navscript help <subcommand>' for detailed help."), "\(help.output)")
        let runHelp = try navscript(["help", "run"])
        #expect(runHelp.status == 0)
        #expect(runHelp.output.contains("--shard <I/N>"))
        #expect(try navscript(["--version"]).output == "0.2.0\n")
        // A first word that is no command says so, with what was likely meant.
        let list = try navscript(["list", "lua/examples"])
        #expect(list.status == 2)
        #expect(list.errors.hasPrefix("Error: no command 'list' (navscript run --list lists what would run)\n"), "\(list.errors)")
        #expect(try navscript(["lua/examples"]).errors.hasPrefix("Error: no command 'lua/examples' (navscript run lua/examples runs it)\n"))
    }
}

/// `.only` and `.skip`, and --forbid-only.
@Suite struct FocusTests {
    static let focused = """
        scenario("runs", function() end)
        scenario.only("focused", function() end)
        describe.only("block", function() scenario("inside", function() end) end)
        scenario.skip("skipped", function() error("ran") end)
        """

    @Test func onlyRunsTheFocusedScenariosOfItsFile() throws {
        let fixture = try Fixture(["only_spec.lua": Self.focused, "other_spec.lua": "scenario('elsewhere', function() end)"])
        let result = try navscript(["run", ".", "-v", "--color", "never"], in: fixture.root)
        #expect(result.status == 0)
        #expect(result.output.contains("  - runs (not focused)"))
        #expect(result.output.contains("  ✓ focused"))
        #expect(result.output.contains("  ✓ block inside"))
        #expect(result.output.contains("  - skipped (skipped)"))
        #expect(result.output.contains("  ✓ elsewhere"))   // .only works within its file, as in Jest
    }

    /// A location names what is to run: another scenario's `.only` does not leave out the
    /// scenario at `file.lua:LINE`, in workers or in process; its own `.skip` still does.
    @Test func aScenarioNamedByItsLineRunsThoughAnotherIsFocused() throws {
        let fixture = try Fixture(["only_spec.lua": Self.focused])
        for mode in [[], ["--in-process"]] {
            let named = try navscript(["run", "only_spec.lua:1", "-v", "--color", "never"] + mode, in: fixture.root)
            #expect(named.status == 0 && named.output.contains("  ✓ runs") && named.output.contains("1 passed, 0 failed, 0 skipped"), "\(named.output)")
        }
        let skipped = try navscript(["run", "only_spec.lua:4", "-v", "--color", "never"], in: fixture.root)
        #expect(skipped.output.contains("  - skipped (skipped)"), "\(skipped.output)")
        let whole = try navscript(["run", "only_spec.lua", "-v", "--color", "never"], in: fixture.root)
        #expect(whole.output.contains("  - runs (not focused)"), "\(whole.output)")
        // --last-failed names what is to run too: a failure found at a line is run again.
        try fixture.write("only_spec.lua", Self.focused.replacingOccurrences(of: "scenario(\"runs\", function() end)", with: "scenario(\"runs\", function() error('x') end)"))
        #expect(try navscript(["run", "only_spec.lua:1", "--color", "never"], in: fixture.root).status == 1)
        let again = try navscript(["run", "--last-failed", "only_spec.lua", "-v", "--color", "never"], in: fixture.root)
        #expect(again.status == 1 && again.output.contains("  ✗ runs"), "\(again.output)")
    }

    /// As jest-circus: a focused block does not focus its scenarios when one of them is
    /// focused itself; a block inside it is still focused.
    @Test func anOnlyInsideAFocusedBlockNarrowsIt() throws {
        let fixture = try Fixture(["only_spec.lua": """
            describe.only("A", function()
              it("a1", function() end)
              it.only("a2", function() end)
              describe("B", function() it("b1", function() end) end)
            end)
            describe.only("C", function() it("c1", function() end) end)
            it("d", function() end)
            """])
        let result = try navscript(["run", ".", "-v", "--color", "never"], in: fixture.root)
        #expect(result.status == 0)
        for line in ["  - A a1 (not focused)", "  ✓ A a2", "  ✓ A B b1", "  ✓ C c1", "  - d (not focused)"] {
            #expect(result.output.contains(line), "\(line) in \(result.output)")
        }
    }

    @Test func forbidOnlyIsOnInCIMode() throws {
        let fixture = try Fixture(["only_spec.lua": Self.focused])
        let ci = try navscript(["run", ".", "--ci"], in: fixture.root)
        #expect(ci.status == 2)
        #expect(ci.errors == "navscript: scenarios are marked .only (only_spec.lua:2, only_spec.lua:3) and --forbid-only is on (CI mode): remove the .only, so that the whole suite runs\n")
        #expect(try navscript(["run", ".", "--ci", "--no-forbid-only"], in: fixture.root).status == 0)
        #expect(try navscript(["run", ".", "--forbid-only"], in: fixture.root).status == 2)
    }

    /// A `describe.only` with nothing in it still leaves the file's other scenarios out (as
    /// in Jest): CI mode refuses it, where it had passed running none of them.
    @Test func anEmptyDescribeOnlyIsRefusedToo() throws {
        let fixture = try Fixture(["empty_spec.lua": """
            describe.only("x", function()
              -- it("a", function() end)
            end)
            describe("y", function() it("z", function() error("real failure") end) end)
            """])
        let ci = try navscript(["run", ".", "--ci"], in: fixture.root)
        #expect(ci.status == 2)
        #expect(ci.errors.hasPrefix("navscript: scenarios are marked .only (empty_spec.lua:1) and --forbid-only is on (CI mode)"), "\(ci.errors)")
        #expect(try navscript(["run", ".", "--forbid-only", "--jobs", "2"], in: fixture.root).status == 2)
    }

    /// The refusal names the lines where `.only` is written, once each: not the scenarios a
    /// `describe.only` holds (a skipped one among them).
    @Test func forbidOnlyNamesTheLinesOfTheOnly() throws {
        let fixture = try Fixture(["block_spec.lua": """
            describe.only("d", function()
              it("a", function() end)
              it.skip("b", function() end)
            end)
            it("c", function() end)
            it.only("d", function() end)
            """])
        let result = try navscript(["run", ".", "--forbid-only", "--reporter", "junit=r.xml,tap=r.tap"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("navscript: scenarios are marked .only (block_spec.lua:1, block_spec.lua:6) and"), "\(result.errors)")
        // The machine reports carry the refusal, so that a CI's report step has the reason.
        let xml = try fixture.read("r.xml"), tap = try fixture.read("r.tap")
        #expect(xml.contains("<testcase classname=\"navscript\" name=\"run refused\" time=\"0.000\">\n      <error message=\"scenarios are marked .only (block_spec.lua:1, block_spec.lua:6)"), "\(xml)")
        #expect(tap.hasPrefix("TAP version 14\n1..0\n# seed: 0\nBail out! scenarios are marked .only (block_spec.lua:1, block_spec.lua:6)"), "\(tap)")
    }

    /// A refused run writes no page, map or blob, and removes those an earlier run left, so
    /// that a CI job publishes no green page and merges no stale blob for a refused shard.
    @Test func aRefusedRunRemovesTheReportsItDoesNotWrite() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)"])
        let reports = ["--reporter", "html=page", "--reporter", "map=m.dot", "--reporter", "blob=b.json"]
        #expect(try navscript(["run", "."] + reports, in: fixture.root).status == 0)
        #expect(fixture.exists("page/index.html") && fixture.exists("m.dot") && fixture.exists("b.json"))
        try fixture.write("a_spec.lua", "scenario.only('a', function() end)")
        let refused = try navscript(["run", ".", "--forbid-only"] + reports, in: fixture.root)
        #expect(refused.status == 2)
        #expect(!fixture.exists("page/index.html") && !fixture.exists("m.dot") && !fixture.exists("m.svg") && !fixture.exists("b.json"))
        #expect(refused.errors.contains("navscript: removed b.json, an earlier run's report: this run was refused\n"), "\(refused.errors)")
    }

    /// `--list` prints a scenario a line, its name's control characters written out.
    @Test func listWritesOneLineAScenario() throws {
        let fixture = try Fixture(["odd_spec.lua": #"it("new\nline \27[31m red", function() end) it("plain", function() end)"#])
        let result = try navscript(["run", ".", "--list"], in: fixture.root)
        #expect(result.status == 0)
        #expect(result.output == "odd_spec.lua:1: new\\x0aline \\x1b[31m red\nodd_spec.lua:1: plain\n", "\(result.output)")
    }
}
