import Foundation
import LuaKit
import Testing

/// A Swift object exposed to Lua, counting how many are alive.
final class Counter {
    nonisolated(unsafe) static var alive = 0
    var value: Int

    init(_ value: Int) {
        self.value = value
        Counter.alive += 1
    }

    deinit {
        Counter.alive -= 1
    }
}

/// Counters are a global count; the suite runs serially so that they add up.
@Suite(.serialized) struct BindingTests {
    func harness() throws -> (Harness, LuaClass<Counter>) {
        let h = try Harness(limits: LuaLimits(memory: 8 << 20, instructions: 2_000_000, seconds: 20))
        let counters = try #require(h.lua.makeClass("Counter", of: Counter.self))
        counters.method("add") { call in
            let counter = try call.object(1, counters)
            counter.value += try call.integer(2)
            call.push(counter.value)
            return 1
        }
        counters.metamethod("__tostring") { call in
            call.push("Counter(\(try call.object(1, counters).value))")
            return 1
        }
        counters.property("value") { call in
            call.push(try call.object(1, counters).value)
            return 1
        }
        h.lua.register("counter") { call in
            call.push(Counter(try call.integer(1)), counters)
            return 1
        }
        h.lua.register("fail") { call in
            throw LuaCallError.message("failed with \(call.top) arguments")
        }
        return (h, counters)
    }

    @Test func methodsPropertiesAndTostring() throws {
        let (h, _) = try harness()
        #expect(try h.value("local c = counter(1) c:add(2) return c.value") == .integer(3))
        #expect(try h.value("return tostring(counter(7))") == .string("Counter(7)"))
        #expect(try h.value("return counter(1).nothing") == .nil)
        #expect(try h.value("return getmetatable(counter(1))") == .string("Counter"))
    }

    /// A host function that claims results it did not push is an error where it is called.
    @Test func moreResultsThanPushedIsAnError() throws {
        let (h, _) = try harness()
        h.lua.register("claims") { call in
            call.push(1)
            return 50
        }
        #expect(h.run("return claims()", chunk: "@m.lua")?.message == "m.lua:1: a host function returned 50 results with 1 values on its stack")
        #expect(try h.value("return 2") == .integer(2))
    }

    @Test func misuseReadsAsLuaWritesIt() throws {
        let (h, _) = try harness()
        #expect(h.run("counter('x')", chunk: "@m.lua")?.message == "m.lua:1: bad argument #1 to 'counter' (number expected, got string)")
        #expect(h.run("local c = counter(1)\nc:add('two')", chunk: "@m.lua")?.message == "m.lua:2: bad argument #1 to 'add' (number expected, got string)")
        #expect(h.run("local c = counter(1)\nc.add(5, 1)", chunk: "@m.lua")?.message == "m.lua:2: bad argument #1 to 'add' (Counter expected, got number)")
        #expect(h.run("local c = counter(1)\nc.add(nil, 1)", chunk: "@m.lua")?.message == "m.lua:2: bad argument #1 to 'add' (Counter expected, got nil)")
        #expect(h.run("local c = counter(1)\nlocal t = setmetatable({}, {__index = {add = c.add}})\nt:add(1)", chunk: "@m.lua")?.message == "m.lua:3: calling 'add' on bad self (Counter expected, got table)")
        #expect(h.run("fail(1, 2)", chunk: "@m.lua")?.message == "m.lua:1: failed with 2 arguments")
        #expect(h.run("counter(1.5)", chunk: "@m.lua")?.message == "m.lua:1: bad argument #1 to 'counter' (number has no integer representation)")
    }

    @Test func objectsAreReleasedByTheCollectorAndOnClose() throws {
        let before = Counter.alive
        do {
            let (h, _) = try harness()
            h.run("for i = 1, 1000 do counter(i) end")
            h.run("collectgarbage() collectgarbage()")
            #expect(Counter.alive == before)
            h.run("kept = {} for i = 1, 10 do kept[i] = counter(i) end")
            #expect(Counter.alive == before + 10)
            h.lua.close()
            #expect(Counter.alive == before)
        }
        #expect(Counter.alive == before)
    }

