extension LuaChunk {
    /// The lines that hold code of the chunk and of every function in it, as Lua's compiler
    /// numbered its instructions: what a line hook can report, as `debug.getinfo(f,
    /// "L").activelines` gives for one function (the vararg set-up of a vararg function
    /// left out, as Lua leaves it out). Read from the chunk's bytecode; nil when the chunk
    /// was stripped or its bytecode is not Lua 5.4's (the format is the compiler's own).
    ///
    ///     try LuaChunk(compiling: "local s = [[\na\n]]\nreturn s", chunkName: "=x").activeLines   // [3, 4]
    public var activeLines: Set<Int>? {
        var reader = BytecodeReader(bytes: bytecode)
        return reader.activeLines()
    }
}

/// Reads what `lua_dump` wrote (Lua 5.4's `ldump.c`): the header, then each function with its
/// code, constants, upvalues, nested functions and line information.
private struct BytecodeReader {
    let bytes: [UInt8]
    var position = 0
    private(set) var lines: Set<Int> = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A line delta that is no delta: the line is in `abslineinfo` (`ABSLINEINFO`).
    private static let absoluteLine: Int8 = -0x80

    mutating func activeLines() -> Set<Int>? {
        // "\x1bLua", version 5.4, format 0, LUAC_DATA, the sizes of an instruction, an
        // integer and a number, then an integer and a number to check them.
        let header: [UInt8] = [0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00, 0x19, 0x93, 0x0D, 0x0A, 0x1A, 0x0A, 4, 8, 8]
        guard bytes.count > header.count + 17, Array(bytes[..<header.count]) == header else { return nil }
        position = header.count + 16 + 1   // LUAC_INT, LUAC_NUM, the main closure's upvalue count
        guard function(), position == bytes.count else { return nil }
        return lines
    }

    private mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// `dumpSize`: seven bits a byte, most significant first, the last byte marked.
    private mutating func size() -> Int? {
        var value = 0
        while let next = byte() {
            guard value < Int.max >> 8 else { return nil }
            value = value << 7 | Int(next & 0x7F)
            if next & 0x80 != 0 { return value }
        }
        return nil
    }

    private mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= bytes.count - position else { return false }
        position += count
        return true
    }

    private mutating func string() -> Bool {
        guard let length = size() else { return false }
        return length == 0 || skip(length - 1)
    }

    /// One function (`dumpFunction`), its lines added to `lines`.
    private mutating func function() -> Bool {
        guard string(), let lineDefined = size(), size() != nil, byte() != nil,
              let isVararg = byte(), byte() != nil,
              let codeCount = size(), skip(codeCount * 4),
              let constants = size() else { return false }
        for _ in 0..<constants {
            switch byte() {
            case 0x00, 0x01, 0x11: break                                // nil, false, true
            case 0x03, 0x13: guard skip(8) else { return false }        // an integer, a float
            case 0x04, 0x14: guard string() else { return false }       // a short or long string
            default: return false
            }
        }
        guard let upvalues = size(), skip(upvalues * 3), let functions = size() else { return false }
        for _ in 0..<functions {
            guard function() else { return false }
        }
        // The line of each instruction: a delta from the one before, or an absolute line.
        // A stripped chunk has none: no line is known.
        guard let deltaCount = size(), deltaCount == codeCount, deltaCount <= bytes.count - position else { return false }
        let deltas = bytes[position..<position + deltaCount].map { Int8(bitPattern: $0) }
        position += deltaCount
        guard let absoluteCount = size() else { return false }
        var absolute: [Int: Int] = [:]
        for _ in 0..<absoluteCount {
            guard let pc = size(), let line = size() else { return false }
            absolute[pc] = line
        }
        var line = lineDefined
        for (pc, delta) in deltas.enumerated() {
            if delta == Self.absoluteLine {
                guard let known = absolute[pc] else { return false }
                line = known
            } else {
                line += Int(delta)
            }
            // A vararg function's first instruction sets up its arguments: no line reports it.
            if pc > 0 || isVararg == 0 { lines.insert(line) }
        }
        // Local and upvalue names.
        guard let locals = size() else { return false }
        for _ in 0..<locals {
            guard string(), size() != nil, size() != nil else { return false }
        }
        guard let names = size() else { return false }
        for _ in 0..<names {
            guard string() else { return false }
        }
        return true
    }
}
