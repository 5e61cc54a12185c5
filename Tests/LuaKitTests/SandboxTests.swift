import Foundation
import LuaKit
import Testing

@Suite struct SandboxTests {
    @Test func onlyTheSafeLibrariesAreThere() throws {
        let h = try Harness()
        for name in ["io", "debug", "package", "dofile", "loadfile"] {
            #expect(try h.value("return \(name) == nil") == .boolean(true), "\(name)")
        }
        #expect(try h.value("return string.dump == nil and os.execute == nil and os.getenv == nil and os.exit == nil") == .boolean(true))
        #expect(try h.value("return type(os.time()) == 'number' and type(os.clock()) == 'number' and type(os.date('%Y')) == 'string'") == .boolean(true))
        #expect(try h.value("return type(coroutine.wrap) == 'function' and type(utf8.char) == 'function'") == .boolean(true))
        #expect(h.run("io.open('/etc/passwd')")?.message == "test.lua:1: attempt to index a nil value (global 'io')")
        #expect(h.run("os.execute('ls')")?.message == "test.lua:1: attempt to call a nil value (field 'execute')")
    }

    @Test func binaryChunksAreRefused() throws {
        let h = try Harness()
        #expect(try h.value("""
            local bytes = "\\27Lua\\84\\0"
            local f, err = load(bytes, 'x', 'b')
            return err
            """) == .string("attempt to load a binary chunk (mode is 't')"))
        #expect(try h.value("return load('return 5')()") == .integer(5))
    }

    @Test func finalizersAreRefused() throws {
        let h = try Harness()
        #expect(h.run("setmetatable({}, {__gc = function() error('x') end})")?.message == "test.lua:1: __gc metamethods are not available to scripts")
        #expect(h.run("setmetatable({}, {__gc = true})") != nil)
        #expect(try h.value("return getmetatable(setmetatable({}, {__index = {a = 1}})).__index.a") == .integer(1))
    }

    /// The collector stays incremental: under Lua 5.4.4's generational mode a fuzzed
    /// scenario closed with userdata never finalized (their Swift objects never released).
    /// The switch is answered as Lua answers one, and the rest of collectgarbage is Lua's.
    @Test func theCollectorStaysIncremental() throws {
        let h = try Harness()
        #expect(try h.value("return collectgarbage('generational')") == .string("incremental"))
        #expect(try h.value("return collectgarbage('incremental')") == .string("incremental"))
        #expect(try h.value("return collectgarbage('isrunning')") == .boolean(true))
        #expect(try h.value("return collectgarbage('count') > 0") == .boolean(true))
        #expect(try h.value("return collectgarbage()") == .integer(0))
        #expect(h.run("collectgarbage('bogus')")?.message == "test.lua:1: bad argument #1 to 'collectgarbage' (invalid option 'bogus')")
        #expect(h.run("collectgarbage({})")?.message == "test.lua:1: bad argument #1 to 'collectgarbage' (string expected, got table)")
        #expect(h.run("collectgarbage('generational', 'x')")?.message == "test.lua:1: bad argument #2 to 'collectgarbage' (number expected, got string)")
        #expect(h.run("collectgarbage('step', 1.5)")?.message == "test.lua:1: bad argument #2 to 'collectgarbage' (number has no integer representation)")
    }

    /// The sandbox's own `setmetatable` and `load` report misuse as stock Lua does: the
    /// function's name and the script line.
    @Test func replacedFunctionsReportMisuseAsLuaDoes() throws {
        let h = try Harness()
        #expect(h.run("setmetatable(5, nil)")?.message == "test.lua:1: bad argument #1 to 'setmetatable' (table expected, got number)")
        #expect(h.run("setmetatable({}, 5)")?.message == "test.lua:1: bad argument #2 to 'setmetatable' (nil or table expected, got number)")
        #expect(h.run("local t = setmetatable({}, {__metatable = 'x'})\nsetmetatable(t, {})")?.message == "test.lua:2: cannot change a protected metatable")
        #expect(h.run("load({}, {}, {})")?.message == "test.lua:1: bad argument #3 to 'load' (string expected, got table)")
        #expect(h.run("load('x', {})")?.message == "test.lua:1: bad argument #2 to 'load' (string expected, got table)")
        #expect(h.run("load()")?.message == "test.lua:1: bad argument #1 to 'load' (function expected, got no value)")
        #expect(try h.value("return getmetatable(setmetatable(setmetatable({}, {}), nil))") == .nil)
        #expect(try h.value("local parts = {'return ', '7'} local i = 0 return load(function() i = i + 1 return parts[i] end)()") == .integer(7))
        // A text chunk in mode "b" is refused as stock Lua refuses it.
        #expect(try h.value("return select(2, load('return 1', 'x', 'b'))") == .string("attempt to load a text chunk (mode is 'b')"))
        // So is one a reader gives, by its first piece (none, or an empty one, is text), and
        // a binary one says so; an error of the reader is load's message, as stock Lua's.
        let reader = "local function reader(parts) local i = 0 return function() i = i + 1 return parts[i] end end\n"
        #expect(try h.value(reader + "return select(2, load(reader { 'return ', '1' }, 'x', 'b'))") == .string("attempt to load a text chunk (mode is 'b')"))
        #expect(try h.value(reader + "return select(2, load(reader { '', '\\27', 'LuaT' }, 'x', 'b'))") == .string("attempt to load a text chunk (mode is 'b')"))
        #expect(try h.value(reader + "return select(2, load(reader { '\\27LuaT' }, 'x', 'b'))") == .string("attempt to load a binary chunk (mode is 't')"))
        #expect(try h.value("return select(2, load(function() return {} end, 'x', 'b'))") == .string("reader function must return a string"))
        #expect(try h.value("return select(2, load(5, 'x', 'b'))") == .string("attempt to load a text chunk (mode is 'b')"))
        #expect(try h.value("return select(2, load(function() error('boom', 0) end, 'x', 'b'))") == .string("boom"))
    }

    /// Library functions that loop in C, out of the hook's reach: `string.rep` of nothing
    /// gives "" at once, and `table.move` is charged an instruction an element. Both keep
    /// Lua's results and errors, named as Lua names them.
    @Test func libraryLoopsInCStayWithinTheBudget() throws {
        let h = try Harness(limits: LuaLimits(memory: 64 << 20, instructions: 1_000_000, seconds: 10))
        #expect(try h.value("return string.rep('', 1e18) .. string.rep('', 5, '') .. ('ab'):rep(3, ',') .. string.rep('x', -1)") == .string("ab,ab,ab"))
        #expect(try h.value("local t = table.move({1, 2, 3}, 1, 3, 2) return #t * 10 + t[4]") == .integer(43))
        #expect(try h.value("return table.move({7}, 1, 1, 1, {})[1]") == .integer(7))
        #expect(h.run("table.move({}, 1, 1 << 40, 1, {})")?.message == "test.lua:1: instruction limit exceeded (1000000 instructions)")
        let fresh = try Harness()
        #expect(fresh.run("string.rep()")?.message == "test.lua:1: bad argument #1 to 'rep' (string expected, got no value)")
        #expect(fresh.run("table.move({}, 'x')")?.message == "test.lua:1: bad argument #2 to 'move' (number expected, got string)")
        #expect(fresh.run("table.move(1, 1, 1, 1)")?.message == "test.lua:1: bad argument #1 to 'move' (table expected, got number)")
        #expect(fresh.run("table.move({}, 1, 1, 1, 7)")?.message == "test.lua:1: bad argument #5 to 'move' (table expected, got number)")
        #expect(fresh.run("table.move({}, math.mininteger, math.maxinteger, 1)")?.message == "test.lua:1: bad argument #3 to 'move' (too many elements to move)")
        // Checked before the charge, so a pcall catches them as it would Lua's.
        #expect(try h.value("return (select(2, pcall(table.move, {}, math.mininteger, -1, 1)))") == .string("bad argument #3 to 'table.move' (too many elements to move)"))
        #expect(fresh.run("table.move({1, 2, 3}, 1, 3, math.maxinteger)")?.message == "test.lua:1: bad argument #4 to 'move' (destination wrap around)")
        #expect(fresh.run("local s = ('xx'):rep(math.maxinteger)")?.message == "test.lua:1: resulting string too large")
        #expect(fresh.run("table.move('abc', 1, 1, 1)")?.message == "test.lua:1: bad argument #1 to 'move' (table expected, got string)")
        // Tables with metamethods move as in Lua.
        #expect(try h.value("""
            local d = setmetatable({}, { __newindex = function(t, k, v) rawset(t, k, v + 1) end })
            table.move(setmetatable({}, { __index = function(_, k) return k * 10 end }), 1, 3, 1, d)
            return d[1] + d[2] + d[3]
            """) == .integer(63))
    }

    @Test func randomNumbersRepeat() throws {
        let first = try Harness().value("return math.random(1, 1000000)")
        let second = try Harness().value("return math.random(1, 1000000)")
        #expect(first == second)
    }

    /// macOS's temporary folders are links (`/var` to `/private/var`): a root given
    /// through a link must still let modules below it load.
    @Test func aRootGivenThroughALinkStillLoadsItsModules() throws {
        let folder = try ScriptFolder(["real/routes/chat.lua": "return { name = 'chat' }"])
        let link = folder.url.appendingPathComponent("linked")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder.url.appendingPathComponent("real"))
        let h = try Harness(root: link)
        #expect(try h.value("return require('routes.chat').name") == .string("chat"))
    }

    @Test func requireLoadsOnlyLuaFilesBelowTheRoot() throws {
        let folder = try ScriptFolder([
            "routes/chat.lua": "return { name = 'chat', n = select('#', ...) }",
            "loop/a.lua": "return require 'loop.b'",
            "loop/b.lua": "return require 'loop.a'",
            "broken.lua": "return {",
            "deep.lua": "return " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300),
            "notes.txt": "secret",
            "folder/init.lua": "return { name = \"folder's init\" }",
            "compiled.lua": "\u{1B}Lua\u{54}",
        ])
        let outside = try ScriptFolder(["secret.lua": "return 'outside'"])
        try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent("escape.lua"), withDestinationURL: outside.url.appendingPathComponent("secret.lua"))
        let h = try Harness(root: folder.url, displayRoot: "app")
        // As Lua's: the chunk gets the name and the file, and a first require returns both.
        #expect(try h.value("local m, file = require('routes.chat'); return m.n .. ' ' .. file") == .string("2 app/routes/chat.lua"))
        #expect(try h.value("return select('#', require('routes.chat'))") == .integer(1))
        #expect(try h.value("return require('routes.chat').name") == .string("chat"))
        #expect(try h.value("return require('routes.chat') == require('routes.chat')") == .boolean(true))
        #expect(h.run("require '../../etc/passwd'")?.message == "test.lua:1: module name '../../etc/passwd' is not valid (names of letters, digits and _ joined by dots or slashes, like 'routes.chat')")
        #expect(h.run("require 'notes'")?.message == "test.lua:1: module 'notes' not found: no file notes.lua or notes/init.lua below the script root app")
        #expect(h.run("require 'escape'")?.message.contains("not found") == true)
        // As stock Lua: a folder's init.lua, and a name written as a path.
        #expect(try h.value("return require('folder').name") == .string("folder's init"))
        #expect(try h.value("return require('routes/chat') == require('routes.chat')") == .boolean(true))
        #expect(h.run("require 'broken'")?.message == "app/broken.lua:1: unexpected symbol near <eof>")
        #expect(h.run("require 'compiled'")?.message == "app/compiled.lua: not a text file (scripts are Lua source; compiled or binary files are refused)")
        // Nesting too deep for the parser: Lua's message names no file, the error does.
        #expect(h.run("require 'deep'")?.message.hasPrefix("test.lua:1: error loading module 'deep' from file 'app/deep.lua': ") == true)
        // A loop of requires is spelled out, from the require that started it.
        #expect(h.run("require 'loop.a'")?.message.hasSuffix("module 'loop.a' requires itself (loop.a -> loop.b -> loop.a)") == true)
        #expect(h.run("require 'loop/b'")?.message.hasSuffix("module 'loop.b' requires itself (loop/b -> loop.a -> loop.b)") == true)
        #expect(h.run("require '/etc/passwd'") != nil)
    }

    /// A module that raised while it loaded may be required again, as Lua's may (it was
    /// said to require itself); a module that failed counts among those required.
    @Test func aModuleThatFailedMayBeRequiredAgain() throws {
        let folder = try ScriptFolder(["bad.lua": "error('boom')", "good.lua": "return 1"])
        let h = try Harness(root: folder.url)
        #expect(h.run("require 'bad'")?.message == "bad.lua:1: boom")
        #expect(h.run("require 'bad'")?.message == "bad.lua:1: boom")
        #expect(try h.value("local ok = pcall(require, 'bad'); return select(2, pcall(require, 'bad'))") == .string("bad.lua:1: boom"))
        // Failed in a coroutine, which Lua does not unwind: the mark it left is stale.
        #expect(try h.value("coroutine.resume(coroutine.create(function() require 'bad' end)); return select(2, pcall(require, 'bad'))")
                == .string("bad.lua:1: boom"))
        #expect(try h.value("return require 'good'") == .integer(1))
        #expect(h.lua.requiredModules() == ["bad", "good"])
        #expect(h.lua.loadedModules() == ["good"])
    }

    /// A module whose file has another case (found on macOS's case-insensitive volumes, and
    /// not on Linux CI) is refused, naming the file: here a link `Chat.lua` to `chat.lua`
    /// stands for the volume that finds `chat.lua` by either name.
    @Test func aModuleFoundInAnotherCaseIsRefusedNamingItsFile() throws {
        let folder = try ScriptFolder(["routes/chat.lua": "return {}"])
        let other = folder.url.appendingPathComponent("routes/Chat.lua")
        // A case-insensitive volume (macOS's default) finds it by either name already.
        if !FileManager.default.fileExists(atPath: other.path) {
            try FileManager.default.createSymbolicLink(at: other, withDestinationURL: folder.url.appendingPathComponent("routes/chat.lua"))
        }
        let h = try Harness(root: folder.url, displayRoot: "app")
        #expect(h.run("require 'routes.Chat'")?.message
                == "test.lua:1: module 'routes.Chat' not found: its file is routes/chat.lua, in another case (a case-sensitive file system, as on Linux CI, would not find it either way): require it as the file is named")
        #expect(h.run("require 'routes.chat'") == nil)
    }

    /// A module's compiled form is kept for the process: a fresh state loads it without
    /// compiling, with the same lines in its errors, and an edit is seen at once.
    @Test func aModuleCompiledBeforeLoadsAsItsTextWouldAndAnEditShowsAtOnce() throws {
        let folder = try ScriptFolder([
            "routes/kept.lua": """
                local M = {}
                function M.fail()
                  error("from the module")
                end
                M.name = "first"
                return M
                """,
        ])
        for _ in 0..<3 {
            let h = try Harness(root: folder.url, displayRoot: "app")
            #expect(try h.value("return require('routes.kept').name") == .string("first"))
            #expect(h.run("require('routes.kept').fail()")?.message == "app/routes/kept.lua:3: from the module")
            #expect(try h.value("return debug == nil and select(2, pcall(require('routes.kept').fail))") == .string("app/routes/kept.lua:3: from the module"))
        }
        // The same size, another text: compiled anew.
        try "local M = {}\nfunction M.fail()\n  error(\"from the module\")\nend\nM.name = \"again\"\nreturn M\n"
            .write(to: folder.url.appendingPathComponent("routes/kept.lua"), atomically: false, encoding: .utf8)
        #expect(try Harness(root: folder.url, displayRoot: "app").value("return require('routes.kept').name") == .string("again"))
        try "return {".write(to: folder.url.appendingPathComponent("routes/kept.lua"), atomically: false, encoding: .utf8)
        #expect(try Harness(root: folder.url, displayRoot: "app").run("require 'routes.kept'")?.message == "app/routes/kept.lua:1: unexpected symbol near <eof>")
    }

    /// States given one set of module files read each module once: an edit, a removal or
    /// a broken edit after the first read shows only in states without the set.
    @Test func statesSharingModuleFilesReadEachModuleOnce() throws {
        let folder = try ScriptFolder(["routes/once.lua": "return { name = 'first' }", "routes/broken.lua": "return {"])
        let files = LuaModuleFiles()
        let first = try Harness(root: folder.url, displayRoot: "app", moduleFiles: files)
        #expect(try first.value("return require('routes.once').name") == .string("first"))
        #expect(first.run("require 'routes.broken'")?.message == "app/routes/broken.lua:1: unexpected symbol near <eof>")
        #expect(first.run("require 'routes.missing'")?.message == "test.lua:1: module 'routes.missing' not found: no file routes/missing.lua or routes/missing/init.lua below the script root app")
        try "return { name = 'edited' }".write(to: folder.url.appendingPathComponent("routes/once.lua"), atomically: false, encoding: .utf8)
        try "return { name = 'mended' }".write(to: folder.url.appendingPathComponent("routes/broken.lua"), atomically: false, encoding: .utf8)
        try "return { name = 'new' }".write(to: folder.url.appendingPathComponent("routes/missing.lua"), atomically: false, encoding: .utf8)
        let second = try Harness(root: folder.url, displayRoot: "app", moduleFiles: files)
        #expect(try second.value("return require('routes.once').name") == .string("first"))
        #expect(second.run("require 'routes.broken'")?.message == "app/routes/broken.lua:1: unexpected symbol near <eof>")
        #expect(try second.value("return require('routes.missing').name") == .string("new"))   // never read before
        #expect(try Harness(root: folder.url, displayRoot: "app").value("return require('routes.once').name") == .string("edited"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("routes/once.lua"))
        #expect(try Harness(root: folder.url, moduleFiles: files).value("return require('routes.once').name") == .string("first"))
    }

    /// Lua runs an xpcall message handler, and the __close of a coroutine coroutine.wrap
    /// closes, with hooks off after the budget's hook raised: a loop there ran out of every
    /// limit's reach (an in-process run hung). Once stopped, they are skipped.
    @Test func aLoopInAMessageHandlerOrACloseMeetsTheLimit() throws {
        let h = try Harness(limits: LuaLimits(memory: 64 << 20, instructions: 1_000_000, seconds: 10))
        #expect(h.run("xpcall(error, function() while true do end end)")?.message == "test.lua:1: instruction limit exceeded (1000000 instructions)")
        #expect(h.run("xpcall(function() while true do end end,\n  function() while true do end end)")?.message
            == "test.lua:1: instruction limit exceeded (1000000 instructions)")
        #expect(h.run("""
            coroutine.wrap(function()
              local x <close> = setmetatable({}, {__close = function() while true do end end})
              while true do end
            end)()
            """)?.message == "test.lua:3: instruction limit exceeded (1000000 instructions)")
        // A C handler runs script code too: tostring calls the string metatable's __tostring.
        #expect(h.run("""
            getmetatable("").__tostring = function() while true do end end
            xpcall(function() while true do end end, tostring)
            """)?.message == "test.lua:2: instruction limit exceeded (1000000 instructions)")
        // Until then they are Lua's own.
        let fresh = try Harness()
        #expect(try fresh.value("return select(2, xpcall(function() error('boom') end, function(m) return 'handled: ' .. m end))") == .string("handled: test.lua:1: boom"))
        #expect(try fresh.value("return select('#', xpcall(function() return 1, 2, 3 end, print))") == .integer(4))
        #expect(try fresh.value("""
            local closed = false
            local ok, e = pcall(coroutine.wrap(function() local x <close> = setmetatable({}, {__close = function() closed = true end}) error('in co') end))
            return tostring(ok) .. ' ' .. e .. ' ' .. tostring(closed)
            """) == .string("false test.lua:2: in co true"))
        #expect(try fresh.value("local t = {} local ok, e = pcall(coroutine.wrap(function() error(t) end)) return e == t") == .boolean(true))
        #expect(try fresh.value("""
            local co = coroutine.wrap(function(a, b) local c = coroutine.yield(a + b) return c * 2 end)
            local first, second = co(1, 2), co(5)
            return first * 100 + second, select(2, pcall(co))
            """) == .integer(310))
        #expect(fresh.run("local co = coroutine.wrap(function() end) co() co()")?.message == "test.lua:1: cannot resume dead coroutine")
        #expect(fresh.run("xpcall(print)")?.message == "test.lua:1: bad argument #2 to 'xpcall' (function expected, got no value)")
    }

    /// A coroutine the budget's hook stopped keeps its hooks off, so coroutine.close would run
    /// its __close out of every limit's reach: at once (the state is stopped, the main thread
    /// could still run a few instructions), or in a later call under a fresh budget (an
    /// after_each). It is left unclosed, with a reason.
    @Test func aCoroutineALimitStoppedIsNotClosed() throws {
        let h = try Harness(limits: LuaLimits(memory: 64 << 20, instructions: 1_000_000, seconds: 10))
        #expect(h.run("""
            stopped = coroutine.create(function()
              local x <close> = setmetatable({}, {__close = function() while true do end end})
              while true do end
            end)
            wrapped = coroutine.wrap(function()
              local x <close> = setmetatable({}, {__close = function() while true do end end})
              coroutine.yield()
              while true do end
            end)
            wrapped()
            coroutine.resume(stopped)
            coroutine.close(stopped)
            """)?.message == "test.lua:3: instruction limit exceeded (1000000 instructions)")
        #expect(try h.value("return table.concat({ tostring(coroutine.close(stopped)), select(2, coroutine.close(stopped)) }, ' ')")
            == .string("false a limit stopped this coroutine: its to-be-closed variables are left unclosed"))
        #expect(h.run("pcall(wrapped) wrapped()")?.message == "test.lua:8: instruction limit exceeded (1000000 instructions)")
        #expect(h.run("wrapped()")?.message == "test.lua:1: cannot resume dead coroutine")
        // One that died of its own error closes as Lua closes it.
        #expect(try h.value("""
            local closed = false
            local co = coroutine.create(function() local x <close> = setmetatable({}, {__close = function() closed = true end}) error('own') end)
            coroutine.resume(co)
            return tostring(coroutine.close(co)) .. ' ' .. tostring(closed)
            """) == .string("false true"))
    }
}
