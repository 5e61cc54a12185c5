import Foundation
import Testing

/// Edges of `draw` and `init` a review found: each says what went wrong, and writes nothing
/// half.
@Suite struct CommandEdgeTests {
    /// A path that is a link to nothing, or one of a loop of links, says so, not "no such
    /// file or folder".
    @Test func aBrokenLinkOnTheCommandLineIsNamed() throws {
        let fixture = try Fixture([:])
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: fixture.root.appendingPathComponent("a_spec.lua").path, withDestinationPath: "b.lua")
        try manager.createSymbolicLink(atPath: fixture.root.appendingPathComponent("b.lua").path, withDestinationPath: "a_spec.lua")
        try manager.createSymbolicLink(atPath: fixture.root.appendingPathComponent("gone_spec.lua").path, withDestinationPath: "nowhere.lua")
        let loop = try navscript(["run", "a_spec.lua"], in: fixture.root)
        #expect(loop.status == 2)
        #expect(loop.errors.contains("a link that leads to no file or folder (Too many levels of symbolic links): a_spec.lua"), "\(loop.errors)")
        let gone = try navscript(["check", "gone_spec.lua"], in: fixture.root)
        #expect(gone.status == 2)
        #expect(gone.errors.contains("a link that leads to no file or folder (No such file or directory): gone_spec.lua"), "\(gone.errors)")
        #expect(try navscript(["run", "missing_spec.lua"], in: fixture.root).errors.contains("no such file or folder: missing_spec.lua"))
        // Along the path too: a loop on the way, and a file taken for a folder.
        try manager.createSymbolicLink(atPath: fixture.root.appendingPathComponent("c").path, withDestinationPath: "d")
        try manager.createSymbolicLink(atPath: fixture.root.appendingPathComponent("d").path, withDestinationPath: "c")
        let midway = try navscript(["run", "c/x_spec.lua"], in: fixture.root)
        #expect(midway.status == 2)
        #expect(midway.errors.contains("a link that leads to no file or folder (Too many levels of symbolic links): c/x_spec.lua"), "\(midway.errors)")
        let notFolder = try navscript(["run", "b.lua/x_spec.lua"], in: fixture.root)
        #expect(notFolder.errors.contains("no such file or folder: b.lua/x_spec.lua") == false, "\(notFolder.errors)")
    }

    /// A folder that cannot be read fails the run and the check as a file that cannot be
    /// read does (it was skipped with a warning, and the run passed without its scenarios).
    /// Root reads every folder: as root, the command runs as nobody (setpriv), from a copy
    /// of the binary that nobody can reach.
    @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aFolderThatCannotBeReadFailsTheRun() throws {
        let fixture = try Fixture([
            "scenarios/good.lua": "scenario('ok', function() end)",
            "scenarios/locked/c.lua": "scenario('c', function() error('c fails') end)",
        ])
        let manager = FileManager.default
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixture.root.path)
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixture.root.appendingPathComponent("scenarios").path)
        let locked = fixture.root.appendingPathComponent("scenarios/locked").path
        try manager.setAttributes([.posixPermissions: 0], ofItemAtPath: locked)
        defer { try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }
        func command(_ arguments: [String]) throws -> Command {
            guard getuid() == 0 else { return try navscript(arguments, in: fixture.root) }
            let copy = fixture.root.appendingPathComponent("navscript").path
            if !manager.fileExists(atPath: copy) { try manager.copyItem(atPath: Binary.url.path, toPath: copy) }
            let (status, output) = try ReporterTests.run(URL(fileURLWithPath: "/usr/bin/setpriv"),
                                                         ["--reuid=65534", "--regid=65534", "--clear-groups", copy] + arguments, in: fixture.root)
            return Command(status: status, output: output, errors: "")
        }
        for arguments in [["run", "scenarios", "--color", "never"], ["check", "scenarios"], ["run", "scenarios/locked", "--color", "never"]] {
            let result = try command(arguments)
            #expect(result.status == 2, "\(arguments): \(result.output)\(result.errors)")
            #expect((result.output + result.errors).contains("scenarios/locked: cannot be read (Permission denied: it is a folder, and the scripts in it cannot run)"),
                    "\(arguments): \(result.output)\(result.errors)")
        }
    }

    @Test func drawingAScenarioThatFailsBeforeItsFirstStepSaysWhy() throws {
        let fixture = try Fixture(["early_spec.lua": "scenario('early', function() error('too soon') end)"])
        let result = try navscript(["draw", "early_spec.lua"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.errors.contains("has no step to draw; it failed first: early_spec.lua:1: too soon"), "\(result.errors)")
        // A name's control characters are written as run writes them, not sent to the terminal.
        let escape = try Fixture(["red_spec.lua": "scenario('a\\27[31mred', function() end)\nscenario('b', function() end)"])
        let red = try navscript(["draw", "red_spec.lua", "--scenario", "red"], in: escape.root)
        #expect(red.status == 2)
        #expect(red.errors.contains("the scenario 'a\\x1b[31mred' has no step to draw"), "\(red.errors)")
        #expect(!red.errors.contains("\u{1B}"), "\(red.errors)")
        let listed = try navscript(["draw", "red_spec.lua"], in: escape.root)
        #expect(listed.errors.contains("  a\\x1b[31mred\n"), "\(listed.errors)")
        #expect(!listed.errors.contains("\u{1B}"), "\(listed.errors)")
    }

    /// draw writes SVG only: a path named for another format is refused before anything runs.
    @Test func drawRefusesAPathOfAnotherFormat() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() nav.app { root = nav.screen('A')() } end)"])
        let result = try navscript(["draw", "a_spec.lua", "-o", "step.PNG"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("draw writes SVG, and step.PNG names another format: write it as .svg"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("step.PNG").path))
        #expect(try navscript(["draw", "a_spec.lua", "-o", "step.svg"], in: fixture.root).status == 0)
    }

    /// A path that names a folder, or nothing, is refused before anything runs: a trailing
    /// slash had written a file of the folder's name.
    @Test func drawRefusesAFolderOrAnEmptyPath() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() nav.app { root = nav.screen('A')() } end)"])
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        let attempts: [(String, String)] = [
            ("", "-o takes the picture's file (-o step.svg); an empty path names none"),
            ("pictures", "the picture's path pictures is a folder; give it a file (-o pictures/step.svg)"),
            ("new/", "the picture's path new/ is a folder; give it a file (-o new/step.svg)"),
        ]
        for (path, message) in attempts {
            let result = try navscript(["draw", "a_spec.lua", "-o", path], in: fixture.root)
            #expect(result.status == 2, "\(path)")
            #expect(result.errors.contains(message), "\(path): \(result.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("new").path))
    }

    /// A picture or a report never goes over a Lua script or a snapshot file: `-o` and
    /// `kind=path` naming one are refused before anything runs, and the file is kept.
    @Test func picturesAndReportsNeverWriteOverScriptsOrSnapshots() throws {
        let script = "scenario('a', function() nav.app { root = nav.screen('A')() } end)"
        let fixture = try Fixture(["a_spec.lua": script, "a_spec.lua.snap": "kept"])
        // Nor through a link to one, whatever the link's own name.
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("pic.svg").path, withDestinationPath: "a_spec.lua")
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("m.svg").path, withDestinationPath: "a_spec.lua.snap")
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("dangling.xml").path, withDestinationPath: "new.lua")
        let attempts: [([String], String)] = [
            (["draw", "a_spec.lua", "-o", "pic.svg"], "draw would write over pic.svg, which names a link to a Lua script"),
            (["run", "a_spec.lua", "--reporter", "tap=pic.svg"], "reporter tap would write over pic.svg, which names a link to a Lua script"),
            (["run", "a_spec.lua", "--reporter", "map=m.dot"], "reporter map would write its picture over m.svg, which names a link to a snapshot file"),
            (["run", "a_spec.lua", "--reporter", "junit=dangling.xml"], "reporter junit would write over dangling.xml, which names a link to a Lua script"),
            (["draw", "a_spec.lua", "-o", "a_spec.lua"], "draw would write over a_spec.lua, which names a Lua script: write the picture as .svg"),
            (["draw", "a_spec.lua", "-o", "other.LUA"], "draw would write over other.LUA, which names a Lua script"),
            (["run", "a_spec.lua", "--reporter", "map=a_spec.lua"], "reporter map would write over a_spec.lua, which names a Lua script: give it a file of its own (map=navscript-map.dot)"),
            (["run", "a_spec.lua", "--reporter", "json", "--output", "a_spec.lua"], "reporter json would write over a_spec.lua, which names a Lua script"),
            (["run", "a_spec.lua", "--reporter", "junit=a_spec.lua.snap"], "reporter junit would write over a_spec.lua.snap, which names a snapshot file: give it a file of its own (junit=report.xml)"),
            (["merge-reports", "blob-report", "--reporter", "tap=a_spec.lua"], "reporter tap would write over a_spec.lua, which names a Lua script"),
        ]
        for (arguments, message) in attempts {
            let result = try navscript(arguments, in: fixture.root)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
        }
        #expect(try fixture.read("a_spec.lua") == script)
        #expect(try fixture.read("a_spec.lua.snap") == "kept")
    }

    @Test func drawingAScenarioThatWasNotRunSaysSo() throws {
        let fixture = try Fixture(["focus_spec.lua": """
            scenario.only("focus", function() nav.app { root = nav.screen("A")() } end)
            scenario("other", function() nav.app { root = nav.screen("B")() } end)
            """, "skip_spec.lua": "scenario.skip('later', function() nav.app { root = nav.screen('A')() } end)"])
        let focused = try navscript(["draw", "focus_spec.lua", "--scenario", "other"], in: fixture.root)
        #expect(focused.status == 2)
        #expect(focused.errors.contains("the scenario 'other' has no step to draw: it was not run (skipped, or left out by the .only at focus_spec.lua:1)"),
                "\(focused.errors)")
        let skipped = try navscript(["draw", "skip_spec.lua"], in: fixture.root)
        #expect(skipped.errors.contains("the scenario 'later' has no step to draw: it was not run (skipped)"), "\(skipped.errors)")
        // One that ran and stopped at pending() was run.
        try fixture.write("stop_spec.lua", "scenario('stops', function() pending('soon') end)\nscenario('quiet', function() pending() end)")
        let stopped = try navscript(["draw", "stop_spec.lua", "--scenario", "stops"], in: fixture.root)
        #expect(stopped.status == 2)
        #expect(stopped.errors.contains("the scenario 'stops' has no step to draw: it called pending('soon') before it"), "\(stopped.errors)")
        let quiet = try navscript(["draw", "stop_spec.lua", "--scenario", "quiet"], in: fixture.root)
        #expect(quiet.errors.contains("the scenario 'quiet' has no step to draw: it called pending() before it"), "\(quiet.errors)")
    }

    /// A command that refuses its arguments shows its own usage, as a parse error does.
    @Test func aRunErrorShowsTheCommandsUsage() throws {
        let fixture = try Fixture([:])
        let result = try navscript(["run", "nowhere"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("Error: no such file or folder: nowhere\nUsage: navscript run [<options>] [<paths> ...]\n  See 'navscript run --help'"),
                "\(result.errors)")
    }

    /// Another runner's option, typed out of habit, is answered with navscript's own, not a
    /// near spelling of another (`--grep`: "Did you mean '--seed'?").
    @Test func anotherRunnersOptionIsAnsweredWithOurs() throws {
        let fixture = try Fixture(["scenarios/a.lua": "scenario('a', function() end)"])
        for option in ["--grep", "-t", "--testNamePattern"] {
            let result = try navscript(["run", ".", option, "chat"], in: fixture.root)
            #expect(result.status == 2)
            #expect(result.errors.hasPrefix("Error: Unknown option '\(option)' (navscript's name filter is --filter text: a part of the full name)\nUsage: navscript run"),
                    "\(result.errors)")
        }
        #expect(try navscript(["run", ".", "-x"], in: fixture.root).errors.hasPrefix("Error: Unknown option '-x' (navscript's is --fail-fast, or --max-failures N)"))
    }

    /// ArgumentParser validates before it looks for unknown options: a misspelt option with
    /// no path was answered "give at least one scenario file".
    @Test func anUnknownOptionWithoutPathsIsNamed() throws {
        let fixture = try Fixture([:])
        for command in ["run", "check", "watch"] {
            let result = try navscript([command, "--bogus"], in: fixture.root)
            #expect(result.status == 2)
            #expect(result.errors.hasPrefix("Error: Unknown option '--bogus'"), "\(result.errors)")
        }
        // No path and no project file: the working folder, as Jest and pytest search it.
        let none = try navscript(["run"], in: fixture.root)
        #expect(none.status == 2)
        #expect(none.errors.hasPrefix("navscript: no scenarios to run in . (no scenario files there"), "\(none.errors)")
        try fixture.write("scenarios/a.lua", "scenario('a', function() end)")
        #expect(try navscript(["run"], in: fixture.root).status == 0)
    }

    /// A path whose bytes are not UTF-8 reaches Swift with U+FFFD in their place, so it named
    /// nothing: it is said to be not UTF-8, with its bytes as a folder's listing writes them.
    @Test func aPathThatIsNotUTF8IsSaidToBe() throws {
        let fixture = try Fixture([:])
        for command in ["run", "draw", "explore"] {
            let status = try navscriptInShell("\"$0\" \(command) \"$(printf 'caf\\351_spec.lua')\" 2>err.txt", in: fixture.root)
            let errors = try fixture.read("err.txt")
            #expect(status == 2)
            #expect(errors.hasPrefix("Error: caf\\xe9_spec.lua is a path that is not UTF-8: rename it\n"), "\(errors)")
        }
    }

    @Test func initRefusesAFolderWhereAFileGoesBeforeWritingAny() throws {
        let fixture = try Fixture(["suite/scenarios/chat.lua/keep": ""])
        let result = try navscript(["init", "suite", "--force"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.errors.contains("scenarios/chat.lua in suite is a folder where the starter suite writes a file; nothing written"), "\(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root.appendingPathComponent("suite").path) == ["scenarios"])
        #expect(try navscript(["init", ""], in: fixture.root).status == 2)
    }

    /// Coverage that could not be written is refused before the run, as a report's path is
    /// (a JSON report said the run passed, then the write failed in Foundation's words);
    /// `--durations 0` lists every scenario, as pytest's; `--shard` takes digits only.
    @Test func optionsCheckedBeforeTheRun() throws {
        let fixture = try Fixture(["a_spec.lua": "scenario('a', function() end)\nscenario('b', function() end)", "coverage": "a file"])
        let coverage = try navscript(["run", ".", "--coverage", "--reporter", "json=j.json"], in: fixture.root)
        #expect(coverage.status == 2)
        #expect(coverage.errors.contains("coverage is written to coverage/lcov.info, and coverage is a file"), "\(coverage.errors)")
        #expect(!fixture.exists("j.json"))
        let durations = try navscript(["run", ".", "--durations", "0", "--color", "never"], in: fixture.root)
        #expect(durations.output.contains("Slowest 2 scenarios:"), "\(durations.output)")
        for shard in ["1/3/", "+1/3", "1/ 3", "1/3x"] {
            let result = try navscript(["run", ".", "--shard", shard], in: fixture.root)
            #expect(result.status == 2 && result.errors.contains("--shard takes I/N"), "\(shard): \(result.errors)")
        }
    }

    /// draw writes a failure's control characters visibly on standard error, as run does:
    /// a screen name may carry a terminal's escapes.
    @Test func drawWritesControlCharactersVisibly() throws {
        let fixture = try Fixture(["x_spec.lua": """
            local S = nav.screen("odd\\1\\27[31m")
            scenario("s", function()
              local app = nav.app { root = nav.stack { S() } }
              expect(app):toShow(nav.screen("Other"))
            end)
            """])
        let result = try navscript(["draw", "x_spec.lua", "-o", "x.svg"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.errors.contains("received: odd\\x01\\x1b[31m") && !result.errors.contains("\u{1B}"), "\(result.errors)")
    }

    /// What a failed scenario or a file that does not load printed is shown in the console
    /// with its control characters visible, as their messages are: a terminal would obey
    /// an escape (retitle the window, clear the screen).
    @Test func printedTextIsShownWithControlCharactersVisible() throws {
        let fixture = try Fixture([
            "a_spec.lua": "scenario('s', function() print('\\27]0;title\\7\\27[2J seen\\r!') error('x') end)",
            "b_spec.lua": "print('\\27[2J before') error('y')",
        ])
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains("\\x1b]0;title\\x07\\x1b[2J seen\\x0d!"), "\(result.output)")
        #expect(result.output.contains("\\x1b[2J before"), "\(result.output)")
        #expect(!result.output.contains("\u{1B}"), "\(result.output)")
        // What a passed scenario printed (--show-output) and what check says, the same way.
        try fixture.write("a_spec.lua", "scenario('s', function() print('\\27[2J passed') end)")
        let shown = try navscript(["run", "a_spec.lua", "--show-output", "--color", "never"], in: fixture.root)
        #expect(shown.status == 0 && shown.output.contains("\\x1b[2J passed") && !shown.output.contains("\u{1B}"), "\(shown.output)")
        try fixture.write("c_spec.lua", "error('load\\27[2Jerr')")
        let checked = try navscript(["check", "c_spec.lua"], in: fixture.root)
        #expect(checked.output.contains("c_spec.lua:1: load\\x1b[2Jerr") && !checked.output.contains("\u{1B}"), "\(checked.output)")
    }
}

/// What the commands say of paths they cannot use: a root that is no folder, a folder where
/// one file is taken, a file with nothing to draw, and what check leaves out.
@Suite struct PathArgumentTests {
    @Test func aRootThatIsNoFolderIsAUsageError() throws {
        let fixture = try Fixture(["scenarios/a.lua": "scenario('a', function() end)"])
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("gone").path, withDestinationPath: "nowhere")
        for command in [["run", "."], ["check", "."], ["draw", "scenarios/a.lua"], ["explore", "scenarios/a.lua"]] {
            let file = try navscript(command + ["--root", "scenarios/a.lua"], in: fixture.root)
            #expect(file.status == 2, "\(command)")
            #expect(file.errors.contains("the root is not a folder: scenarios/a.lua (the folder `require` loads modules from)"), "\(command) \(file.errors)")
            let missing = try navscript(command + ["--root", "nope"], in: fixture.root)
            #expect(missing.status == 2, "\(command)")
            #expect(missing.errors.contains("the root (the folder `require` loads modules from): no such file or folder: nope"), "\(command) \(missing.errors)")
            let dangling = try navscript(command + ["--root", "gone"], in: fixture.root)
            #expect(dangling.errors.contains("the root (the folder `require` loads modules from): a link that leads to no file or folder (No such file or directory): gone"), "\(command) \(dangling.errors)")
        }
    }

    /// A file name with a line break shows it as --list writes it, not as a break.
    @Test func aFileNameWithALineBreakShowsItEscaped() throws {
        let fixture = try Fixture(["scenarios/new\nline.lua": "scenario('a', function() end)"])
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.output.contains("PASS scenarios/new\\x0aline.lua (1 scenario"), "\(result.output)")
    }

    @Test func aFolderWhereOneFileIsTakenAndAFileWithNothingToDraw() throws {
        let fixture = try Fixture(["models/explore.lua": "return explore.model { start = function() return nav.app() end, actions = {} }",
                                   "empty.lua": "local x = 1"])
        let explore = try navscript(["explore", "models"], in: fixture.root)
        #expect(explore.status == 2 && explore.errors.contains("give one model file, not a folder (models is one)"), "\(explore.errors)")
        let draw = try navscript(["draw", "empty.lua"], in: fixture.root)
        #expect(draw.status == 2 && draw.errors.contains("empty.lua defines no scenario to draw"), "\(draw.errors)")
    }

    /// check loads route modules below a root, not explore models (which get `explore` from
    /// `navscript explore`) nor the project file, and says what discovery leaves out, as run does.
    @Test func checkLeavesOutModelsAndSaysWhatItSkips() throws {
        let fixture = try Fixture(["app/routes/r.lua": "return {}", "app/explore.lua": "return explore.model { start = function() end, actions = {} }",
                                   "app/scenarios/a.lua": "scenario('a', function() end)"])
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("app/scenarios/b.lua").path, withDestinationPath: "a.lua")
        let result = try navscript(["check", "--root", "app", "app"], in: fixture.root)
        #expect(result.status == 0, "\(result.output) \(result.errors)")
        #expect(result.output.contains("2 files checked, no errors"), "\(result.output)")
        #expect(result.errors.contains("navscript: skipped app/scenarios/b.lua, a link"), "\(result.errors)")
    }
}
