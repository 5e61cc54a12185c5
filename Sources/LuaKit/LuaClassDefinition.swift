import CLuaBridge

/// A class's methods, properties and metamethods, defined once per process and shared by
/// every state. A state's class made from it pays for no member up front: C looks a member
/// up here the first time a script uses it in that state, and keeps it there from then on.
/// Define it as a `static let`, whole, before any state uses it; it must outlive them all.
/// A definition that ran out of memory while being made is incomplete, and
/// `LuaState.makeClass` refuses it (returns nil), so that no class misses a member.
///
///     static let routes = LuaClassDefinition("Route")
///         .method("push") { call in ... }           // finds its host with call.host(_:)
///     let routes = state.makeClass(Self.routes, of: RouteBox.self)
///     -- Lua: route:push(screen)
public final class LuaClassDefinition: @unchecked Sendable {
    /// The class's name (its metatable's `__name`).
    public let name: String
    let definition: OpaquePointer?
    /// False once adding a member failed for want of memory.
    public private(set) var isComplete: Bool
    private var functions: [LuaFunction] = []

    /// An empty definition named `name`; add its members with `method`, `property` and `metamethod`.
    public init(_ name: String) {
        self.name = name
        definition = lk_newclassdef(name)
        isComplete = definition != nil
    }

    deinit {
        lk_freeclassdef(definition)
    }

    /// Adds a method: `object:name(...)`.
    @discardableResult
    public func method(_ name: String, _ function: LuaFunction) -> Self {
        add(LK_METHOD, name, function)
    }

    /// Adds a read-only property: `object.name`; the function gets the object at 1.
    @discardableResult
    public func property(_ name: String, _ function: LuaFunction) -> Self {
        add(LK_PROPERTY, name, function)
    }

    /// Sets a metamethod: `__tostring`, `__eq`, `__call`, ...
    @discardableResult
    public func metamethod(_ event: String, _ function: LuaFunction) -> Self {
        add(LK_METAMETHOD, event, function)
    }

    /// Adds a method with `body`: `object:name(...)`.
    @discardableResult
    public func method(_ name: String, _ body: @escaping LuaFunction.Body) -> Self {
        method(name, LuaFunction(body))
    }

    /// Adds a read-only property with `body`: `object.name`; the body gets the object at 1.
    @discardableResult
    public func property(_ name: String, _ body: @escaping LuaFunction.Body) -> Self {
        property(name, LuaFunction(body))
    }

    /// Sets a metamethod with `body`: `__tostring`, `__eq`, `__call`, ...
    @discardableResult
    public func metamethod(_ event: String, _ body: @escaping LuaFunction.Body) -> Self {
        metamethod(event, LuaFunction(body))
    }

    private func add(_ kind: Int, _ name: String, _ function: LuaFunction) -> Self {
        functions.append(function)
        if let definition, lk_classdef_add(definition, Int32(kind), name, luaSwiftEntry, function.context) == 0 {
            isComplete = false
        }
        return self
    }
}
