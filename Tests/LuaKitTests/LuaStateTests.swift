import Foundation
import LuaKit
import Testing

@Suite struct LuaStateTests {
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

    @Test func errorValuesThatAreNotStrings() throws {
        let h = try Harness()
        #expect(h.run("error({code = 1})")?.message == "(error object is a table value)")
        #expect(h.run("error(nil)")?.message == "(error object is a nil value)")
        #expect(h.run("error(setmetatable({}, {__tostring = function() return 'custom' end}))")?.message == "custom")
        let failing = h.run("error(setmetatable({}, {__tostring = function() error('again') end}))")
        #expect(failing?.kind == .errorHandler || failing?.message.contains("again") == true)
        #expect(try h.value("return 1") == .integer(1))   // the state goes on
    }

    @Test func closingTwiceIsHarmless() throws {
        let h = try Harness()
        h.lua.close()
        h.lua.close()
        #expect(h.lua.isClosed)
        #expect(h.run("return 1")?.kind == .unavailable)
    }
}
