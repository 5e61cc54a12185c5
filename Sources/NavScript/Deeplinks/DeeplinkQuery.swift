import LuaKit

/// A query string as Lua data, with the bracket syntax Nivelir's `URLQueryDecoder` reads:
///
///     a=1&b=two         {a = "1", b = "two"}
///     flag              {flag = true}               (a key without a value)
///     tag[]=x&tag[]=y   {tag = {"x", "y"}}
///     filter[city]=Oslo {filter = {city = "Oslo"}}
///
/// Values stay strings; `+` is a space and `%XX` escapes are decoded.
public enum DeeplinkQuery {
    public static func parse(_ query: String?) -> LuaValue {
        var fields: [String: LuaValue] = [:]
        for pair in (query ?? "").split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = decode(String(parts[0]))
            let value: LuaValue = parts.count > 1 ? .string(decode(String(parts[1]))) : .boolean(true)
            if let open = key.firstIndex(of: "["), key.hasSuffix("]") {
                let name = String(key[..<open])
                let inner = String(key[key.index(after: open)..<key.index(before: key.endIndex)])
                let existing = fields[name] ?? .table(array: [], fields: [:])
                guard case .table(var array, var nested) = existing else { continue }
                if inner.isEmpty {
                    array.append(value)
                } else {
                    nested[inner] = value
                }
                fields[name] = .table(array: array, fields: nested)
            } else {
                fields[key] = value
            }
        }
        return .table(array: [], fields: fields)
    }

    private static func decode(_ text: String) -> String {
        DeeplinkURL.percentDecoded(text.replacingOccurrences(of: "+", with: " "))
    }
}
