import Foundation
import LuaKit
import Testing

@Suite struct LuaStateTests {
    /// A Lua string becomes Swift text only when its bytes are UTF-8, a byte-order mark kept
    /// (checked in C: the standard library's validation needs macOS 15).
    @Test func onlyUTF8BytesBecomeText() throws {
        let h = try Harness()
        func text(_ literal: String) throws -> String? {
            try #require(h.run("s = " + literal) == nil)
            let s = try #require(try h.lua.global("s"))
            return try h.lua.withStack { call in
                try s.push(on: call)
                return call.validString(-1)
            }
        }
        #expect(try text(#""\xEF\xBB\xBFa é 😀""#) == "\u{FEFF}a é 😀")
        #expect(try text("''") == "")
        // The edges: U+0080, U+D7FF and U+E000 around the surrogates, U+10FFFF.
        #expect(try text(#""\xC2\x80\xED\x9F\xBF\xEE\x80\x80\xF4\x8F\xBF\xBF""#) == "\u{80}\u{D7FF}\u{E000}\u{10FFFF}")
        for bytes in [#""\xff""#, #""a\xC3""#, #""\xED\xA0\x80""#, #""\xC0\xAF""#, #""\xF4\x90\x80\x80""#, "42",
                      #""\xE0\x80\x80""#, #""\xF0\x80\x80\x80""#, #""\xE2\x82""#, #""\x80""#, #""\xF5\x80\x80\x80""#, #""\xE2\x28\xA1""#] {
            #expect(try text(bytes) == nil, "\(bytes)")
        }
    }

