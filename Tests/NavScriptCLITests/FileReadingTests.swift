import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Scenario and snapshot files as they come: any bytes, binaries, links, odd names, and
/// snapshot files that were edited, merged or broken.
@Suite struct FileReadingTests {
    /// A suite's root is found by the exact names `routes`, `navscript.lua` and `.git`: on
    /// macOS's case-insensitive file system a `Routes` folder had rooted the suite above it,
    /// where Linux CI roots it at the spec's folder and the `require` fails. (On Linux this
    /// holds either way; on a Mac it fails without the exact match.)
    @Test func aSuiteRootIsFoundByExactNames() throws {
        let fixture = try Fixture([
            "lua/Routes/chat.lua": "return { ok = true }",
            "lua/Flows/chat_spec.lua": "scenario('chat', function() expect(require('Routes.chat').ok):toBe(true) end)",
            "other/NavScript.lua": "return { paths = { 'nope' } }",
            "other/a_spec.lua": "scenario('a', function() end)",
        ])
        let run = try navscript(["run", "lua/Flows/chat_spec.lua", "--color", "never"], in: fixture.root)
        #expect(run.status == 1 && run.output.contains("module 'Routes.chat' not found"), "\(run.output)")
        let other = try navscript(["run", "--color", "never"], in: fixture.root.appendingPathComponent("other"))
        #expect(other.status == 0 && other.output.contains("1 passed"), "\(other.output)\(other.errors)")
    }

    /// A root a file's first line declares that is no folder is said at that line; `require`
    /// said only that it found no module below it, and a file that required nothing ran.
    @Test func aDeclaredRootThatIsNoFolderIsSaidAtItsLine() throws {
        let fixture = try Fixture(["t/a_spec.lua": "-- navscript: root = ../nope\nscenario('a', function() end)",
                                   "t/b_spec.lua": "-- navscript: root = ../f.txt\nscenario('b', function() end)",
                                   "t/c_spec.lua": "-- navscript: root = ..\nscenario('c', function() end)", "f.txt": "x"])
        let run = try navscript(["run", "t"], in: fixture.root)
        #expect(run.status == 2)
        #expect(run.output.contains("t/a_spec.lua:1: the root this line declares, ../nope, does not exist"), "\(run.output)")
        #expect(run.output.contains("t/b_spec.lua:1: the root this line declares, ../f.txt, is a file, not a folder"), "\(run.output)")
        #expect(run.output.contains("PASS t/c_spec.lua"), "\(run.output)")
    }

