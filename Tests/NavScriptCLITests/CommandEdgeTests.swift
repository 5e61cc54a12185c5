import Foundation
import Testing

/// Edges of `draw` and `init` a review found: each says what went wrong, and writes nothing
/// half.
@Suite struct CommandEdgeTests {
    @Test func drawingAScenarioThatFailsBeforeItsFirstStepSaysWhy() throws {
        let fixture = try Fixture(["early_spec.lua": "scenario('early', function() error('too soon') end)"])
        let result = try navscript(["draw", "early_spec.lua"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.errors.contains("has no step to draw; it failed first: early_spec.lua:1: too soon"), "\(result.errors)")
    }

    /// A command that refuses its arguments shows its own usage, as a parse error does.
    @Test func aRunErrorShowsTheCommandsUsage() throws {
        let fixture = try Fixture([:])
        let result = try navscript(["run", "nowhere"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("Error: no such file or folder: nowhere\nUsage: navscript run [<options>] [<paths> ...]\n  See 'navscript run --help'"),
                "\(result.errors)")
    }

    @Test func initRefusesAFolderWhereAFileGoesBeforeWritingAny() throws {
        let fixture = try Fixture(["suite/scenarios/chat.lua/keep": ""])
        let result = try navscript(["init", "suite", "--force"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("scenarios/chat.lua in suite is a folder where the starter suite writes a file; nothing written"), "\(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root.appendingPathComponent("suite").path) == ["scenarios"])
        #expect(try navscript(["init", ""], in: fixture.root).status == 2)
    }
}
