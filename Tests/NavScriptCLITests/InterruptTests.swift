import Foundation
import Testing

/// Ctrl-C (SIGINT) or SIGTERM during `run`: the run stops, the reports are written with
/// what finished and say the rest did not run, and the status is 128 + the signal.
@Suite struct InterruptTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedRunWritesItsReports(_ signal: Int32) throws {
        let fixture = try Fixture([
            "a_spec.lua": "scenario('quick', function() end)",
            "b_spec.lua": "scenario('slow', function() local t = os.clock() while os.clock() - t < 30 do end end)",
        ])
        let watch = try WatchCommandTests.Watch(["run", ".", "--jobs", "1", "--color", "never", "--reporter", "junit=j.xml"], in: fixture.root)
        #expect(watch.waitFor("PASS a_spec.lua"))
        Thread.sleep(forTimeInterval: 0.5)   // b_spec.lua is running
        let started = Date()
        kill(watch.process.processIdentifier, signal)
        watch.waitUntilExit()
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(watch.process.terminationStatus == 128 + signal)
        #expect(watch.output.contains("1 passed, 0 failed, 0 skipped, 1 not run (interrupted)"), "\(watch.output)")
        let junit = try fixture.read("j.xml")
        #expect(junit.contains("name=\"quick\""))
        #expect(!junit.contains("name=\"slow\""))
        // To a CI that shows JUnit only, the run is not green: its stop is an error.
        let name = signal == SIGINT ? "SIGINT (Ctrl-C)" : "SIGTERM"
        #expect(junit.contains("<testsuites name=\"navscript\" tests=\"2\" failures=\"0\" errors=\"1\""), "\(junit)")
        #expect(junit.contains("<testcase classname=\"navscript\" name=\"run interrupted\""), "\(junit)")
        #expect(junit.contains("<error message=\"the run was stopped by \(name): 1 selected scenario not run\" type=\"interrupted\">"), "\(junit)")
    }

    /// While the files load, too: the reports are written (with what loaded), not lost.
    @Test func anInterruptWhileFilesLoadStillWritesTheReports() throws {
        let fixture = try Fixture([
            "a_spec.lua": "local t = os.clock() while os.clock() - t < 30 do end\nscenario('never', function() end)",
        ])
        let watch = try WatchCommandTests.Watch(["run", ".", "--jobs", "1", "--color", "never", "--reporter", "junit=j.xml",
                                                 "--reporter", "tap13=t.tap"], in: fixture.root)
        Thread.sleep(forTimeInterval: 1)
        kill(watch.process.processIdentifier, SIGTERM)
        watch.waitUntilExit()
        #expect(watch.process.terminationStatus == 128 + SIGTERM, "\(watch.output)")
        #expect(fixture.exists("j.xml"), "\(watch.output)")
        // The file still loading did not fail to load: the stop kept it from loading, and
        // every report says the run was stopped.
        #expect(!watch.output.contains("does not load"), "\(watch.output)")
        #expect(watch.output.contains("0 passed, 0 failed, 0 skipped, 1 file not loaded (interrupted)"), "\(watch.output)")
        let junit = try fixture.read("j.xml")
        #expect(!junit.contains("type=\"load\""))
        #expect(junit.contains("the run was stopped by SIGTERM: 0 selected scenarios not run, 1 file not loaded"), "\(junit)")
        #expect(try fixture.read("t.tap").contains("Bail out! interrupted: 0 scenarios not run, 1 file not loaded"))
    }

    /// A blob of an interrupted shard says so, and the merge says what did not run.
    @Test func aMergeOfAnInterruptedShardSaysSo() throws {
        let fixture = try Fixture([
            "a_spec.lua": "scenario('quick', function() end)",
            "b_spec.lua": "scenario('slow', function() local t = os.clock() while os.clock() - t < 30 do end end)",
        ])
        let watch = try WatchCommandTests.Watch(["run", ".", "--jobs", "1", "--shard=1/1", "--color", "never", "--reporter", "blob=b/one.json"],
                                                in: fixture.root)
        #expect(watch.waitFor("PASS a_spec.lua"))
        Thread.sleep(forTimeInterval: 0.5)
        kill(watch.process.processIdentifier, SIGINT)
        watch.waitUntilExit()
        let merged = try navscript(["merge-reports", "b", "--color", "never", "--reporter", "tap=m.tap"], in: fixture.root)
        #expect(merged.status == 128 + SIGINT)
        #expect(merged.errors.contains("is of a run that was interrupted"), "\(merged.errors)")
        #expect(try fixture.read("m.tap").contains("Bail out! interrupted: 1 scenario not run"))
    }
}
