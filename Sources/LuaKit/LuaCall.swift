import CLua
import CLuaBridge

/// A view of a Lua stack, for reading arguments and pushing results. A Swift function
/// called from Lua gets one; `LuaState.withStack` gives one to host code.
///
/// Nothing here raises a Lua error: reads check types and throw `LuaCallError`, and pushes
/// only allocate, which never fails while the host has control (see lk_call.c). Table
/// access is raw, so no metamethod runs.
public struct LuaCall {
    /// The running thread.
    @usableFromInline package let L: OpaquePointer

    /// The free stack slots a Swift function may count on (Lua's LUA_MINSTACK); one that
    /// pushes more reserves them first (`reserve`).
    public static let minimumStack: Int32 = 20

    @usableFromInline package init(_ L: OpaquePointer) {
        self.L = L
    }

    /// The state's host object (`LuaState.hostObject`), as `type`. Only for code the host
    /// registered on a state whose host object is of that type.
    @inlinable
    public func host<T: AnyObject>(_ type: T.Type) -> T {
        Unmanaged<T>.fromOpaque(UnsafeRawPointer(lk_hostobject(L)!)).takeUnretainedValue()
    }

    /// Runs `body` with the host object lent, without a retain: it owns the state, so it
    /// outlives the call.
    @inlinable
    public func withHost<T: AnyObject, R>(_ type: T.Type, _ body: (T) throws -> R) rethrows -> R {
        try Unmanaged<T>.fromOpaque(UnsafeRawPointer(lk_hostobject(L)!))._withUnsafeGuaranteedRef(body)
    }

    // MARK: Arguments

    /// How many values are on the stack (the arguments, in a callback).
    public var top: Int32 { lua_gettop(L) }

    /// The type of the value at `index`; `.none` for a slot past the top (an argument not given).
    public func type(_ index: Int32) -> LuaType {
        LuaType(rawValue: lua_type(L, index)) ?? .none
    }

    /// Whether the value at `index` is nil or not there at all (an optional argument left out).
    public func isNoneOrNil(_ index: Int32) -> Bool {
        lua_type(L, index) <= 0
    }

    /// Text, or a number as Lua writes it (`7`, `1.5`), as Lua's own string arguments take
    /// one (`luaL_checkstring`); the number on the stack stays a number.
    public func string(_ index: Int32) throws(LuaCallError) -> String {
        if lua_type(L, index) == LUA_TNUMBER, lua_checkstack(L, 1) != 0 {
            lua_pushvalue(L, index)
            defer { clua_pop(L, 1) }
            return convertedString(-1) ?? ""
        }
        guard lua_type(L, index) == LUA_TSTRING else {
            throw .type(index, expected: "string")
        }
        guard let value = validString(index) else {
            throw .argument(index, "UTF-8 text expected, got bytes that are not")
        }
        return value
    }

