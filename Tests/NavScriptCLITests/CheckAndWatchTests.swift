import Foundation
import Testing

@Suite struct CheckCommandTests {
    @Test func everythingLoads() throws {
        let result = try navscript(["check", "lua/examples/app"])
        #expect(result.status == 0)
        #expect(result.output.contains("checked, no errors"))
    }

    @Test func everyErrorIsReportedWithFileAndLine() throws {
        let fixture = try Fixture([
            "routes/ok.lua": "return {}",
            "routes/broken.lua": "return {\n  x = = 1\n}",
            "routes/fails.lua": "local t = nil\nreturn t.x",
            "scenarios/bad.lua": "describe('x', function()\n  nav.route():push()\nend)",
            "scenarios/good.lua": "scenario('runs not', function() error('never run') end)",
        ])
        let result = try navscript(["check", "."], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains("routes/broken.lua:2: unexpected symbol near '='"))
        #expect(result.output.contains("routes/fails.lua:2: attempt to index a nil value (local 't')"))
        #expect(result.output.contains("scenarios/bad.lua:2: calling 'push' on bad self (stack route expected, got window route)"))
        #expect(!result.output.contains("never run"))
        #expect(result.output.contains("5 files checked, 3 errors"))
    }

    /// A broken module every scenario file requires is one error, said once with the files
    /// that met it.
    @Test func oneErrorMetThroughManyFilesIsSaidOnce() throws {
        var files = ["routes/screens.lua": "return {\n  x = = 1\n}"]
        for name in ["a", "b", "c", "d", "e"] {
            files["scenarios/\(name).lua"] = "local S = require 'routes.screens'\nscenario('x', function() end)"
        }
        let fixture = try Fixture(files)
        let result = try navscript(["check", "."], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.components(separatedBy: "routes/screens.lua:2: unexpected symbol near '='").count == 2, "\(result.output)")
        #expect(result.output.contains("\n  (met loading scenarios/a.lua, scenarios/b.lua, scenarios/c.lua and 3 more)\n"), "\(result.output)")
        #expect(result.output.hasSuffix("6 files checked, 1 error\n"), "\(result.output)")
    }

    /// A route module stuck in a C function is past the limits' reach: its worker is killed
    /// a second after --timeout, and the check goes on to the modules after it.
    @Test func aModuleStuckInACFunctionIsReportedAndTheCheckGoesOn() throws {
        let fixture = try Fixture([
            "routes/a.lua": "return nav.screen(nil)",
            "routes/stuck.lua": "string.rep('a', 30000):find('.-.-.-.-b')\nreturn {}",
            "routes/z.lua": "local x = = 1",
            "scenarios/good.lua": "scenario('a', function() end)",
            "scenarios/bad.lua": "scenario('b', function() end) error('broken')",
        ])
        let result = try navscript(["check", ".", "--timeout", "1"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains("routes/stuck.lua: while it loaded, time limit exceeded (1 s): its loading did not return, and its worker was killed"), "\(result.output)")
        #expect(result.output.contains("scenarios/bad.lua:1: broken\n"), "\(result.output)")
        #expect(result.output.contains("routes/a.lua:1: bad argument #1 to 'screen' (string expected, got nil)\n"), "\(result.output)")
        #expect(result.output.contains("routes/z.lua:1: unexpected symbol near '='\n"), "\(result.output)")
        #expect(result.output.contains("5 files checked, 4 errors"), "\(result.output)")
    }
}

@Suite struct WatchCommandTests {
    /// Reads the watch's output until `text` shows up, or fails after a while.
    final class Watch: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var buffer = ""
        /// Signalled once the output has been read to its end.
        private let drained = DispatchSemaphore(value: 0)

        /// The keyboard end of the watch's terminal, when it has one, and the watch's end.
        private(set) var keyboard: FileHandle?
        private(set) var terminalDevice: FileHandle?

