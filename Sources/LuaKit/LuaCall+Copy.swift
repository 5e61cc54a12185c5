import CLua
import CLuaBridge

/// Copying a Lua value to plain data, bounded.
extension LuaCall {
    /// Converts the value at `index` to plain data, tables included (up to `depth` levels;
    /// deeper or cyclic tables throw). The copy is bounded by `limits`: a table that shares
    /// subtables many times (a DAG) counts each use, so that no small script can make the
    /// host copy a huge tree.
    public func value(_ index: Int32, depth: Int = 32, limits: LuaCopyLimits = LuaCopyLimits()) throws(LuaCallError) -> LuaValue {
        var budget = limits
        do {
            return try value(index, depth: depth, budget: &budget)
        } catch LuaCopyLimits.Exceeded.values {
            throw .message("value too large to copy (more than \(limits.values) values; a shared table counts each time it is reached)")
        } catch LuaCopyLimits.Exceeded.bytes {
            throw .message("value too large to copy (more than \(limits.bytes) bytes of strings)")
        } catch let error as LuaCallError {
            throw error
        } catch {
            throw .message("\(error)")
        }
    }

    private func value(_ index: Int32, depth: Int, budget: inout LuaCopyLimits) throws -> LuaValue {
        let index = lua_absindex(L, index)
        budget.values -= 1
        guard budget.values >= 0 else { throw LuaCopyLimits.Exceeded.values }
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            return lua_isinteger(L, index) != 0 ? .integer(clua_tointegerx(L, index, nil)) : .number(clua_tonumberx(L, index, nil))
        case LUA_TSTRING:
            budget.bytes -= Int(lua_rawlen(L, index))
            guard budget.bytes >= 0 else { throw LuaCopyLimits.Exceeded.bytes }
            guard let text = validString(index) else {
                if budget.requiresText { throw LuaCallError.message("a string that is not UTF-8 text cannot be copied") }
                return .string(optionalString(index) ?? "")
            }
            return .string(text)
        case LUA_TTABLE:
            guard depth > 0, lua_checkstack(L, 3) != 0 else {
                throw LuaCallError.message("table nested too deeply (or a cycle) to be read")
            }
            var array: [LuaValue] = []
            var fields: [String: LuaValue] = [:]
            let length = lua_rawlen(L, index)
            if length > 0 {
                for position in 1...Int64(length) {
                    lua_rawgeti(L, index, position)
                    defer { clua_pop(L, 1) }
                    array.append(try value(-1, depth: depth - 1, budget: &budget))
                }
            }
            lua_pushnil(L)
            while lua_next(L, index) != 0 {
                defer { clua_pop(L, 1) }
                if lua_type(L, -2) == LUA_TSTRING {
                    guard let key = validString(-2) ?? (budget.requiresText ? nil : optionalString(-2)) else {
                        throw LuaCallError.message("a key that is not UTF-8 text cannot be copied")
                    }
                    budget.bytes -= key.utf8.count
                    fields[key] = try value(-1, depth: depth - 1, budget: &budget)
                } else if lua_isinteger(L, -2) != 0 {
                    let key = clua_tointegerx(L, -2, nil)
                    if key < 1 || key > Int64(length) {
                        fields[String(key)] = try value(-1, depth: depth - 1, budget: &budget)
                    }
                }
            }
            return .table(array: array, fields: fields)
        default:
            return .opaque(typeName(index))
        }
    }
}
