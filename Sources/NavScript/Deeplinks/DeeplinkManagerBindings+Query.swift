import LuaKit
import ScreenKit

/// The query schema of a deeplink type (`nav.deeplinkType(name, { query = {...} })`).
extension NavRuntime {
    /// A query schema: "string", "integer", "number", "boolean", "url", a list of one of
    /// them as "integer[]" (a "?" after any: optional), `{ schema }` for a list of tables,
    /// `{ field = schema }` for a table.
    func querySchema(_ call: LuaCall, _ index: Int32, table: NavTable, path: String, depth: Int = 0) throws -> URLQuerySchema {
        guard depth < NavTable.maximumDepth else { throw table.error("\(path): a schema nests more than \(NavTable.maximumDepth) deep") }
        guard call.reserve(8) else { throw table.error("\(path): a schema nested too deeply to be read") }
        switch call.type(index) {
        case .string:
            var name = try call.string(index)
            let optional = name.hasSuffix("?")
            if optional { name.removeLast() }
            let list = name.hasSuffix("[]")
            if list { name.removeLast(2) }
            var schema: URLQuerySchema
            switch name {
            case "string": schema = .string
            case "integer": schema = .integer
            case "number": schema = .number
            case "boolean": schema = .boolean
            case "url": schema = .url
            default: throw table.error("\(path): unknown type '\(name)' (string, integer, number, boolean or url; '[]' after one for a list, '?' when optional)")
            }
            if list { schema = .array(schema) }
            return optional ? .optional(schema) : schema
        case .table:
            let index = call.absolute(index)
            if call.length(index) == 1 {
                call.element(index, 1)
                defer { call.pop() }
                return .array(try querySchema(call, -1, table: table, path: path + "[1]", depth: depth + 1))
            }
            var fields: [String: URLQuerySchema] = [:]
            call.pushNil()
            while call.next(index) {
                guard call.type(-2) == .string, let key = call.optionalString(-2) else {
                    call.pop(2)
                    throw table.error("\(path): a table schema has names as keys")
                }
                do {
                    fields[key] = try querySchema(call, -1, table: table, path: "\(path).\(key)", depth: depth + 1)
                } catch {
                    call.pop(2)
                    throw error
                }
                call.pop()
            }
            return .object(fields)
        default:
            throw table.error("\(path): a type name, a list of one schema, or a table of them expected")
        }
    }
}