    @Test func referencesDroppedOnOtherThreadsAreReleasedOnTheStatesOwn() throws {
        let h = try Harness()
        let references = try (0..<200).map { _ in
            try h.lua.withStack { call in
                call.pushTable()
                return h.lua.reference(from: call)
            }
        }
        let box = ReferenceBox(references)
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.drop()
            done.signal()
        }.start()
        done.wait()
        // The slots come back on the next call, here; the state goes on.
        #expect(try h.value("local t = {} for i = 1, 1000 do t[i] = {} end return #t") == .integer(1000))
        let again = try h.lua.withStack { call in
            call.pushTable()
            return h.lua.reference(from: call)
        }
        #expect(again.isAvailable)
    }

    /// A host calls a script's function by a reference to its global, and may drop the
    /// reference on any thread (it is Sendable).
    @Test func aHostCallsAGlobalFunctionByItsReference() async throws {
        let lua = try LuaState(options: LuaOptions())
        try lua.execute("function greet(name) return 'hi ' .. name end", chunkName: "@greet.lua")
        let greet = try #require(try lua.global("greet"))
        #expect(try lua.call(greet, [.string("Ann")]) { call in try call.value(-1) } == .string("hi Ann"))
        #expect(try lua.global("missing") == nil)
        await Task.detached { _ = greet }.value
    }

    /// A reference is used in the state it came from: in another, its registry slot holds
    /// another value (a call ran that state's function) or none.
    @Test func aReferenceFromAnotherStateIsRefused() throws {
        let a = try LuaState(options: LuaOptions()), b = try LuaState(options: LuaOptions())
        try a.execute("function greet() return 'from a' end", chunkName: "@a.lua")
        try b.execute("function wipe() return 'from b' end", chunkName: "@b.lua")
        let greet = try #require(try a.global("greet")), wipe = try #require(try b.global("wipe"))
        #expect(try a.call(greet) { try $0.value(-1) } == .string("from a"))
        let error = #expect(throws: LuaError.self) { try b.call(greet) { try $0.value(-1) } }
        #expect(error?.message.contains("another Lua state") == true, "\(String(describing: error))")
        #expect(b.definition(of: greet) == nil)
        #expect(try b.call(wipe) { try $0.value(-1) } == .string("from b"))
    }

    @Test func runsChunksAndReturnsPlainData() throws {
        let h = try Harness()
        #expect(try h.value("return 1 + 2") == .integer(3))
        #expect(try h.value("return {1, 'two', x = {y = true}}") == .table(array: [.integer(1), .string("two")], fields: ["x": .table(array: [], fields: ["y": .boolean(true)])]))
        h.run("print('hello', 42, nil)")
        #expect(h.printed == ["hello\t42\tnil\n"])
    }

    @Test func errorsCarryFileLineAndATraceback() throws {
        let h = try Harness()
        let error = try #require(h.run("local function f()\n  error('boom')\nend\nf()", chunk: "@routes/chat.lua"))
        #expect(error.kind == .runtime)
        #expect(error.message == "routes/chat.lua:2: boom")
        #expect(error.location?.file == "routes/chat.lua")
        #expect(error.location?.line == 2)
        #expect(error.traceback?.contains("routes/chat.lua:4: in main chunk") == true)
    }

    @Test func syntaxErrorsSayWhere() throws {
        let h = try Harness()
        let error = try #require(h.run("local x = = 1", chunk: "@bad.lua"))
        #expect(error.kind == .syntax)
        #expect(error.message == "bad.lua:1: unexpected symbol near '='")
    }

    /// Lua places only string errors; others are placed at the script line that raised
    /// them, an object with a __tostring too unless its text starts with that place.
    @Test func errorValuesThatAreNotStrings() throws {
        let h = try Harness()
        #expect(h.run("error({code = 1})")?.message == "test.lua:1: (error object is a table value: {code = 1})")
        #expect(h.run("error(nil)")?.message == "test.lua:1: (error object is a nil value)")
        #expect(h.run("\nerror(42)")?.message == "test.lua:2: 42")
        #expect(h.run("error('as given', 0)")?.message == "as given")
        #expect(h.run("error(setmetatable({}, {__tostring = function() return 'custom' end}))")?.message == "test.lua:1: custom")
        #expect(h.run("error(setmetatable({}, {__tostring = function() return 'test.lua:1: placed' end}))")?.message == "test.lua:1: placed")
        #expect(h.run("error(setmetatable({}, {__tostring = function() return 5 end}))")?.message
                == "test.lua:1: (error object is a table value whose __tostring returned a number value)")
        let failing = h.run("error(setmetatable({}, {__tostring = function() error('again') end}))")
        #expect(failing?.kind == .errorHandler || failing?.message.contains("again") == true)
        #expect(try h.value("return 1") == .integer(1))   // the state goes on
    }

    /// A result that cannot be copied is an error, not a nil the host would take for one.
    @Test func aResultThatIsNotPlainDataIsAnError() throws {
        let h = try Harness()
        #expect(throws: LuaError.self) { try h.lua.execute("local t = {} t.t = t return t", chunkName: "@cycle.lua") }
        do {
            try h.lua.execute("local t = {} for i = 1, 200000 do t[i] = i end return t", chunkName: "@big.lua")
            Issue.record("a table past the copy limits was read")
        } catch let error as LuaError {
            #expect(error.message.hasPrefix("the result of big.lua is not plain data: value too large to copy"), "\(error.message)")
        }
        #expect(try h.lua.execute("return { 1, { 2 } }", chunkName: "@ok.lua") == .table(array: [.integer(1), .table(array: [.integer(2)], fields: [:])], fields: [:]))
        // Deep enough for the snapshot of the deepest hierarchy (a node and its children a level).
        let nested = "local t = {} for i = 1, %d do t = { t } end return t"
        #expect(throws: Never.self) { try h.lua.execute(String(format: nested, 250), chunkName: "@deep.lua") }
        #expect(throws: LuaError.self) { try h.lua.execute(String(format: nested, 300), chunkName: "@deeper.lua") }
    }

    /// A message is a Lua string, NULs and all: luaL_traceback's C string would cut it there.
    @Test func aMessageWithANulIsKeptWhole() throws {
        let h = try Harness()
        let error = try #require(h.run("error('before\\0after')", chunk: "@nul.lua"))
        #expect(error.message == "nul.lua:1: before\0after")
        #expect(error.traceback?.contains("nul.lua:1: in main chunk") == true)
    }

    @Test func closingTwiceIsHarmless() throws {
        let h = try Harness()
        h.lua.close()
        h.lua.close()
        #expect(h.lua.isClosed)
        #expect(h.run("return 1")?.kind == .unavailable)
    }
}

/// References handed to another thread, which drops them.
final class ReferenceBox: @unchecked Sendable {
    private var references: [LuaReference]

    init(_ references: [LuaReference]) {
        self.references = references
    }

    func drop() {
        references.removeAll()
    }
}
