import Foundation
import Testing

/// `merge-reports` merges the shards of one run, each once: a scenario in two blobs, or a
/// shard left out, is refused rather than counted twice or passed; other seeds are a warning.
@Suite struct MergeShardTests {
    static let suite = ["a_spec.lua": (1...6).map { "scenario('s\($0)', function() end)" }.joined(separator: "\n")]

    func shards(_ fixture: Fixture, count: Int, seed: Int = 0, into folder: String) throws {
        for index in 1...count {
            let run = try navscript(["run", "a_spec.lua", "--shard", "\(index)/\(count)", "--seed", "\(seed)",
                                     "--reporter", "blob=\(folder)/shard-\(index).json"], in: fixture.root)
            #expect(run.status == 0, "\(run.errors)")
        }
    }

    @Test func everyShardOnceMergesToTheWholeRun() throws {
        let fixture = try Fixture(Self.suite)
        try shards(fixture, count: 3, into: "blobs")
        let merged = try navscript(["merge-reports", "blobs", "--color", "never"], in: fixture.root)
        #expect(merged.status == 0)
        #expect(merged.output.contains("6 passed, 0 failed, 0 skipped"), "\(merged.output)")
    }

    /// A shard stopped by --fail-fast or --max-failures says so in the merged report, as the
    /// shard's own did.
    @Test func theOptionThatStoppedAShardIsMerged() throws {
        let fixture = try Fixture(["f_spec.lua": (1...6).map { "scenario('f\($0)', function() error('no') end)" }.joined(separator: "\n")])
        _ = try navscript(["run", ".", "--max-failures", "2", "-j1", "--reporter", "blob=blobs/b.json"], in: fixture.root)
        let merged = try navscript(["merge-reports", "blobs", "--reporter", "tap", "--color", "never"], in: fixture.root)
        #expect(merged.output.hasSuffix("Bail out! --max-failures 2: 4 scenarios not run after 2 failures\n"), "\(merged.output)")
        // JUnit says so as a skipped case of its own.
        let junit = try navscript(["merge-reports", "blobs", "--reporter", "junit", "--color", "never"], in: fixture.root)
        #expect(junit.output.contains(#"<testsuites name="navscript" tests="3" failures="2""#), "\(junit.output)")
        #expect(junit.output.contains(#"<testcase classname="navscript" name="run stopped early" time="0.000"><skipped message="--max-failures 2: 4 scenarios not run after 2 failures"/></testcase>"#), "\(junit.output)")
        // Only a shard that stopped says why; two that stopped say it without a count.
        try fixture.write("g_spec.lua", (1...6).map { "scenario('g\($0)', function() error('no') end)" }.joined(separator: "\n"))
        _ = try navscript(["run", ".", "--shard", "1/2", "--max-failures", "20", "-j1", "--reporter", "blob=two/1.json"], in: fixture.root)
        _ = try navscript(["run", ".", "--shard", "2/2", "--fail-fast", "-j1", "--reporter", "blob=two/2.json"], in: fixture.root)
        let one = try navscript(["merge-reports", "two", "--reporter", "tap", "--color", "never"], in: fixture.root)
        #expect(one.output.hasSuffix("Bail out! --fail-fast: 5 scenarios not run after the first failure\n"), "\(one.output)")
        _ = try navscript(["run", ".", "--shard", "1/2", "--max-failures", "2", "-j1", "--reporter", "blob=both/1.json"], in: fixture.root)
        _ = try navscript(["run", ".", "--shard", "2/2", "--max-failures", "2", "-j1", "--reporter", "blob=both/2.json"], in: fixture.root)
        let both = try navscript(["merge-reports", "both", "--reporter", "tap", "--color", "never"], in: fixture.root)
        #expect(both.output.hasSuffix("Bail out! --max-failures 2: 8 scenarios not run\n"), "\(both.output)")
    }

    @Test func aScenarioInTwoBlobsIsRefused() throws {
        let fixture = try Fixture(Self.suite)
        try shards(fixture, count: 3, into: "blobs")
        try shards(fixture, count: 3, into: "retry")
        try fixture.write("blobs/shard-1-retry.json", try fixture.read("retry/shard-1.json").replacingOccurrences(of: "\"duration\"", with: "\"duration\" "))
        let merged = try navscript(["merge-reports", "blobs"], in: fixture.root)
        #expect(merged.status == 2)
        #expect(merged.errors.contains("is in two blobs, blobs/shard-1-retry.json and blobs/shard-1.json"), "\(merged.errors)")
    }

