import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a review of `navscript watch` as a team uses it found.
@Suite struct WatchReviewTests {
    /// A watched folder that goes away (a rename, a checkout under way) is said once, and
    /// watched for: when it comes back, its scenarios run again.
    @Test func aWatchedFolderThatGoesIsSaidAndWaitedFor() throws {
        let fixture = try Fixture(["app/a_spec.lua": "scenario('a', function() end)"])
        let watch = try WatchCommandTests.Watch(["watch", "app", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        let app = fixture.root.appendingPathComponent("app"), away = fixture.root.appendingPathComponent("away")
        try FileManager.default.moveItem(at: app, to: away)
        #expect(watch.waitFor("navscript: no such file or folder: app; watching for it to come back"), "\(watch.output)")
        try FileManager.default.moveItem(at: away, to: app)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped", count: 2), "\(watch.output)")
    }

    /// The folder a watch started in (`watch` with no paths), deleted and made again: it is
    /// said to be gone and waited for, and once made again its scenarios run. The watch kept
    /// the deleted folder as its working folder, ran nothing from then on and said nothing.
    @Test func theWorkingFolderMadeAgainIsFollowed() throws {
        let fixture = try Fixture(["app/a_spec.lua": "scenario('a', function() end)"])
        let app = fixture.root.appendingPathComponent("app")
        let watch = try WatchCommandTests.Watch(["watch", "--color", "never", "--interval", "0.02"], in: app)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"), "\(watch.output)")
        try FileManager.default.removeItem(at: app)
        #expect(watch.waitFor("is gone; watching for it to come back"), "\(watch.output)")
        try fixture.write("app/a_spec.lua", "scenario('a', function() end)\nscenario('b', function() end)")
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"), "\(watch.output)")
        #expect(watch.output.contains("── a_spec.lua changed"), "\(watch.output)")
    }

    /// A folder at a snapshot file's path fails its scenario file, and once it is removed
    /// the file runs again: the watch left the failure up, a folder's going being no save.
    @Test func aFolderAtASnapshotsPathIsASave() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() expect(1):toMatchSnapshot() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"), "\(watch.output)")
        let snap = fixture.root.appendingPathComponent("a_spec.lua.snap")
        try FileManager.default.removeItem(at: snap)
        #expect(watch.waitFor("1 written", count: 2), "\(watch.output)")
        try FileManager.default.removeItem(at: snap)
        try FileManager.default.createDirectory(at: snap, withIntermediateDirectories: false)
        #expect(watch.waitFor("a_spec.lua.snap: cannot be read (it is a folder)"), "\(watch.output)")
        try FileManager.default.removeItem(at: snap)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped in", count: 3), "\(watch.output)")
    }

    /// A module that is a link, made to lead to another file, is a save of the module: the
    /// files that required it run again. The watch saw no change and kept the old results.
    @Test func aModuleLinkMadeToLeadElsewhereIsASave() throws {
        let fixture = try Fixture(["shared/real.lua": "return { id = 1 }", "shared/other.lua": "return { id = 2 }",
                                   "a_spec.lua": "local m = require 'routes.m'\nscenario('a', function() expect(m.id):toBe(1) end)"])
        let link = fixture.root.appendingPathComponent("routes/m.lua")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../shared/real.lua")
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"), "\(watch.output)")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../shared/other.lua")
        #expect(watch.waitFor("0 passed, 1 failed, 0 skipped"), "\(watch.output)")
        #expect(watch.output.contains("── routes/m.lua changed"), "\(watch.output)")
    }

    /// A watch of a path given whole goes on when the folder it started in goes: saying so
    /// once, it runs the saves it sees. (Its first version stopped polling altogether.)
    @Test func aWholePathIsWatchedWithoutTheWorkingFolder() throws {
        let fixture = try Fixture(["cwd/note.txt": "", "suite/a_spec.lua": "scenario('a', function() end)"])
        let suite = fixture.root.appendingPathComponent("suite").path, cwd = fixture.root.appendingPathComponent("cwd")
        let watch = try WatchCommandTests.Watch(["watch", suite, "--color", "never", "--interval", "0.02"], in: cwd)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"), "\(watch.output)")
        try FileManager.default.removeItem(at: cwd)
        try fixture.write("suite/a_spec.lua", "scenario('a', function() end)\nscenario('b', function() end)")
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"), "\(watch.output)")
    }

