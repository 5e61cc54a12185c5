import LuaKit
import ScreenKit

/// `container.attributes` written in a build or a decorator: the function is given one
/// table of its container's attributes, however often it reads them, and what it wrote in
/// that table is the container's once it returns, as `setAttribute` would set it.
///
///     nav.decorator("tint", function(container, options) container.attributes.tint = options.color end)
///
/// Elsewhere `attributes` is a copy, as every value read from a container is.
extension NavRuntime {
    /// The table handed out for a container, and the attributes it was made from: only what
    /// changed since is set, so that a `setAttribute` call made after the read is kept.
    struct AttributeTable {
        let table: LuaReference
        let handedOut: [String: ScreenValue]
    }

    /// Starts handing out one attributes table of `container`, for a build or a decorator
    /// given it (made on the first read only); `endAttributeWrites` stops, whether it
    /// returned or raised.
    func beginAttributeWrites(of container: ScreenContainer) {
        attributeWriters.append(container)
    }

    func endAttributeWrites(of container: ScreenContainer) {
        attributeWriters.removeLast()
        if !attributeTables.isEmpty { attributeTables[ObjectIdentifier(container)] = nil }
    }

    /// Pushes `container.attributes`: the table a build or decorator of the container is
    /// writing, or a copy.
    func pushAttributes(_ call: LuaCall, of container: ScreenContainer) throws {
        guard attributeWriters.contains(where: { $0 === container }) else {
            return call.push(value: ScreenValue.object(container.attributes).luaValue)
        }
        if let written = attributeTables[ObjectIdentifier(container)] { return try written.table.push(on: call) }
        call.push(value: ScreenValue.object(container.attributes).luaValue)
        call.pushCopy(-1)
        attributeTables[ObjectIdentifier(container)] = AttributeTable(table: lua.reference(from: call), handedOut: container.attributes)
    }

    /// Sets what the function (`by`: "the decorator 'tint'") wrote in the table, once it
    /// returned: what differs from the attributes it was given.
    func applyAttributeWrites(of container: ScreenContainer, by function: String, _ call: LuaCall) throws {
        guard let written = attributeTables[ObjectIdentifier(container)] else { return }
        let top = call.top
        defer { call.setTop(top) }
        try written.table.push(on: call)
        let fields: [String: LuaValue]
        do {
            guard case let .table(array, named) = try Self.plainData(call, -1, depth: 9, limits: Self.attributeLimits), array.isEmpty else {
                throw ScriptResultMisfit("\(function) wrote a list in container.attributes: they are named values")
            }
            fields = named
        } catch let error as LuaCallError {
            throw ScriptResultMisfit("\(function) wrote container.attributes that are not plain data: \(error.reason)")
        }
        for name in Set(fields.keys).union(written.handedOut.keys).sorted()
        where fields[name].flatMap({ ScreenValue($0) }) != written.handedOut[name] {
            if let value = fields[name] { call.push(value: value) } else { call.pushNil() }
            do {
                try setAttribute(name, of: container, at: call.top, call)
            } catch let error as LuaCallError {
                throw ScriptResultMisfit("\(function) wrote container.attributes.\(name): \(error.reason)")
            }
            call.pop()
        }
    }
}

extension LuaCallError {
    /// What the error says, without where or which argument.
    var reason: String {
        switch self {
        case let .argument(_, text), let .message(text), let .plain(text): return text
        case let .type(_, expected): return "\(expected) expected"
        case .value: return "a value that cannot be copied"
        }
    }
}
