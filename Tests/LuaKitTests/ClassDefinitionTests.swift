import LuaKit
import Testing

/// The host object shared functions find: a name per state.
final class Host {
    let name: String

    init(_ name: String) {
        self.name = name
    }
}

final class Box {
    let value: Int

    init(_ value: Int) {
        self.value = value
    }
}

/// A class definition is made once and shared: every state's class of it resolves members
/// lazily, finds its own host object, and can still take members of its own.
@Suite(.serialized) struct ClassDefinitionTests {
    nonisolated(unsafe) static var made: [ObjectIdentifier: LuaClass<Box>] = [:]

    static func boxes(_ call: LuaCall) -> LuaClass<Box> {
        made[ObjectIdentifier(call.host(Host.self))]!
    }

    static let definition = LuaClassDefinition("Box")
        .method("plus") { call in
            call.push(try call.object(1, boxes(call)).value + (try call.integer(2)))
            return 1
        }
        .property("value") { call in
            call.push(try call.object(1, boxes(call)).value)
            return 1
        }
        .property("host") { call in
            call.push(call.host(Host.self).name)
            return 1
        }
        .metamethod("__tostring") { call in
            call.push("Box(\(try call.object(1, boxes(call)).value))")
            return 1
        }

    func state(_ host: Host) throws -> Harness {
        let h = try Harness()
        h.lua.hostObject = host
        let boxes: LuaClass<Box> = try #require(h.lua.makeClass(Self.definition))
        Self.made[ObjectIdentifier(host)] = boxes
        h.lua.register("box") { call in
            call.push(Box(try call.integer(1)), boxes)
            return 1
        }
        return h
    }

    @Test func membersAreSharedByStatesAndFindTheirHost() throws {
        let first = Host("first"), second = Host("second")
        let a = try state(first), b = try state(second)
        #expect(try a.value("local b = box(2) return b:plus(3) + b.value") == .integer(7))
        #expect(try b.value("return tostring(box(5)) .. ' ' .. box(1).host") == .string("Box(5) second"))
        #expect(try a.value("return box(1).host") == .string("first"))
        #expect(try a.value("local b = box(1) return b.plus == b.plus") == .boolean(true))
        #expect(try a.value("return box(1).missing") == .nil)
        #expect(try a.value("return getmetatable(box(1))") == .string("Box"))
        #expect(a.run("box(1):missing()", chunk: "@m.lua")?.message == "m.lua:1: attempt to call a nil value (method 'missing')")
        #expect(a.run("box(1):plus('x')", chunk: "@m.lua")?.message == "m.lua:1: bad argument #1 to 'plus' (number expected, got string)")
    }

    @Test func aStateAddsMembersOfItsOwn() throws {
        let host = Host("own")
        let h = try state(host)
        let boxes = try #require(Self.made[ObjectIdentifier(host)])
        boxes.method("twice") { call in
            call.push(try call.object(1, boxes).value * 2)
            return 1
        }
        boxes.property("negated") { call in
            call.push(-(try call.object(1, boxes).value))
            return 1
        }
        #expect(try h.value("local b = box(4) return b:twice() + b.negated + b:plus(1) + b.value") == .integer(13))
        let other = try state(Host("other"))
        #expect(try other.value("return box(4).twice") == .nil)
    }

    /// A getter that calls back into Lua, where other getters run and one fails, still
    /// reads its own object afterwards.
    @Test func gettersReadTheirOwnObjectAcrossNestedCalls() throws {
        let host = Host("nested")
        let h = try state(host)
        let boxes = try #require(Self.made[ObjectIdentifier(host)])
        let lua = h.lua
        boxes.property("afterPeek") { [unowned lua] call in
            _ = lua.pushGlobal("peek", on: call)
            try? lua.pcall(call, arguments: 0, results: 0)
            call.push(try call.withReceiver(Box.self) { $0.value })
            return 1
        }
        boxes.property("failing") { call in
            throw LuaCallError.message("failing getter of \(try call.withReceiver(Box.self) { $0.value })")
        }
        h.run("peek = function() local other = box(99).value; return box(98).failing end")
        #expect(try h.value("return box(7).afterPeek") == .integer(7))
    }

    /// Strings pushed from Swift go through Lua's string cache: equal bytes pushed from one
    /// place come back as they are, different ones too, short (interned) and long, and a NUL
    /// does not cut one short.
    @Test func stringsPushedFromSwiftKeepTheirBytes() throws {
        let h = try state(Host("strings"))
        let forty = String(repeating: "x", count: 38) + "é", longer = String(repeating: "y", count: 60) + "\0z"
        let words = ["Feed", "Chat", "a\0b", "Feed", "a much longer name than fits inline", "", "Chat", forty, forty + "!", longer, longer]
        h.lua.register("word") { call in
            call.push(words[try call.integer(1) - 1])
            return 1
        }
        let joined = try h.value("local t = {} for i = 1, \(words.count) do t[i] = word(i) .. '#' .. #word(i) end return table.concat(t, ',')")
        let expected = words.map { "\($0)#\($0.utf8.count)" }.joined(separator: ",")
        #expect(joined == .string(expected))
        #expect(expected.contains("Feed#4,Chat#4,a\0b#3,") && expected.contains("#40,") && expected.contains("#41,") && expected.hasSuffix("#62"))
    }
}
