import CLua
import CLuaBridge

/// Reading and writing tables, raw: no metamethod runs.
extension LuaCall {
    /// Pushes `table[name]` (raw) and returns its type.
    @discardableResult
    public func field(_ table: Int32, _ name: String) -> LuaType {
        let table = lua_absindex(L, table)
        push(name)
        return LuaType(rawValue: lua_rawget(L, table)) ?? .nil
    }

    /// Pushes `table[position]` (raw) and returns its type.
    @discardableResult
    public func element(_ table: Int32, _ position: Int) -> LuaType {
        LuaType(rawValue: lua_rawgeti(L, table, lua_Integer(position))) ?? .nil
    }

    /// Pops a key and pushes `table[key]` (raw); returns its type.
    @discardableResult
    public func rawGet(_ table: Int32) -> LuaType {
        LuaType(rawValue: lua_rawget(L, lua_absindex(L, table))) ?? .nil
    }

    /// Pops a value and a key below it and sets `table[key] = value` (raw).
    public func rawSet(_ table: Int32) {
        lua_rawset(L, lua_absindex(L, table))
    }

    /// The length of the table's array part (raw).
    public func length(_ table: Int32) -> Int {
        Int(lua_rawlen(L, table))
    }

    /// How many entries the table at `table` has, of any key (raw); a list's is its length.
    public func entryCount(_ table: Int32) -> Int {
        let table = lua_absindex(L, table)
        var count = 0
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            lua_settop(L, -2)
            count += 1
        }
        return count
    }

    /// Pops a value and sets it as `table[name]` (raw).
    public func setField(_ table: Int32, _ name: String) {
        let table = lua_absindex(L, table)
        push(name)
        lua_rotate(L, -2, 1)
        lua_rawset(L, table)
    }

    /// Pops a value and sets it as `table[position]` (raw).
    public func setElement(_ table: Int32, _ position: Int) {
        lua_rawseti(L, table, lua_Integer(position))
    }

    /// Table traversal (raw): pops a key, pushes the next key and value of the table at
    /// `table`; false at the end. Start with a nil key; leave the key on the stack.
    public func next(_ table: Int32) -> Bool {
        lua_next(L, table) != 0
    }
}