    /// The string at `index` if its bytes are UTF-8: two strings that differ only in bytes
    /// that are not must not become one Swift string (a screen name, a trait, a snapshot).
    public func validString(_ index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }   // not a number made text in place
        var length = 0
        guard let bytes = clua_tolstring(L, index, &length) else { return nil }
        // Checked in C (the standard library's String(validating:as:) needs macOS 15, the
        // package macOS 13), then made text.
        guard lk_isutf8(bytes, length) != 0 else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// A string, nil for none or nil; another type is a type error.
    public func optionalString(_ index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = clua_tolstring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// A string or a number as Lua writes it (`404`, `1.5`), converting the value in place
    /// (push a copy first to keep a number a number); nil for another type.
    public func convertedString(_ index: Int32) -> String? {
        var length = 0
        guard let bytes = clua_tolstring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// An integer, or a string that is one ("7"), as `luaL_checkinteger` takes it, and
    /// refused in its words ("number expected, got string").
    public func integer(_ index: Int32) throws(LuaCallError) -> Int {
        var isNumber: Int32 = 0
        let value = clua_tointegerx(L, index, &isNumber)
        guard isNumber != 0 else {
            if lua_type(L, index) == LUA_TNUMBER {
                throw .argument(index, "number has no integer representation")
            }
            throw .type(index, expected: "number")
        }
        return Int(truncatingIfNeeded: value)
    }

    /// An integer within `range`, as every integer from a script that Swift computes with
    /// must be: no script value reaches a trapping conversion or arithmetic.
    ///
    ///     let tab = try call.integer(2, in: 1...tabs.count, "tab index")   -- bad argument #2 to 'selectTab' (tab index out of range)
    public func integer(_ index: Int32, in range: ClosedRange<Int>, _ what: String = "number") throws(LuaCallError) -> Int {
        let value = try integer(index)
        guard range.contains(value) else {
            throw .argument(index, "\(what) out of range")
        }
        return value
    }

    /// A number, or a string that is one ("1.5"), as `luaL_checknumber` takes it.
    public func number(_ index: Int32) throws(LuaCallError) -> Double {
        var isNumber: Int32 = 0
        let value = clua_tonumberx(L, index, &isNumber)
        guard isNumber != 0 else {
            throw .type(index, expected: "number")
        }
        return value
    }

    /// Lua truthiness: everything but nil and false is true.
    public func boolean(_ index: Int32) -> Bool {
        lua_toboolean(L, index) != 0
    }

    /// The value of `luaClass` at `index`, or a type error naming the class.
    @inlinable
    public func object<T>(_ index: Int32, _ luaClass: LuaClass<T>) throws(LuaCallError) -> T {
        try address(index, luaClass).assumingMemoryBound(to: T.self).pointee
    }

    /// The value of `luaClass` at `index`, or nil for any other value.
    @inlinable
    public func optionalObject<T>(_ index: Int32, _ luaClass: LuaClass<T>) -> T? {
        lk_toobject(L, index, luaClass.identity)?.assumingMemoryBound(to: T.self).pointee
    }

    /// Runs `body` with the value of `luaClass` at `index` where its userdata holds it (the
    /// userdata on the stack keeps it alive), or throws a type error naming the class.
    @inlinable
    public func withObject<T, R>(_ index: Int32, _ luaClass: LuaClass<T>, _ body: (T) throws -> R) throws -> R {
        try body(try address(index, luaClass).assumingMemoryBound(to: T.self).pointee)
    }

    /// `withObject` for an object: lent without a retain.
    @inlinable
    public func withObject<T: AnyObject, R>(_ index: Int32, _ luaClass: LuaClass<T>, _ body: (T) throws -> R) throws -> R {
        try Unmanaged<T>.fromOpaque(try address(index, luaClass).load(as: UnsafeRawPointer.self))._withUnsafeGuaranteedRef(body)
    }

    /// In a property getter, runs `body` with the value the property is read from, with no
    /// type check: C calls a getter only for a value of the getter's own class. Only valid
    /// there.
    @inlinable
    public func withReceiver<T, R>(_ type: T.Type, _ body: (T) throws -> R) throws -> R {
        try body(try receiverAddress().assumingMemoryBound(to: T.self).pointee)
    }

    /// `withReceiver` for an object: lent without a retain.
    @inlinable
    public func withReceiver<T: AnyObject, R>(_ type: T.Type, _ body: (T) throws -> R) throws -> R {
        try Unmanaged<T>.fromOpaque(try receiverAddress().load(as: UnsafeRawPointer.self))._withUnsafeGuaranteedRef(body)
    }

    /// Where the value of `luaClass` at `index` is held, or a type error naming the class.
    @inlinable
    func address<T>(_ index: Int32, _ luaClass: LuaClass<T>) throws(LuaCallError) -> UnsafeMutableRawPointer {
        guard let value = lk_toobject(L, index, luaClass.identity) else {
            throw .type(index, expected: luaClass.name)
        }
        return value
    }

    /// Where the value a property getter reads is held.
    @inlinable
    func receiverAddress() throws(LuaCallError) -> UnsafeMutableRawPointer {
        guard let value = lk_receiver(L) else {
            throw .message("the object was released")
        }
        return value
    }

    /// Whether the value at `index` is a table whose metatable guards itself as `name` (its
    /// `__metatable` field): how a module's proxy (`nav`) is told from a table of options.
    public func isGuardedTable(_ index: Int32, as name: String) -> Bool {
        guard lua_type(L, index) == LUA_TTABLE, lua_getmetatable(L, index) != 0 else { return false }
        defer { clua_pop(L, 1) }
        lua_pushstring(L, "__metatable")
        defer { clua_pop(L, 1) }
        return lua_rawget(L, -2) == LUA_TSTRING && optionalString(-1) == name
    }

    /// The type name Lua's messages use: `__name` for objects (`released Screen` for one Lua
    /// has finalized, reached again through a weak table), else the basic type.
    public func typeName(_ index: Int32) -> String {
        let index = lua_absindex(L, index)   // the metatable and its name go on the stack
        if lua_type(L, index) == LUA_TUSERDATA, lua_getmetatable(L, index) != 0 {
            defer { clua_pop(L, 1) }
            lua_pushstring(L, "__name")
            defer { clua_pop(L, 1) }
            if lua_rawget(L, -2) == LUA_TSTRING, let name = optionalString(-1) {
                return lk_isreleased(L, index) != 0 ? "released " + name : name
            }
        }
        return type(index).name
    }

    // MARK: Results

    /// Pushes nil.
    public func pushNil() { lua_pushnil(L) }
    /// Pushes a boolean.
    public func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    /// Pushes an integer.
    public func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }
    /// Pushes a float.
    public func push(_ value: Double) { lua_pushnumber(L, value) }

    /// Pushes a string through `lua_pushstring`, whose cache (keyed by the bytes' address)
    /// finds a string pushed from the same place again without hashing it, as a C binding
    /// pushing its own `char *` does. A string with a NUL in it is pushed whole.
    public func push(_ value: String) {
        value.withCString { bytes in _ = lua_pushstring(L, bytes) }
        if lua_rawlen(L, -1) != value.utf8.count {
            lua_settop(L, -2)
            var value = value
            value.withUTF8 { bytes in
                _ = lua_pushlstring(L, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self), bytes.count)
            }
        }
    }

