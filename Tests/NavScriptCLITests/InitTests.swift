import Foundation
import Testing

/// `navscript init` and `navscript types`: a new folder becomes a passing suite with its
/// editor set-up.
@Suite struct InitTests {
    @Test func initMakesAPassingSuiteWithTheEditorFiles() throws {
        let fixture = try Fixture([:])
        let made = try navscript(["init", "myapp"], in: fixture.root)
        #expect(made.status == 0, "\(made.errors)")
        for path in ["routes/chat.lua", "scenarios/chat.lua", "types/nav.d.lua", ".luarc.json", ".luacheckrc"] {
            #expect(fixture.exists("myapp/\(path)"), "\(path)")
        }
        let luarc = try JSONSerialization.jsonObject(with: Data(try fixture.read("myapp/.luarc.json").utf8)) as? [String: Any]
        #expect((luarc?["workspace"] as? [String: Any])?["library"] as? [String] == ["types"])
        let run = try navscript(["run", "myapp", "--color", "never"], in: fixture.root)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("2 passed, 0 failed, 0 skipped"))
        let again = try navscript(["init", "myapp"], in: fixture.root)
        #expect(again.status == 2)
        #expect(again.errors.contains("nothing written (--force replaces them)"))
        #expect(try navscript(["init", "myapp", "--force"], in: fixture.root).status == 0)
    }

    /// A file where the suite makes a folder is refused before anything is written, and
    /// the command to run next can be pasted into a shell.
    @Test func initWritesAllOrNothingAndSaysWhatToRunNext() throws {
        let fixture = try Fixture(["blocked/types": "a file"])
        let blocked = try navscript(["init", "blocked"], in: fixture.root)
        #expect(blocked.status == 2)
        #expect(blocked.errors.contains("blocked/types is a file where the starter suite makes a folder; nothing written"), "\(blocked.errors)")
        #expect(!fixture.exists("blocked/routes/chat.lua"))
        #expect(try navscript(["init", "my app"], in: fixture.root).output.contains("next: navscript run 'my app'"))
        #expect(try navscript(["init", "--", "-dash"], in: fixture.root).output.contains("next: navscript run ./-dash"))
    }

    /// Every global a scenario has beyond Lua's own is one the editor set-up declares, so
    /// that luacheck and LuaLS take none for a typo (`xit` was missing).
    @Test func theEditorSetUpDeclaresEveryScenarioGlobal() throws {
        let fixture = try Fixture(["globals_spec.lua": """
            local lua = {}
            for name in ("_G _VERSION assert collectgarbage error getmetatable ipairs load next pairs pcall print rawequal rawget rawlen rawset require select setmetatable tonumber tostring type warn xpcall coroutine math os string table utf8"):gmatch("%S+") do lua[name] = true end
            local ours = {}
            for name in pairs(_G) do if not lua[name] then ours[#ours + 1] = name end end
            table.sort(ours)
            scenario("globals", function() print(table.concat(ours, " ")) end)
            """])
        #expect(try navscript(["init", "myapp"], in: fixture.root).status == 0)
        let run = try navscript(["run", "globals_spec.lua", "-v", "--color", "never"], in: fixture.root)
        let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("    ") && !$0.contains("✓") })
        let luacheckrc = try fixture.read("myapp/.luacheckrc")
        for name in line.split(separator: " ") {
            #expect(luacheckrc.contains("\"\(name)\""), "\(name) is not in .luacheckrc")
        }
        #expect(line.split(separator: " ").count >= 25, "\(run.output)")
    }

    /// luacheck's std is the sandbox's library: what os, string and table have there is
    /// declared, and what they lack (os.execute, string.dump, io) is not.
    @Test func luacheckKnowsTheSandboxsLibrary() throws {
        let fixture = try Fixture(["library_spec.lua": """
            local names = {}
            for _, library in ipairs { "os", "string", "table" } do
              for name in pairs(_G[library]) do names[#names + 1] = name end
            end
            table.sort(names)
            scenario("library", function() print(table.concat(names, " ")) end)
            """])
        #expect(try navscript(["init", "myapp"], in: fixture.root).status == 0)
        let run = try navscript(["run", "library_spec.lua", "-v", "--color", "never"], in: fixture.root)
        let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("    ") && !$0.contains("✓") })
        let luacheckrc = try fixture.read("myapp/.luacheckrc")
        for name in line.split(separator: " ") {
            #expect(luacheckrc.contains("\"\(name)\""), "\(name) is not in .luacheckrc")
        }
        for absent in ["execute", "getenv", "dump", "io", "dofile", "loadfile"] {
            #expect(!luacheckrc.contains("\"\(absent)\""), "\(absent) is in .luacheckrc")
        }
    }

    @Test func theDefinitionsInTheBinaryAreTheRepositorys() throws {
        let fixture = try Fixture([:])
        #expect(try navscript(["types", "--output", "types"], in: fixture.root).status == 0)
        // A file in the way of the folder says so, not Foundation's error code.
        try fixture.write("afile", "")
        let blocked = try navscript(["types", "--output", "afile/types"], in: fixture.root)
        #expect(blocked.status == 2)
        #expect(blocked.errors.contains("cannot make its folder: "), "\(blocked.errors)")
        #expect(blocked.errors.contains("afile is a file, not a folder"), "\(blocked.errors)")
        let shipped = try String(contentsOf: Binary.packageRoot.appendingPathComponent("lua/types/nav.d.lua"), encoding: .utf8)
        #expect(try fixture.read("types/nav.d.lua") == shipped, "run scripts/lib/embed-types.sh after editing lua/types/nav.d.lua")
    }

    /// A shell left in a folder that was deleted (a branch switched under it): the reason is
    /// that, not a file in the way.
    @Test func initInADeletedFolderSaysTheFolderIsGone() throws {
        let fixture = try Fixture([:])
        let status = try navscriptInShell("mkdir gone && cd gone && rmdir ../gone && \"$0\" init 2>../err.txt", in: fixture.root)
        #expect(status == 2)
        let errors = try fixture.read("err.txt")
        #expect(errors.contains("cannot make its folder: the working folder is gone"), "\(errors)")
    }
}
