import LuaKit

extension NavRuntime {
    /// Pushes an interceptor's `link`, `{url=, pattern=, params=, query=}`, which also reads
    /// as its URL, as a script that takes it for the URL's text writes it: `tostring(link)`,
    /// `link:find("private")`, `#link` and `"held " .. link` use `link.url`.
    ///
    ///     nav.interceptor(function(link, app) if link:find("^app://profile") then ... end end)
    func pushLink(_ link: LuaValue, on call: LuaCall) {
        call.push(value: link)
        do {
            try metatableOfLinks(call).push(on: call)
            call.setMetatable(-2)
        } catch {
            // Out of memory making it: the plain table, which is all the contract promises.
        }
    }

    /// The metatable `pushLink` gives a link, made once per state.
    private func metatableOfLinks(_ call: LuaCall) throws -> LuaReference {
        if let linkMetatable { return linkMetatable }
        let top = call.top
        defer { call.setTop(top) }
        try lua.load("""
            local string, tostring, rawget = string, tostring, rawget
            return {
              __tostring = function(link) return rawget(link, "url") end,
              __len = function(link) return #rawget(link, "url") end,
              __concat = function(a, b) return tostring(a) .. tostring(b) end,
              __index = function(link, name)
                local method = string[name]
                if method then return function(self, ...) return method(rawget(self, "url"), ...) end end
              end,
            }
            """, chunkName: "=link", on: call)
        try lua.pcall(call, arguments: 0, results: 1)
        let metatable = lua.reference(from: call)
        linkMetatable = metatable
        return metatable
    }
}