    /// A run names each scenario once: a blob that has one twice (edited, or joined from
    /// two) would count it twice.
    @Test func aScenarioTwiceInOneBlobIsRefused() throws {
        let fixture = try Fixture(Self.suite)
        try shards(fixture, count: 1, into: "blobs")
        let blob = fixture.root.appendingPathComponent("blobs/shard-1.json")
        var record = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: blob)) as? [String: Any])
        var files = try #require(record["files"] as? [[String: Any]])
        let results = try #require(files[0]["results"] as? [Any])
        files[0]["results"] = results + results
        record["files"] = files
        try JSONSerialization.data(withJSONObject: record).write(to: blob)
        let merged = try navscript(["merge-reports", "blobs"], in: fixture.root)
        #expect(merged.status == 2)
        #expect(merged.errors.contains("a_spec.lua › s1 is in blobs/shard-1.json twice: that blob is not one run's"), "\(merged.errors)")
    }

    @Test func aMissingShardIsRefused() throws {
        let fixture = try Fixture(Self.suite)
        try shards(fixture, count: 3, into: "blobs")
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("blobs/shard-2.json"))
        let merged = try navscript(["merge-reports", "blobs"], in: fixture.root)
        #expect(merged.status == 2)
        #expect(merged.errors.contains("shard 2/3 is missing"), "\(merged.errors)")
    }

    /// `--shard=I/N` is a shard as `--shard I/N` is, and the last one given counts.
    @Test func aShardGivenWithAnEqualsSignIsChecked() throws {
        let fixture = try Fixture(Self.suite)
        #expect(try navscript(["run", "a_spec.lua", "--shard=1/2", "--reporter", "blob=b/one.json"], in: fixture.root).status == 0)
        let missing = try navscript(["merge-reports", "b"], in: fixture.root)
        #expect(missing.status == 2)
        #expect(missing.errors.contains("shard 2/2 is missing"), "\(missing.errors)")
        #expect(try navscript(["run", "a_spec.lua", "--shard", "1/2", "--shard", "2/2", "--reporter", "blob=b/two.json"], in: fixture.root).status == 0)
        #expect(try navscript(["merge-reports", "b", "--color", "never"], in: fixture.root).output.contains("6 passed"))
    }

    @Test func shardsOfRunsWithOtherSeedsAreAWarning() throws {
        let fixture = try Fixture(Self.suite)
        try shards(fixture, count: 2, seed: 7, into: "one")
        try shards(fixture, count: 2, seed: 14, into: "two")
        let merged = try navscript(["merge-reports", "one/shard-1.json", "two/shard-2.json", "--color", "never"], in: fixture.root)
        #expect(merged.status == 0)
        #expect(merged.errors.contains("warning: the blobs come from runs with different seeds (7, 14)"), "\(merged.errors)")
    }

    /// A shard is dealt from the suite sorted by path: paths given in another order (a `find`,
    /// a list of changed files) split the same suite, without a scenario run twice or never.
    @Test func aShardIsTheSameWhateverOrderThePathsComeIn() throws {
        var files: [String: String] = [:]
        for name in ["a", "b", "c"] { files["\(name)_spec.lua"] = "for i = 1, 5 do it('\(name)' .. i, function() end) end" }
        let fixture = try Fixture(files)
        func shard(_ index: Int, _ paths: [String]) throws -> Set<String> {
            let listed = try navscript(["run"] + paths + ["--shard", "\(index)/3", "--list"], in: fixture.root)
            return Set(listed.output.split(separator: "\n").map(String.init))
        }
        var seen: [String] = []
        for index in 1...3 {
            let given = try shard(index, ["a_spec.lua", "b_spec.lua", "c_spec.lua"])
            #expect(try shard(index, ["c_spec.lua", "a_spec.lua", "b_spec.lua"]) == given)
            seen += given
        }
        #expect(seen.count == 15 && Set(seen).count == 15, "\(seen)")
    }

    /// Shards that chose other scenarios (a matrix entry with a stray --tag) are refused:
    /// their merge passed 30 of 55 scenarios and exited 0. The order of options and tags
    /// is not a difference.
    @Test func shardsThatChoseOtherScenariosAreRefused() throws {
        let fixture = try Fixture(["a_spec.lua": "for i = 1, 6 do scenario('s' .. i .. ' #smoke #fast', function() end) end\nscenario('t', function() end)"])
        _ = try navscript(["run", ".", "--shard", "1/2", "--reporter", "blob=blobs/1.json"], in: fixture.root)
        _ = try navscript(["run", ".", "--shard", "2/2", "--tag", "smoke", "--reporter", "blob=blobs/2.json"], in: fixture.root)
        let merged = try navscript(["merge-reports", "blobs"], in: fixture.root)
        #expect(merged.status == 2)
        #expect(merged.errors.contains("blobs/1.json and blobs/2.json are of runs that chose other scenarios (all scenarios, --tag smoke): "
                                       + "run every shard with the same --filter, --tag, --exclude-tag and --last-failed"), "\(merged.errors)")
        _ = try navscript(["run", ".", "--shard", "1/2", "--tag", "smoke,fast", "--filter", "s", "--reporter", "blob=same/1.json"], in: fixture.root)
        _ = try navscript(["run", ".", "--filter", "s", "--shard", "2/2", "--tags", "fast", "--tag", "smoke", "--reporter", "blob=same/2.json"], in: fixture.root)
        let same = try navscript(["merge-reports", "same", "--color", "never"], in: fixture.root)
        #expect(same.status == 0 && same.output.contains("6 passed"), "\(same.output)\(same.errors)")
    }

    /// Shards of different suites (a file added between them) are refused: the failing
    /// scenario of the added file was in no shard's part, and the merge passed.
    @Test func shardsOfDifferentSuitesAreRefused() throws {
        let fixture = try Fixture(Self.suite)
        try fixture.write("b_spec.lua", "scenario('x1', function() error('fails') end)\nscenario('x2', function() end)")
        _ = try navscript(["run", ".", "--shard", "1/2", "--reporter", "blob=blobs/1.json"], in: fixture.root)
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("b_spec.lua"))
        _ = try navscript(["run", ".", "--shard", "2/2", "--reporter", "blob=blobs/2.json"], in: fixture.root)
        let merged = try navscript(["merge-reports", "blobs"], in: fixture.root)
        #expect(merged.status == 2)
        #expect(merged.errors.contains("blobs/1.json and blobs/2.json are of runs of different suites (b_spec.lua differs): run every shard on the same files"),
                "\(merged.errors)")
        // A file added between shards whose dealing puts a scenario in both: still the
        // suites, not "in two blobs", which sent one looking for a retried shard.
        try fixture.write("c_spec.lua", "for i = 1, 6 do scenario('c' .. i, function() end) end")
        _ = try navscript(["run", ".", "--shard", "1/2", "--reporter", "blob=more/1.json"], in: fixture.root)
        try fixture.write("0_spec.lua", "scenario('first', function() end)")
        _ = try navscript(["run", ".", "--shard", "2/2", "--reporter", "blob=more/2.json"], in: fixture.root)
        let shifted = try navscript(["merge-reports", "more"], in: fixture.root)
        #expect(shifted.status == 2 && shifted.errors.contains("are of runs of different suites (0_spec.lua differs)"), "\(shifted.errors)")
    }

    /// A shard's blob path is checked before the run as its own: another report on it is
    /// refused, and a folder in its place; the unsharded default is not its path.
    @Test func aShardsBlobPathIsCheckedBeforeTheRun() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)\n"])
        let both = try navscript(["run", ".", "--shard", "1/4", "--reporter", "blob,json=blob-report/report-1-of-4.json"], in: fixture.root)
        #expect(both.status == 2 && both.errors.contains("reporters blob and json would both write blob-report/report-1-of-4.json"), "\(both.errors)")
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("blob-report/report-2-of-4.json"), withIntermediateDirectories: true)
        let folder = try navscript(["run", ".", "--shard", "2/4", "--reporter", "blob"], in: fixture.root)
        #expect(folder.status == 2 && folder.errors.contains("the blob report's path blob-report/report-2-of-4.json is a folder"), "\(folder.errors)")
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("blob-report/report.json"), withIntermediateDirectories: true)
        #expect(try navscript(["run", ".", "--shard", "1/4", "--reporter", "blob"], in: fixture.root).status == 0)
    }

    /// Coverage is the suite's: a shard's --coverage-threshold is checked by the merge (each
    /// shard covers a part, and failed it), the merge takes one of its own, and shards that
    /// did not all measure coverage are refused. Each shard's default blob has its own name.
    @Test func coverageIsCheckedOnTheMergedSuite() throws {
        let fixture = try Fixture([
            "routes/r.lua": "local R = {}\nfunction R.a() return 1 end\nfunction R.b() return 2 end\nreturn R\n",
            "a_spec.lua": "local R = require 'routes.r'\nscenario('a', function() R.a() end)\nscenario('b', function() R.b() end)\n",
        ])
        for index in 1...2 {
            let shard = try navscript(["run", ".", "--shard", "\(index)/2", "--coverage-threshold", "100", "--reporter", "blob"], in: fixture.root)
            #expect(shard.status == 0, "\(shard.output)\(shard.errors)")
            #expect(shard.errors.contains("a shard's coverage is part of the suite's: navscript merge-reports checks the threshold of 100%"), "\(shard.errors)")
            #expect(fixture.exists("blob-report/report-\(index)-of-2.json"))
        }
        let merged = try navscript(["merge-reports", "blob-report"], in: fixture.root)
        #expect(merged.status == 0, "\(merged.output)\(merged.errors)")
        #expect(merged.output.contains("100.0%"), "\(merged.output)")
        try fixture.write("routes/r.lua", "local R = {}\nfunction R.a() return 1 end\nfunction R.b() return 2 end\nfunction R.c()\n  return 3\nend\nreturn R\n")
        for index in 1...2 {
            _ = try navscript(["run", ".", "--shard", "\(index)/2", "--coverage-threshold", "100", "--reporter", "blob"], in: fixture.root)
        }
        let below = try navscript(["merge-reports", "blob-report"], in: fixture.root)
        #expect(below.status == 1)
        #expect(below.errors.contains("below the threshold of 100%"), "\(below.errors)")
        #expect(try navscript(["merge-reports", "blob-report", "--coverage-threshold", "50"], in: fixture.root).status == 0)
        // A route script changed since the shards ran would be counted at the wrong lines.
        try fixture.write("routes/r.lua", "-- a comment\n-- another\n" + (try fixture.read("routes/r.lua")))
        let changed = try navscript(["merge-reports", "blob-report"], in: fixture.root)
        #expect(changed.status == 2)
        #expect(changed.errors.contains("routes/r.lua changed since blob-report/report-1-of-2.json measured its coverage: merge the reports in the checkout the shards ran on"),
                "\(changed.errors)")
        _ = try navscript(["run", ".", "--shard", "2/2", "--coverage", "--reporter", "blob"], in: fixture.root)
        let mixed = try navscript(["merge-reports", "blob-report"], in: fixture.root)
        #expect(mixed.status == 2 && mixed.errors.contains("routes/r.lua differs between blob-report/report-1-of-2.json and blob-report/report-2-of-2.json"), "\(mixed.errors)")
        // A shard that writes no blob is a run of its own: its threshold is checked.
        #expect(try navscript(["run", ".", "--shard", "1/1", "--coverage-threshold", "100"], in: fixture.root).status == 1)
        _ = try navscript(["run", ".", "--shard", "2/2", "--reporter", "blob"], in: fixture.root)
        let partial = try navscript(["merge-reports", "blob-report"], in: fixture.root)
        #expect(partial.status == 2)
        #expect(partial.errors.contains("blob-report/report-1-of-2.json measured coverage and blob-report/report-2-of-2.json did not"), "\(partial.errors)")
        _ = try navscript(["run", ".", "--shard", "1/2", "--reporter", "blob"], in: fixture.root)
        let none = try navscript(["merge-reports", "blob-report", "--coverage-threshold", "50"], in: fixture.root)
        #expect(none.status == 2 && none.errors.contains("--coverage-threshold: the blobs measured no coverage"), "\(none.errors)")
    }
}
