import Foundation
import Testing

/// Where reports go and how the runner refuses what would fail: paths of one letter, the
/// standard streams, folders that take no file, reporters given twice, and what `run
/// --list`, `check` and `watch` do with options and selections they cannot use.
@Suite struct ReportPathTests {
    static let suite = [
        "a_spec.lua": """
            scenario("passes", function() end)
            scenario("fails", function() error("   indented\\r\\nnext", 0) end)
            scenario("tab\\tname", function() pending("why \\27[31m") end)
            """,
    ]

    @Test func aOneLetterReportPathIsWritten() throws {
        let fixture = try Fixture(Self.suite)
        // Foundation on Linux stops the process on the folder of a one-letter path.
        let result = try navscript(["run", "a_spec.lua", "--reporter", "junit=x", "--reporter", "tap=y"], in: fixture.root)
        #expect(result.status == 1, "\(result.errors)")
        #expect(try fixture.read("x").hasPrefix("<?xml"))
        #expect(try fixture.read("y").hasPrefix("TAP version 14"))
    }

    @Test func reportersAndTagsTakeCommaLists() throws {
        let fixture = try Fixture(Self.suite)
        // A comma starts a reporter only where a kind follows it: the JUnit path keeps its own.
        let result = try navscript(["run", "a_spec.lua", "--reporter", "junit=a,b.xml,tap=t.tap,"], in: fixture.root)
        #expect(result.status == 1, "\(result.errors)")
        #expect(try fixture.read("a,b.xml").hasPrefix("<?xml"))
        #expect(try fixture.read("t.tap").hasPrefix("TAP version 14"))
        let unknown = try navscript(["run", "a_spec.lua", "--reporter", "console,tapp"], in: fixture.root)
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("unknown reporter 'tapp'"), "\(unknown.errors)")
        // A value of no reporter at all (an unset variable) is refused, not taken for the console.
        for empty in ["", ",,"] {
            let none = try navscript(["run", "a_spec.lua", "--reporter", empty], in: fixture.root)
            #expect(none.status == 2)
            #expect(none.errors.contains("--reporter '\(empty)' names no reporter (console, tap,"), "\(none.errors)")
        }
        let tagged = try Fixture(["t_spec.lua": """
            scenario("one", { tags = { "smoke" } }, function() end)
            scenario("two", { tags = { "fast" } }, function() end)
            scenario("three", function() end)
            """])
        let listed = try navscript(["run", "t_spec.lua", "--tag", "smoke, fast", "--list"], in: tagged.root)
        #expect(listed.status == 0, "\(listed.errors)")
        #expect(listed.output.contains("one") && listed.output.contains("two") && !listed.output.contains("three"), "\(listed.output)")
    }

    @Test func standardErrorIsWrittenWhereItStands() throws {
        let fixture = try Fixture(Self.suite)
        // TAP takes standard output, so the console moves to standard error, a file here:
        // the report is added after the console's summary (it was renamed over the file).
        let status = try navscriptInShell("\"$0\" run a_spec.lua --reporter tap --reporter junit=/dev/stderr >out.tap 2>err.txt", in: fixture.root)
        #expect(status == 1)
        let errors = try fixture.read("err.txt")
        let summary = try #require(errors.range(of: "1 passed, 1 failed, 1 skipped"), "\(errors)")
        #expect(errors[summary.upperBound...].contains("</testsuites>"), "\(errors)")
        #expect(try fixture.read("out.tap").hasPrefix("TAP version 14"))
    }

    @Test(.enabled(if: hasProc)) func aFolderThatTakesNoFileIsRefusedBeforeTheRun() throws {
        let fixture = try Fixture(Self.suite)
        // /proc takes no file, even for root (which chmod cannot stop).
        let result = try navscript(["run", "a_spec.lua", "--reporter", "tap=/proc/x.tap", "--reporter", "junit=ok.xml"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("cannot write /proc/x.tap: cannot create a file in /proc"), "\(result.errors)")
        #expect(!fixture.exists("ok.xml"))   // no report says the run passed
        #expect(!result.output.contains("passed"))
    }

    /// A write that fails only at the end (a full disk: /dev/full here, where it exists)
    /// leaves every report file unwritten: none says a run passed that exits 2. What an
    /// earlier run left there went as the run started (`aKilledRunLeavesNoEarlierReport`).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"))) func aWriteThatFailsAtTheEndLeavesNoReport() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('passes', function() end)"])
        try fixture.write("old.xml", "kept")
        let result = try navscript(["run", ".", "--reporter", "json=r.json,junit=old.xml,tap=/dev/full"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("cannot write /dev/full: No space left on device"), "\(result.errors)")
        #expect(!fixture.exists("r.json"))
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).filter { $0 != ".navscript" }.sorted()
        #expect(left == ["a_spec.lua"], "\(left)")   // no temporary left, nor the earlier run's old.xml
        // Nor a folder made for a report (no `dot` on this PATH draws a picture).
        try fixture.write("map.svg", "old")
        let made = try navscript(["run", ".", "--reporter", "json=out/deep/r.json,map=map.dot,tap=/dev/full"], in: fixture.root,
                                 environment: ["PATH": "/nonexistent"])
        #expect(made.status == 2)
        #expect(!fixture.exists("out") && !made.errors.contains("made the folder"), "\(made.errors)")
        #expect(!fixture.exists("map.svg") && !fixture.exists("map.dot"))
        // Written, the folder is said, and the DOT alone.
        let written = try navscript(["run", ".", "--reporter", "json=out/deep/r.json,map=map.dot"], in: fixture.root,
                                    environment: ["PATH": "/nonexistent"])
        #expect(written.status == 0)
        #expect(written.errors.contains("navscript: made the folder out/deep for r.json"), "\(written.errors)")
        #expect(written.errors.contains("to draw map.svg; wrote the DOT only\n"), "\(written.errors)")
        #expect(fixture.exists("out/deep/r.json") && fixture.exists("map.dot") && !fixture.exists("map.svg"))
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("out"))
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("map.dot"))
        // Coverage's file is one of them.
        try fixture.write("routes/x.lua", "return {}")
        try fixture.write("a_spec.lua", "local X = require 'routes.x'\nscenario('passes', function() end)")
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("coverage"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("coverage/lcov.info").path, withDestinationPath: "/dev/full")
        let covered = try navscript(["run", ".", "--coverage", "--reporter", "json=r.json"], in: fixture.root)
        #expect(covered.status == 2)
        #expect(covered.errors.contains("cannot write coverage/lcov.info: No space left on device"), "\(covered.errors)")
        #expect(!fixture.exists("r.json"))
    }

    @Test func aReporterGivenTwiceTwoOnOneFileOrOneOnAFolderIsAUsageError() throws {
        let fixture = try Fixture(Self.suite)
        let twice = try navscript(["run", "a_spec.lua", "--reporter", "junit=a.xml", "--reporter", "junit=b.xml"], in: fixture.root)
        #expect(twice.status == 2)
        #expect(twice.errors.contains("reporter junit is given twice"))
        let shared = try navscript(["run", "a_spec.lua", "--reporter", "junit=r.txt", "--reporter", "tap=r.txt"], in: fixture.root)
        #expect(shared.status == 2)
        #expect(shared.errors.contains("reporters junit and tap would both write r.txt"), "\(shared.errors)")
        let folder = try navscript(["run", "a_spec.lua", "--reporter", "junit=out/x/"], in: fixture.root)
        #expect(folder.status == 2)
        #expect(folder.errors.contains("the junit report's path out/x/ is a folder; give it a file"), "\(folder.errors)")
        #expect(!fixture.exists("out/x"))
        // A NUL, which only a project file can give, ends no file name (it wrote out%00.xml).
        try fixture.write("navscript.lua", #"return { reporters = { "console", "junit=out\0.xml" } }"#)
        let nul = try navscript(["run", "a_spec.lua"], in: fixture.root)
        #expect(nul.status == 2)
        #expect(nul.errors.contains("setting 'reporters': reporter junit's path holds a NUL byte (\\0), which no file name can"), "\(nul.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).allSatisfy { !$0.hasPrefix("out") })
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("navscript.lua"))
        // The other way round: the html report is a folder, not a page's file.
        let page = try navscript(["run", "a_spec.lua", "--reporter", "html=out.html"], in: fixture.root)
        #expect(page.status == 2 && page.errors.contains("reporter html writes a folder, its page index.html inside: give it a folder (html=out)"), "\(page.errors)")
        #expect(!fixture.exists("out.html"))
        // The map's picture, beside its DOT, is a file it writes too: the JUnit XML took its
        // place, or a folder there failed the run's writes once it was over.
        for order in [["junit=m.svg", "map=m.dot"], ["map=m.dot", "junit=m.svg"], ["map=m.dot", "html=m.svg"]] {
            let clash = try navscript(["run", "a_spec.lua"] + order.flatMap { ["--reporter", $0] }, in: fixture.root)
            #expect(clash.status == 2 && clash.errors.contains("would both write m.svg"), "\(order): \(clash.errors)")
            #expect(!fixture.exists("m.dot") && !fixture.exists("m.svg"))
        }
        // One file however it is spelled: relative, absolute, with `//`, through a link, or
        // the html report's page.
        try fixture.write("real.xml", "")
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("link.xml").path, withDestinationPath: "real.xml")
        for (pair, said) in [(["junit=r.xml", "tap=./r.xml"], "reporters junit and tap would both write r.xml and ./r.xml, one file"),
                             (["junit=r.xml", "tap=\(fixture.root.path)/r.xml"], "reporters junit and tap would both write r.xml and \(fixture.root.path)/r.xml, one file"),
                             (["junit=out//r.xml", "json=out/r.xml"], "reporters junit and json would both write out//r.xml and out/r.xml, one file"),
                             (["junit=real.xml", "tap=link.xml"], "reporters junit and tap would both write real.xml and link.xml, one file"),
                             (["html=hx", "junit=hx/index.html"], "reporters html and junit would both write hx/index.html"),
                             (["html=hx", "junit=./hx"], "reporters html and junit would both write hx and ./hx, one file")] {
            let clash = try navscript(["run", "a_spec.lua"] + pair.flatMap { ["--reporter", $0] }, in: fixture.root)
            #expect(clash.status == 2 && clash.errors.contains(said), "\(pair): \(clash.errors)")
            #expect(try !fixture.exists("r.xml") && !fixture.exists("out") && !fixture.exists("hx") && fixture.read("real.xml").isEmpty)
        }
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("n.svg"), withIntermediateDirectories: true)
        let pictureFolder = try navscript(["run", "a_spec.lua", "--reporter", "map=n.dot"], in: fixture.root)
        #expect(pictureFolder.status == 2 && pictureFolder.errors.contains("the map's picture n.svg (beside its DOT n.dot) is a folder"), "\(pictureFolder.errors)")
        #expect(!fixture.exists("n.dot"))
    }

    @Test func tapDiagnosticsAreYAMLWhateverTheMessage() throws {
        let fixture = try Fixture(Self.suite)
        let result = try navscript(["run", "a_spec.lua", "--reporter", "tap"], in: fixture.root)
        // A first line that starts with spaces says its indentation; CR LF breaks the line.
        #expect(result.output.contains("  message: |2-\n       indented\n    next\n"), "\(result.output)")
        // A skip reason and a description keep control characters visible and on one line.
        #expect(result.output.contains("ok 3 - a_spec.lua › tab\tname # SKIP pending: why \\x1b[31m\n"), "\(result.output)")
    }

    /// A message's trailing line breaks are kept (`|+`), as TAP 13's quoted line, JSON and
    /// JUnit keep them; `|-` stripped them.
    @Test func tapKeepsAMessagesTrailingLineBreaks() throws {
        let fixture = try Fixture(["t_spec.lua": "scenario('t', function() error('msg\\n\\n', 0) end)\nscenario('u', function() error(' lead\\n', 0) end)\nscenario('v', function() error('crlf\\r\\n', 0) end)\n"])
        let result = try navscript(["run", "t_spec.lua", "--reporter", "tap"], in: fixture.root)
        #expect(result.output.contains("  message: |+\n    msg\n    \n  severity: fail\n"), "\(result.output)")
        #expect(result.output.contains("  message: |2+\n     lead\n  severity: fail\n"), "\(result.output)")
        #expect(result.output.contains("  message: |+\n    crlf\n  severity: fail\n"), "\(result.output)")
    }

    @Test func theConsoleShowsControlCharactersOfNamesAndReasons() throws {
        let fixture = try Fixture(Self.suite)
        let result = try navscript(["run", "a_spec.lua", "--color", "never"], in: fixture.root)
        #expect(result.output.contains("(pending: why \\x1b[31m)"), "\(result.output)")
        #expect(!result.output.contains("\u{1B}"))
    }

    @Test func junitAttributesKeepTabsAndClassNamesStartWithAName() throws {
        let fixture = try Fixture(Self.suite)
        let outside = fixture.root.appendingPathComponent("../\(fixture.root.lastPathComponent)-out")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data(Self.suite["a_spec.lua"]!.utf8).write(to: outside.appendingPathComponent("b_spec.lua"))
        let result = try navscript(["run", "a_spec.lua", outside.appendingPathComponent("b_spec.lua").path, "--reporter", "junit=r.xml"], in: fixture.root)
        #expect(result.status == 1)
        let xml = try fixture.read("r.xml")
        #expect(xml.contains("name=\"tab&#9;name\""))
        #expect(!xml.contains("classname=\"."), "\(xml)")
    }

    @Test func listingOrCheckingNothingIsNotAPass() throws {
        let fixture = try Fixture(Self.suite)
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let list = try navscript(["run", "a_spec.lua", "--list", "--filter", "nothing"], in: fixture.root)
        #expect(list.status == 2)
        #expect(list.errors.contains("no scenarios to run"))
        #expect(try navscript(["run", "a_spec.lua", "--list", "--filter", "nothing", "--pass-with-no-scenarios"], in: fixture.root).status == 0)
        let check = try navscript(["check", "empty"], in: fixture.root)
        #expect(check.status == 2)
        #expect(check.errors.contains("no scenario files, nor route scripts (in a folder named routes), to check in empty"))
    }

    @Test func watchRefusesWhatOnlyRunDoes() throws {
        let fixture = try Fixture(Self.suite)
        for option in [["--coverage"], ["--shuffle"], ["--durations", "3"], ["--last-failed"], ["--coverage-threshold", "50"], ["--shard", "1/2"]] {
            let result = try navscript(["watch", "a_spec.lua"] + option, in: fixture.root)
            #expect(result.status == 2, "\(option)")
            #expect(result.errors.contains("Unknown option '\(option[0])'"), "\(result.errors)")
        }
        // Nor does its help list them.
        let help = try navscript(["watch", "--help"], in: fixture.root)
        for option in ["--coverage", "--shuffle", "--durations", "--last-failed", "--shard"] {
            #expect(!help.output.contains(option + " "), "\(option)")
        }
        let tap = try navscript(["watch", "a_spec.lua", "--reporter", "tap"], in: fixture.root)
        #expect(tap.status == 2)
        #expect(tap.errors.contains("reporter tap would write to standard output"), "\(tap.errors)")
    }

    @Test func tracebacksLeaveOutTheRunnersOwnFrames() throws {
        let fixture = try Fixture(["hooks_spec.lua": """
            describe("set-up fails", function()
              before_all(function() error("boom") end)
              scenario("one", function() end)
            end)
            """])
        let result = try navscript(["run", "hooks_spec.lua"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("hooks_spec.lua:2: boom\n     (in before_all of \"set-up fails\")\n     stack traceback:"), "\(result.output)")
        // The hook is named by its kind, where the stripped prelude's local would be '?'.
        #expect(result.output.contains("hooks_spec.lua:2: in field 'before_all'"), "\(result.output)")
        #expect(!result.output.contains("?: in function <?:"), "\(result.output)")
    }

    @Test func aFailedExpectInAHelperNamesItsCallers() throws {
        let fixture = try Fixture([
            "e_spec.lua": """
                local check = require "check"
                scenario("in a helper", function()
                  check.ok(false)
                end)
                scenario("in the scenario", function()
                  expect(1):toBe(2)
                end)
                """,
            "check.lua": "local M = {}\nfunction M.ok(v)\n  expect(v):toBe(true)\nend\nreturn M\n",
        ])
        let result = try navscript(["run", "e_spec.lua", "--color", "never"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("check.lua:3: expect(value):toBe(expected) failed\n       expected: true\n       received: false\n"
            + "     stack traceback:\n     \tcheck.lua:3: in field 'ok'\n     \te_spec.lua:3: in function <e_spec.lua:2>\n"), "\(result.output)")
        #expect(result.output.contains("e_spec.lua:6: expect(value):toBe(expected) failed\n       expected: 2\n       received: 1\n\n"), "\(result.output)")
    }

    /// Run from a folder below the suite's root, a module in that folder is named from it,
    /// as explore names a model there (the root above is named by its absolute path).
    @Test func aModuleBelowTheWorkingFolderIsNamedFromIt() throws {
        let fixture = try Fixture([
            "routes/app.lua": "return { ok = function() error('broken') end }\n",
            "lim/err.lua": "local App = require 'routes.app'\nreturn { go = function() App.ok() end, fail = function() error('too deep') end }\n",
            "scenarios/a.lua": "local err = require 'lim.err'\nscenario('a', function() err.fail() end)\nscenario('b', function() err.go() end)\n",
        ])
        let run = try navscript(["run", "../scenarios/a.lua", "--color", "never"], in: fixture.root.appendingPathComponent("lim"))
        #expect(run.status == 1)
        #expect(run.output.contains("\n     err.lua:2: too deep\n"), "\(run.output)")
        // The root is above: its modules go by absolute paths (macOS may name /private/var).
        #expect(run.output.contains("/routes/app.lua:1: broken\n") && !run.output.contains(" routes/app.lua"), "\(run.output)")
    }

    /// A `dot` that ends before it has read the map (a crash, a bad install) leaves the DOT
    /// written and the run's status as it is: the map's write raised SIGPIPE, status 141.
    @Test func aDotThatEndsAtOnceDoesNotEndTheRun() throws {
        let screens = (1...2).map { "S[\($0)] = nav.screen('Screen\($0)_' .. string.rep('x', 40000))" }.joined(separator: "\n")
        let fixture = try Fixture([
            "m_spec.lua": "local S = {}\n\(screens)\nit('long names', function()\n  local app = nav.app { root = nav.stack { S[1]() } }\n"
                + "  app:navigate(nav.route():top(nav.stack):push(S[2]()))\nend)\n",
            "bin/dot": "#!/bin/sh\nexit 1\n",
        ])
        chmod(fixture.root.appendingPathComponent("bin/dot").path, 0o755)
        let path = fixture.root.appendingPathComponent("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try navscript(["run", "m_spec.lua", "--reporter", "map=map.dot", "--color", "never"], in: fixture.root, environment: ["PATH": path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("Graphviz's dot failed to draw map.svg; wrote the DOT only"), "\(run.errors)")
        #expect(try fixture.read("map.dot").utf8.count > 1 << 16)
    }
}
