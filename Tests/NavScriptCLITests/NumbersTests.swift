import Foundation
import Testing

/// The figures a run reports: times, counts, what an update removed.
@Suite struct NumbersTests {
    @Test func aFailedExpectationCountsInTheJSONReport() throws {
        let fixture = try Fixture(["one_spec.lua": "scenario('fails once', function() expect(1):toBe(2) end)"])
        #expect(try navscript(["run", ".", "--reporter", "json=r.json"], in: fixture.root).status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(try fixture.read("r.json").utf8)) as? [String: Any]
        let scenario = ((report?["files"] as? [[String: Any]])?.first?["scenarios"] as? [[String: Any]])?.first
        #expect(scenario?["expectations"] as? Int == 1)
    }

    @Test func aRunThatDoesNotLoadCountsItsLoadingTime() throws {
        let fixture = try Fixture(["slow_spec.lua": "local t = os.clock() while os.clock() - t < 0.05 do end\nerror('broken')"])
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.status == 2)
        #expect(!result.output.contains(" in 0 ms"), "\(result.output)")
    }

    @Test func aFilesTimeIsItsWallTime() throws {
        // Two scenarios of 50 ms each on two workers: the file took about 50 ms, not 100.
        let spin = "local t = os.clock() while os.clock() - t < 0.05 do end"
        let fixture = try Fixture(["two_spec.lua": "scenario('a', function() \(spin) end)\nscenario('b', function() \(spin) end)"])
        let result = try navscript(["run", ".", "-j1", "--color", "never"], in: fixture.root)
        let line = result.output.split(separator: "\n").first { $0.hasPrefix("PASS two_spec.lua") } ?? ""
        let milliseconds = Int(line.split(separator: ",").last?.filter(\.isNumber) ?? "") ?? 0
        #expect(milliseconds >= 100, "\(line)")   // one worker: one after the other
    }

    @Test func anUpdateSaysWhatItRemoved() throws {
        let fixture = try Fixture(["app_spec.lua": "scenario('kept', function() expect('x'):toMatchSnapshot() end)",
                                   "app_spec.lua.snap": "== kept 1\n| x\n\n== gone 1\n| y\n"])
        let result = try navscript(["run", ".", "--update-snapshots", "--color", "never"], in: fixture.root)
        #expect(result.status == 0)
        #expect(result.output.contains("Snapshots: 1 obsolete removed\n  removed: app_spec.lua.snap: gone 1"), "\(result.output)")
    }
}