    /// A struct lives in its userdata whole: its references are released when Lua
    /// collects it, and when the state closes.
    @Test func valuesAreDestroyedByTheCollectorAndOnClose() throws {
        struct Pair {
            let first: Counter
            let second: Counter
            let label: String
        }
        let before = Counter.alive
        do {
            let (h, _) = try harness()
            let pairs = try #require(h.lua.makeClass("Pair", of: Pair.self))
            pairs.method("sum") { call in
                try call.withObject(1, pairs) { call.push($0.first.value + $0.second.value) }
                return 1
            }
            pairs.property("label") { call in
                try call.withReceiver(Pair.self) { call.push($0.label) }
                return 1
            }
            h.lua.register("pair") { call in
                call.push(Pair(first: Counter(try call.integer(1)), second: Counter(try call.integer(2)), label: "a pair of counters"), pairs)
                return 1
            }
            #expect(try h.value("local p = pair(2, 3) return p:sum() .. ' ' .. p.label") == .string("5 a pair of counters"))
            h.run("for i = 1, 500 do pair(i, i) end collectgarbage() collectgarbage()")
            #expect(Counter.alive == before)
            h.run("kept = {} for i = 1, 10 do kept[i] = pair(i, i) end")
            #expect(Counter.alive == before + 20)
            #expect(h.run("pair(1, 2).sum(counter(1))", chunk: "@p.lua")?.message == "p.lua:1: bad argument #1 to 'sum' (Pair expected, got Counter)")
            h.lua.close()
            #expect(Counter.alive == before)
        }
        #expect(Counter.alive == before)
    }

    @Test func errorsInMetamethodsAreOrdinaryErrors() throws {
        let (h, _) = try harness()
        #expect(h.run("local t = setmetatable({}, {__index = function() error('no field') end})\nreturn t.x", chunk: "@i.lua")?.message == "i.lua:1: no field")
        #expect(h.run("return tostring(setmetatable({}, {__tostring = function() error('no text') end}))", chunk: "@t.lua")?.message == "t.lua:1: no text")
        #expect(try h.value("return 'alive'") == .string("alive"))
    }

    @Test func referencesDoNotOutliveTheirState() throws {
        let (h, _) = try harness()
        let reference = try h.lua.withStack { call -> LuaReference in
            try h.lua.load("return 1", chunkName: "=ref", on: call)
            return h.lua.reference(from: call)
        }
        #expect(reference.isAvailable)
        h.lua.close()
        #expect(!reference.isAvailable)
        #expect(throws: LuaError.self) {
            try LuaState().withStack { call in try reference.push(on: call) }
        }
    }

    @Test func swiftCanCallBackIntoLuaFromACallback() throws {
        let (h, _) = try harness()
        let lua = h.lua
        lua.register("twice") { [unowned lua] call in
            // Calls the Lua function given as argument 1 twice, from Swift.
            var total = 0
            for _ in 0..<2 {
                call.pushCopy(1)
                do {
                    try lua.pcall(call, arguments: 0, results: 1)
                } catch {
                    throw LuaCallError.message("callback failed: \(error)")
                }
                total += try call.integer(-1)
                call.pop()
            }
            call.push(total)
            return 1
        }
        #expect(try h.value("local n = 0 return twice(function() n = n + 1 return n end)") == .integer(3))
        #expect(try h.value("return twice(function() return twice(function() return 1 end) end)") == .integer(4))
        #expect(h.run("twice(function() error('inner') end)", chunk: "@r.lua")?.message == "r.lua:1: callback failed: r.lua:1: inner")
    }

    /// `call(f)`: calls `f` back from Swift, and fails with the error as it is.
    func registerCall(on lua: LuaState) {
        lua.register("call") { [unowned lua] call in
            call.pushCopy(1)
            do {
                try lua.pcall(call, arguments: 0, results: 0)
            } catch {
                throw LuaCallError.plain("\(error)")
            }
            return 0
        }
    }

    @Test func yieldingAcrossASwiftCallbackIsAClearError() throws {
        let (h, _) = try harness()
        registerCall(on: h.lua)
        let result = try h.value("""
            local co = coroutine.create(function() call(function() coroutine.yield(1) end) end)
            local ok, err = coroutine.resume(co)
            return err
            """)
        #expect(result == .string("test.lua:1: attempt to yield across a C-call boundary"))
    }

    @Test func limitsReachIntoCallbacks() throws {
        let (h, _) = try harness()
        registerCall(on: h.lua)
        let error = h.run("call(function() while true do end end)", chunk: "@cb.lua")
        #expect(error?.kind == .instructionLimit)
        #expect(error?.message.hasPrefix("cb.lua:1: instruction limit exceeded") == true)
        #expect(h.run("pcall(call, function() while true do end end) while true do end")?.kind == .instructionLimit)
    }
}
