import CLua
import Foundation

/// A Lua value kept from Swift, in the state's registry. It does not keep the state alive:
/// once the state is closed, `push` throws "unavailable" instead of touching freed memory.
/// It may be dropped on any thread: the state frees its slot on its own thread.
public final class LuaReference {
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

    /// Pushes the value on `call`'s stack.
    package func push(on call: LuaCall) throws(LuaError) {
        guard isAvailable else {
            throw LuaError(kind: .unavailable, message: "the script this value came from was unloaded")
        }
        lua_rawgeti(call.L, clua_registryindex(), lua_Integer(ref))
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