    /// A file named through a link and in its own folder is taken by its own path, whatever
    /// the order: its suite's root is its folder's (the link's had lost its routes), and a
    /// watch's saves name it.
    @Test func aFileAndALinkToItAreTakenAsTheFile() throws {
        let fixture = try Fixture([
            "app/routes/m.lua": "return { v = 1 }",
            "app/scenarios/x_spec.lua": "scenario('x', function() expect(require('routes.m').v):toBe(1) end)",
        ])
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("x_spec.lua").path, withDestinationPath: "app/scenarios/x_spec.lua")
        for paths in [["x_spec.lua", "app"], ["app", "x_spec.lua"]] {
            let run = try navscript(["run", "--color", "never"] + paths, in: fixture.root)
            #expect(run.status == 0 && run.output.contains("PASS app/scenarios/x_spec.lua"), "\(paths): \(run.output)")
        }
    }

    @Test func scriptsAreReadAsBytesAndBinariesAreRefusedByName() throws {
        let fixture = try Fixture([:])
        try Data("scenario('latin1', function() expect(#'\u{FF}'):toBe(2) expect(#\"\\255\"):toBe(1) end)\n".utf8)
            .write(to: fixture.root.appendingPathComponent("utf8_spec.lua"))
        try Data([0x73, 0x63, 0x65] + Array("nario('raw', function() expect(#'".utf8) + [0xFF] + Array("'):toBe(1) end)\n".utf8))
            .write(to: fixture.root.appendingPathComponent("raw_spec.lua"))
        try Data([0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00]).write(to: fixture.root.appendingPathComponent("compiled_spec.lua"))
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains("2 passed, 0 failed"), "\(result.output)")
        #expect(result.output.contains("compiled_spec.lua: not a text file"))
    }

    @Test func linksAndNamesThatAreNotUTF8AreSkippedAndSaidSo() throws {
        let fixture = try Fixture(["real_spec.lua": "scenario('real', function() end)"])
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("link_spec.lua").path, withDestinationPath: "real_spec.lua")
        let elsewhere = try Fixture(["far_spec.lua": "scenario('far', function() end)", "shared.lua": "return {}"])
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("more").path, withDestinationPath: elsewhere.root.path)
        // A link to a module is not named: require follows it.
        try FileManager.default.createSymbolicLink(atPath: fixture.root.appendingPathComponent("shared.lua").path,
                                                   withDestinationPath: elsewhere.root.appendingPathComponent("shared.lua").path)
        // A name that is not UTF-8 (APFS refuses to make one: EILSEQ).
        var name = Array(fixture.root.path.utf8) + Array("/odd".utf8) + [0xFF] + Array("_spec.lua".utf8) + [0]
        let descriptor = name.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        let madeOddName = descriptor >= 0
        #if os(Linux)
        #expect(madeOddName)
        #endif
        if madeOddName { close(descriptor) }
        let result = try navscript(["run", "."], in: fixture.root)
        #expect(result.status == 0)
        #expect(result.output.contains("1 passed"))
        #expect(result.errors.contains("navscript: skipped link_spec.lua, a link (links are not followed: name the file it leads to)"))
        #expect(!madeOddName || result.errors.contains("navscript: skipped odd\\xff_spec.lua (a file whose name is not UTF-8: rename it)"))
        #expect(result.errors.contains("navscript: skipped more/, a link to a folder (links are not followed: name the folder it leads to)"))
        #expect(!result.errors.contains("shared.lua"), "\(result.errors)")
        // Named on the command line, a link is followed.
        #expect(try navscript(["run", "link_spec.lua"], in: fixture.root).status == 0)
    }

    @Test(arguments: [
        ("<<<<<<< HEAD\n== a 1\n| x\n=======\n== a 1\n| y\n>>>>>>> branch\n", "app_spec.lua.snap:1: a merge conflict is left in the file"),
        ("# header\n\n== a 1\n| x\nstray text\n", "app_spec.lua.snap:5: not a line of a snapshot file"),
        ("== a 1\n| x\n\n== a 1\n| y\n", "app_spec.lua.snap:4: snapshot 'a 1' is there twice"),
    ])
    func aMalformedSnapshotFileIsRefusedWithItsLine(text: String, message: String) throws {
        let fixture = try Fixture(["app_spec.lua": "scenario('a', function() expect('x'):toMatchSnapshot() end)", "app_spec.lua.snap": text])
        let result = try navscript(["run", ".", "--color", "never"], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains(message), "\(result.output)")
        let updated = try navscript(["run", ".", "--update-snapshots"], in: fixture.root)
        #expect(updated.status == 0, "\(updated.output)")
        #expect(try fixture.read("app_spec.lua.snap").contains("== a 1\n| x\n"))
    }

    /// As busted: scenarios with one name all run, numbered from the second, each found
    /// again by its number in a worker; a number that meets a name written so is an error.
    @Test func scenariosWithOneNameAreNumbered() throws {
        let fixture = try Fixture([
            "loop_spec.lua": "for i = 1, 3 do scenario('same', function() print('body ' .. i) expect(i):toBe(1) end) end\n",
            "twice_spec.lua": "scenario('same', function() end)\nscenario('same', function() end)\nscenario('same (2)', function() end)\n",
        ])
        let result = try navscript(["run", "loop_spec.lua", "--color", "never", "--jobs", "2"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.output.contains("1 passed, 2 failed"), "\(result.output)")
        #expect(result.output.contains("same (3) (loop_spec.lua:1)") && result.output.contains("body 3"), "\(result.output)")
        let one = try navscript(["run", "loop_spec.lua", "--filter", "same (2)", "-v", "--color", "never"], in: fixture.root)
        #expect(one.output.contains("body 2") && !one.output.contains("body 1"), "\(one.output)")
        let clash = try navscript(["run", "twice_spec.lua", "--color", "never"], in: fixture.root)
        #expect(clash.status == 2)
        #expect(clash.output.contains("twice_spec.lua:3: scenario name 'same (2)' is taken already (at twice_spec.lua:2)"), "\(clash.output)")
    }

    /// Scenarios of one name made in a loop over `pairs`, whose order changes from state to
    /// state: each runs the body it was listed with, once, in a worker or in process (the
    /// state that ran "same (3)" took the third body of its own order: some ran twice, some
    /// never, and a failing one could go unseen).
    @Test(arguments: [["--in-process"], ["--jobs", "2"]])
    func scenariosOfOneNameFromPairsRunTheirOwnBodies(_ mode: [String]) throws {
        let fixture = try Fixture(["pairs_spec.lua": """
            local cases = {}
            for i = 1, 12 do cases["key" .. i] = { n = i } end
            for name, case in pairs(cases) do
              it("is small", function() print(name) expect(case.n):toBeLessThan(6) end)
            end
            """])
        let result = try navscript(["run", "pairs_spec.lua", "-v", "--color", "never"] + mode, in: fixture.root)
        #expect(result.output.contains("5 passed, 7 failed"), "\(result.output)")
        let printed = result.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("key") }
        #expect(printed.sorted() == (1...12).map { "key\($0)" }.sorted(), "\(result.output)")
        // Bodies that hold only objects are told apart by what the objects say they are.
        try fixture.write("objects_spec.lua", """
            local screens = {}
            for i = 1, 10 do screens["S" .. i] = nav.screen("S" .. i) end
            for _, S in pairs(screens) do it("shows", function() print(S.name) end) end
            """)
        let objects = try navscript(["run", "objects_spec.lua", "-v", "--color", "never"] + mode, in: fixture.root)
        let shown = objects.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("S") }
        #expect(shown.sorted() == (1...10).map { "S\($0)" }.sorted(), "\(objects.output)")
        // Numbered in the order of what the bodies hold, a name is the same body in every
        // process: a filter (or a shard, or --last-failed) finds it again.
        let picks = try (1...3).map { _ in
            try navscript(["run", "pairs_spec.lua", "--filter", "is small (3)", "-v", "--color", "never"] + mode, in: fixture.root).output
                .split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("key") }
        }
        #expect(picks[0] != nil && picks.allSatisfy { $0 == picks[0] }, "\(picks)")
        // Bodies that hold much (a shared table of 5 KB and more, nested) are told apart by
        // all of it: a print of its first 4 KB had told none apart, and the file's order,
        // another in each state, numbered them. (The old print failed this check with most
        // orders pairs() gives, not every one.)
        try fixture.write("big_spec.lua", """
            local payload = {}
            for i = 1, 40 do payload["field" .. i] = { text = string.rep("v", 120), nested = { i } } end
            local cases = {}
            for i = 1, 8 do cases["case" .. i] = { payload = payload, want = i } end
            for _, case in pairs(cases) do it("decodes", function() print("want " .. case.want) end) end
            """)
        let big = try navscript(["run", "big_spec.lua", "-v", "--color", "never"] + mode, in: fixture.root)
        let wanted = big.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("want") }
        #expect(wanted.sorted() == (1...8).map { "want \($0)" }.sorted(), "\(big.output)")
        // A body that holds its case through a helper closure made in the loop is told by
        // what the closure holds (its print had been where the closure is defined alone).
        try fixture.write("helper_spec.lua", """
            local cases = {}
            for i = 1, 8 do cases["case" .. i] = i end
            for _, n in pairs(cases) do
              local check = function() return n end
              it("works", function() print("got " .. check()) end)
            end
            """)
        let helped = try navscript(["run", "helper_spec.lua", "-v", "--color", "never"] + mode, in: fixture.root)
        let got = helped.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("got") }
        #expect(got.sorted() == (1...8).map { "got \($0)" }.sorted(), "\(helped.output)")
        // A body that holds what changes from state to state (the clock) is not guessed at.
        try fixture.write("seen_spec.lua", """
            local cases = { a = 1, b = 2, c = 3, d = 4, e = 5, f = 6 }
            for name in pairs(cases) do local started = os.clock(); it("works", function() print(name, started) end) end
            """)
        let seen = try navscript(["run", "seen_spec.lua", "--color", "never"] + mode, in: fixture.root)
        #expect(seen.output.contains("is not defined when its file runs again (does the file define scenarios from pairs() order"), "\(seen.output)")
    }

    /// What is not a regular file is refused before it is read (a FIFO would wait for a
    /// writer forever), and so is a file bigger than any script: each says why.
    @Test func fifosDevicesAndHugeFilesAreRefusedWithTheirReason() throws {
        let fixture = try Fixture(["snap_spec.lua": "scenario('a', function() expect(1):toMatchSnapshot() end)"])
        #expect(mkfifo(fixture.root.appendingPathComponent("fifo_spec.lua").path, 0o644) == 0)
        #expect(mkfifo(fixture.root.appendingPathComponent("snap_spec.lua.snap").path, 0o644) == 0)
        let huge = fixture.root.appendingPathComponent("huge_spec.lua")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        #expect(truncate(huge.path, 65 << 20) == 0)   // sparse: no disk used
        for (file, reason) in [("fifo_spec.lua", "fifo_spec.lua: cannot be read (not a regular file (a FIFO))"),
                               ("/dev/null", "/dev/null: cannot be read (not a regular file (a device))"),
                               ("huge_spec.lua", "huge_spec.lua: cannot be read (65 MiB, more than a script may be (64 MiB))"),
                               ("snap_spec.lua", "snap_spec.lua.snap: cannot be read (not a regular file (a FIFO))")] {
            let result = try navscript(["run", file, "--timeout", "5"], in: fixture.root)
            #expect(result.status == 2, "\(file)")
            #expect(result.output.contains(reason), "\(result.output)")
        }
        let check = try navscript(["check", "fifo_spec.lua"], in: fixture.root)
        #expect(check.status == 2)
        #expect(check.output.contains("fifo_spec.lua: cannot be read (not a regular file (a FIFO))"))
    }

    /// A FIFO in a folder run is skipped and said so, as a link is, and a module that is one
    /// is named as what it is, not as a file that is not there.
    @Test func aFifoInAFolderOrAsAModuleIsNamed() throws {
        let fixture = try Fixture(["scenarios/a_spec.lua": "local m = require 'routes.m'\nscenario('a', function() end)"])
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("routes"), withIntermediateDirectories: true)
        #expect(mkfifo(fixture.root.appendingPathComponent("scenarios/fifo_spec.lua").path, 0o644) == 0)
        #expect(mkfifo(fixture.root.appendingPathComponent("routes/m.lua").path, 0o644) == 0)
        let result = try navscript(["run", "scenarios", "--timeout", "5"], in: fixture.root)
        #expect(result.errors.contains("navscript: skipped scenarios/fifo_spec.lua, not a regular file (a FIFO, a socket or a device: scripts are files)"),
                "\(result.errors)")
        #expect(result.output.contains("module 'routes.m' not found: routes/m.lua is not a regular file (a FIFO, a socket or a device: scripts are files)"),
                "\(result.output)")
        // A folder named as the file, and a loop of links, are said to be what they are.
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("routes/m.lua"))
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent("routes/m.lua"), withIntermediateDirectories: true)
        let folder = try navscript(["run", "scenarios/a_spec.lua"], in: fixture.root)
        #expect(folder.output.contains("module 'routes.m' not found: routes/m.lua is a folder (scripts are files)"), "\(folder.output)")
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("routes/m.lua"))
        #expect(symlink("m.lua", fixture.root.appendingPathComponent("routes/m.lua").path) == 0)
        let loop = try navscript(["run", "scenarios/a_spec.lua"], in: fixture.root)
        #expect(loop.output.contains("module 'routes.m' not found: routes/m.lua is a loop of links"), "\(loop.output)")
    }
}
