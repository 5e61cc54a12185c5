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
}
