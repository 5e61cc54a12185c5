import CLua
import CLuaBridge

/// Copying a Lua value to plain data, bounded.
extension LuaCall {
    /// Converts the value at `index` to plain data, tables included (up to `depth` levels;
    /// deeper or cyclic tables throw). The copy is bounded by `limits`: a table that shares
    /// subtables many times (a DAG) counts each use, so that no small script can make the
    /// host copy a huge tree. With `limits.requiresText`, bytes that are not UTF-8 are
    /// refused with the error `notText` makes of where they are (by default the message
    /// `LuaNotText.reason`).
    public func value(_ index: Int32, depth: Int = 32, limits: LuaCopyLimits = LuaCopyLimits(),
                      notText: (LuaNotText) -> LuaCallError = { .message($0.reason) }) throws(LuaCallError) -> LuaValue {
        var budget = limits
        return try value(index, depth: depth, sharing: &budget, notText: notText)
    }

    /// The same under a budget several copies share: each takes what it copied off it, so
    /// that a call's arguments are bounded together (a message names what was left).
    public func value(_ index: Int32, depth: Int = 32, sharing budget: inout LuaCopyLimits,
                      notText: (LuaNotText) -> LuaCallError = { .message($0.reason) }) throws(LuaCallError) -> LuaValue {
        let limits = budget
        do {
            return try value(index, depth: depth, budget: &budget)
        } catch let error as LuaNotText {
            throw notText(error)
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
                if budget.requiresText { throw LuaNotText(path: [], isKey: false) }
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
            // The element being copied, put first on the path of bytes it has that are not text.
            var step: LuaNotText.Step?
            do {
                if length > 0 {
                    for position in 1...Int64(length) {
                        lua_rawgeti(L, index, position)
                        defer { clua_pop(L, 1) }
                        if budget.requiresPlainKeys, lua_type(L, -1) == LUA_TNIL {
                            throw LuaCallError.message("a table of plain data is a list or a table of names: its list has a hole at \(position) (nil)")
                        }
                        step = .position(position)
                        array.append(try value(-1, depth: depth - 1, budget: &budget))
                    }
                }
                lua_pushnil(L)
                while lua_next(L, index) != 0 {
                    defer { clua_pop(L, 1) }
                    step = nil
                    if lua_type(L, -2) == LUA_TSTRING {
                        guard let key = validString(-2) ?? (budget.requiresText ? nil : optionalString(-2)) else {
                            throw LuaNotText(path: [], isKey: true)
                        }
                        budget.bytes -= key.utf8.count
                        step = .field(key)
                        fields[key] = try value(-1, depth: depth - 1, budget: &budget)
                    } else if lua_isinteger(L, -2) != 0 {
                        let key = clua_tointegerx(L, -2, nil)
                        if key < 1 || key > Int64(length) {
                            if budget.requiresPlainKeys {
                                throw LuaCallError.message("a table of plain data is a list or a table of names: \(key) is no position of its list")
                            }
                            step = .position(key)
                            fields[String(key)] = try value(-1, depth: depth - 1, budget: &budget)
                        }
                    } else if budget.requiresPlainKeys {
                        throw LuaCallError.message("a table of plain data is a list or a table of names: a key that is a \(typeName(-2)) cannot be copied")
                    } else if budget.refusesDroppedKeys {
                        throw LuaNotText(path: [], isKey: true, keyType: typeName(-2))
                    }
                }
                if budget.requiresPlainKeys, !array.isEmpty, !fields.isEmpty {
                    throw LuaCallError.message("a table of plain data is a list or a table of names, not both (as JSON's arrays and objects)")
                }
            } catch var error as LuaNotText {
                if let step { error.path.insert(step, at: 0) }
                throw error
            }
            return .table(array: array, fields: fields)
        default:
            return .opaque(typeName(index))
        }
    }
}

/// Where a copy that takes text only (`LuaCopyLimits.requiresText`) met bytes that are not
/// UTF-8: the steps from the value copied down to the string, or to the table that has
/// such a key (`name` of `children[1]`: `[.field("children"), .position(1), .field("name")]`).
public struct LuaNotText: Error, Sendable {
    /// One step down from a table: a named field, or a position of its array part.
    public enum Step: Hashable, Sendable {
        case field(String)
        case position(Int64)
    }

    /// Outermost first; empty for the value itself.
    public var path: [Step]
    /// Whether it is a key of the table at `path`, not the string there.
    public var isKey: Bool
    /// The type of a key that is neither text nor a position (`true`, `2.5`), which a copy
    /// would drop; nil for bytes that are not UTF-8.
    public var keyType: String?

    /// Where a copy met text that is not UTF-8, or a key it cannot copy (`keyType`).
    public init(path: [Step], isKey: Bool, keyType: String? = nil) {
        self.path = path
        self.isKey = isKey
        self.keyType = keyType
    }

    /// What a copy says by default (where is left to its caller).
    public var reason: String {
        if let keyType { return "a key that is a \(keyType) cannot be copied" }
        return isKey ? "a key that is not UTF-8 text cannot be copied" : "a string that is not UTF-8 text cannot be copied"
    }
}
