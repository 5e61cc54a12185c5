import LuaKit
import Testing

/// The lines a chunk's bytecode gives instructions, nested functions included: what a line
/// hook can report, and what coverage counts as code.
@Suite struct ChunkLinesTests {
    @Test func aStatementOverSeveralLinesRunsAtItsLastLine() throws {
        let chunk = try LuaChunk(compiling: """
            local s = [[
            a
            ]]
            local function f(a,
                             b)
              return a + b
            end
            return s, f
            """, chunkName: "=lines")
        // `local s` at the string's end; f's body, and its `end`, where its closure is made
        // and its last return is; the chunk's return. Not lines 1, 2, 4 or 5: none of
        // their code has an instruction of its own.
        #expect(chunk.activeLines == [3, 6, 7, 8])
    }

    @Test func aStrippedChunkHasNoLines() throws {
        #expect(try LuaChunk(compiling: "return 1", chunkName: "=s", stripped: true).activeLines == nil)
    }

    /// Constants of every kind and deep nesting are read through (a wrong skip would end
    /// the reading early and give nil).
    @Test func everyKindOfConstantIsReadThrough() throws {
        let chunk = try LuaChunk(compiling: """
            local t = { nil, false, true, 1, 1.5, "short", string.rep("long", 20) .. "\(String(repeating: "x", count: 60))" }
            local function outer()
              local function inner()
                return 2 ^ 62, -0.0, math.maxinteger
              end
              return inner
            end
            return t, outer
            """, chunkName: "=k")
        #expect(chunk.activeLines == [1, 4, 5, 6, 7, 8])
    }
}
