import Foundation
import NavScript
@testable import NavScriptTesting
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
        #expect(tight.result().message?.contains("memory limit exceeded (1024 KiB)") == true)
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
        // A folder where the snapshot file would go: it cannot be written.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("snap_spec.lua.snap"), withIntermediateDirectories: true)
        let scenario = try #require(NavScenarios.discover(folder.path).first)
        // Outside CI mode (in which nothing is written), whatever the environment says.
        let runner = try ScenarioFileRunner(file: scenario.file.url, displayPath: scenario.file.displayPath,
                                            options: LuaOptions(root: scenario.file.root), snapshotMode: .normal)
        let result = scenario.result(using: runner)
        #expect(result.status == .failed)
        #expect(result.message?.contains("snapshot not saved: cannot write") == true, "\(result.message ?? "")")
    }
}
