import Foundation
import LuaKit
import NavScript
import Testing

/// The Lua test suites under `lua/tests`, run through the scenario runner: every scenario
/// must pass. A failure shows the scenario's message with its file and line.
@Suite struct LuaSuiteTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var files: [String] {
        let base = root.appendingPathComponent("lua/tests")
        let found = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?
            .compactMap { ($0 as? URL)?.path }
            .filter { $0.hasSuffix("_spec.lua") }
            .map { String($0.dropFirst(root.path.count + 1)) } ?? []
        return found.sorted()
    }

    @Test(arguments: files)
    func suite(_ path: String) throws {
        let file = Self.root.appendingPathComponent(path)
        let runner = try ScenarioFileRunner(file: file, displayPath: path,
                                            options: LuaOptions(root: file.deletingLastPathComponent(), displayRoot: (path as NSString).deletingLastPathComponent),
                                            snapshotMode: .ci)
        let scenarios = try runner.list()
        #expect(!scenarios.isEmpty)
        for scenario in scenarios {
            let result = runner.run(scenario)
            #expect(result.status != .failed, "\(scenario.name): \(result.message ?? "")\(result.traceback.map { "\n" + $0 } ?? "")")
        }
    }
}
