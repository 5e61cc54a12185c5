import LuaKit
import ScreenKit

/// A query string as Lua data, read with Nivelir's rules (`URLQueryDecoder`, as its
/// `URLQueryDeserializer`):
///
///     a=1&b=two              {a = "1", b = "two"}
///     tag[]=x&tag[]=y        {tag = {"x", "y"}}
///     ids[0]=a&ids[1]=b      {ids = {"a", "b"}}
///     filter[city]=Oslo      {filter = {city = "Oslo"}}
///     a[b][c]=1              {a = {b = {c = "1"}}}
///
/// Values stay strings; `+` is a space and `%XX` escapes are decoded; a fragment without
/// `=` is left out. A key without its closing `]`, or used for values of different types, is
/// an error (Nivelir's `dataCorrupted`).
public enum DeeplinkQuery {
    /// The table of `query` (empty for nil): what a deeplink handler gets as its second argument.
    /// Throws for a key without its closing `]`, or used for values of different types.
    ///
    ///     try DeeplinkQuery.parse("tag[]=x&tag[]=y")   // {tag = {"x", "y"}}
    ///     -- Lua: nav.deeplink("app://chats", function(params, query) ... query.tag ... end)
    public static func parse(_ query: String?) throws -> LuaValue {
        guard let query else { return .table(array: [], fields: [:]) }
        return try URLQueryDecoder.decode(query).plain.luaValue
    }
}
