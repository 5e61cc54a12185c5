import Foundation
import Testing

/// A watch keeps a file that does not load in view until it loads: every save runs it again
/// (what it lacks may be the file just saved), the summary and the reports say it did not
/// load, and a project file saved broken says why.
@Suite struct WatchLoadErrorTests {
    @Test func aFileThatDoesNotLoadRunsOnEverySaveAndStaysReported() throws {
        let fixture = try Fixture([
            "navscript.lua": "return { paths = { 'scenarios' } }",
            "scenarios/s.lua": "scenario('one', function() end)",
            "scenarios/t.lua": "scenario('two', function() end)",
        ])
        let watch = try WatchCommandTests.Watch(["watch", "--color", "never", "--interval", "0.01", "--reporter", "junit=j.xml"], in: fixture.root)
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"))

        // It requires a module that is not there yet; saving the module runs it again.
        try fixture.write("scenarios/s.lua", "local N = require 'routes.new'\nscenario('one', function() expect(N.v):toBe(1) end)")
        #expect(watch.waitFor("module 'routes.new' not found"))
        try fixture.write("routes/new.lua", "return { v = 2 }")
        #expect(watch.waitFor("1 passed, 1 failed, 0 skipped in"), "\(watch.output)")

        // Broken, it stays reported after another file's save, in the summary and the report.
        try fixture.write("scenarios/s.lua", "scenario('one', function(\n")
        #expect(watch.waitFor("1 file did not load", count: 2))
        try fixture.write("scenarios/t.lua", "scenario('two', function() end) -- saved again")
        #expect(watch.waitFor("── scenarios/t.lua changed"), "\(watch.output)")
        #expect(watch.waitFor("1 file did not load", count: 3), "\(watch.output)")
        #expect(try fixture.read("j.xml").contains("<error"))
        // Its kept results and its load error are one testsuite, as every file is one.
        var report = ""
        for _ in 0..<500 where !report.contains("two\" time") || !report.contains("name=\"load\"") {
            report = (try? fixture.read("j.xml")) ?? ""
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(report.components(separatedBy: "<testsuite name=\"scenarios/s.lua\"").count == 2, "\(report)")
        #expect(report.contains("<testsuite name=\"scenarios/s.lua\" tests=\"2\" failures=\"1\" errors=\"1\""), "\(report)")

        // A project file saved broken says why, at its line.
        try fixture.write("navscript.lua", "return { paths = { 'scenarios' }")
        #expect(watch.waitFor("navscript: navscript.lua does not load: navscript.lua:1: '}' expected"), "\(watch.output)")
    }

    /// A project file saved stuck in a C function (a pattern search that backtracks for
    /// ages) is reported and the watch goes on: it had ended under the watchdog.
    @Test func aProjectFileStuckInCDoesNotEndTheWatch() throws {
        let fixture = try Fixture([
            "navscript.lua": "return { paths = { 'scenarios' } }",
            "scenarios/s.lua": "scenario('one', function() end)",
        ])
        let watch = try WatchCommandTests.Watch(["watch", "--color", "never", "--interval", "0.01"], in: fixture.root)
        #expect(watch.waitFor("1 passed, 0 failed, 0 skipped"))
        try fixture.write("navscript.lua", "local _ = ('a'):rep(30000):find('.-.-.-.-b')\nreturn {}\n")
        #expect(watch.waitFor("navscript: reading navscript.lua has run for more than 6 s"), "\(watch.output)")
        try fixture.write("scenarios/s.lua", "scenario('one', function() end)\nscenario('two', function() end)")
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"), "\(watch.output)")
    }
}
