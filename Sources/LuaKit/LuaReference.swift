import CLua
import Foundation

/// A Lua value kept from Swift, in the state's registry. It does not keep the state alive:
/// once the state is closed, `push` throws "unavailable" instead of touching freed memory.
/// It may be handed to and dropped on any thread (hence `Sendable`): the state frees its
/// slot on its own thread. It is used (called, pushed) on its state's thread, as the state is.
///
///     try lua.execute("function greet(name) return 'hi ' .. name end", chunkName: "@greet.lua")
///     let greet = try lua.global("greet")!
///     let text = try lua.call(greet, [.string("Ann")]) { call in try call.value(-1) }   // .string("hi Ann")
public final class LuaReference: @unchecked Sendable {
    /// The state the value lives in; nil once the state is gone (the reference does not keep it).
    public private(set) weak var state: LuaState?
    let ref: Int32

    init(state: LuaState, ref: Int32) {
        self.state = state
        self.ref = ref
    }

    deinit {
        state?.unreference(ref)
    }

    /// Whether the value can still be used.
    public var isAvailable: Bool {
        state.map { !$0.isClosed } ?? false
    }

    /// Pushes the value on `call`'s stack. A reference used on another state throws: its
    /// slot there holds another value, or none.
    package func push(on call: LuaCall) throws(LuaError) {
        guard let state, !state.isClosed, let main = state.L else {
            throw LuaError(kind: .unavailable, message: "the script this value came from was unloaded")
        }
        lua_rawgeti(call.L, clua_registryindex(), lua_Integer(LUA_RIDX_MAINTHREAD))
        let same = lua_tothread(call.L, -1) == main
        clua_pop(call.L, 1)
        guard same else {
            throw LuaError(kind: .unavailable, message: "this value came from another Lua state: a reference is used in the state it came from")
        }
        lua_rawgeti(call.L, clua_registryindex(), lua_Integer(ref))
    }
}

extension LuaState {
    /// The global `name` (read raw, as the host reads tables) as a reference, for
    /// `call(_:_:results:read:)`; nil when it is nil.
    public func global(_ name: String) throws -> LuaReference? {
        try withStack { call -> LuaReference? in
            lua_rawgeti(call.L, clua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
            call.push(name)
            guard call.rawGet(-2) != .nil else { return nil }
            return reference(from: call)
        }
    }
}

/// The registry slots of dropped references, waiting for the state's thread.
final class LuaReleasedReferences: @unchecked Sendable {
    private let lock = NSLock()
    private var refs: [Int32] = []

    func add(_ ref: Int32) {
        lock.lock()
        refs.append(ref)
        lock.unlock()
    }

    func take() -> [Int32] {
        lock.lock()
        defer { lock.unlock() }
        guard !refs.isEmpty else { return [] }
        let taken = refs
        refs = []
        return taken
    }
}
