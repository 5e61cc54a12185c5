import Foundation
import NavScript
@testable import NavScriptTesting
import ScreenKit
import Testing

/// What the Swift Testing embedding records, on a fixture that fails on purpose.
@Suite struct NavScenarioTests {
    static let fixture = NavScenarios.discover("Tests/NavScriptTestingTests/Fixtures")

    @Test func eachScenarioIsACaseWithItsNameLineAndTags() throws {
        let names = Self.fixture.map(\.testDescription)
        #expect(names == [
            "fixture shows the wrong screen [fixture] (Tests/NavScriptTestingTests/Fixtures/failing_spec.lua:4)",
            "fixture passes (Tests/NavScriptTestingTests/Fixtures/failing_spec.lua:9)",
        ])
        let scenario = try #require(Self.fixture.first)
        let again = try JSONDecoder().decode(NavScenario.self, from: JSONEncoder().encode(scenario))
        #expect(again == scenario)
    }

    @Test func aFailureIsRecordedAtTheLuaLineOfTheExpectWithTheHierarchy() throws {
        let scenario = try #require(Self.fixture.first)
        withKnownIssue {
            scenario.run()
        } matching: { issue in
            guard let location = issue.sourceLocation else { return false }
            let comment = issue.comments.map(\.rawValue).joined()
            return location.filePath.hasSuffix("Tests/NavScriptTestingTests/Fixtures/failing_spec.lua")
                && location.line == 6 && location.fileName == "failing_spec.lua"
                && comment.contains("expect(value):toShow(Chat(chatId=7)) failed")
                && comment.contains("└─ modal Feed")
        }
        Self.fixture[1].run()   // passes: records nothing
    }

    @Test func aFileThatDoesNotLoadIsACaseThatFailsAtItsLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "scenario('one', function() end)\nlocal x = nil + 1\n".write(to: folder.appendingPathComponent("broken_spec.lua"), atomically: true, encoding: .utf8)
        let found = NavScenarios.discover(folder.path)
        #expect(found.count == 1)
        let broken = try #require(found.first)
        #expect(broken.loadError?.contains("attempt to perform arithmetic on a nil value") == true)
        #expect(broken.sourceLocation(of: broken.loadError).line == 2)
    }

    /// An engine's reload loads the scripts on such a thread too, not on one of Swift
    /// concurrency's (512 KiB on macOS): `ScriptThreads.detached` gives its body one.
    @Test func detachedWorkRunsOnALargeStack() async {
        let size = await ScriptThreads.detached { Thread.current.stackSize }
        #expect(size == ScriptThreads.stackSize)
        #expect(await ScriptThreads.detached { Thread.isMainThread } == false)
    }

    /// A scenario that nests navigations to Lua's limit fails with "C stack overflow" even
    /// from a thread with macOS's 512 KiB stack (a test's thread there): it runs on one of
    /// its own (ScriptThreads), which a debug build needs some 2.4 MiB of.
    @Test func deepReentryFailsFromASmallStack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            scenario('reenters', function()
              local app = nav.app()
              local function go() return app:navigate(nav.route():get(function() assert(go()) end)) end
              assert(go())
            end)
            """.write(to: folder.appendingPathComponent("deep_spec.lua"), atomically: true, encoding: .utf8)
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let found = NavScenarios.discover(folder.path)
            box.message = found.first?.result().message
            done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        done.wait()
        #expect(box.message?.hasSuffix("C stack overflow") == true, "\(box.message ?? "nil")")
    }

    private final class Box: @unchecked Sendable {
        var message: String?
    }

    /// As `navscript run` refuses them: a `.only` left in a file in CI mode, and paths
    /// that hold no scenario, are cases that fail.
    @Test func aFocusInCIAndNothingSelectedAreFailingCases() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "scenario.only('focused', function() end)\nscenario('other', function() expect(1):toBe(2) end)\n"
            .write(to: folder.appendingPathComponent("focus_spec.lua"), atomically: true, encoding: .utf8)
        let outside = NavScenarios.discover([folder.path], limits: LuaLimits(), base: folder, ci: false)
        #expect(outside.map(\.name) == ["focused", "other"])
        let ci = NavScenarios.discover([folder.path], limits: LuaLimits(), base: folder, ci: true)
        let refusal = try #require(ci.first)
        #expect(refusal.loadError?.contains("focus_spec.lua:1: .only is left in, and CI mode refuses it") == true, "\(refusal.loadError ?? "")")
        #expect(refusal.result().status == .failed)
        let none = NavScenarios.discover(["empty"], limits: LuaLimits(), base: folder, ci: false)
        #expect(none.count == 1)
        #expect(none.first?.result().message?.hasPrefix("no scenario selected in empty") == true, "\(none.first?.result().message ?? "")")
    }

    /// An error raised in a module below the root is placed at the module's line, whatever
    /// the working folder.
    @Test func anErrorInAModuleIsPlacedThereWhateverTheWorkingFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-testing-\(UUID().uuidString)")
        let suite = folder.appendingPathComponent("lua")
        try FileManager.default.createDirectory(at: suite.appendingPathComponent("routes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "local M = {}\nfunction M.boom()\n  error('boom')\nend\nreturn M\n".write(to: suite.appendingPathComponent("routes/r.lua"), atomically: true, encoding: .utf8)
        try "local R = require 'routes.r'\nscenario('raises', function() R.boom() end)\n".write(to: suite.appendingPathComponent("r_spec.lua"), atomically: true, encoding: .utf8)
        let scenario = try #require(NavScenarios.discover(["lua"], limits: LuaLimits(), base: folder, ci: false).first)
        let message = scenario.result().message
        #expect(message?.hasPrefix("lua/routes/r.lua:3: boom") == true, "\(message ?? "")")
        let location = scenario.sourceLocation(of: message)
        #expect(location.filePath == suite.appendingPathComponent("routes/r.lua").standardizedFileURL.path && location.line == 3, "\(location)")
    }

    /// A snapshot the scenario wrote but that cannot be saved fails the scenario, with why.
    /// Each discovery runs its scenarios under its own limits, however the process ran the
    /// same file before.
    @Test func limitsAreTheDiscoverysOwn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "scenario('grows', function() local t = {} for i = 1, 200000 do t[i] = i end end)\n"
            .write(to: folder.appendingPathComponent("grow_spec.lua"), atomically: true, encoding: .utf8)
        let roomy = try #require(NavScenarios.discover(folder.path).first)
        let tight = try #require(NavScenarios.discover(folder.path, limits: LuaLimits(memory: 1 << 20)).first)
        #expect(roomy.result().status == .passed)
        #expect(tight.result().message?.contains("memory limit exceeded (1 MiB)") == true)
        #expect(roomy.result().status == .passed)
        let decoded = try JSONDecoder().decode(NavScenario.self, from: JSONEncoder().encode(tight))
        #expect(decoded.limits == tight.limits)
    }

    @Test func aSnapshotThatCannotBeSavedFailsTheScenario() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            scenario('snapshot', function()
              local app = nav.app { root = nav.stack { nav.screen('Feed')() } }
              expect(app):toMatchSnapshot()
            end)

            """.write(to: folder.appendingPathComponent("snap_spec.lua"), atomically: true, encoding: .utf8)
        let scenario = try #require(NavScenarios.discover(folder.path).first)
        // Outside CI mode (in which nothing is written), whatever the environment says.
        let runner = try ScenarioFileRunner(file: scenario.file.url, displayPath: scenario.file.displayPath,
                                            options: LuaOptions(root: scenario.file.root), snapshotMode: .normal)
        // A folder made where the snapshot file would go, once the file was read: it cannot be written.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("snap_spec.lua.snap"), withIntermediateDirectories: true)
        let result = scenario.result(using: runner)
        #expect(result.status == .failed)
        #expect(result.message?.contains("snapshot not saved: cannot write") == true, "\(result.message ?? "")")
    }

    /// Under `swift test` a snapshot is rewritten with NAVSCRIPT_UPDATE_SNAPSHOTS (which wins
    /// over CI mode, as --update-snapshots does), and the messages say so, not `navscript run`.
    @Test func snapshotsAreRewrittenWithTheEnvironmentVariableTheMessagesName() throws {
        #expect(NavScenarios.snapshotMode(in: [:]) == .normal)
        #expect(NavScenarios.snapshotMode(in: ["CI": "true"]) == .ci)
        #expect(NavScenarios.snapshotMode(in: ["CI": "0", "NAVSCRIPT_UPDATE_SNAPSHOTS": "false"]) == .normal)
        #expect(NavScenarios.snapshotMode(in: ["CI": "true", "NAVSCRIPT_UPDATE_SNAPSHOTS": "1"]) == .update)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "scenario('differs', function() expect('new'):toMatchSnapshot() end)\n"
            .write(to: folder.appendingPathComponent("snap_spec.lua"), atomically: true, encoding: .utf8)
        try "== differs 1\n| old\n".write(to: folder.appendingPathComponent("snap_spec.lua.snap"), atomically: true, encoding: .utf8)
        let scenario = try #require(NavScenarios.discover(folder.path).first)
        let result = scenario.result()
        #expect(result.status == .failed)
        #expect(result.message?.contains("(run NAVSCRIPT_UPDATE_SNAPSHOTS=1 swift test if the change is right)") == true, "\(result.message ?? "")")
    }

    /// A discovery's Swift screens win over the scripts' screens of the same names in each
    /// of its scenarios, as an engine's `registerScreen` does; another discovery of the same
    /// file without them runs the scripts' own.
    @Test func aDiscoveryGivesItsScenariosTheHostsSwiftScreens() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")
        scenario("made by swift", function()
          local app = nav.app { root = Feed() }
          expect(app:navigate(nav.route():top(nav.container):present(Chat { chatId = 7 }))):toSucceed()
          expect(app:top().attributes.madeBy):toBe("swift")
          expect(app:top().traits.chatId):toBe(7)
        end)
        """.write(to: folder.appendingPathComponent("host_spec.lua"), atomically: true, encoding: .utf8)
        let screens: [String: NavScreenFactory] = [
            "Chat": { traits in AnyScreen(name: "Chat", traits: traits) { container, _ in container.setAttribute("swift", for: "madeBy") } },
        ]
        let hosted = NavScenarios.discover([folder.path], limits: LuaLimits(), screens: screens, base: folder, ci: false)
        #expect(hosted.map(\.name) == ["made by swift"])
        let passed = try #require(hosted.first).result()
        #expect(passed.status == .passed, "\(passed.message ?? "")")
        let plain = try #require(NavScenarios.discover([folder.path], limits: LuaLimits(), base: folder, ci: false).first).result()
        #expect(plain.message?.hasPrefix("host_spec.lua:5: expect(value):toBe(expected) failed") == true, "\(plain.message ?? "")")
    }

    /// Two discoveries of one file (other limits, other screens) share its snapshot store:
    /// each store saves the whole file, and the second saved over the first's entry.
    @Test func discoveriesOfOneFileKeepEachOthersSnapshots() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "scenario('s1', function() expect('one'):toMatchSnapshot() end)\nscenario('s2', function() expect('two'):toMatchSnapshot() end)\n"
            .write(to: folder.appendingPathComponent("x_spec.lua"), atomically: true, encoding: .utf8)
        // Outside CI mode (in which nothing is written), whatever the environment says.
        let file = ScenarioFile(url: folder.appendingPathComponent("x_spec.lua"), displayPath: "x_spec.lua", root: folder, displayRoot: ".")
        let first = try NavScenarioRunners.shared.runner(for: file, limits: LuaLimits(), screens: nil, mode: .normal)
        let second = try NavScenarioRunners.shared.runner(for: file, limits: LuaLimits(memory: 32 << 20), screens: nil, mode: .normal)
        #expect(first !== second)
        let listed = try first.list()
        let one = NavScenario(file: file, info: try #require(listed.first { $0.name == "s1" }), loadError: nil)
        let two = NavScenario(file: file, info: try #require(listed.first { $0.name == "s2" }), loadError: nil)
        #expect(one.result(using: first).status == .passed)
        #expect(two.result(using: second).status == .passed)
        let stored = try String(contentsOf: folder.appendingPathComponent("x_spec.lua.snap"), encoding: .utf8)
        #expect(stored.contains("== s1 1\n| one\n") && stored.contains("== s2 1\n| two\n"), "\(stored)")
    }

    /// Run one by one, the second of two scenarios whose snapshots share a key fails naming
    /// the first (no suite fails both afterwards, as `navscript run` does); the same one run
    /// again compares with what it wrote.
    @Test func aSnapshotKeyAnotherScenarioWroteFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "it('a', function() expect('from a'):toMatchSnapshot('tbl 1') end)\nit('a: tbl', function() expect('from a: tbl'):toMatchSnapshot() end)\n"
            .write(to: folder.appendingPathComponent("clash_spec.lua"), atomically: true, encoding: .utf8)
        let file = ScenarioFile(url: folder.appendingPathComponent("clash_spec.lua"), displayPath: "clash_spec.lua", root: folder, displayRoot: ".")
        let runner = try NavScenarioRunners.shared.runner(for: file, limits: LuaLimits(), screens: nil, mode: .normal)
        let listed = try runner.list()
        let a = NavScenario(file: file, info: try #require(listed.first { $0.name == "a" }), loadError: nil)
        let tbl = NavScenario(file: file, info: try #require(listed.first { $0.name == "a: tbl" }), loadError: nil)
        #expect(a.result(using: runner).status == .passed)
        #expect(a.result(using: runner).status == .passed)
        let clash = tbl.result(using: runner)
        #expect(clash.status == .failed)
        #expect(clash.message?.contains("snapshot 'a: tbl 1' is also the snapshot of 'a': they would write over each other's entry") == true, "\(clash.message ?? "")")
        // Stored already, and matched by the first: the second still fails naming it, not with a diff.
        let stored = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stored, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: stored) }
        try FileManager.default.copyItem(at: folder.appendingPathComponent("clash_spec.lua"), to: stored.appendingPathComponent("clash_spec.lua"))
        try "== a: tbl 1\n| from a\n".write(to: stored.appendingPathComponent("clash_spec.lua.snap"), atomically: true, encoding: .utf8)
        let again = ScenarioFile(url: stored.appendingPathComponent("clash_spec.lua"), displayPath: "clash_spec.lua", root: stored, displayRoot: ".")
        let storedRunner = try NavScenarioRunners.shared.runner(for: again, limits: LuaLimits(), screens: nil, mode: .normal)
        let storedListed = try storedRunner.list()
        #expect(NavScenario(file: again, info: try #require(storedListed.first { $0.name == "a" }), loadError: nil).result(using: storedRunner).status == .passed)
        let second = NavScenario(file: again, info: try #require(storedListed.first { $0.name == "a: tbl" }), loadError: nil).result(using: storedRunner)
        #expect(second.message?.contains("is also the snapshot of 'a'") == true && second.message?.contains("differs") == false, "\(second.message ?? "")")
    }
}
