import LuaKit
import ScreenKit

/// Script functions that run while a route is performed (a fallback chosen by the error, a
/// `get`, a predicate, a stack modifier). Each is kept as a reference into the state that
/// made it: after that state is closed (a reload), running it fails with "the script ...
/// was unloaded" instead of touching freed memory.
extension NavRuntime {
    /// Keeps the function at `index` as a reference.
    func keepFunction(_ call: LuaCall, _ index: Int32) -> LuaReference {
        call.pushCopy(index)
        return lua.reference(from: call)
    }

    /// `route:fallback(function(err) return route end)`.
    func scriptFallback(_ call: LuaCall, _ index: Int32, root: ScreenContainerKind) -> (Error) throws -> AnyScreenRoute? {
        let function = keepFunction(call, index)
        return { [weak self] error in
            guard let self else { throw Self.unloaded }
            return try self.call(function, arguments: { call in
                call.push("\(error)")
                return 1
            }, read: { call in
                if call.isNoneOrNil(-1) { return nil }
                guard let route = call.optionalObject(-1, self.routes) else {
                    throw ScreenFailure("the fallback function must return a Route or nil, got \(call.typeName(-1))")
                }
                return route
            })
        }
    }

    /// `route:get(function(container) ... end)`: returning `false, message` fails the route.
    func scriptGet(_ call: LuaCall, _ index: Int32) -> (ScreenContainer, @escaping (Result<Void, Error>) -> Void) -> Void {
        let function = keepFunction(call, index)
        return { [weak self] container, done in
            guard let self else { return done(.failure(Self.unloaded)) }
            done(Result {
                try self.call(function, results: 2, arguments: { call in
                    call.push(container, self.containers)
                    return 1
                }, read: { call in
                    if call.type(-2) == .boolean && !call.boolean(-2) {
                        throw ScreenFailure(call.optionalString(-1) ?? "get failed")
                    }
                })
            })
        }
    }

    /// nav.predicate(description, function(container) return boolean end, kind?)
    func makePredicate(_ call: LuaCall) throws -> Int32 {
        let description = try call.string(1)
        guard call.isFunction(2) else { throw LuaCallError.type(2, expected: "function") }
        let kind = try call.kind(3, default: .modal, allowsAny: true)
        let function = keepFunction(call, 2)
        let predicate = AnyScreenPredicate(kind: kind, description: description) { [weak self] container in
            guard let self else { throw Self.unloaded }
            return try self.call(function, arguments: { call in
                call.push(container, self.containers)
                return 1
            }, read: { $0.boolean(-1) })
        }
        call.push(PredicateObject(predicate), predicates)
        return 1
    }

    /// nav.modifier(description, function(stack) return newStack end)
    func makeModifier(_ call: LuaCall) throws -> Int32 {
        let description = try call.string(1)
        guard call.isFunction(2) else { throw LuaCallError.type(2, expected: "function") }
        call.push(ModifierObject(scriptModifier(call, 2, description: description)), modifiers)
        return 1
    }

    /// A stack modifier in a `setStack` list: a Modifier, or a function.
    func modifierValue(_ call: LuaCall, _ index: Int32, position: Int) throws -> any ScreenStackModifier {
        if let modifier = call.optionalObject(index, modifiers)?.modifier {
            return modifier
        }
        guard call.isFunction(index) else {
            throw LuaCallError.argument(2, "modifier \(position) must be a function or a nav.modifier, got \(call.typeName(index))")
        }
        return scriptModifier(call, index, description: "Custom modifier \(position)")
    }

    /// The function gets the screens as a list of Containers, bottom to top, and returns
    /// the new list: Containers already there, or Screens to build.
    private func scriptModifier(_ call: LuaCall, _ index: Int32, description: String) -> any ScreenStackModifier {
        let function = keepFunction(call, index)
        return ScreenStackCustomModifier(description: description) { [weak self] stack, navigator in
            guard let self else { throw Self.unloaded }
            let items: [Either] = try self.call(function, arguments: { call in
                call.pushTable(array: stack.count)
                for (position, container) in stack.enumerated() {
                    call.push(container, self.containers)
                    call.setElement(-2, position + 1)
                }
                return 1
            }, read: { call in
                guard call.type(-1) == .table else {
                    throw ScreenFailure("\(description) must return a list of Containers or Screens, got \(call.typeName(-1))")
                }
                return try (0..<call.length(-1)).map { position in
                    call.element(-1, position + 1)
                    defer { call.pop() }
                    if let container = call.optionalObject(-1, self.containers) { return .container(container) }
                    if let screen = call.optionalObject(-1, self.screens)?.screen { return .screen(screen) }
                    throw ScreenFailure("\(description) returned \(call.typeName(-1)) at \(position + 1); Containers or Screens expected")
                }
            })
            return try items.map { item in
                switch item {
                case let .container(container): return container
                case let .screen(screen): return try screen.build(navigator: navigator)
                }
            }
        }
    }

    private enum Either {
        case container(ScreenContainer)
        case screen(AnyScreen)
    }

    static var unloaded: LuaError {
        LuaError(kind: .unavailable, message: "the script this function came from was unloaded")
    }
}
