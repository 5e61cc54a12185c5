import Foundation
import Testing

/// Scenarios run in copies of their worker (`WorkerFork`, which big files use): each still
/// starts from a fresh load of its file, says what it printed and required, and fails alone.
@Suite struct WorkerForkTests {
    static let always = ["NAVSCRIPT_WORKER_FORK": "always"]

    @Test func eachCopyStartsFromAFreshLoadOfItsFile() throws {
        let fixture = try Fixture([
            "routes/counter.lua": "return { count = 0 }",
            "scenarios/many_spec.lua": """
                local counter = require "routes.counter"
                local runs = 0
                print("loaded")
                for i = 1, 12 do
                  scenario("starts clean " .. i, function()
                    runs = runs + 1
                    counter.count = counter.count + 1
                    expect(runs):toBe(1)
                    expect(counter.count):toBe(1)
                    expect(rawget(_G, "LEAKED")):toBe(nil)
                    LEAKED = true
                    if i == 7 then error("seven fails") end
                  end)
                end
                """,
        ])
        let result = try navscript(["run", ".", "--jobs", "2", "--color", "never"], in: fixture.root, environment: Self.always)
        #expect(result.status == 1)
        #expect(result.output.contains("11 passed, 1 failed, 0 skipped"), "\(result.output)")
        #expect(result.output.contains("scenarios/many_spec.lua:12: seven fails"))
        // What the file's loading printed is the failed scenario's too, as in a fresh state.
        #expect(result.output.contains("printed:\n     loaded"))
    }

    /// Every result of the example app (steps, hierarchies, output, coverage) is the same
    /// from copies as from fresh states, and so is the coverage file.
    @Test func copiesGiveWhatFreshStatesGive() throws {
        var blobs: [[String]] = [], coverage: [String] = []
        for fork in ["never", "always"] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-fork-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.copyItem(at: Binary.packageRoot.appendingPathComponent("lua/examples/app"), to: folder)
            let result = try navscript(["run", ".", "--coverage", "--reporter", "blob=blob.json", "--color", "never"], in: folder,
                                       environment: ["NAVSCRIPT_WORKER_FORK": fork])
            #expect(result.status == 0, "\(result.output)")
            let blob = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("blob.json"))) as? [String: Any])
            let files = try #require(blob["files"] as? [[String: Any]])
            blobs.append(try files.flatMap { file in
                try #require(file["results"] as? [[String: Any]]).map { result in
                    var kept = result
                    kept["duration"] = nil
                    kept["started"] = nil
                    return String(decoding: try JSONSerialization.data(withJSONObject: kept, options: .sortedKeys), as: UTF8.self)
                }
            }.sorted())
            coverage.append(try String(contentsOf: folder.appendingPathComponent("coverage/lcov.info"), encoding: .utf8))
        }
        #expect(blobs[0].count >= 50 && blobs[0].count == blobs[1].count)
        let differing = zip(blobs[0], blobs[1]).first { $0 != $1 }
        #expect(differing == nil, "from a fresh state:\n\(differing?.0.prefix(400) ?? "")\nfrom a copy:\n\(differing?.1.prefix(400) ?? "")")
        #expect(coverage[0] == coverage[1], "the coverage files differ")
    }

    @Test func aModuleRequiredInACopyIsWatched() throws {
        let fixture = try Fixture([
            "routes/early.lua": "return 1",
            "routes/late.lua": "return 2",
            "scenarios/late_spec.lua": """
                scenario("early", function() expect(require "routes.early"):toBe(1) end)
                scenario("late", function() expect(require "routes.late"):toBe(2) end)
                """,
        ])
        let watch = try WatchCommandTests.Watch(["watch", ".", "--color", "never", "--interval", "0.01"], in: fixture.root,
                                                environment: Self.always)
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"))
        try fixture.write("routes/late.lua", "return 3")
        #expect(watch.waitFor("── routes/late.lua changed"))
        #expect(watch.waitFor("1 passed, 1 failed, 0 skipped"))
    }

    @Test func aCopyStuckInCIsEndedWithItsWorker() throws {
        let fixture = try Fixture([
            "stuck_spec.lua": """
                scenario("hangs in a pattern", function() string.rep("a", 30000):find(".-.-.-.-b") end)
                scenario("passes", function() expect(1):toBe(1) end)
                """,
        ])
        let result = try navscript(["run", ".", "--jobs", "1", "--timeout", "1", "--color", "never"], in: fixture.root, environment: Self.always)
        #expect(result.status == 1)
        #expect(result.output.contains("stuck_spec.lua:1: time limit exceeded (1 s): the scenario did not return, and its worker was killed"), "\(result.output)")
        #expect(result.output.contains("1 passed, 1 failed, 0 skipped"))
    }
}