    /// A module link made to lead elsewhere while its files run stops the run, also where
    /// the suite is reached through a link (macOS's `/tmp` and `/var/folders` are links).
    @Test func aModuleLinkMadeToLeadElsewhereStopsARun() throws {
        let slow = "local m = require 'routes.m'\nscenario('a', function() if m.id == 1 then local t = os.clock() while os.clock() - t < 30 do end end end)"
        let fixture = try Fixture(["real/shared/one.lua": "return { id = 1 }", "real/shared/two.lua": "return { id = 2 }", "real/a_spec.lua": slow])
        let link = fixture.root.appendingPathComponent("real/routes/m.lua"), through = fixture.root.appendingPathComponent("through")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../shared/two.lua")
        try FileManager.default.createSymbolicLink(atPath: through.path, withDestinationPath: "real")
        let watch = try WatchCommandTests.Watch(["watch", through.path, "--color", "never", "--timeout", "60", "--instruction-limit", "100000000000"],
                                                in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"), "\(watch.output)")
        // To the slow module, then back while the run it started goes on.
        for target in ["../shared/one.lua", "../shared/two.lua"] {
            Thread.sleep(forTimeInterval: 1)
            try FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target)
        }
        #expect(watch.waitFor("run stopped:", timeout: 10), "\(watch.output)")
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped", count: 2, timeout: 10), "\(watch.output)")
    }

