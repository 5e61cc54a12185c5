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

    /// A run killed before it wrote its reports (`--in-process` keeps the signals' default;
    /// SIGKILL at a CI job's time limit) leaves none, not the earlier run's green JUnit XML,
    /// which a CI step that publishes reports always would show: they go as the run starts.
    @Test func aKilledRunLeavesNoEarlierReport() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('quick', function() end)"])
        let reports = ["--reporter", "junit=j.xml", "--reporter", "map=m.dot", "--reporter", "html=page"]
        let green = try navscript(["run", "a_spec.lua"] + reports, in: fixture.root)
        #expect(green.status == 0 && fixture.exists("j.xml") && fixture.exists("m.svg") && fixture.exists("page/index.html"), "\(green.errors)")
        try fixture.write("a_spec.lua", "scenario('slow', function() local t = os.clock() while os.clock() - t < 60 do end end)")
        let killed = try WatchCommandTests.Watch(["run", "a_spec.lua", "--in-process", "--timeout", "90"] + reports, in: fixture.root)
        let deadline = Date().addingTimeInterval(30)
        while fixture.exists("j.xml") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        kill(killed.process.processIdentifier, SIGTERM)
        killed.waitUntilExit()
        #expect(!fixture.exists("j.xml") && !fixture.exists("m.dot") && !fixture.exists("m.svg") && !fixture.exists("page/index.html"))
    }

    /// explore runs its walks on threads of its own process: Ctrl-C stops a walk stuck in a
    /// Lua loop where it is, and the search of every sequence too (it waited for the walk's
    /// time limit, then walked it again, then shrank it: twice the limit and more).
    @Test(arguments: [false, true])
    func anInterruptStopsAnExploreWalkStuckInALoop(exhaustive: Bool) throws {
        let fixture = try Fixture(["hang.lua": """
            local Home = nav.screen("Home")
            return explore.model {
              start = function() return nav.app { root = nav.stack { Home() } } end,
              actions = { explore.action("spin", function(app) while true do end end) },
            }
            """])
        let watch = try WatchCommandTests.Watch(["explore", "hang.lua", "--timeout", "60", "--instruction-limit", "100000000000"]
                                                + (exhaustive ? ["--exhaustive"] : []), in: fixture.root)
        Thread.sleep(forTimeInterval: 2)   // the walk is spinning
        let started = Date()
        kill(watch.process.processIdentifier, SIGINT)
        watch.waitUntilExit()
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(watch.process.terminationStatus == 128 + SIGINT, "\(watch.output)")
        #expect(watch.output.contains(exhaustive ? "Stopped by Ctrl-C (SIGINT) at depth 1 of 4" : "Stopped by Ctrl-C (SIGINT): no invariant broke in the walks before it."),
                "\(watch.output)")
        #expect(!watch.output.contains("time limit") && !watch.output.contains("Never enabled"), "\(watch.output)")
    }

    /// A file the run stopped in, its scenarios passed so far, did not pass: it says STOP.
    @Test func aFileTheRunStoppedInSaysStop() throws {
        let fixture = try Fixture([
            "b_spec.lua": "scenario('quick', function() end)\nscenario('slow', function() local t = os.clock() while os.clock() - t < 30 do end end)",
        ])
        let watch = try WatchCommandTests.Watch(["run", ".", "--jobs", "1", "--color", "never"], in: fixture.root)
        // The console shows nothing of the file until it ends: 'quick' has run well before
        // this (the other tests here wait for a file as long).
        Thread.sleep(forTimeInterval: 3)
        kill(watch.process.processIdentifier, SIGTERM)
        watch.waitUntilExit()
        #expect(watch.process.terminationStatus == 128 + SIGTERM)
        #expect(watch.output.contains("STOP b_spec.lua (1 scenario, 1 not run, "), "\(watch.output)")
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

    /// SIGTERM while Graphviz lays out the map stops `dot` too, and the run ends with the
    /// DOT written (a run waited for `dot` however long it took, and a second signal left it
    /// running on its own).
    @Test func anInterruptWhileGraphvizDrawsStopsIt() throws {
        let fixture = try Fixture(["a_spec.lua": "local A, B = nav.screen('A'), nav.screen('B')\n"
                                   + "scenario('a', function() nav.app { root = nav.stack { A() } }:navigate(nav.route():top(nav.stack):push(B())) end)"])
        // A `dot` that never ends, and says which process it is.
        let bin = fixture.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho $$ > \"\(fixture.root.path)/dot.pid\"\nexec sleep 300\n".write(to: bin.appendingPathComponent("dot"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("dot").path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let watch = try WatchCommandTests.Watch(["run", ".", "--color", "never", "--reporter", "map=map.dot"], in: fixture.root, environment: ["PATH": path])
        var waited = 0.0
        while !fixture.exists("dot.pid") && waited < 20 { Thread.sleep(forTimeInterval: 0.1); waited += 0.1 }
        Thread.sleep(forTimeInterval: 0.3)
        kill(watch.process.processIdentifier, SIGTERM)
        watch.waitUntilExit()
        #expect(watch.process.terminationStatus == 128 + SIGTERM, "\(watch.output)")
        #expect(watch.output.contains("navscript: SIGTERM stopped Graphviz's dot to draw map.svg; wrote the DOT only"), "\(watch.output)")
        #expect(fixture.exists("map.dot") && !fixture.exists("map.svg"))
        let pid = Int32(try fixture.read("dot.pid").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(pid > 0 && kill(pid, 0) != 0, "dot \(pid) is still running")
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
        let merged = try navscript(["merge-reports", "b", "--color", "never", "--reporter", "tap=m.tap", "--reporter", "json=m.json"], in: fixture.root)
        #expect(merged.status == 1)   // the merge was not stopped; the suite did not run whole
        #expect(merged.errors.contains("is of a run that was interrupted"), "\(merged.errors)")
        #expect(try fixture.read("m.tap").contains("Bail out! interrupted: 1 scenario not run"))
        #expect(try fixture.read("m.json").contains(#""exitCode" : 1"#))   // what the merge exits with
    }

    /// One tick takes a few milliseconds and only the 150th breaks the invariant: shrinking
    /// replays 150 steps hundreds of times, for more than a minute.
    static let slowModel = """
        local n = 0
        return explore.model {
          start = function() n = 0 return nav.app() end,
          actions = { explore.action("tick", function(app) local t = 0 for i = 1, 200000 do t = t + i end n = n + 1 end) },
          invariants = { ["fewer than 150"] = function(app) return n < 150, "150 ticks" end },
        }
        """

    /// `explore`'s shrinking keeps to a budget (--time again) and stops at an interrupt,
    /// printing and saving the fewest steps found so far; an interrupt during the walks
    /// prints what they found; the status is then 128 + the signal.
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedExplorationSaysWhatItFound(_ signal: Int32) throws {
        let fixture = try Fixture(["slow.lua": Self.slowModel, "quick.lua": """
            return explore.model { start = function() return nav.app() end, actions = { explore.action("x", function() end) } }
            """])
        let shrinking = try WatchCommandTests.Watch(["explore", "slow.lua", "--depth", "200", "--runs", "1", "--save-failures", "saved"], in: fixture.root)
        #expect(shrinking.waitFor("explore: shrinking, 150 actions after"))
        kill(shrinking.process.processIdentifier, signal)
        shrinking.waitUntilExit()
        #expect(shrinking.process.terminationStatus == 128 + signal, "\(shrinking.output)")
        let name = signal == SIGINT ? "Ctrl-C (SIGINT)" : "SIGTERM"
        #expect(shrinking.output.contains("  150 ticks\n  (shrinking was stopped by \(name): there may be fewer or simpler steps that fail the same way)\n"), "\(shrinking.output)")
        #expect(try fixture.read("saved/explore_fewer_than_150_spec.lua").contains("shrunk until \(name) stopped it.\n"))
        // Each sequence pushes one more screen: every level has a new state, and the search goes on.
        try fixture.write("grow.lua", """
            local A = nav.screen("A")
            return explore.model {
              start = function() return nav.app { root = nav.stack { A() } } end,
              actions = { explore.action("push", function(app) return app:navigate(nav.route():top(nav.stack):push(A())) end) },
              maxContainers = 100000,
            }
            """)
        let searching = try WatchCommandTests.Watch(["explore", "grow.lua", "--exhaustive", "--depth", "10000"], in: fixture.root)
        #expect(searching.waitFor("explore: depth 2"))
        kill(searching.process.processIdentifier, signal)
        searching.waitUntilExit()
        #expect(searching.process.terminationStatus == 128 + signal, "\(searching.output)")
        #expect(searching.output.contains("Stopped by \(name) at depth"), "\(searching.output)")
        let walking = try WatchCommandTests.Watch(["explore", "quick.lua", "--runs", "100000000"], in: fixture.root)
        #expect(walking.waitFor("walks,"))
        kill(walking.process.processIdentifier, signal)
        walking.waitUntilExit()
        #expect(walking.process.terminationStatus == 128 + signal, "\(walking.output)")
        #expect(walking.output.contains("Stopped by \(name): no invariant broke in the walks before it."), "\(walking.output)")
    }

    @Test func shrinkingStopsAtItsTimeBudget() throws {
        let fixture = try Fixture(["slow.lua": Self.slowModel])
        let started = Date()
        let result = try navscript(["explore", "slow.lua", "--depth", "200", "--runs", "1", "--time", "1"], in: fixture.root)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(result.status == 1)
        #expect(result.output.contains("(shrinking was stopped by --time 1 s: there may be fewer or simpler steps that fail the same way)"), "\(result.output)")
    }
}
