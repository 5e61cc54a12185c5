import Foundation
@testable import NavScript
import Testing

/// A path written in another case than its file is stored in: what a case-insensitive file
/// system (macOS's) finds and Linux CI does not. This file system is case-sensitive, so the
/// tests hold what must not be refused; the refusal itself is checked by reading
/// (docs/macos.md).
@Suite struct ScenarioDiscoveryCaseTests {
    @Test func aPathWrittenAsStoredIsNotRefused() throws {
        let tree = try ScriptTree(["lua/scenarios/a_spec.lua": "scenario('a', function() end)"])
        try FileManager.default.createSymbolicLink(at: tree.root.appendingPathComponent("linked"), withDestinationURL: tree.root.appendingPathComponent("lua"))
        for path in ["lua/scenarios", "lua/scenarios/a_spec.lua", "./lua/../lua/scenarios/", "linked/scenarios/a_spec.lua",
                     tree.root.appendingPathComponent("lua/scenarios").path] {
            #expect(ScenarioDiscovery.storedCase(of: path, in: tree.root) == nil, "\(path)")
        }
        let files = try ScenarioDiscovery.files(for: ["lua/scenarios"], workingDirectory: tree.root)
        #expect(files.map(\.displayPath) == ["lua/scenarios/a_spec.lua"])
        #expect(ScenarioDiscovery.Failure.otherCase("Lua/scenarios", stored: "lua/scenarios").description
            == "Lua/scenarios names lua/scenarios in another case: write it as it is stored (a case-sensitive file system, Linux CI's, has no Lua/scenarios)")
    }
}
