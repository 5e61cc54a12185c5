import LuaKit
import ScreenKit

/// `container.attributes` written in a build or a decorator: the function is given one
/// table of its container's attributes, however often it reads them, and what it wrote in
/// that table is the container's once it returns, as `setAttribute` would set it.
///
///     nav.decorator("tint", function(container, options) container.attributes.tint = options.color end)
///
/// Elsewhere `attributes` is a copy, as every value read from a container is.
final class ContainerAttributeWrites {
    let container: ScreenContainer
    /// The table handed out, and the attributes it was made from: only what changed since
    /// is set, so that a `setAttribute` call made after the read is kept.
    var table: LuaReference?
    var handedOut: [String: ScreenValue] = [:]
    let outer: ContainerAttributeWrites?

    init(_ container: ScreenContainer, outer: ContainerAttributeWrites?) {
        self.container = container
        self.outer = outer
    }
}

extension NavRuntime {
    /// Starts handing out one attributes table of `container`, for a build or a decorator
    /// given it; `endAttributeWrites` stops, whether it returned or raised.
    func beginAttributeWrites(of container: ScreenContainer) -> ContainerAttributeWrites {
        let writes = ContainerAttributeWrites(container, outer: attributeWrites)
        attributeWrites = writes
        return writes
    }

    func endAttributeWrites(_ writes: ContainerAttributeWrites) {
        attributeWrites = writes.outer
    }

    /// Pushes `container.attributes`: the table a build or decorator of the container is
    /// writing, or a copy.
    func pushAttributes(_ call: LuaCall, of container: ScreenContainer) throws {
        var writes = attributeWrites
        while let current = writes, current.container !== container { writes = current.outer }
        guard let writes else { return call.push(value: ScreenValue.object(container.attributes).luaValue) }
        if let table = writes.table { return try table.push(on: call) }
        writes.handedOut = container.attributes
        call.push(value: ScreenValue.object(writes.handedOut).luaValue)
        call.pushCopy(-1)
        writes.table = lua.reference(from: call)
    }

    /// Sets what the function (`by`: "the decorator 'tint'") wrote in the table, once it
    /// returned: what differs from the attributes it was given.
    func applyAttributeWrites(_ writes: ContainerAttributeWrites, by function: String, _ call: LuaCall) throws {
        guard let table = writes.table else { return }
        let top = call.top
        defer { call.setTop(top) }
        try table.push(on: call)
        let written: [String: LuaValue]
        do {
            guard case let .table(array, fields) = try Self.plainData(call, -1, depth: 9, limits: Self.attributeLimits), array.isEmpty else {
                throw ScriptResultMisfit("\(function) wrote a list in container.attributes: they are named values")
            }
            written = fields
        } catch let error as LuaCallError {
            throw ScriptResultMisfit("\(function) wrote container.attributes that are not plain data: \(error.reason)")
        }
        for name in Set(written.keys).union(writes.handedOut.keys).sorted()
        where written[name].flatMap({ ScreenValue($0) }) != writes.handedOut[name] {
            if let value = written[name] { call.push(value: value) } else { call.pushNil() }
            do {
                try setAttribute(name, of: writes.container, at: call.top, call)
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
