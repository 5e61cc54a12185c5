import Foundation
import LuaKit
import ScreenKit

/// Script functions that run while a route is performed (a fallback chosen by the error, a
/// `get`, a predicate, a stack modifier). Each is kept as a reference and called through
/// the directory (`NavCallback.function`): after a reload, running it fails with "the
/// script ... was unloaded" instead of touching another state.
extension NavRuntime {
    /// Keeps the function at `index` as a reference.
    func keepFunction(_ call: LuaCall, _ index: Int32) -> LuaReference {
        call.pushCopy(index)
        return lua.reference(from: call)
    }

    /// `route:fallback(function(err, route) return route:push(Home()) end)`.
    func scriptFallback(_ call: LuaCall, _ index: Int32, root: ScreenContainerKind) -> (Error) throws -> AnyScreenRoute? {
        scriptFallback(.function(keepFunction(call, index)), call, root: root)
    }

    /// A fallback function (`route:fallback`, `route:try { fallback = }`), which route
    /// coverage names by the line that gave it. As Nivelir's `fallback(to: (Error,
    /// ScreenRootRoute<Root>) -> ...)`, it is given the error's text and an empty route from
    /// the failed route's root container (`nav.route(root)`).
    func scriptFallback(_ function: NavCallback, _ call: LuaCall, root: ScreenContainerKind) -> (Error) throws -> AnyScreenRoute? {
        let directory = directory
        // Only with coverage on: finding the line is a look-up in Lua's debug information.
        let name = routeUsage == nil ? nil : "fallback \(call.location(level: 1) ?? "?")"
        if let name { declare(name) }
        return { error in
            if let name { directory.current?.used(name) }
            return try directory.invoke(function, { [.string("\(error)"), .object(AnyScreenRoute(root: root), $0.routes)] }, results: 1) { runtime, call in
                call.isNoneOrNil(-1) ? nil : try runtime.returnedRoute(call, by: "fallback", root: root, orNil: true)
            }
        }
    }

    /// The route a script function returned (the top of the stack) for a step that runs it
    /// on a `root` container (a fallback, a try's done). A value that is no Route, or one of
    /// a root that does not fit, is the function's misfit, named at its line: the route's
    /// own check, where it runs, would name no line. `orNil`: the function may also return
    /// nil (its caller takes that first), which the message says.
    func returnedRoute(_ call: LuaCall, by verb: String, root: ScreenContainerKind, orNil: Bool) throws -> AnyScreenRoute {
        guard let route = call.optionalObject(-1, routes) else {
            throw ScriptResultMisfit("the \(verb) function must return a Route\(orNil ? " or nil" : ""), got \(call.typeName(-1))")
        }
        guard root.conforms(to: route.rootKind) else {
            throw ScriptResultMisfit("\(ScreenDSLError.nestedRoute(verb: verb, expected: root, got: route.rootKind))")
        }
        return route
    }

    /// `route:get(function(container) ... end)`: returning `false, message` (or `nil, message`)
    /// fails the route; any other result, a bare `false` too, is Nivelir's one-argument `get`,
    /// which always succeeds. A function that takes a second parameter, `function(container, done)`, is Nivelir's
    /// `get(body: (Current, Completion) -> Void)`: the step completes when it calls `done()`
    /// or `done(false, "why")`, once (later calls are ignored), and its results are not read.
    func scriptGet(_ call: LuaCall, _ index: Int32, trigger: any ScreenAction) -> (ScreenContainer, @escaping (Result<Void, Error>) -> Void) -> Void {
        let function = NavCallback.function(keepFunction(call, index)), directory = directory
        guard call.parameterCount(index) >= 2 else {
            return { container, done in
                done(Result {
                    try directory.invoke(function, { [.object(container, $0.containers)] }, results: 2) { runtime, call in
                        // A failure needs its reason: a predicate-like `return c.isVisible == false`
                        // is no failure (Nivelir's body returns Void). An empty one says "get failed".
                        if call.type(-2) == .boolean && !call.boolean(-2) || call.type(-2) == .nil, call.type(-1) != .nil {
                            throw ScreenFailure(runtime.failureMessage(call, -1).flatMap { $0.isEmpty ? nil : $0 } ?? "get failed")
                        }
                    }
                })
            }
        }
        return { container, done in
            var completed = false
            let completion = CompletionObject(trigger: trigger) { result in
                guard !completed else { return }
                completed = true
                done(result.map { _ in })
            }
            do {
                try directory.invoke(function, { [.object(container, $0.containers), .object($0.track(completion), $0.completions)] })
            } catch {
                completion.fail(raising: error, in: directory.current)
            }
        }
    }

