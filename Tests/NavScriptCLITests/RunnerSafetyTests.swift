import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a runner must survive, through the binary (issue 9): hangs where no limit reaches,
/// crashed workers, writes that fail, runs with nothing in them, limits out of range.
@Suite struct RunnerSafetyTests {
    static let hanging = """
        describe("hostile", function()
          scenario("before", function() expect(1):toBe(1) end)
          scenario("hangs in a pattern", function()
            print("searching")
            string.rep("a", 30000):find(".-.-.-.-b")
          end)
          scenario("after", function() expect(2):toBe(2) end)
        end)
        """

    @Test(arguments: ["1", "2"])
    func aScenarioStuckInAPatternSearchIsKilledAtTheTimeout(jobs: String) throws {
        let fixture = try Fixture(["hang_spec.lua": Self.hanging, "other_spec.lua": "scenario('other', function() end)"])
        let result = try navscript(["run", ".", "--timeout", "1", "--jobs", jobs, "--color", "never"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("""
                 hang_spec.lua:3: time limit exceeded (1 s): the scenario did not return, and its worker was killed after 2 s \
            (a script stuck in a C function, such as a long string pattern search, cannot be stopped another way)
                 printed:
                 searching
            """), "\(result.output)")
        #expect(result.output.contains("3 passed, 1 failed, 0 skipped"))
    }

    /// Slow calls into the host between few instructions (the hook runs once in a thousand)
    /// still meet the time limit, at the line of the call, in a worker or in process.
    @Test(arguments: [[], ["--in-process"]])
    func slowHostCallsMeetTheTimeLimitAtTheirLine(mode: [String]) throws {
        let fixture = try Fixture(["slow_spec.lua": """
            local A = nav.screen("A")
            scenario("slow host calls", function()
              local l = {} for i = 1, 9999 do l[i] = A { i = i, s = string.rep("y", 200) } end
              local app = nav.app { root = nav.stack(l) }
              for _ = 1, 40 do app:tree() end
            end)
            """])
        let result = try navscript(["run", ".", "--timeout", "1", "--color", "never"] + mode, in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("slow_spec.lua:5: time limit exceeded (1 s)\n     stack traceback:\n     \t[C]: in method 'tree'"), "\(result.output)")
    }

    /// The memory cap counts what Swift keeps for a script as it keeps it, the same in a
    /// worker and in process: screens while their values live (made and dropped in a loop,
    /// they never add up), and every step of a route, merged stack edits too.
    @Test(arguments: [[], ["--in-process"]])
    func theMemoryCapCountsWhatSwiftKeeps(mode: [String]) throws {
        let fixture = try Fixture(["memory_spec.lua": """
            local A = nav.screen("A")
            scenario("screens made and dropped", function()
              for i = 1, 200000 do local _ = A { i = i, s = string.rep("y", 100) } end
              for _ = 1, 300000 do local _ = A() end   -- little Lua garbage: the cap collects
            end)
            scenario("a route of many merged pushes", function()
              local a, r = A(), nav.route():top(nav.stack)
              for _ = 1, 200000 do r = r:push(a) end
            end)
            scenario("a route keeps its screens' traits", function()
              local big, r = string.rep("t", 60000), nav.route():top(nav.stack)
              for i = 1, 300 do r = r:push(A { s = big .. i }) end
            end)
            scenario("near the cap, made and dropped", function()
              local live = {} for i = 1, 100 do live[i] = string.rep("x", 65472) end
              for _ = 1, 100000 do local _ = A() end
            end)
            """])
        // The cap is what is checked, not the time: under AddressSanitizer in a slow spell, half
        // a million screens took the first scenario past the default 10 s.
        let result = try navscript(["run", ".", "--memory-limit", "8", "--timeout", "120", "--color", "never"] + mode, in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("memory_spec.lua:8: memory limit exceeded (8 MiB)"), "\(result.output)")
        #expect(result.output.contains("memory_spec.lua:12: memory limit exceeded (8 MiB)"), "\(result.output)")
        #expect(result.output.contains("2 passed, 2 failed"), "\(result.output)")
    }

    /// A file whose scenarios fit the cap, but not with the runner's list of them, is
    /// named with what to do (the error had no place at all).
    @Test func aFileOfTooManyScenariosToListSaysSo() throws {
        let fixture = try Fixture(["many_spec.lua": "for i = 1, 5000 do scenario('s' .. i, function() end) end"])
        let result = try navscript(["run", ".", "--memory-limit", "6", "--color", "never"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains("many_spec.lua: memory limit exceeded (6 MiB) while its scenarios were listed: a file of this many scenarios needs a higher --memory-limit"), "\(result.output)")
    }

    @Test func aFileStuckWhileItLoadsIsALoadError() throws {
        let fixture = try Fixture(["stuck_spec.lua": "string.rep('a', 30000):find('.-.-.-.-b')\nscenario('never', function() end)",
                                   "fine_spec.lua": "scenario('fine', function() end)"])
        let result = try navscript(["run", ".", "--timeout", "1", "--color", "never"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains("ERROR stuck_spec.lua does not load:\n  while it loaded, time limit exceeded (1 s): its loading did not return"), "\(result.output)")
        #expect(result.output.contains("1 passed, 0 failed, 0 skipped"))
    }

    /// Workers are found through /proc, which macOS does not have.
    @Test(.enabled(if: hasProc)) func aCrashedWorkerFailsItsScenarioAndTheRunGoesOn() throws {
        let fixture = try Fixture(["crash_spec.lua": Self.hanging.replacingOccurrences(of: "hangs in a pattern", with: "crashes")])
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["run", ".", "--jobs", "1", "--timeout", "60", "--color", "never"]
        process.currentDirectoryURL = fixture.root
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Wait for the worker to be stuck in the pattern search, then crash it.
        var worker: Int32?
        for _ in 0..<200 where worker == nil {
            usleep(50_000)
            worker = Self.children(of: process.processIdentifier).first
        }
        usleep(500_000)
        _ = try #require(worker)
        let target = try #require(Self.children(of: process.processIdentifier).first)
        kill(target, SIGSEGV)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        // Under AddressSanitizer the signal is caught and the worker exits with status 1.
        #expect(text.contains("crash_spec.lua:3: its worker crashed (killed by signal 11 (Segmentation fault")   // "...: 11)" on macOS
            || text.contains("crash_spec.lua:3: its worker crashed (exited with status 1)"), "\(text)")
        #expect(text.contains("2 passed, 1 failed, 0 skipped"))
    }

    /// A runner stopped by a signal to it alone (an IDE's stop button): its worker, stuck in
    /// a C function where no limit can reach it, ends too instead of running on.
    @Test(.enabled(if: hasProc)) func aWorkerEndsWhenItsRunnerIsGone() throws {
        let fixture = try Fixture(["stuck_spec.lua": Self.hanging])
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["run", ".", "--jobs", "1", "--timeout", "600", "--color", "never"]
        process.currentDirectoryURL = fixture.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var worker: Int32?
        for _ in 0..<200 where worker == nil {
            usleep(50_000)
            worker = Self.children(of: process.processIdentifier).first
        }
        let stuck = try #require(worker)
        usleep(500_000)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        var alive = true
        for _ in 0..<100 where alive {
            usleep(50_000)
            alive = kill(stuck, 0) == 0 && !Self.isZombie(stuck)
        }
        if alive { kill(stuck, SIGKILL) }
        #expect(!alive, "the worker \(stuck) outlived its runner")
    }

    /// Whether `pid` has ended and waits only to be reaped.
    static func isZombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)...].hasPrefix("Z")
    }

    @Test func aWorkerPastItsMemoryLimitStopsItself() throws {
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["worker", "--timeout", "1", "--memory-limit", "1", "--instruction-limit", "1000", "--seed", "0",
                             "--snapshot-mode", "normal", "--rss-limit", "1"]
        process.standardInput = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 86)
    }

    /// --in-process runs scripts on threads with a main thread's stack: with threads' stacks
    /// small by default (macOS's are 512 KiB; here `ulimit -s 1024`), a script that nests
    /// navigations to Lua's limit fails with "C stack overflow" instead of crashing the run.
    @Test func inProcessScenariosHaveALargeStack() throws {
        let fixture = try Fixture(["deep_spec.lua": """
            scenario('reenters', function()
              local app = nav.app()
              local function go() return app:navigate(nav.route():get(function() assert(go()) end)) end
              assert(go())
            end)
            scenario('after it', function() end)
            """])
        let status = try navscriptInShell("ulimit -s 1024 && \"$0\" run deep_spec.lua --in-process --jobs 2 --color never >out.txt 2>&1", in: fixture.root)
        let output = try fixture.read("out.txt")
        #expect(status == 1, "\(output)")
        #expect(output.contains("C stack overflow") && output.contains("1 passed, 1 failed"), "\(output)")
    }

    /// The list `app.transitions` keeps for an app goes with the app: a loop of apps each
    /// read once kept every list until the next call into Lua, past the memory limit.
    @Test func appListsGoWithTheirApps() throws {
        let fixture = try Fixture(["apps_spec.lua": """
            local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")
            scenario("many apps", function()
              for i = 1, 1500 do
                local app = nav.app { root = nav.stack { Feed() } }
                for j = 1, 5 do app:navigate(nav.route():top(nav.stack):push(Chat())) end
                expect(#app.transitions):toBe(5)
                expect(#app.log > 0):toBe(true)
              end
            end)
            """])
        let result = try navscript(["run", "apps_spec.lua", "--memory-limit", "3", "--color", "never"], in: fixture.root)
        #expect(result.status == 0, "\(result.output)")
    }

    /// A folder or a loop of links where the snapshot file goes cannot be read: the file
    /// is refused before its scenarios run (CI mode said its snapshots were missing).
    @Test func aSnapshotFileThatIsNoFileIsRefused() throws {
        let fixture = try Fixture(["app_spec.lua": "scenario('pictures', function() expect('text'):toMatchSnapshot() end)",
                                   "loop_spec.lua": "scenario('pictures', function() expect('text'):toMatchSnapshot() end)"])
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("app_spec.lua.snap"), withIntermediateDirectories: true)
        #expect(symlink("loop_spec.lua.snap", fixture.root.appendingPathComponent("loop_spec.lua.snap").path) == 0)
        for mode in [[], ["--ci"]] {
            let result = try navscript(["run", ".", "--color", "never"] + mode, in: fixture.root)
            #expect(result.status == 2)
            #expect(result.output.contains("app_spec.lua.snap: cannot be read (it is a folder)"), "\(result.output)")
            #expect(result.output.contains("loop_spec.lua.snap: cannot be read ("), "\(result.output)")
            #expect(!result.output.contains("written") && !result.output.contains("missing"), "\(result.output)")
        }
    }

    /// A snapshot file an editor gave a byte order mark reads as it would without one.
    @Test func aSnapshotFileWithAByteOrderMarkReads() throws {
        let fixture = try Fixture(["app_spec.lua": "scenario('s', function() expect('hello'):toMatchSnapshot() end)",
                                   "app_spec.lua.snap": "\u{FEFF}# x\n\n== s 1\n| hello\n"])
        let result = try navscript(["run", ".", "--ci", "--color", "never"], in: fixture.root)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aReportThatCannotBeWrittenIsAnError() throws {
        let fixture = try Fixture(["app_spec.lua": "scenario('passes', function() end)"])
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("report.xml"), withIntermediateDirectories: true)
        // A folder where the report goes is refused before the run.
        let result = try navscript(["run", ".", "--reporter", "junit=report.xml", "--color", "never"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("the junit report's path report.xml is a folder; give it a file"), "\(result.errors)")
        #expect(!result.output.contains("passed"))
        // So is a path under a file, and an html report's folder that is a file.
        try fixture.write("afile", "")
        let under = try navscript(["run", ".", "--reporter", "junit=afile/report.xml", "--color", "never"], in: fixture.root)
        #expect(under.status == 2)
        #expect(under.errors.contains("the junit report's path afile/report.xml goes under afile, which is a file"), "\(under.errors)")
        #expect(!under.output.contains("passed"))
        let html = try navscript(["run", ".", "--reporter", "html=afile", "--color", "never"], in: fixture.root)
        #expect(html.status == 2)
        #expect(html.errors.contains("the html report's path afile is a file; give it a folder"), "\(html.errors)")
        let made = try navscript(["run", ".", "--reporter", "junit=reports/ci/junit.xml"], in: fixture.root)
        #expect(made.status == 0)
        #expect(made.errors.contains("navscript: made the folder reports/ci for junit.xml"))
        #expect(fixture.exists("reports/ci/junit.xml"))
    }

    @Test func aReportGoesThroughALinkAndIntoAFIFO() throws {
        let fixture = try Fixture(["app_spec.lua": "scenario('passes', function() end)", "target/keep": ""])
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("link.json").path, withDestinationPath: "target/report.json")
        #expect(try navscript(["run", ".", "--reporter", "json=link.json"], in: fixture.root).status == 0)
        #expect(try fixture.read("target/report.json").contains("\"passed\" : 1"))
        // Again: the earlier report goes as the run starts, the link stays.
        try fixture.write("target/report.json", "earlier")
        #expect(try navscript(["run", ".", "--reporter", "json=link.json"], in: fixture.root).status == 0)
        #expect(try fixture.read("target/report.json").contains("\"passed\" : 1"))
        let attributes = try FileManager.default.attributesOfItem(atPath: fixture.root.appendingPathComponent("link.json").path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let fifo = fixture.root.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let received = ReceivedText()
        let reader = Thread { received.text = String(decoding: FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data(), as: UTF8.self) }
        reader.start()
        #expect(try navscript(["run", ".", "--reporter", "tap=fifo"], in: fixture.root).status == 0)
        for _ in 0..<100 where received.text == nil { usleep(20_000) }
        #expect(received.text?.hasPrefix("TAP version 14\n") == true)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test(arguments: [["--memory-limit", "17592186044416"], ["--memory-limit", "0"], ["--timeout", "inf"], ["--timeout", "nan"]])
    func limitsOutOfRangeAreRefused(arguments: [String]) throws {
        let result = try navscript(["run", "."] + arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains("must be"), "\(result.errors)")
    }

    @Test func anEmptyFolderIsNotAGreenRun() throws {
        let fixture = try Fixture(["notes.txt": "nothing here"])
        let result = try navscript(["run", "."], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("no scenarios to run in . (no scenario files there"))
    }

    /// An empty path names no file: it is not the working folder.
    @Test func anEmptyPathIsNoFile() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)"])
        let result = try navscript(["run", ""], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("no such file or folder: '' (an empty path)"), "\(result.errors)")
    }

    /// Files are read as `lua` reads them: a byte order mark and a `#!` first line are
    /// skipped, in scenario files and modules, and lines keep their numbers.
    @Test func aByteOrderMarkAndAShebangLineAreSkipped() throws {
        let fixture = try Fixture([
            "scenarios/b_spec.lua": "\u{FEFF}#!/usr/bin/env navscript\nlocal m = require 'routes.m'\nscenario('bom', function() expect(m.x):toBe(2) end)\n",
            "routes/m.lua": "\u{FEFF}# a module\nreturn { x = 1 }\n",
        ])
        let result = try navscript(["run", "scenarios", "--color", "never"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("scenarios/b_spec.lua:3: expect(value):toBe(expected) failed"), "\(result.output)")
    }

    /// A `#!` first line of a module is no code: coverage counts the lines after it.
    @Test func coverageSkipsAShebangLine() throws {
        let fixture = try Fixture([
            "routes/tool.lua": "#!/usr/bin/env lua\nlocal M = {}\nM.x = 1\nreturn M\n",
            "scenarios/tool_spec.lua": "local tool = require 'routes.tool'\nscenario('x', function() expect(tool.x):toBe(1) end)\n",
        ])
        let run = try navscript(["run", ".", "--coverage", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        let lcov = try fixture.read("coverage/lcov.info")
        #expect(lcov.contains("SF:routes/tool.lua\nDA:2,1\nDA:3,1\nDA:4,1\nLF:3\nLH:3\n"), "\(lcov)")
    }

    @Test func aTagOrALineThatMatchesNothingIsNotAGreenRun() throws {
        let fixture = try Fixture(["app_spec.lua": "scenario('one', { tags = { 'smoke' } }, function() end)\n"])
        let tag = try navscript(["run", ".", "--tag", "nightly"], in: fixture.root)
        #expect(tag.status == 2)
        #expect(tag.errors.contains("(1 file, 1 scenario) with --tag nightly"), "\(tag.errors)")
        let line = try navscript(["run", "app_spec.lua:7"], in: fixture.root)
        #expect(line.status == 2)
        #expect(line.errors.contains("at app_spec.lua:7"), "\(line.errors)")
        #expect(try navscript(["run", "app_spec.lua:1"], in: fixture.root).status == 0)
    }

    /// The worker processes `parent` started (its children running `navscript worker`).
    static func children(of parent: Int32) -> [Int32] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")"),
                  let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return fields.count > 1 && Int32(fields[1]) == parent && arguments.dropFirst().first == "worker"
        }
    }
}