    /// Saves in another folder watched while one is gone do not say it again: it was said
    /// on every save.
    @Test func aWatchedFolderThatGoesIsSaidOnceWhateverIsSaved() throws {
        let fixture = try Fixture(["app/a_spec.lua": "scenario('a', function() end)", "lib/b_spec.lua": "scenario('b', function() end)"])
        let watch = try WatchCommandTests.Watch(["watch", "app", "lib", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"))
        let app = fixture.root.appendingPathComponent("app"), away = fixture.root.appendingPathComponent("away")
        try FileManager.default.moveItem(at: app, to: away)
        let gone = "navscript: no such file or folder: app; watching for it to come back"
        #expect(watch.waitFor(gone), "\(watch.output)")
        for text in ["x", "y", "z"] {
            try fixture.write("lib/b_spec.lua", "scenario('b', function() error('\(text)') end)")
            Thread.sleep(forTimeInterval: 0.3)
        }
        #expect(watch.output.components(separatedBy: gone).count == 2, "\(watch.output)")
        // What was saved while it was gone runs once it is back.
        try FileManager.default.moveItem(at: away, to: app)
        #expect(watch.waitFor("1 passed, 1 failed, 0 skipped"), "\(watch.output)")
    }

    /// A save while a run goes on stops it, as Jest's watch does: the files it was running go
    /// again with what the save affects, at once, where the save had waited for the run to
    /// end (up to its time limit).
    @Test func aSaveDuringARunStopsIt() throws {
        let slow = "scenario('slow', function() local start = os.clock() while os.clock() - start < 30 do end end)"
        let fixture = try Fixture(["slow_spec.lua": slow, "quick_spec.lua": "scenario('quick', function() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--timeout", "60", "--instruction-limit", "100000000000"],
                                                in: fixture.root)
        #expect(watch.waitFor("PASS quick_spec.lua"), "\(watch.output)")
        // A save that affects no file running (a module nothing requires) does not stop it.
        try fixture.write("routes/unused.lua", "return {}")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(!watch.output.contains("run stopped"), "\(watch.output)")
        try fixture.write("slow_spec.lua", "scenario('slow', function() end)")
        #expect(watch.waitFor("run stopped: slow_spec.lua saved", timeout: 10), "\(watch.output)")
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped", timeout: 10), "\(watch.output)")
        // A save after a run that ended runs as before.
        try fixture.write("quick_spec.lua", "scenario('quick', function() local _ = 1 end)")
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped", count: 2), "\(watch.output)")
        #expect(watch.output.components(separatedBy: "run stopped").count == 2, "\(watch.output)")
    }

    /// A save of a module whose loading is stuck (a loop at its top level) stops the files'
    /// loading, as a save stops their scenarios: the fix waited for the time limit.
    @Test func aSaveStopsALoadingStuckInAModule() throws {
        let fixture = try Fixture(["routes/m.lua": "return { n = 1 }",
                                   "a_spec.lua": "local m = require 'routes.m'\nscenario('a', function() expect(m.n):toBe(1) end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--timeout", "60", "--instruction-limit", "100000000000"],
                                                in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"), "\(watch.output)")
        try fixture.write("routes/m.lua", "while true do end")
        #expect(watch.waitFor("── routes/m.lua changed"), "\(watch.output)")
        Thread.sleep(forTimeInterval: 0.5)
        try fixture.write("routes/m.lua", "return { n = 1 }")
        #expect(watch.waitFor("run stopped: routes/m.lua saved", timeout: 10), "\(watch.output)")
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped", count: 2, timeout: 10), "\(watch.output)")
    }

    /// What a run a save stopped wrote itself (a new snapshot) is no save: the run after it
    /// names the save alone. It named the snapshot too, as changed.
    @Test func aStoppedRunsOwnSnapshotIsNoSave() throws {
        let slow = "scenario('slow', function() local start = os.clock() while os.clock() - start < 30 do end end)"
        let fixture = try Fixture(["slow_spec.lua": slow, "quick_spec.lua": "scenario('quick', function() expect('text'):toMatchSnapshot() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--jobs", "2", "--timeout", "60", "--instruction-limit", "100000000000"],
                                                in: fixture.root)
        #expect(watch.waitFor("PASS quick_spec.lua"), "\(watch.output)")
        #expect(fixture.exists("quick_spec.lua.snap"))
        try fixture.write("slow_spec.lua", "scenario('slow', function() end)")
        #expect(watch.waitFor("run stopped: slow_spec.lua saved", timeout: 10), "\(watch.output)")
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped", timeout: 10), "\(watch.output)")
        #expect(watch.output.contains("── slow_spec.lua changed"), "\(watch.output)")
        #expect(!watch.output.contains("quick_spec.lua.snap"), "\(watch.output)")
    }

    /// The p and t prompts read what is typed as UTF-8: a Cyrillic file name is found.
    @Test func aFilterTypedInUTF8Matches() throws {
        let fixture = try Fixture(["вкладки_spec.lua": "scenario('вкладка', function() end)", "other_spec.lua": "scenario('other', function() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.01"], in: fixture.root, terminal: true)
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"))
        watch.press("p")
        #expect(watch.waitFor("file path contains"))
        watch.press("вкл\n")
        #expect(watch.waitFor("Watching files matching \"вкл\""), "\(watch.output)")
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"), "\(watch.output)")
    }

    /// Ctrl-C gives the terminal back as it was (echo, line editing), as q does.
    @Test func anInterruptGivesTheTerminalBack() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.01"], in: fixture.root, terminal: true)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        let device = try #require(watch.terminalDevice)
        var settings = termios()
        #expect(tcgetattr(device.fileDescriptor, &settings) == 0)
        #expect(settings.c_lflag & tcflag_t(ECHO) == 0, "the watch reads keys one at a time")
        kill(watch.process.processIdentifier, SIGINT)
        watch.waitUntilExit()
        #expect(watch.process.terminationStatus == SIGINT && watch.process.terminationReason == .uncaughtSignal)
        #expect(tcgetattr(device.fileDescriptor, &settings) == 0)
        #expect(settings.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON), "echo and line editing are back")
    }

    /// Ctrl-Z gives the shell the terminal as it was; `fg` (SIGCONT) brings the keys back.
    @Test func ctrlZGivesTheTerminalBackAndFgTakesItAgain() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.01"], in: fixture.root, terminal: true)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        let device = try #require(watch.terminalDevice)
        func echoes() -> Bool {
            var settings = termios()
            return tcgetattr(device.fileDescriptor, &settings) == 0 && settings.c_lflag & tcflag_t(ECHO) != 0
        }
        func within(_ seconds: Double, _ condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline { if condition() { return true }; usleep(10_000) }
            return condition()
        }
        #expect(!echoes())
        kill(watch.process.processIdentifier, SIGTSTP)
        #expect(within(10) { echoes() }, "stopped, the terminal echoes again")
        kill(watch.process.processIdentifier, SIGCONT)
        #expect(within(10) { !echoes() }, "continued, keys are read one at a time again")
        watch.press("q")
        watch.waitUntilExit()
        #expect(watch.process.terminationStatus == 0)
    }

    /// An edited snapshot file runs its scenario file again (a `git checkout` of it too);
    /// what the watch writes itself runs nothing more.
    @Test func anEditedSnapshotRunsItsFileAgain() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() expect('text'):toMatchSnapshot() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!watch.output.contains("changed"), "the snapshot the run wrote ran nothing: \(watch.output)")
        let stored = try fixture.read("a_spec.lua.snap")
        try fixture.write("a_spec.lua.snap", stored.replacingOccurrences(of: "| text", with: "| edited"))
        #expect(watch.waitFor("a_spec.lua.snap changed"), "\(watch.output)")
        #expect(watch.waitFor("0 passed, 1 failed, 0 skipped"), "\(watch.output)")
        try fixture.write("a_spec.lua.snap", stored)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped", count: 2), "\(watch.output)")
    }

    /// A snapshot file edited while a run goes on (a checkout) runs its file once the run is
    /// over: only what the run wrote itself is taken as seen.
    @Test func aSnapshotEditedDuringARunRunsItsFileAfterIt() throws {
        let fixture = try Fixture([
            "a_spec.lua": "scenario('a', function() expect('text'):toMatchSnapshot() end)",
            "slow_spec.lua": "scenario('slow', function() local t = os.clock() while os.clock() - t < 2 do end end)",
        ])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02", "--instruction-limit", "100000000000"], in: fixture.root)
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"), "\(watch.output)")
        let stored = try fixture.read("a_spec.lua.snap")
        try fixture.write("slow_spec.lua", "scenario('slow', function() local t = os.clock() while os.clock() - t < 2 do end end) ")
        Thread.sleep(forTimeInterval: 0.5)
        try fixture.write("a_spec.lua.snap", stored.replacingOccurrences(of: "| text", with: "| edited"))
        #expect(watch.waitFor("a_spec.lua.snap changed"), "\(watch.output)")
        #expect(watch.waitFor("1 passed, 1 failed, 0 skipped"), "\(watch.output)")
    }

    /// The project file beside the watched folder (the README's layout) is watched too: a
    /// broken save says why, a good one when its settings apply.
    @Test func theProjectFileAboveTheWatchedFolderIsWatched() throws {
        let fixture = try Fixture(["navscript.lua": "return { paths = { \"app\" } }", "app/scenarios/a.lua": "scenario('a', function() end)"])
        // The suite's root is app/ (its scenarios folder's parent): the project file is above it.
        let watch = try WatchCommandTests.Watch(["watch", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        try fixture.write("navscript.lua", "return { paths = { \"app\" }\n")
        #expect(watch.waitFor("navscript: navscript.lua does not load: navscript.lua:2:"), "\(watch.output)")
        try fixture.write("navscript.lua", "return { paths = { \"app\" }, jobs = 1 }")
        #expect(watch.waitFor("navscript.lua changed: its settings apply when the watch starts again"), "\(watch.output)")
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("navscript.lua"))
        #expect(watch.waitFor("navscript.lua was deleted: the watch keeps its settings until it starts again"), "\(watch.output)")
    }

    /// A project file first saved while the watch runs is read as one that was there: a
    /// broken save says why.
    @Test func aProjectFileMadeDuringTheWatchIsRead() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        try fixture.write("navscript.lua", "return { paths = 5 }")
        #expect(watch.waitFor("setting 'paths' must be a list of strings"), "\(watch.output)")
        // It is no scenario's: its save starts no run of its own.
        try fixture.write("a_spec.lua", "scenario('a', function() end)\n")
        #expect(watch.waitFor("── a_spec.lua changed"), "\(watch.output)")
        #expect(!watch.output.contains("── navscript.lua changed"), "\(watch.output)")
    }

    /// A selection that leaves nothing to run says so on each run, where run refuses it.
    @Test func aFilterThatMatchesNothingSaysSo() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--filter", "nomatch", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("no scenarios to run in 1 file matching --filter nomatch"), "\(watch.output)")
    }

    /// A file deleted is said to be removed, not changed.
    @Test func aDeletedFileIsSaidToBeRemoved() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)", "b_spec.lua": "scenario('b', function() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"))
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("b_spec.lua"))
        #expect(watch.waitFor("── b_spec.lua removed ─"), "\(watch.output)")
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"), "\(watch.output)")
    }

    /// A file whose scenarios are gone, or no longer selected, drops its results: its old
    /// failure is no ghost in later summaries.
    @Test func aFileThatGivesNoResultsDropsItsOldOnes() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)", "b_spec.lua": "scenario('b', function() error('x') end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 1 failed, 0 skipped"))
        try fixture.write("b_spec.lua", "")
        #expect(watch.waitFor("no scenarios to run in 1 file\n"), "\(watch.output)")
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"), "\(watch.output)")
    }

    /// --fail-fast says what it did not run, as run does.
    @Test func failFastCountsWhatDidNotRun() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() error('x') end)\nscenario('b', function() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--fail-fast", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("0 passed, 1 failed, 0 skipped, 1 not run (--fail-fast)"), "\(watch.output)")
    }

    /// -u updates the first run's snapshots only, as the u key does one run's: a later save
    /// that changes a snapshot fails instead of becoming the baseline.
    @Test func updateSnapshotsUpdatesTheFirstRunOnly() throws {
        let fixture = try Fixture(["s_spec.lua": "scenario('s', function() expect('one'):toMatchSnapshot() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "-u", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        #expect(try fixture.read("s_spec.lua.snap").contains("| one\n"))
        try fixture.write("s_spec.lua", "scenario('s', function() expect('two'):toMatchSnapshot() end)")
        #expect(watch.waitFor("0 passed, 1 failed, 0 skipped"), "\(watch.output)")
        #expect(try fixture.read("s_spec.lua.snap").contains("| one\n"))
    }

    /// A same-size edit that keeps the file's modification time (cp -p, rsync, touch -r) is
    /// still seen: its status change time moves.
    @Test func anEditThatKeepsTheModificationTimeIsSeen() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() expect(1):toBe(1) end)"])
        let file = fixture.root.appendingPathComponent("a_spec.lua")
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        // touch -r keeps the time to the nanosecond, as Foundation's setAttributes does not.
        func touch(_ arguments: [String]) throws {
            let touch = Process()
            touch.executableURL = URL(fileURLWithPath: "/usr/bin/touch")
            touch.arguments = arguments
            try touch.run()
            touch.waitUntilExit()
        }
        let reference = fixture.root.appendingPathComponent("reference").path
        try touch(["-r", file.path, reference])
        try fixture.write("a_spec.lua", "scenario('a', function() expect(1):toBe(2) end)")
        try touch(["-r", reference, file.path])
        #expect(watch.waitFor("0 passed, 1 failed, 0 skipped"), "\(watch.output)")
    }

    /// A watch whose standard output cannot be written ends with status 2, as run does.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aWatchWithNowhereToWriteEnds() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)"])
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["watch", ".", "--interval", "0.02"]
        process.currentDirectoryURL = fixture.root
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("navscript: cannot write standard output: No space left on device; the watch ends"), "\(said)")
    }

    /// A save of a file that no file watched depends on (outside the paths named) runs
    /// nothing and prints nothing: no banner, no summary again.
    @Test func aSaveThatAffectsNothingIsQuiet() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)", "b_spec.lua": "scenario('b', function() end)"])
        let watch = try WatchCommandTests.Watch(["watch", "a_spec.lua", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        try fixture.write("b_spec.lua", "scenario('b', function() end) -- saved")
        Thread.sleep(forTimeInterval: 0.5)   // many polls
        try fixture.write("a_spec.lua", "scenario('a', function() end) -- saved")
        #expect(watch.waitFor("── a_spec.lua changed"), "\(watch.output)")
        #expect(!watch.output.contains("b_spec.lua"), "\(watch.output)")
    }

    /// A file that --forbid-only refuses keeps no results (its last ones counted as green in
    /// every later summary), and every later summary says it is refused until it runs.
    @Test func aRefusedFileKeepsNoResults() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)", "b_spec.lua": "scenario('b', function() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--forbid-only", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"))
        try fixture.write("b_spec.lua", "scenario.only('b', function() end)")
        #expect(watch.waitFor("--forbid-only is on"), "\(watch.output)")
        Thread.sleep(forTimeInterval: 0.3)
        try fixture.write("a_spec.lua", "scenario('a', function() end) -- saved")
        #expect(watch.waitFor("── a_spec.lua changed"), "\(watch.output)")
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"), "\(watch.output)")
        Thread.sleep(forTimeInterval: 0.2)   // the line after the summary
        let after = watch.output.components(separatedBy: "── a_spec.lua changed").last ?? ""
        #expect(after.contains("navscript: scenarios are marked .only (b_spec.lua:1) and --forbid-only is on"), "\(watch.output)")
        try fixture.write("b_spec.lua", "scenario('b', function() end)")
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"), "\(watch.output)")
    }

    /// A link that appears during a watch is said to be skipped, as one there at its start is.
    @Test func aLinkThatAppearsIsSaidToBeSkipped() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("link_spec.lua").path, withDestinationPath: "a_spec.lua")
        #expect(watch.waitFor("navscript: skipped link_spec.lua, a link (links are not followed: name the file it leads to)"), "\(watch.output)")
    }

    /// A folder of many scripts removed is said in a line of a few names (the scenario file
    /// requires one of them: a save that affects nothing runs nothing and says nothing).
    @Test func manyFilesRemovedAreSaidInAShortLine() throws {
        var files = ["a_spec.lua": "pcall(require, 'vendor.m1')\nscenario('a', function() end)"]
        for index in 1...12 { files["vendor/m\(index).lua"] = "return \(index)" }
        let fixture = try Fixture(files)
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        // Moved out at once (a removal file by file may be seen half done by a poll).
        let away = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-vendor-\(UUID().uuidString)")
        try FileManager.default.moveItem(at: fixture.root.appendingPathComponent("vendor"), to: away)
        defer { try? FileManager.default.removeItem(at: away) }
        #expect(watch.waitFor("── vendor/m1.lua, vendor/m10.lua, vendor/m11.lua, vendor/m12.lua and 8 more removed ─"), "\(watch.output)")
    }

    /// A module required through a link inside the suite runs its scenario files again when
    /// the file it leads to is saved.
    @Test func aModuleThatIsALinkIsFollowed() throws {
        let fixture = try Fixture(["shared/util.lua": "return { v = 1 }",
                                   "a_spec.lua": "local u = require 'lib.util'\nscenario('a', function() expect(u.v):toBe(1) end)"])
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("lib/util.lua").path, withDestinationPath: "../shared/util.lua")
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        try fixture.write("shared/util.lua", "return { v = 2 }")
        #expect(watch.waitFor("── shared/util.lua changed ─"), "\(watch.output)")
        #expect(watch.waitFor("0 passed, 1 failed, 0 skipped"), "\(watch.output)")
    }

    /// A saved script that no scenario file requires is compiled: a syntax error in it is
    /// said, not passed over with a green summary.
    @Test func aBrokenScriptNothingRequiresIsSaid() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)", "routes/used.lua": "return {}"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        try fixture.write("routes/unused.lua", "return {\n  x = = 1\n}")
        #expect(watch.waitFor("ERROR routes/unused.lua does not compile (no scenario file requires it):\n  routes/unused.lua:2: unexpected symbol near '='\n"), "\(watch.output)")
        // Its fix is said too, once: nothing had followed the error.
        try fixture.write("routes/unused.lua", "return {\n  x = 1\n}")
        #expect(watch.waitFor("routes/unused.lua compiles again\n"), "\(watch.output)")
        try fixture.write("routes/unused.lua", "return {\n  x = 2\n}")
        usleep(300_000)
        #expect(watch.output.components(separatedBy: "compiles again").count == 2, "\(watch.output)")
        try fixture.write("routes/unused.lua", "return {\n  x = = 1\n}")
        #expect(watch.waitFor("does not compile", count: 2), "\(watch.output)")
        // Once a file that does not load requires it, its error is said there, once.
        try fixture.write("b_spec.lua", "local unused = require 'routes.unused'\nscenario('b', function() end)")
        #expect(watch.waitFor("ERROR b_spec.lua does not load"), "\(watch.output)")
        try fixture.write("routes/unused.lua", "return {\n  y = = 2\n}")
        #expect(watch.waitFor("ERROR b_spec.lua does not load", count: 2), "\(watch.output)")
        usleep(300_000)   // what would follow the summary
        #expect(watch.output.components(separatedBy: "does not compile").count == 3, "\(watch.output)")
        // A folder put where a scenario file was is no script that does not compile. A poll
        // between the two steps sees the file removed, and the folder after it is no change.
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("a_spec.lua"))
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("a_spec.lua"), withIntermediateDirectories: false)
        #expect(watch.waitFor(anyOf: ["── a_spec.lua changed ─", "── a_spec.lua removed ─"]), "\(watch.output)")
        usleep(300_000)
        #expect(!watch.output.contains("ERROR a_spec.lua does not compile"), "\(watch.output)")
        // Fixed while a scenario file required it, it is not said to compile again later,
        // once nothing requires it: its fix was the run's to say.
        try fixture.write("routes/unused.lua", "return {\n  y = 2\n}")
        #expect(watch.waitFor("PASS b_spec.lua"), "\(watch.output)")
        try fixture.write("b_spec.lua", "scenario('b', function() end)")
        #expect(watch.waitFor("PASS b_spec.lua", count: 2), "\(watch.output)")
        try fixture.write("routes/unused.lua", "return {\n  y = 3\n}")
        usleep(300_000)
        #expect(watch.output.components(separatedBy: "compiles again").count == 2, "\(watch.output)")
    }

    /// A worker killed in a scenario (a script stuck in C) sends none of the modules its
    /// file's scenarios required: those seen before stand, so that fixing the module the
    /// scenario requires runs the file again.
    @Test func aModuleRequiredInAScenarioIsKeptWhenItsWorkerIsKilled() throws {
        let good = "local M = {}\nfunction M.go() return 1 end\nreturn M"
        let fixture = try Fixture(["routes/m.lua": good,
                                   "scenarios/e.lua": "scenario('lazy', function() expect(require('routes.m').go()):toBe(1) end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02", "--timeout", "1"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        try fixture.write("routes/m.lua", "string.rep('a', 30000):find('.-.-.-.-b')\n" + good)
        #expect(watch.waitFor("its worker was killed"), "\(watch.output)")
        #expect(watch.waitFor("0 passed, 1 failed, 0 skipped"), "\(watch.output)")
        try fixture.write("routes/m.lua", good)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped", count: 2), "\(watch.output)")
    }

    /// A script added where `require` now finds a module a file required (`routes/m.lua`
    /// beside the `routes/m/init.lua` it loaded) runs that file again, as `run` would load it.
    @Test func aScriptThatTakesOverARequireRunsItsFileAgain() throws {
        let fixture = try Fixture(["routes/m/init.lua": "return { n = 1 }",
                                   "scenarios/a.lua": "local M = require 'routes.m'\nscenario('x', function() expect(M.n):toBe(1) end)"])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.02"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        try fixture.write("routes/m.lua", "return { n = 2 }")
        #expect(watch.waitFor("received: 2"), "\(watch.output)")
        try fixture.write("routes/m.lua", "return { n = 1 }")
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped", count: 2), "\(watch.output)")
    }
}