    /// Pushes the string, or nil when there is none.
    public func push(_ value: String?) {
        if let value { push(value) } else { pushNil() }
    }

    /// Pushes a `__pairs` for a read-only proxy: `pairs(proxy)` lists the table that its
    /// metatable's `__index` is, as a plain module table lists itself.
    public func pushProxyPairs() {
        lk_pushproxypairs(L)
    }

    /// Pops a read-only proxy that the sandbox's `rawset` then refuses with `message`, as
    /// its `__newindex` refuses an assignment.
    public func markReadOnly(message: String) {
        lk_markreadonly(L, message)
    }

    /// Pushes a message handler for a script's own `xpcall`: the error as the runner's
    /// message says it (`file:line: (error object is a table value: {code = 1})`), without
    /// the traceback.
    public func pushErrorPlacer() {
        lk_pusherrorplacer(L)
    }

    /// Pushes a new table with room for `array` elements and `fields` fields.
    public func pushTable(array: Int = 0, fields: Int = 0) {
        lua_createtable(L, Int32(clamping: array), Int32(clamping: fields))
    }

    /// Pushes a value of `luaClass`: the userdata holds a copy of it (an object: a
    /// reference, which keeps it alive).
    @inlinable
    public func push<T>(_ value: T, _ luaClass: LuaClass<T>) {
        lk_newobject(L, luaClass.identity, MemoryLayout<T>.size).assumingMemoryBound(to: T.self).initialize(to: value)
    }

    /// Pushes plain data; tables become new tables.
    public func push(value: LuaValue) {
        switch value {
        case .nil, .opaque: pushNil()
        case let .boolean(flag): push(flag)
        case let .integer(number): lua_pushinteger(L, number)
        case let .number(number): push(number)
        case let .string(text): push(text)
        case let .table(array, fields):
            guard lua_checkstack(L, 3) != 0 else { return pushNil() }
            pushTable(array: array.count, fields: fields.count)
            for (position, element) in array.enumerated() {
                push(value: element)
                setElement(-2, position + 1)
            }
            for (name, element) in fields {
                push(value: element)
                setField(-2, name)
            }
        }
    }

    /// Pushes a copy of the value at `index`.
    public func pushCopy(_ index: Int32) {
        lua_pushvalue(L, index)
    }

    /// Pops a table and makes it the metatable of the value at `index`.
    public func setMetatable(_ index: Int32) {
        lua_setmetatable(L, index)
    }

    /// Whether the value at `index` is a function.
    public func isFunction(_ index: Int32) -> Bool {
        lua_type(L, index) == LUA_TFUNCTION
    }

    /// The absolute position of `index` on the stack.
    public func absolute(_ index: Int32) -> Int32 {
        lua_absindex(L, index)
    }

    /// Whether two values are the same without metamethods.
    public func rawEqual(_ first: Int32, _ second: Int32) -> Bool {
        lua_rawequal(L, first, second) != 0
    }

    /// Pops `count` values from the top of the stack.
    public func pop(_ count: Int32 = 1) {
        clua_pop(L, count)
    }

    /// Removes the value at `index`, moving the ones above it down.
    public func remove(_ index: Int32) {
        clua_remove(L, index)
    }

    /// Sets the top of the stack (drops or fills with nil).
    public func setTop(_ index: Int32) {
        lua_settop(L, index)
    }

    /// Makes sure `count` more values fit; false when they cannot.
    public func reserve(_ count: Int32) -> Bool {
        lua_checkstack(L, count) != 0
    }
}
