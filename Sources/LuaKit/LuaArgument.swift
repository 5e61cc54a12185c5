/// A value the host hands a script function (`LuaState.call`): plain data, or a Swift
/// value of a class. `call` reserves a stack slot for each before pushing any.
///
///     try lua.call(handler, [.value(.string("7")), .object(container, containers)]) { call in ... }
public struct LuaArgument {
    let push: (LuaCall) -> Void

    /// An argument `push` makes: it pushes exactly one value, and may use a few more
    /// slots while it does (a table and its elements).
    public init(_ push: @escaping (LuaCall) -> Void) {
        self.push = push
    }

    /// Plain data; a table becomes a new table.
    public static func value(_ value: LuaValue) -> LuaArgument {
        LuaArgument { $0.push(value: value) }
    }

    /// A string.
    public static func string(_ text: String) -> LuaArgument {
        LuaArgument { $0.push(text) }
    }

    /// A Swift value of `luaClass` (an object: a reference to it).
    public static func object<T>(_ value: T, _ luaClass: LuaClass<T>) -> LuaArgument {
        LuaArgument { $0.push(value, luaClass) }
    }

    /// An optional Swift value of `luaClass`: nil when there is none.
    public static func object<T>(_ value: T?, _ luaClass: LuaClass<T>) -> LuaArgument {
        LuaArgument { call in
            if let value { call.push(value, luaClass) } else { call.pushNil() }
        }
    }
}
