import CLua
import CLuaBridge

/// What Lua's debug interface says of functions and of the call stack: parameters, where a
/// function is defined, which line runs. Places are `"file:line"` with the whole file name
/// (Lua's `short_src` cuts a long one to "..." and its end).
extension LuaCall {
    /// Pushes the picture of the table at `index` that a failure shows, as the message
    /// handler writes it (`{code = 42, reason = "x"}`: its first eight names, a long string
    /// cut): for text that names an error value as the runner does. Raises nothing.
    public func pushErrorFields(of index: Int32) {
        lk_pushfields(L, index)
    }

    /// How many named parameters the Lua function at `index` declares (`function(a, b)`: 2;
    /// a C function: 0). Raises nothing.
    public func parameterCount(_ index: Int32) -> Int {
        guard isFunction(index) else { return 0 }
        var debug = lua_Debug()
        lua_pushvalue(L, index)
        lua_getinfo(L, ">u", &debug)                    // pops the function
        return Int(debug.nparams)
    }

    /// Where the Lua function at `index` is defined, `"routes/chat.lua:12"`; nil for a C
    /// function or another value.
    public func definition(of index: Int32) -> String? {
        guard isFunction(index) else { return nil }
        pushCopy(index)
        var record = lua_Debug()
        guard lua_getinfo(L, ">S", &record) != 0, record.linedefined > 0 else { return nil }   // pops the function
        return Self.place(&record, line: record.linedefined)
    }

    /// The line the Lua function at `index` ends at (its `end`), when it is defined in the
    /// chunk `source` names; nil for a C function, another value or another chunk's function.
    public func lastLine(of index: Int32, in source: String) -> Int? {
        guard isFunction(index) else { return nil }
        pushCopy(index)
        var record = lua_Debug()
        guard lua_getinfo(L, ">S", &record) != 0, record.lastlinedefined > 0,   // pops the function
              lk_sourcename(&record).map({ String(cString: $0) == source }) == true else { return nil }
        return Int(record.lastlinedefined)
    }

    /// Where the function `level` levels up the call stack is: "file:line", or nil when
    /// there is no such level or it is not Lua code.
    public func location(level: Int32) -> String? {
        var record = lua_Debug()
        guard lua_getstack(L, level, &record) != 0, lua_getinfo(L, "Sl", &record) != 0, record.currentline > 0 else {
            return nil
        }
        return Self.place(&record, line: record.currentline)
    }

    /// Pushes the chunk name (Lua's `source`, as given to `load`) and the line of the Lua
    /// code `level` levels up the call stack, and returns 2; pushes nothing and returns 0
    /// when there is no such level or it is not Lua code with lines. Raises nothing.
    public func pushCaller(level: Int32) -> Int32 {
        var record = lua_Debug()
        guard lua_getstack(L, level, &record) != 0, lua_getinfo(L, "Sl", &record) != 0, record.currentline > 0,
              let source = record.source else { return 0 }
        lua_pushlstring(L, source, record.srclen)
        lua_pushinteger(L, lua_Integer(record.currentline))
        return 2
    }

    /// The same, but from there up to the first function of the chunk `source` names
    /// (`"scenarios/chat.lua"`), when there is one: a scenario a shared helper defines is
    /// placed where the scenario file calls the helper.
    public func location(level: Int32, in source: String) -> String? {
        var record = lua_Debug()
        var current = level
        while lua_getstack(L, current, &record) != 0, current < level + 64 {
            if lua_getinfo(L, "Sl", &record) != 0, record.currentline > 0,
               lk_sourcename(&record).map({ String(cString: $0) == source }) == true {
                return Self.place(&record, line: record.currentline)
            }
            current += 1
        }
        return location(level: level)
    }

    private static func place(_ record: inout lua_Debug, line: Int32) -> String {
        "\(lk_sourcename(&record).map { String(cString: $0) } ?? "?"):\(line)"
    }

    /// Pushes the print of what the Lua function at `index` holds as upvalues, but `_ENV`
    /// (the globals): what tells apart closures of one function made in a loop, the same in
    /// every state whatever order its tables were filled in (lk_print.c). Pushes nil when
    /// a memory error stopped it. Raises nothing.
    public func pushBodyPrint(of index: Int32) {
        lk_pushbodyprint(L, index)
    }
}