    /// nav.predicate(description, function(container) return boolean end, kind?)
    func makePredicate(_ call: LuaCall) throws -> Int32 {
        let description = try call.string(1)
        guard call.isFunction(2) else { throw LuaCallError.type(2, expected: "function") }
        let kind = try kindArgument(call, 3, default: .modal, allowsAny: true)
        let function = NavCallback.function(keepFunction(call, 2)), directory = directory
        let predicate = AnyScreenPredicate(kind: kind, description: description) { container in
            try directory.invoke(function, { [.object(container, $0.containers)] }, results: 1) { _, call in call.boolean(-1) }
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

    /// Containers as a Lua list, for a script's function.
    func containerList(_ list: [ScreenContainer]) -> LuaArgument {
        LuaArgument { call in
            call.pushTable(array: list.count)
            for (position, container) in list.enumerated() {
                call.push(container, self.containers)
                call.setElement(-2, position + 1)
            }
        }
    }

    /// A custom pop or tab predicate (Nivelir's `ScreenStackPopPredicate(description:_:)` and
    /// `ScreenTabPredicate(description:_:)`): the function gets the stack's screens or the
    /// tabs as a list of Containers and returns the 1-based position to keep or select, or
    /// nil for none. The body gives a 0-based index.
    /// `lowest` is the lowest position there is: 1 for a tab, 0 for a pop, where it keeps no
    /// screen (Nivelir's index -1, a stack count of zero).
    func scriptIndex(_ call: LuaCall, _ index: Int32, lowest: Int, description: String) -> ([ScreenContainer]) throws -> Int? {
        let function = NavCallback.function(keepFunction(call, index)), directory = directory
        return { containers in
            try directory.invoke(function, { [$0.containerList(containers)] }, results: 1) { _, call -> Int? in
                if call.isNoneOrNil(-1) { return nil }
                guard call.type(-1) == .number, let position = try? call.integer(-1) else {
                    // A number says which, as Lua's "number has no integer representation" does not.
                    let given = call.type(-1) == .number ? String(format: "%.14g, which has no integer representation", (try? call.number(-1)) ?? .nan)
                                                         : call.typeName(-1)
                    throw ScriptResultMisfit("\(description) must return a position (an integer) or nil, got \(given)")
                }
                // Anything lower than the lowest is no screen, as one past the end is.
                return position >= lowest ? position - 1 : nil
            }
        }
    }

    /// The function gets the screens as a list of Containers, bottom to top, and returns
    /// the new list: Containers already there, or Screens to build.
    private func scriptModifier(_ call: LuaCall, _ index: Int32, description: String) -> any ScreenStackModifier {
        let function = NavCallback.function(keepFunction(call, index)), directory = directory
        return ScreenStackCustomModifier(description: description) { stack, navigator in
            let items: [Either] = try directory.invoke(function, { [$0.containerList(stack)] }, results: 1) { runtime, call in
                guard call.type(-1) == .table else {
                    throw ScriptResultMisfit("\(description) must return a list of Containers or Screens, got \(call.typeName(-1))")
                }
                let count = call.length(-1), entries = call.entryCount(-1)
                guard entries == count else {
                    throw ScriptResultMisfit("\(description) must return a list, got a table with \(entries) entr\(entries == 1 ? "y" : "ies") and length \(count)")
                }
                guard count <= navigator.simulation.limits.children else {
                    throw ScriptResultMisfit("\(description) returned more than \(navigator.simulation.limits.children) items")
                }
                return try (0..<count).map { position in
                    call.element(-1, position + 1)
                    defer { call.pop() }
                    if let container = call.optionalObject(-1, runtime.containers) { return .container(container) }
                    if let screen = call.optionalObject(-1, runtime.screens)?.screen { return .screen(screen) }
                    throw ScriptResultMisfit("\(description) returned \(call.typeName(-1)) at \(position + 1); Containers or Screens expected")
                }
            }
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
}
