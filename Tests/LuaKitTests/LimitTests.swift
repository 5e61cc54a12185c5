import Foundation
import LuaKit
import Testing

@Suite struct LimitTests {
    let small = LuaLimits(memory: 8 << 20, instructions: 2_000_000, seconds: 20)

    @Test func anInfiniteLoopStopsAtTheInstructionLimit() throws {
        let h = try Harness(limits: small)
        let error = try #require(h.run("local n = 0\nwhile true do\n  n = n + 1\nend", chunk: "@loop.lua"))
        #expect(error.kind == .instructionLimit)
        #expect(error.message.hasPrefix("loop.lua:"))
        #expect(error.message.hasSuffix("instruction limit exceeded (2000000 instructions)"))
        #expect(try h.value("return 'still here'") == .string("still here"))
    }

    @Test func pcallCannotSwallowTheLimit() throws {
        let h = try Harness(limits: small)
        let error = h.run("while true do pcall(function() while true do end end) end")
        #expect(error?.kind == .instructionLimit)
        let xpcallError = h.run("while true do xpcall(function() while true do end end, function(e) return e end) end")
        #expect(xpcallError?.kind == .instructionLimit)
    }

    @Test func aLoopInsideACoroutineStops() throws {
        let h = try Harness(limits: small)
        let error = h.run("local co = coroutine.create(function() while true do end end)\nwhile true do coroutine.resume(co) end")
        #expect(error?.kind == .instructionLimit)
        let wrapped = h.run("coroutine.wrap(function() while true do end end)()")
        #expect(wrapped?.kind == .instructionLimit)
        #expect(try h.value("local co = coroutine.wrap(function() coroutine.yield(1) return 2 end) return co() + co()") == .integer(3))
    }

    @Test func theTimeLimitStopsAScript() throws {
        let h = try Harness(limits: LuaLimits(memory: 0, instructions: 0, seconds: 0.2))
        let error = h.run("while true do end", chunk: "@slow.lua")
        #expect(error?.kind == .timeLimit)
        #expect(error?.message == "slow.lua:1: time limit exceeded (0.2 s)")
    }

    @Test func memoryBombsHitTheCap() throws {
        let h = try Harness(limits: small)
        let rep = try #require(h.run("local s = string.rep('x', 100 * 1024 * 1024)", chunk: "@bomb.lua"))
        #expect(rep.kind == .memory)
        #expect(rep.message.hasSuffix("memory limit exceeded (8192 KiB)"))
        let table = try #require(h.run("local t = {}\nfor i = 1, 1e9 do t[i] = i end", chunk: "@grow.lua"))
        #expect(table.kind == .memory)
        #expect(table.message.hasPrefix("grow.lua:2: memory limit exceeded"))
        h.run("collectgarbage()")
        #expect(h.lua.memoryUsed < 1 << 20)
        #expect(try h.value("return #string.rep('y', 1000)") == .integer(1000))
    }

    @Test func deepRecursionIsAnError() throws {
        let h = try Harness()
        let error = h.run("local function f(n) return f(n + 1) + 1 end\nf(1)")
        #expect(error?.message.contains("stack overflow") == true)
        #expect(try h.value("return 2") == .integer(2))
    }

    @Test func eachCallGetsTheWholeBudget() throws {
        let h = try Harness(limits: LuaLimits(memory: 0, instructions: 500_000, seconds: 0))
        for _ in 0..<5 {
            #expect(h.run("for i = 1, 50000 do end") == nil)
        }
    }
}
