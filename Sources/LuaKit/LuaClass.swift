import CLua
import CLuaBridge

/// A Swift type exposed to Lua as userdata: a metatable with `__name`, methods in `__index`,
/// `__gc` destroying the value, and whatever metamethods are added. The userdata holds the
/// value itself, a struct whole or an object's reference, so pushing one makes no Swift
/// allocation of its own. Type checks compare metatable identity.
///
///     let routes = state.makeClass("Route", of: AnyScreenRoute.self)
///     routes.method("push") { call in ... }
///     -- Lua: route:push(screen)
public final class LuaClass<T> {
    /// The class's name (its metatable's `__name`), as messages and `tostring` show it.
    public let name: String
    @usableFromInline let identity: UnsafeRawPointer
    unowned let state: LuaState

    init(state: LuaState, L: OpaquePointer, name: String, definition: LuaClassDefinition?) {
        precondition(MemoryLayout<T>.alignment <= MemoryLayout<lua_Number>.alignment,
                     "\(T.self) is aligned more strictly than Lua aligns userdata")
        self.state = state
        self.name = name
        // __gc's context is T's metadata, which lives as long as the process.
        identity = lk_newclass(L, name, definition?.definition, luaDestroy, unsafeBitCast(T.self as Any.Type, to: UnsafeMutableRawPointer.self))
    }

    /// Adds a method: `object:name(...)`.
    public func method(_ name: String, _ body: @escaping (LuaCall) throws -> Int32) {
        method(name, state.retain(body))
    }

    /// Adds a method made once and shared by every state.
    public func method(_ name: String, _ function: LuaFunction) {
        guard let L = state.L else { return }
        lk_setmethod(L, identity, name, luaSwiftEntry, function.context)
    }

    /// Sets a metamethod: `__tostring`, `__eq`, `__call`, `__len`, `__concat`, ...
    public func metamethod(_ event: String, _ body: @escaping (LuaCall) throws -> Int32) {
        metamethod(event, state.retain(body))
    }

    /// Sets a metamethod made once and shared by every state.
    public func metamethod(_ event: String, _ function: LuaFunction) {
        guard let L = state.L else { return }
        lk_setmetamethod(L, identity, event, luaSwiftEntry, function.context)
    }

    /// Adds a read-only property: `object.name`. The body gets the object at 1 and the
    /// name at 2, and returns one result. C finds it by name, so no string reaches Swift.
    public func property(_ name: String, _ body: @escaping (LuaCall) throws -> Int32) {
        property(name, state.retain(body))
    }

    /// Adds a read-only property made once and shared by every state.
    public func property(_ name: String, _ function: LuaFunction) {
        guard let L = state.L else { return }
        lk_setproperty(L, identity, name, luaSwiftEntry, function.context)
    }
}