        init(_ arguments: [String], in folder: URL, terminal: Bool = false, environment extra: [String: String] = [:]) throws {
            process.executableURL = Binary.url
            process.arguments = arguments
            process.currentDirectoryURL = folder
            // CI mode (the CI variable) writes no snapshots; these tests watch them being written.
            var environment = ProcessInfo.processInfo.environment
            environment["CI"] = nil
            environment.merge(extra) { $1 }
            process.environment = environment
            if terminal {
                // A pseudo-terminal as standard input: the watch reads keys from it.
                let (master, device) = try PseudoTerminal.open()
                keyboard = master
                terminalDevice = device
                process.standardInput = device
            }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let reader = pipe.fileHandleForReading
            let drained = drained
            Thread.detachNewThread { [weak self] in
                defer { drained.signal() }
                while true {
                    let data = reader.availableData
                    guard !data.isEmpty, let self else { return }
                    self.lock.lock()
                    self.buffer += String(decoding: data, as: UTF8.self)
                    self.lock.unlock()
                }
            }
        }

        var output: String {
            lock.lock()
            defer { lock.unlock() }
            return buffer
        }

        /// Waits for the process to end and its output to be read to the end: what it wrote
        /// last may still be in the pipe when it exits.
        func waitUntilExit() {
            process.waitUntilExit()
            _ = drained.wait(timeout: .now() + 10)
        }

        /// Waits until `text` appears `count` times.
        func waitFor(_ text: String, count: Int = 1, timeout: Double = 20) -> Bool {
            waitFor(anyOf: [text], count: count, timeout: timeout)
        }

        /// Waits until one of `texts` appears `count` times: for changes a poll may see in two
        /// steps or in one.
        func waitFor(anyOf texts: [String], count: Int = 1, timeout: Double = 20) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                let output = self.output
                if texts.contains(where: { output.components(separatedBy: $0).count - 1 >= count }) { return true }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return false
        }

        /// The watch's exit status once it ends within `seconds`, or nil while it runs.
        func ended(within seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            return process.isRunning ? nil : process.terminationStatus
        }

        func press(_ keys: String) {
            keyboard?.write(Data(keys.utf8))
        }

        deinit {
            // SIGKILL: a child started from a test thread may inherit a mask blocking SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    @Test func rerunsOnASaveAndSurvivesABrokenOne() throws {
        let fixture = try Fixture([
            "routes/screens.lua": "return { Chat = nav.screen('Chat') }",
            "scenarios/chat.lua": "local s = require 'routes.screens'\nscenario('name', function() expect(tostring(s.Chat())):toBe('Chat') end)",
            "scenarios/other.lua": "scenario('other', function() end)",
        ])
        let watch = try Watch(["watch", ".", "--color", "never", "--interval", "0.01"], in: fixture.root)
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"))

        // A change to a required module re-runs the file that requires it, and only it.
        try fixture.write("routes/screens.lua", "return { Chat = nav.screen('Message') }")
        #expect(watch.waitFor("1 passed, 1 failed, 0 skipped"))
        let afterModule = watch.output
        #expect(afterModule.contains("── routes/screens.lua changed"))
        #expect(afterModule.components(separatedBy: "other.lua").count - 1 == 1)

        // A broken save shows its error and keeps the last good results.
        try fixture.write("scenarios/chat.lua", "scenario('name', function()\n  expect(1):toBe(1)\n")
        #expect(watch.waitFor("does not load"))
        #expect(watch.waitFor("scenarios/chat.lua did not load: its last good results are kept"))
        #expect(watch.output.contains("scenarios/chat.lua:3: 'end' expected"))

        // Fixing it runs it again.
        try fixture.write("scenarios/chat.lua", "scenario('name', function() expect(1):toBe(1) end)")
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped", count: 2))
    }

