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

    /// Limits set after the state opened are the ones it reports, and measures what is left
    /// against: they read as the opening ones.
    @Test func setLimitsIsWhatTheStateReports() throws {
        let h = try Harness(limits: small)
        h.lua.setLimits(LuaLimits(memory: 16 << 20, instructions: 1_000, seconds: 5))
        #expect(h.lua.limits == LuaLimits(memory: 16 << 20, instructions: 1_000, seconds: 5))
        #expect(h.lua.memoryLeft == (16 << 20) - h.lua.memoryUsed)
        let error = h.run("local n = 0\nwhile true do\n  n = n + 1\nend", chunk: "@loop.lua")
        #expect(error?.message.hasSuffix("instruction limit exceeded (1000 instructions)") == true, "\(String(describing: error))")
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

    @Test func aCallThatEndsInALongCFunctionPastTheTimeLimitFails() throws {
        // The search is one C call of a tenth of a second or more: no instruction follows it
        // for the hook to see the limit, and the script's pcall would return true.
        let h = try Harness(limits: LuaLimits(memory: 0, instructions: 0, seconds: 0.01))
        let error = h.run("pcall(string.find, string.rep('a', 150), '.-.-.-b')", chunk: "@search.lua")
        #expect(error?.kind == .timeLimit)
        #expect(error?.message.hasSuffix("time limit exceeded (0.01 s)") == true)
        #expect(try h.value("return 'still here'") == .string("still here"))
    }

    /// A loop of C calls that each take milliseconds runs a few instructions between them:
    /// the hook, every 1,000 instructions, came some 160 to 200 calls (seconds) late. A big
    /// allocation (gsub's result) looks at the clock and arms the hook for the next one;
    /// table.sort, which allocates nothing, is charged n log n instructions, and the charge
    /// looks at the clock. The set-up runs under a limit of its own: under AddressSanitizer
    /// on a busy machine, filling the table took longer than the loop's limit.
    @Test(arguments: [
        ("s = string.rep('x', 1 << 20)", "s:gsub('x', 'y')"),
        ("t = {} for i = 1, 200000 do t[i] = (i * 7919) % 200000 end", "table.sort(t)"),
    ])
    func aLoopOfLongCCallsStopsSoonAfterTheTimeLimit(setUp: String, call: String) throws {
        let h = try Harness(limits: LuaLimits(memory: 0, instructions: 0, seconds: 60))
        #expect(h.run("n = 0 " + setUp) == nil)
        h.lua.setLimits(LuaLimits(memory: 0, instructions: 0, seconds: 0.05))
        let error = h.run("while true do n = n + 1 \(call) end", chunk: "@slow.lua")
        #expect(error?.message == "slow.lua:1: time limit exceeded (0.05 s)")
        let calls = try h.value("return n")
        #expect(calls.integer.map { $0 < 100 } == true, "\(calls)")
    }

    @Test func sortingStillSortsWithAndWithoutAComparison() throws {
        let h = try Harness()
        #expect(try h.value("local t = {3, 1, 2} table.sort(t) local u = {3, 1, 2} table.sort(u, function(a, b) return a > b end) return t[1] * 10 + u[1]") == .integer(13))
    }

    @Test func hostWorkAloneReachesTheTimeLimit() throws {
        // Navigation steps charged by the host, no Lua instruction between them: the clock
        // is read once every 1,000 instructions charged (ten steps of 100), as the hook reads it.
        let h = try Harness(limits: LuaLimits(memory: 0, instructions: 0, seconds: 0.01))
        let charges = h.lua.withBudget { () -> Int in
            Thread.sleep(forTimeInterval: 0.02)
            for charge in 1...100 {
                if let error = h.lua.chargeHost(instructions: 100) {
                    #expect(error.kind == .timeLimit)
                    #expect(error.message.hasSuffix("time limit exceeded (0.01 s)"))
                    return charge
                }
            }
            return 0
        }
        #expect(charges == 10)
        #expect(try h.value("return 'still here'") == .string("still here"))
    }

    @Test func memoryBombsHitTheCap() throws {
        let h = try Harness(limits: small)
        let rep = try #require(h.run("local s = string.rep('x', 100 * 1024 * 1024)", chunk: "@bomb.lua"))
        #expect(rep.kind == .memory)
        // The line even when the hook has not run yet, and when a C function allocates:
        // Lua raises a memory error without the message handler, so the allocator notes it.
        #expect(rep.message == "bomb.lua:1: memory limit exceeded (8 MiB)")
        #expect(rep.location?.line == 1)
        let pieces = try #require(h.run("local a = 1\nlocal s = ('x'):rep(3e6) .. ('y'):rep(3e6)", chunk: "@concat.lua"))
        #expect(pieces.message == "concat.lua:2: memory limit exceeded (8 MiB)")
        let table = try #require(h.run("local t = {}\nfor i = 1, 1e9 do t[i] = i end", chunk: "@grow.lua"))
        #expect(table.kind == .memory)
        #expect(table.message.hasPrefix("grow.lua:2: memory limit exceeded"))
        // A pcall cannot swallow the cap, even where Lua raises at the first refusal
        // (lauxlib's buffers): the script stops at its next instruction, at the line that
        // asked, however long it would have gone on.
        let caught = try #require(h.run("local ok = pcall(string.rep, 'x', 1e8)\nAFTER = 0\nfor i = 1, 1e5 do AFTER = i end", chunk: "@caught.lua"))
        #expect(caught.message == "caught.lua:1: memory limit exceeded (8 MiB)")
        #expect(try h.value("return AFTER") == .nil)
        // In a coroutine, whose line the allocator cannot read, it stops at the coroutine's
        // own line when its count comes, not at the line that resumed it.
        let inCoroutine = try #require(h.run("local co = coroutine.wrap(function()\nlocal ok = pcall(string.rep, 'x', 1e8)\nfor i = 1, 1e5 do end\nend)\nco()",
                                             chunk: "@co.lua"))
        #expect(inCoroutine.message == "co.lua:3: memory limit exceeded (8 MiB)")
        h.run("collectgarbage()")
        #expect(h.lua.memoryUsed < 1 << 20)
        #expect(try h.value("return #string.rep('y', 1000)") == .integer(1000))
    }

    /// Blocks grow and shrink across the allocator's size classes and out of them (tables
    /// resized, strings of every length, garbage collected between rounds) and keep what
    /// they hold; all is given back once it is garbage.
    @Test func blocksKeepTheirContentsAcrossSizes() throws {
        let h = try Harness()
        let before = h.lua.memoryUsed
        let sum = try h.value("""
            local sum = 0
            for round = 1, 20 do
              local t = {}
              for i = 1, 300 do t[i] = string.rep(string.char(65 + i % 26), i * 3 % 700) end
              for i = 1, 300, 2 do t[i] = nil end
              local kept = {}
              for i = 2, 300, 2 do kept[#kept + 1] = t[i] end
              for _, s in ipairs(kept) do
                assert(s == string.rep(s:sub(1, 1), #s))
                sum = sum + #s
              end
              collectgarbage()
            end
            return sum
            """)
        var expected = 0
        for i in stride(from: 2, through: 300, by: 2) { expected += i * 3 % 700 }
        #expect(sum == .integer(Int64(expected * 20)))
        h.run("collectgarbage() collectgarbage()")
        #expect(h.lua.memoryUsed < before + 64 * 1024)
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

/// What the system refusing memory does, by where it happens (simulated refusals).
@Suite struct SystemMemoryTests {
    @Test func aRefusalWhileLuaRunsIsAMemoryErrorAndTheStateGoesOn() throws {
        let h = try Harness()
        h.lua.register("refuse") { [unowned h] call in
            h.lua.failAllocations(try call.integer(1, in: 0...10))
            return 0
        }
        // Lua collects and tries again once before it gives up: two refusals.
        let error = try #require(h.run("refuse(2)\nlocal t = { 1, 2, 3 }", chunk: "@refused.lua"))
        #expect(error.kind == .memory)
        // Placed at the script's line, with the size, as the host's refusals are.
        #expect(error.message.hasPrefix("refused.lua:2: not enough memory (the system refused an allocation of "), "\(error.message)")
        #expect(try h.value("return 'still here'") == .string("still here"))
    }

    @Test func aRefusalWhileTheHostPushesTakesTheReserveAndStopsTheState() throws {
        let h = try Harness()
        h.lua.register("pushBig") { [unowned h] call in
            h.lua.failAllocations(1)
            call.push(String(repeating: "x", count: 100_000))
            return 1
        }
        let error = try #require(h.run("local s = pushBig()\nreturn #s", chunk: "@host.lua"))
        #expect(error.kind == .memory)
        #expect(error.message.hasPrefix("host.lua:1: not enough memory (the system refused an allocation of"), "\(error.message)")
        #expect(LuaState.reserveUsed >= 100_000)
        // The state is not trusted any more: every call fails the same way, and closing it works.
        #expect(h.run("return 1")?.kind == .memory)
        h.lua.close()
    }
}