/// Text a reader thread received.
final class ReceivedText: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String?

    var text: String? {
        get { lock.lock(); defer { lock.unlock() }; return value }
        set { lock.lock(); value = newValue; lock.unlock() }
    }
}

/// Reporters that would collide, or files without a reporter, are usage errors.
@Suite struct ReporterUsageTests {
    @Test func twoReportersCannotShareStandardOutput() throws {
        let result = try navscript(["run", "lua/examples/app", "--reporter", "tap", "--reporter", "junit"])
        #expect(result.status == 2)
        #expect(result.errors.contains("reporters tap and junit would both write to standard output; give all but one a file"), "\(result.errors)")
    }

    @Test func anOutputWithoutAReporterIsRefused() throws {
        let result = try navscript(["run", "lua/examples/app", "--output", "report.xml"])
        #expect(result.status == 2)
        #expect(result.errors.contains("--output report.xml has no reporter to take it"), "\(result.errors)")
    }

    @Test func aConsoleReportInAFileKeepsEveryFilesLine() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)", "b_spec.lua": "scenario('b', function() end)"])
        #expect(try navscript(["run", ".", "--reporter", "console=out.txt"], in: fixture.root).status == 0)
        let text = try fixture.read("out.txt")
        #expect(text.contains("PASS a_spec.lua") && text.contains("PASS b_spec.lua") && text.contains("2 passed"), "\(text)")
    }
}