    /// A module a scenario requires as it runs is followed through a save that breaks it,
    /// and one not found until it is made: the scenario runs again (a require that failed
    /// was not counted).
    @Test func aModuleRequiredInAScenarioIsFollowedThroughABrokenSave() throws {
        let fixture = try Fixture([
            "routes/helper.lua": "return { v = 1 }",
            "scenarios/h_spec.lua": "scenario('uses helper', function() local h = require 'routes.helper'; expect(h.v):toBe(1) end)",
        ])
        let watch = try Watch(["watch", ".", "--color", "never", "--interval", "0.01"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        try fixture.write("routes/helper.lua", "return {")
        #expect(watch.waitFor("0 passed, 1 failed, 0 skipped"), "\(watch.output)")
        try fixture.write("routes/helper.lua", "return { v = 1 }")
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped", count: 2), "\(watch.output)")
        #expect(!watch.output.contains("no scenario file requires it"), "\(watch.output)")
        // One not found yet runs it again once it is made.
        try fixture.write("scenarios/later_spec.lua", "scenario('later', function() expect(require('routes.later')):toBe(2) end)")
        #expect(watch.waitFor("module 'routes.later' not found"), "\(watch.output)")
        try fixture.write("routes/later.lua", "return 2")
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"), "\(watch.output)")
    }

    /// A folder with no scenario files yet is said to have none, as run says where it
    /// refuses, and watched: a file saved there runs.
    @Test func anEmptyFolderIsSaidSoAndWatched() throws {
        let fixture = try Fixture(["scenarios/notes.txt": "later"])
        let watch = try Watch(["watch", "scenarios", "--color", "never", "--interval", "0.01"], in: fixture.root)
        #expect(watch.waitFor("no scenario files in scenarios yet (*_spec.lua files, or any .lua file in a scenarios folder): one saved there runs"),
                "\(watch.output)")
        try fixture.write("scenarios/a.lua", "scenario('a', function() end)")
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"), "\(watch.output)")
    }

    /// What a scan leaves out is said once when it appears, though two watched folders
    /// (the one given and the suite's root above it) both see it.
    @Test func aSkippedFileIsSaidOnce() throws {
        let fixture = try Fixture(["scenarios/a.lua": "scenario('a', function() end)"])
        let watch = try Watch(["watch", "scenarios", "--color", "never", "--interval", "0.01"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        #expect(mkfifo(fixture.root.appendingPathComponent("scenarios/fifo.lua").path, 0o644) == 0)
        #expect(watch.waitFor("skipped scenarios/fifo.lua, not a regular file"), "\(watch.output)")
        // A save after it runs once the poll that said it is over.
        try fixture.write("scenarios/a.lua", "scenario('a', function() end)\n")
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped", count: 2), "\(watch.output)")
        #expect(watch.output.components(separatedBy: "fifo.lua, not a regular file").count - 1 == 1, "\(watch.output)")
    }

    /// A module replaced by a link (which `require` follows) changed as the module it was:
    /// the files that required it run again.
    @Test func aModuleReplacedByALinkRunsItsFilesAgain() throws {
        let fixture = try Fixture([
            "routes/m.lua": "return { v = 1 }",
            "routes/real.lua": "return { v = 7 }",
            "scenarios/a.lua": "local m = require 'routes.m'\nscenario('a', function() expect(m.v):toBe(1) end)",
        ])
        let watch = try Watch(["watch", "scenarios", "--color", "never", "--interval", "0.01"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        // Made beside it and renamed over it, so that no poll sees the module missing.
        let module = fixture.root.appendingPathComponent("routes/m.lua").path
        try FileManager.default.createSymbolicLink(atPath: module + ".link", withDestinationPath: "real.lua")
        #expect(rename(module + ".link", module) == 0)
        #expect(watch.waitFor("0 passed, 1 failed, 0 skipped"), "\(watch.output)")
        #expect(watch.output.contains("received: 7"), "\(watch.output)")
    }

    /// A module that is a folder's init.lua (`require "routes"`) is followed as well.
    @Test func aFolderModulesInitIsFollowed() throws {
        let fixture = try Fixture([
            "routes/init.lua": "return { value = 1 }",
            "scenarios/value.lua": "local r = require 'routes'\nscenario('value', function() expect(r.value):toBe(1) end)",
        ])
        let watch = try Watch(["watch", ".", "--color", "never", "--interval", "0.01"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        try fixture.write("routes/init.lua", "return { value = 2 }")
        #expect(watch.waitFor("0 passed, 1 failed, 0 skipped"), "\(watch.output)")
    }

    /// File reports are written again after each run, --fail-fast stops a run at its first
    /// failure, and --forbid-only refuses a run with .only, as in run.
    @Test func runOptionsApplyToEachRun() throws {
        let fixture = try Fixture([
            "scenarios/a.lua": "scenario('one', function() error('first') end)\nscenario('two', function() error('second') end)",
        ])
        let watch = try Watch(["watch", ".", "--color", "never", "--interval", "0.01", "--reporter", "junit=out/junit.xml", "--fail-fast"], in: fixture.root)
        #expect(watch.waitFor("0 passed, 1 failed"), "\(watch.output)")
        var written = false
        for _ in 0..<200 where !written { written = fixture.exists("out/junit.xml"); Thread.sleep(forTimeInterval: 0.02) }
        #expect(written)
        try fixture.write("scenarios/a.lua", "scenario.only('one', function() end)\nscenario('two', function() end)")
        let forbidding = try Watch(["watch", ".", "--color", "never", "--interval", "0.01", "--forbid-only", "--reporter", "junit=out/refused.xml"], in: fixture.root)
        #expect(forbidding.waitFor("--forbid-only is on"), "\(forbidding.output)")
        // The report says why the run was refused, not what the last run gave.
        var refused = ""
        for _ in 0..<200 where !refused.contains("run refused") {
            refused = (try? fixture.read("out/refused.xml")) ?? ""
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(refused.contains("<testcase classname=\"navscript\" name=\"run refused\""), "\(refused)")
    }

    @Test func keysNarrowTheRunsOnATerminal() throws {
        let fixture = try Fixture([
            "scenarios/chat.lua": "scenario('chat opens', function() expect(1):toBe(2) end)\nscenario('chat closes', function() end)",
            "scenarios/feed.lua": "scenario('feed scrolls', function() end)",
        ])
        let watch = try Watch(["watch", ".", "--color", "never", "--interval", "0.01"], in: fixture.root, terminal: true)
        #expect(watch.waitFor("2 passed, 1 failed, 0 skipped"))
        #expect(watch.waitFor(WatchUsage.line))

        // t: a name filter, typed and echoed.
        watch.press("t")
        #expect(watch.waitFor("scenario name contains"))
        watch.press("closes\n")
        #expect(watch.waitFor("Watching scenarios matching \"closes\" (a for all)"))
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        // One that matches nothing says so as the key narrowed, not as --filter.
        watch.press("t")
        watch.press("nothing\n")
        #expect(watch.waitFor("no scenarios whose name contains \"nothing\" to run in 2 files"), "\(watch.output)")

        // a: everything again; f: only what failed.
        watch.press("a")
        #expect(watch.waitFor("2 passed, 1 failed, 0 skipped", count: 2))
        watch.press("f")
        #expect(watch.waitFor("Watching only what failed"))
        #expect(watch.waitFor("0 passed, 1 failed, 0 skipped"))

        // p: a file filter, once everything ran again (its output, still coming on a slow
        // machine, would be taken for a run the save below started).
        watch.press("a")
        #expect(watch.waitFor("2 passed, 1 failed, 0 skipped", count: 3))
        watch.press("p")
        #expect(watch.waitFor("file path contains"))
        watch.press("feed\n")
        #expect(watch.waitFor("Watching files matching \"feed\""))
        // A save of a file the filter leaves out runs nothing and prints nothing.
        let before = watch.output
        try fixture.write("scenarios/chat.lua", "scenario('chat opens', function() expect(1):toBe(2) end)\nscenario('chat closes', function() local _ = 1 end)")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(watch.output == before, "\(watch.output)")
        // Narrowed to nothing, the message says by what: only what failed, a path no file has.
        watch.press("f")
        #expect(watch.waitFor("no scenarios that failed last to run in 1 file whose path contains \"feed\""), "\(watch.output)")
        watch.press("p")
        #expect(watch.waitFor("file path contains", count: 2))
        watch.press("zzz\n")
        #expect(watch.waitFor("no files whose path contains \"zzz\" among the 2 files watched"), "\(watch.output)")

        // u: the next run updates snapshots, once.
        watch.press("a")
        try fixture.write("scenarios/feed.lua", "scenario('feed scrolls', function() expect(nav.app { root = nav.stack { nav.screen('Feed')() } }):toMatchSnapshot() end)")
        #expect(watch.waitFor("Snapshots: 1 written"))
        try fixture.write("scenarios/feed.lua", "scenario('feed scrolls', function() expect(nav.app { root = nav.stack { nav.screen('Chat')() } }):toMatchSnapshot() end)")
        #expect(watch.waitFor("1 passed, 2 failed, 0 skipped"))
        // On a terminal, the hint names the u key, as Jest's watch does.
        #expect(watch.output.contains("differs from feed.lua.snap (press u in the watch if the change is right)"), "\(watch.output)")
        watch.press("u")
        #expect(watch.waitFor("Snapshots: 1 updated"))
        try fixture.write("scenarios/feed.lua", "scenario('feed scrolls', function() end)")
        #expect(watch.waitFor("with the u key)"), "\(watch.output)")

        // q: quits, with status 0.
        watch.press("q")
        #expect(watch.ended(within: 20) == 0)
    }

    /// `q` during a run quits at once, as Ctrl-C does: it had waited for the run to end, up to
    /// its time limit. A key other than `q` pressed meanwhile is answered once the run ends.
    @Test func qQuitsDuringARun() throws {
        let fixture = try Fixture(["scenarios/slow.lua": "scenario('slow', function() local start = os.clock() while os.clock() - start < 1 do end end)"])
        let watch = try Watch(["watch", ".", "--color", "never", "--timeout", "60", "--instruction-limit", "100000000000"], in: fixture.root, terminal: true)
        Thread.sleep(forTimeInterval: 0.4)
        watch.press("f")
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        #expect(watch.waitFor("Watching only what failed"))
        watch.press("a")
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped", count: 2))
        try fixture.write("scenarios/slow.lua", "scenario('stuck', function() while true do end end)")
        #expect(watch.waitFor("slow.lua changed"))
        Thread.sleep(forTimeInterval: 0.3)
        // A q typed into a filter ahead of its prompt is the filter's text, not a quit.
        watch.press("pqx")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(watch.process.isRunning)
        watch.press("\u{1B}q")
        #expect(watch.ended(within: 10) == 0)
    }

    @Test func withoutATerminalNoKeysAreOffered() throws {
        let fixture = try Fixture(["scenarios/feed.lua": "scenario('feed scrolls', function() end)"])
        let watch = try Watch(["watch", ".", "--color", "never", "--interval", "0.01"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!watch.output.contains(WatchUsage.line))
    }
}

/// The keys line `navscript watch` prints on a terminal (WatchKey.usage).
enum WatchUsage {
    static let line = "Watch: a all, f failed only, p filter by file, t filter by name, u update snapshots, Enter run again, q quit"
}

/// Where `require` looks from: the same root for a file as for its folder, in run and check.
@Suite struct SuiteRootTests {
    static let suite: [String: String] = [
        "myapp/routes/chat.lua": "local s = require 'routes.screens'\nreturn { show = function() return nav.route():top(nav.stack):push(s.Chat()) end }",
        "myapp/routes/screens.lua": "return { Chat = nav.screen('Chat'), Feed = nav.screen('Feed') }",
        "myapp/spec/chat_spec.lua": """
            local routes, s = require 'routes.chat', require 'routes.screens'
            scenario("shows a chat", function()
              local app = nav.app { root = nav.stack { s.Feed() } }
              expect(app:navigate(routes.show())):toSucceed()
            end)
            """,
    ]

    @Test func oneFileRequiresWhatItsFolderRunFinds() throws {
        let fixture = try Fixture(Self.suite)
        #expect(try navscript(["run", "myapp"], in: fixture.root).status == 0)
        let file = try navscript(["run", "myapp/spec/chat_spec.lua"], in: fixture.root)
        #expect(file.status == 0, "\(file.output)")
        #expect(try navscript(["run", "myapp/spec/chat_spec.lua:2"], in: fixture.root).status == 0)
    }

    @Test func checkRequiresModulesAsRunDoes() throws {
        let fixture = try Fixture(Self.suite)
        let checked = try navscript(["check", "myapp"], in: fixture.root)
        #expect(checked.status == 0, "\(checked.output)")
        #expect(checked.output == "3 files checked, no errors\n")
        try fixture.write("myapp/routes/broken.lua", "local x = require 'routes.missing'\nreturn {}")
        let broken = try navscript(["check", "myapp"], in: fixture.root)
        #expect(broken.status == 2)
        #expect(broken.output.contains("myapp/routes/broken.lua:1: module 'routes.missing' not found: no file routes/missing.lua or routes/missing/init.lua below the script root myapp"),
                "\(broken.output)")
    }
}
