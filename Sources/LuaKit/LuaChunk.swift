import CLua
import CLuaBridge
import Foundation

/// A chunk compiled once, to load into many states without parsing it again: a scenario
/// file runs in a fresh state per scenario, and loading its bytecode costs a fraction of
/// parsing its text. Only the host makes and loads these, from text it compiled itself;
/// scripts still cannot load binary chunks.
///
///     let chunk = try LuaChunk(compiling: source, chunkName: "@scenarios/chat.lua")
///     try lua.load(chunk, on: call)
public struct LuaChunk: Sendable {
    /// The name the chunk was compiled with (`@scenarios/chat.lua`), which its messages start with.
    public let chunkName: String
    let bytecode: [UInt8]

    /// Compiles `text`; a syntax error throws as `load` would. A `stripped` chunk has no
    /// debug information (no line numbers, no local names): it loads faster, but errors it
    /// raises itself say `?` where the line would be, so strip only chunks whose errors
    /// name their callers' lines (`error(message, 2)`).
    public init(compiling text: String, chunkName: String, stripped: Bool = false) throws(LuaError) {
        try self.init(compiling: Data(text.utf8), chunkName: chunkName, stripped: stripped)
    }

    /// Compiles source read as bytes (a script file: Lua does not ask for UTF-8).
    public init(compiling source: Data, chunkName: String, stripped: Bool = false) throws(LuaError) {
        let scratch = try LuaState(options: LuaOptions(limits: .none))
        defer { scratch.close() }
        guard let L = scratch.L else {
            throw LuaError(kind: .unavailable, message: "the Lua state is closed")
        }
        let call = LuaCall(L)
        try source.withUnsafeBytes { bytes in
            Result { () throws(LuaError) in try scratch.load(bytes, chunkName: chunkName, on: call) }
        }.get()
        defer { call.pop() }
        var length = 0
        guard let bytes = lk_dump(L, stripped ? 1 : 0, &length) else {
            throw LuaError(kind: .memory, message: "cannot compile \(chunkName): out of memory")
        }
        defer { free(bytes) }
        bytecode = Array(UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length))
        self.chunkName = chunkName
    }

    /// A chunk's name as a message shows it: without Lua's `@` (a file) or `=` (as given).
    package static func shownName(_ chunkName: String) -> String {
        chunkName.hasPrefix("@") || chunkName.hasPrefix("=") ? String(chunkName.dropFirst()) : chunkName
    }
}

extension LuaState {
    /// Pushes a compiled chunk as a function.
    public func load(_ chunk: LuaChunk, on call: LuaCall) throws(LuaError) {
        let status = chunk.bytecode.withUnsafeBufferPointer { bytes in
            lk_loadbinary(call.L, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self), bytes.count, chunk.chunkName)
        }
        if status != LUA_OK {
            let message = call.optionalString(-1) ?? "cannot load \(chunk.chunkName)"
            call.pop()
            throw LuaError(status: status, message: message, stop: 0)
        }
    }
}
