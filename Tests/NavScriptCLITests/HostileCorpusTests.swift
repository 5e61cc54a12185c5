import Foundation
import Testing

/// The hostile corpus (`lua/tests/hostile`), through the binary: in every file the attack
/// scenario fails with the message its `-- expect:` line names, the scenario after it
/// passes in a clean state, and the runner survives them all in one run.
@Suite struct HostileCorpusTests {
    static let folder = Binary.packageRoot.appendingPathComponent("lua/tests/hostile")

    struct Report: Decodable {
        struct File: Decodable {
            let path: String
            let scenarios: [Scenario]
        }

        struct Scenario: Decodable {
            let name: String
            let status: String
            let message: String?
        }

        let files: [File]
    }

    /// Case 53's link out of the script root (`escape/outside.lua` to `Package.swift`), made
    /// here rather than kept in git, which would hold it as a file where links do not exist.
    static func makeEscapeLink() throws {
        let folder = Self.folder.appendingPathComponent("escape")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("outside.lua")
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil else { return }
        do {
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../../../../Package.swift")
        } catch CocoaError.fileWriteFileExists {
            // The other run of this test made it at the same moment.
        }
    }

    /// Also with every scenario run in a copy of its worker (WorkerFork), as big files are.
    @Test(arguments: ["never", "always"])
    func everyAttackEndsInItsNamedErrorAndTheNextScenarioStartsClean(fork: String) throws {
        try Self.makeEscapeLink()
        let cases = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".lua") }.sorted()
        #expect(cases.count >= 50)
        let expectations = try Dictionary(uniqueKeysWithValues: cases.map { name in
            let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
            return (name, String(try #require(text.split(separator: "\n").first { $0.hasPrefix("-- expect: ") }?.dropFirst(11))))
        })
        // The cases a worker must be killed for run with a short timeout; the others with a
        // long one, so that a slow machine (or a sanitizer) never turns another limit into
        // the time limit.
        let killed = cases.filter { expectations[$0]?.contains("its worker was killed") == true }
        let files = try run(killed, timeout: "2", fork: fork).merging(try run(cases.filter { !killed.contains($0) }, timeout: "60", fork: fork)) { $1 }
        for name in cases {
            let path = "lua/tests/hostile/\(name)"
            let expected = try #require(expectations[name])
            let scenarios = try #require(files[path]?.scenarios, "\(path) did not run")
            let attack = scenarios.first { $0.name == "hostile attack" }
            let clean = scenarios.first { $0.name == "hostile the next scenario starts clean" }
            #expect(attack?.status == "failed", "\(path)")
            #expect(attack?.message?.contains(expected) == true, "\(path): expected \(expected), got \(attack?.message ?? "nothing")")
            #expect(clean?.status == "passed", "\(path): \(clean?.message ?? "")")
        }
    }

    /// Runs the cases in one run of the binary; their reports by path.
    func run(_ cases: [String], timeout: String, fork: String) throws -> [String: Report.File] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try navscript(["run"] + cases.map { "lua/tests/hostile/\($0)" } + [
            "--timeout", timeout, "--memory-limit", "16", "--instruction-limit", "5000000", "--jobs", "2",
            "--color", "never", "--reporter", "json=\(output.path)",
        ], environment: ["NAVSCRIPT_WORKER_FORK": fork])
        #expect(result.status == 1, "\(result.errors)")
        let report = try JSONDecoder().decode(Report.self, from: Data(contentsOf: output))
        return Dictionary(uniqueKeysWithValues: report.files.map { ($0.path, $0) })
    }
}
