import Foundation
import Testing

/// `--coverage`: the lines of route scripts a run went through, as LCOV and in the report.
extension ReportTests {
    /// --coverage on a suite whose covered lines are known: LCOV that lcov itself reads,
    /// the summary, the threshold, and the HTML report's coverage.
    @Test func coverageCountsTheLinesOfRouteScriptsThatRan() throws {
        let fixture = try Fixture([
            "routes/counter.lua": """
                local M = {}
                function M.used(x)
                  return x + 1
                end
                function M.unused(x)
                  return x - 1
                end
                return M
                """,
            // A control that reorders the text (the "Trojan Source" trick) reads as Lua reads it.
            "routes/never.lua": "return { never = true, text = \"x\u{202E}abc\" }\n",
            "routes/links.lua": """
                local Feed, Chat = nav.screen("Feed"), nav.screen("Chat")
                nav.deeplink("app://chat/:id", function(params) return nav.route():top(nav.stack):push(Chat { id = params.id }) end)
                nav.deeplink("app://unused", function() return nav.route() end)
                nav.interceptor(function() return true end)
                return { Feed = Feed, back = nav.route():top(nav.stack):pop():fallback(function() return nil end) }
                """,
            "scenarios/links_spec.lua": """
                local links = require "routes.links"
                scenario("opens a chat", function()
                  local app = nav.app { root = nav.stack { links.Feed() } }
                  expect(app:open("app://chat/7")):toSucceed()
                end)
                """,
            "scenarios/count.lua": """
                local counter = require "routes.counter"
                scenario("one", function() expect(counter.used(1)):toBe(2) end)
                scenario("two", function() expect(counter.used(2)):toBe(3); expect(counter.used(3)):toBe(4) end)
                """,
        ])
        let run = try navscript(["run", ".", "--coverage", "--reporter", "html=report", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        let lcov = try fixture.read("coverage/lcov.info")
        #expect(lcov.contains("""
            SF:routes/counter.lua
            DA:1,2
            DA:2,2
            DA:3,3
            DA:4,2
            DA:5,2
            DA:6,0
            DA:7,2
            DA:8,2
            LF:8
            LH:7
            end_of_record
            """))
        #expect(lcov.contains("SF:routes/never.lua\nDA:1,0\nLF:1\nLH:0\nend_of_record"))
        #expect(!lcov.contains("scenarios/count.lua"))
        #expect(lcov.contains("SF:routes/links.lua"))
        // An `end` line runs when Lua attributes the function's closure to it (as it does).
        #expect(run.output.contains("routes/counter.lua   87.5%  7/8 lines"))
        #expect(run.output.contains("Routes: 2 of 4 ran (deeplink patterns, interceptors, fallbacks, deeplink types)"))
        #expect(run.output.contains("never ran: deeplink app://unused"))
        #expect(run.output.contains("never ran: fallback routes/links.lua:5"))
        let page = try fixture.read("report/index.html")
        #expect(page.contains(#""coverage":{"files""#))
        #expect(page.contains(#"text = \"x\\u{202E}abc\""#) && !page.contains("\u{202E}"), "\(page)")
        let below = try navscript(["run", ".", "--coverage-threshold", "95", "--color", "never", "--reporter", "json=out/run.json",
                                   "--reporter", "tap=out/run.tap", "--reporter", "junit=out/run.xml"], in: fixture.root)
        #expect(below.status == 1)
        #expect(below.errors.contains("is below the threshold of 95%"))
        // The machine reports say what failed and how the run exits too.
        #expect(try fixture.read("out/run.json").contains(#""exitCode" : 1"#))
        #expect(try fixture.read("out/run.tap").contains(" - coverage/lcov.info › coverage threshold\n  ---\n  message: |-\n    coverage "))
        let junit = try fixture.read("out/run.xml")
        #expect(junit.contains(#"<testcase classname="coverage" name="coverage threshold" time="0.000">"#) && junit.contains(#"type="coverage">"#), "\(junit)")
        #expect(junit.contains(#"failures="1""#))
        if let lcovTool = ["/usr/bin/lcov", "/usr/local/bin/lcov", "/opt/homebrew/bin/lcov"].first(where: FileManager.default.isExecutableFile(atPath:)) {
            let summary = try Self.tool(lcovTool, ["--summary", "coverage/lcov.info"], in: fixture.root)
            // lcov 1.x writes "lines......:", 2.x (Homebrew's, Debian 13's) "lines.......:".
            #expect((summary.output + summary.errors).range(of: #"lines\.+:"#, options: .regularExpression) != nil)
            #expect(!(summary.output + summary.errors).contains("ERROR"))
        } else {
            #expect(!Self.browserRequired, "scripts/test installs lcov; it is missing")
        }
    }

    /// A module saved with CRLF line ends counts its lines as Lua does, one with a byte
    /// that is not UTF-8 is counted too (it was left out, and a threshold passed without
    /// it), a share is cut to a tenth (1 line of 2,009 missed read 100.0 %), and a suite
    /// with no route script meets no threshold.
    @Test func coverageCountsOddlySavedModulesAndNeverRoundsUp() throws {
        let fixture = try Fixture(["scenarios/use.lua": """
            local crlf, latin = require "routes.crlf", require "routes.latin"
            scenario("f", function() expect(crlf.f() + latin.f()):toBe(2) end)
            """])
        let module = "local M = {}\r\n\r\nfunction M.f()\r\n  return 1\r\nend\r\n-- c\r\nfunction M.g()\r\n  return 2\r\nend\r\nreturn M\r\n"
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("routes"), withIntermediateDirectories: true)
        try Data(module.utf8).write(to: fixture.root.appendingPathComponent("routes/crlf.lua"))
        try Data([0x2D, 0x2D, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0A] + Array(module.replacingOccurrences(of: "\r\n", with: "\n").utf8))
            .write(to: fixture.root.appendingPathComponent("routes/latin.lua"))
        let run = try navscript(["run", ".", "--coverage-threshold", "90", "--color", "never"], in: fixture.root)
        #expect(run.output.contains("routes/crlf.lua    87.5%  7/8 lines"), "\(run.output)")
        #expect(run.output.contains("routes/latin.lua   87.5%  7/8 lines"), "\(run.output)")
        #expect(run.status == 1 && run.errors.contains("coverage 87.5% is below the threshold of 90%"), "\(run.errors)")
        let many = String(repeating: "  n = n + 1\n", count: 2_000)
        try fixture.write("routes/crlf.lua", "local M = {}\nfunction M.f()\n  local n = 0\n\(many)  return n - 1999\nend\nfunction M.g()\n  return 2\nend\nreturn M\n")
        try fixture.write("routes/latin.lua", "return { f = function() return 1 end }\n")
        let cut = try navscript(["run", ".", "--coverage-threshold", "100", "--color", "never"], in: fixture.root)
        #expect(cut.errors.contains("coverage 99.9% is below the threshold of 100%"), "\(cut.output)\(cut.errors)")
        let empty = try Fixture(["scenarios/a.lua": "scenario('a', function() end)"])
        let none = try navscript(["run", ".", "--coverage-threshold", "50", "--color", "never"], in: empty.root)
        #expect(none.status == 1 && none.errors.contains("coverage has no line of a route script to count, so it cannot meet the threshold of 50%"),
                "\(none.errors)")
    }

    /// Route modules are found below the suite's root, wherever the run starts from: one
    /// that no scenario required is listed under its own path.
    @Test func coverageListsTheModulesOfASuiteInAnotherFolder() throws {
        let fixture = try Fixture([
            "app/routes/counter.lua": "return { used = function(x) return x + 1 end }\n",
            "app/routes/never.lua": "return { never = true }\n",
            "app/explore.lua": "return explore.model { start = function() return nav.app() end, actions = {} }\n",
            "app/navscript.lua": "return { paths = { \"scenarios\" } }\n",
            "app/scenarios/count.lua": """
                local counter = require "routes.counter"
                scenario("one", function() expect(counter.used(1)):toBe(2) end)
                """,
        ])
        let run = try navscript(["run", "app", "--coverage", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.errors)")
        let lcov = try fixture.read("coverage/lcov.info")
        #expect(lcov.contains("SF:app/routes/counter.lua\nDA:1,2"), "\(lcov)")
        #expect(lcov.contains("SF:app/routes/never.lua\nDA:1,0\nLF:1\nLH:0\nend_of_record"), "\(lcov)")
        #expect(!lcov.contains("scenarios/count.lua"))
        // An explore model and the project file are not route scripts.
        #expect(!lcov.contains("explore.lua") && !lcov.contains("navscript.lua"), "\(lcov)")
    }

    /// A statement over several lines runs at the line its instructions have: a long
    /// string's `]]`, a table's closing line; the lines before could never be counted, and a
    /// file whose every statement ran was under 100 %.
    @Test func statementsOverSeveralLinesAreCoveredWhole() throws {
        let fixture = try Fixture([
            "routes/m.lua": """
                local M = {}
                M.help = [[
                Usage: app
                ]]
                M.x = nav.screen("X", {
                  container = "stack",
                })
                function M.f(a,
                             b)
                  return a + b
                end
                function M.never()
                  return 1
                end
                return M
                """,
            "scenarios/s.lua": "local M = require 'routes.m'\nscenario('a', function() expect(M.help):toBe('Usage: app\\n'); expect(M.f(1, 2)):toBe(3) end)\n",
        ])
        let run = try navscript(["run", ".", "--coverage", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let lcov = try fixture.read("coverage/lcov.info")
        #expect(!lcov.contains("DA:2,0") && !lcov.contains("DA:9,0"), "\(lcov)")
        #expect(lcov.contains("DA:13,0\n") && lcov.contains("LF:12\nLH:11\n"), "\(lcov)")
    }

    /// Counted whole, however many files a scenario runs, through whatever path: past 255
    /// modules lines went uncounted (a fixed table), a module reached through a linked root
    /// was two files at half each, a comment-only or empty module counted its first line
    /// (Lua's closing `return`), and a suite with no route script read "total 100.0 %".
    @Test func coverageCountsEveryModuleOnceAndNoCommentLine() throws {
        var files = ["scenarios/many.lua": """
            scenario("x", function()
              local sum = 0
              for i = 1, 300 do sum = sum + require("routes.m" .. i).f() end
              require "routes.comments"; require "routes.empty"
              expect(sum):toBe(45150)
            end)
            """,
            "routes/comments.lua": "-- a\n-- b\n", "routes/empty.lua": "",
            "other/scenarios/linked.lua": "-- navscript: root = ../../linked\nlocal M = require 'routes.m1'\nscenario('y', function() expect(M.g()):toBe(2) end)\n"]
        for i in 1...300 { files["routes/m\(i).lua"] = "local M = {}\nfunction M.f()\n  return \(i)\nend\nfunction M.g()\n  return 2\nend\nreturn M\n" }
        let fixture = try Fixture(files)
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("linked").path, withDestinationPath: ".")
        let run = try navscript(["run", "scenarios", "other", "--coverage", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let lcov = try fixture.read("coverage/lcov.info")
        #expect(lcov.contains("SF:routes/m300.lua\nDA:1,1\nDA:2,1\nDA:3,1\nDA:4,1\nDA:5,1\nDA:6,0\nDA:7,1\nDA:8,1\nLF:8\nLH:7\n"), "\(lcov)")
        #expect(lcov.contains("SF:routes/m1.lua\nDA:1,2\nDA:2,2\nDA:3,1\nDA:4,2\nDA:5,2\nDA:6,1\nDA:7,2\nDA:8,2\nLF:8\nLH:8\n"), "\(lcov)")
        #expect(!lcov.contains("linked/"), "\(lcov)")
        #expect(lcov.contains("SF:routes/comments.lua\nLF:0\nLH:0\n") && lcov.contains("SF:routes/empty.lua\nLF:0\nLH:0\n"), "\(lcov)")
        let empty = try Fixture(["scenarios/a.lua": "scenario('a', function() end)", "routes/two\nlines.lua": "return {}"])
        let none = try navscript(["run", ".", "--coverage", "--color", "never"], in: empty.root)
        #expect(none.output.contains("Coverage of route scripts:\n  no route script to measure"), "\(none.output)")
        // LCOV cannot write a line break in a path: the file is left out, and said so.
        #expect(none.output.contains("  left out: routes/two\\x0alines.lua (LCOV cannot write a control character, such as a line break, in a path)"),
                "\(none.output)")
        #expect(try empty.read("coverage/lcov.info").isEmpty)
    }
}
