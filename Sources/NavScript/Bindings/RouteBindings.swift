import LuaKit
import ScreenKit

/// Routes: `nav.route(kind)` and every method of LUA_API.md's table. Each method checks the
/// route's current kind first, so that a wrong chain fails at the line that builds it:
/// `calling 'push' on bad self (stack route expected, got window route)`.
extension NavRuntime {
    /// The Route at `index`.
    func routeArgument(_ call: LuaCall, _ index: Int32) throws -> AnyScreenRoute {
        try call.object(index, routes)
    }

    /// The Route at `index` of a verb that takes a function in its place (`navigate`,
    /// `fallback`, `ensure`): refused as "Route or function expected".
    func navigatedRoute(_ call: LuaCall, _ index: Int32) throws -> AnyScreenRoute {
        guard let route = call.optionalObject(index, routes) else {
            throw LuaCallError.type(index, expected: "Route or function")
        }
        return route
    }

    /// Pushes a route as the single result.
    func pushRoute(_ call: LuaCall, _ route: AnyScreenRoute) -> Int32 {
        call.push(route, routes)
        return 1
    }

    /// What one route step keeps in Swift, charged to the script's memory: a route holds
    /// its actions outside Lua's allocator (measured: ~200 bytes a `push` of one screen
    /// again and again).
    static let routeStepBytes = 192

    /// What a screen a script makes keeps in Swift besides its traits (measured: a screen
    /// with one trait ~300 bytes, the Lua value included), while anything holds it.
    static let screenBytes = 256

    /// Pushes the route `extend` makes of `route`, charging the step it adds; DSL errors
    /// become argument errors.
    func pushRoute(_ call: LuaCall, _ route: AnyScreenRoute, appending extend: (AnyScreenRoute) throws(ScreenDSLError) -> AnyScreenRoute) throws -> Int32 {
        let next: AnyScreenRoute
        do {
            next = try extend(route)
        } catch {
            throw dslError(error)
        }
        try keep(bytes: Self.routeStepBytes, for: next)
        return pushRoute(call, next)
    }

    /// Charges the bytes of the step `route` added until that step goes: a script that
    /// builds routes for long is held to the routes it keeps, not to all it ever built. A
    /// route that added no step is not charged.
    func keep(bytes: Int, for route: AnyScreenRoute) throws {
        var failure: LuaError?
        _ = route.keep({
            let (charge, error) = lua.chargeMemory(refundable: bytes)
            failure = error
            return charge
        }())
        if let failure { throw LuaCallError.plain(failure.message) }
    }

    /// What the host keeps of one definition besides its name (`nav.screen`, `nav.decorator`,
    /// `nav.deeplink`, `nav.interceptor`): dictionary entries, a function reference, a place.
    static let definitionBytes = 256

    /// Charges bytes the host keeps for the script to its memory cap.
    func keep(bytes: Int) throws {
        if let error = lua.chargeMemory(bytes: bytes) {
            throw LuaCallError.plain(error.message)
        }
    }

    /// Text the host makes for the script (a tree picture), made only while it fits what is
    /// left of the memory cap (it is not charged as it grows): the text, or the cap's error
    /// when it does not fit.
    func text(_ make: (_ limit: Int) -> String?) throws -> String {
        if let text = make(lua.memoryLeft) { return text }
        // At the cap a charge collects first (values the script dropped give their bytes
        // back): the text may fit then; else a charge of more than is left stops the state.
        let (charge, error) = lua.chargeMemory(refundable: lua.memoryLeft + 1)
        if let error { throw LuaCallError.plain(error.message) }
        withExtendedLifetime(charge) {}
        if let text = make(lua.memoryLeft) { return text }
        try keep(bytes: lua.memoryLeft + 1)
        throw LuaCallError.plain("not enough memory")
    }

    /// Charges a container's bytes until it goes: a script that pushes and pops screens
    /// for long is held to what it keeps, not to all it ever made.
    func keep(bytes: Int, for container: ScreenContainer) throws {
        let (charge, error) = lua.chargeMemory(refundable: bytes)
        container.retain(charge)
        if let error { throw LuaCallError.plain(error.message) }
    }

    /// A route method that needs a current container of `kind`. The body gets the route
    /// and returns the new one; DSL errors become argument errors.
    static func routeMethod(_ name: String, needs kind: ScreenContainerKind = .container, nested: Int32 = 2,
                            _ body: @escaping (NavRuntime, LuaCall, AnyScreenRoute) throws -> AnyScreenRoute) -> NavBinding {
        .method(.route, name) { runtime, call in
            // A nested route built meanwhile (a function) counts its own screens.
            let outer = runtime.shownTraitBytes
            runtime.shownTraitBytes = 0
            defer { runtime.shownTraitBytes = outer }
            let next = try call.withObject(1, runtime.routes) { route in
                do {
                    try route.require(kind, for: name)
                    return try body(runtime, call, route)
                } catch let error as ScreenDSLError {
                    throw runtime.dslError(error, nested: nested)
                }
            }
            try runtime.keep(bytes: routeStepBytes + runtime.shownTraitBytes, for: next)
            return runtime.pushRoute(call, next)
        }
    }

    /// A nested route: a Route rooted at `kind`, or a function that gets
    /// `nav.route(kind)` and returns one. None or nil: no nested route.
    func nestedRoute(_ call: LuaCall, _ index: Int32, kind: ScreenContainerKind) throws -> AnyScreenRoute? {
        switch call.type(index) {
        case .none, .nil:
            return nil
        case .function:
            call.pushCopy(index)
            call.push(AnyScreenRoute(root: kind), routes)
            try lua.pcall(call, arguments: 1, results: 1)
            defer { call.pop() }
            guard let route = call.optionalObject(-1, routes) else {
                throw LuaCallError.argument(index, "the nested function must return a Route, got \(call.typeName(-1))")
            }
            return route
        default:
            guard let route = call.optionalObject(index, routes) else {
                throw LuaCallError.type(index, expected: "Route or function")
            }
            return route
        }
    }

    /// The route the function at `index` builds from a container that is nil
    /// (`from(app:topStack(), function(stack) ... end)` with no stack): Nivelir's closure
    /// gets the optional's static kind, which Lua does not have. It is built on a modal
    /// route, and once more on the kind a method refused that for (`push` needs a stack),
    /// so that the navigation fails as Nivelir's does: "No container of UIWindow type found
    /// for: ScreenFromAction<UIWindow, UINavigationController>(output: nil)". The function
    /// then runs twice, as a function that builds a route may.
    func nestedRouteFromNothing(_ call: LuaCall, _ index: Int32) throws -> (AnyScreenRoute?, ScreenContainerKind) {
        kindRefusingModal = nil
        do {
            return (try nestedRoute(call, index, kind: .modal), .modal)
        } catch {
            guard call.isFunction(index), let kind = kindRefusingModal, kind != .modal else { throw error }
            return (try nestedRoute(call, index, kind: kind), kind)
        }
    }

    /// Runs `body`, which is given the nested route read at argument `index`: an error about
    /// that route names the argument where it was (2 in `push(screen, nested)`, 3 in
    /// `push(screen, options, nested)`).
    func nesting(at index: Int32, _ body: () throws -> AnyScreenRoute) throws -> AnyScreenRoute {
        do {
            return try body()
        } catch let error as ScreenDSLError {
            guard case .nestedRoute = error else { throw error }
            throw dslError(error, nested: index)
        }
    }

    /// Runs `body`, which builds a nested route from a modal one: a function that calls a
    /// stack's or a tab bar's method on it fails with `hint` under Lua's error (how to have
    /// the route of the kind it needed).
    func explainingModalNesting<R>(_ hint: (ScreenContainerKind) -> String, _ body: () throws -> R) throws -> R {
        kindRefusingModal = nil
        do {
            return try body()
        } catch let error as LuaError {
            guard let refused = kindRefusingModal, refused == .stack || refused == .tabs else { throw error }
            throw LuaError(kind: error.kind, message: error.message + "\n  (\(hint(refused)))", traceback: error.traceback)
        }
    }

    /// Reads `(options, nested)` or `(nested)` from `index` on: a function or a Route in
    /// place of the options is the nested route, and the third value is where it was.
    func optionsAndNested(_ call: LuaCall, _ index: Int32, kind: ScreenContainerKind, allowed: @autoclosure () -> Set<String>, verb: String) throws -> (NavOptions, AnyScreenRoute?, Int32) {
        if call.isNoneOrNil(index) && call.isNoneOrNil(index + 1) {
            return (NavOptions(none: index), nil, index + 1)
        }
        if call.type(index) == .function || call.optionalObject(index, routes) != nil {
            return (NavOptions(none: index), try nestedRoute(call, index, kind: kind), index)
        }
        guard call.isNoneOrNil(index) || call.type(index) == .table else {
            throw LuaCallError.type(index, expected: "table of options, Route or function")
        }
        let options = try NavOptions(call, index)
        try options.only(allowed(), for: verb)
        return (options, try nestedRoute(call, index + 1, kind: kind), index + 1)
    }

    static let routeBindings: [NavBinding] = [ScreenFindAction.Search.first, .last, .top].map(search) + [
        // `from(container)`; `from(nil)` (say `from(app:top().presented)` with nothing
        // presented) fails when the route runs, as Nivelir's `from(_: Output?)`.
        routeMethod("from") { runtime, call, route in
            guard !call.isNoneOrNil(2) else {
                let (nested, kind) = try runtime.nestedRouteFromNothing(call, 3)
                return route.from(nil, kind: kind, nested: nested)
            }
            let container = try call.object(2, runtime.containers), nested = try runtime.nestedRoute(call, 3, kind: container.kind)
            // Nivelir's from(_:to:) takes a route rooted at the container's type.
            return try runtime.nesting(at: 3) {
                try AnyScreenRoute.checkNested(nested, on: container.kind, for: "from")
                return route.from(container, kind: container.kind, nested: nested)
            }
        },
        // `then` is a Lua keyword, so `route:then(other)` does not parse: the method is also
        // `andThen`. `route["then"](route, other)` works too.
        routeMethod("then") { runtime, call, route in try runtime.append(call, to: route) },
        routeMethod("andThen") { runtime, call, route in try runtime.append(call, to: route) },
        routeMethod("fallback") { runtime, call, route in
            if call.isFunction(2) {
                return route.fallback(to: runtime.scriptFallback(call, 2, root: route.rootKind))
            }
            return try route.fallback(to: try runtime.navigatedRoute(call, 2))
        },
        // ensure(route), or ensure(function(r) return r:... end) with r = nav.route(root kind),
        // as Nivelir's ensure(with: (ScreenRootRoute<Root>) -> ...).
        routeMethod("ensure") { runtime, call, route in
            guard call.isFunction(2) else { return try route.ensure(with: try runtime.navigatedRoute(call, 2)) }
            guard let ensured = try runtime.nestedRoute(call, 2, kind: route.rootKind) else { throw LuaCallError.type(2, expected: "Route") }
            return try route.ensure(with: ensured)
        },
        routeMethod("cauterize") { _, _, route in route.cauterize() },
        routeMethod("resolve") { _, _, route in route.resolve() },
        routeMethod("refresh") { _, _, route in route.refresh() },
        routeMethod("get") { runtime, call, route in
            guard call.isFunction(2) else { throw LuaCallError.type(2, expected: "function") }
            // A failure names the action as its description prints (the body is not part of it).
            return route.get(runtime.scriptGet(call, 2, trigger: ScreenGetAction(on: route.currentKind) { _, _ in }))
        },
        routeMethod("fail") { _, call, route in
            route.fail(with: ScreenFailure(call.isNoneOrNil(2) ? "failed" : try call.string(2)))
        },
        routeMethod("wait") { _, call, route in route.wait(for: try call.number(2)) },
        .metamethod(.route, "__tostring") { runtime, call in
            let route = try runtime.routeArgument(call, 1)
            call.push("Route(\(route.rootKind.rawValue) → \(route.currentKind.rawValue), \(route.actions.count) action\(route.actions.count == 1 ? "" : "s"))")
            return 1
        },
    ]

    /// `route:then(other)`: copies the other route's actions into this one, charged.
    private func append(_ call: LuaCall, to route: AnyScreenRoute) throws -> AnyScreenRoute {
        let joined = try route.then(try routeArgument(call, 2))
        try keep(bytes: Self.routeStepBytes * max(1, joined.size.actions - route.size.actions), for: joined)
        return joined
    }

    /// `first`, `last` and `top`.
    private static func search(_ search: ScreenFindAction.Search) -> NavBinding {
        routeMethod(search.rawValue) { runtime, call, route in
            let predicate = try runtime.predicateArgument(call, 2)
            let nested = try runtime.nestedRoute(call, 3, kind: predicate.kind)
            return try runtime.nesting(at: 3) {
                switch search {
                case .first: return try route.first(predicate, nested: nested)
                case .last: return try route.last(predicate, nested: nested)
                case .top: return try route.top(predicate, nested: nested)
                }
            }
        }
    }

    /// The predicate at `index`: a Predicate, a Screen (its key and container kind), or a
    /// screen type (its name and container kind).
    func predicateArgument(_ call: LuaCall, _ index: Int32) throws -> AnyScreenPredicate {
        if let object = call.optionalObject(index, predicates) {
            guard !object.isNodeOnly else {
                throw LuaCallError.argument(index, "a container with screens describes a hierarchy, not a search")
            }
            return object.predicate
        }
        if let screen = call.optionalObject(index, screens)?.screen {
            // Nivelir's `.container(of: screen)`: its key, in the kind of container it builds.
            return .container(of: screen.kind, key: screen.key)
        }
        if let type = call.optionalObject(index, screenTypes) {
            return .container(of: type.kind, name: type.name)
        }
        if let text = call.optionalString(index) {
            // A kind's name is taken where a kind goes (`root("stack")`); a search takes predicates.
            let kinds = ["stack": "nav.stack", "tabs": "nav.tabs", "container": "nav.container", "modal": "nav.container"]
            let hint = kinds[text] ?? "nav.container { name = \"\(text)\" }, a screen type, or nav.predicate(...)"
            throw LuaCallError.argument(index, "Predicate expected, got string: write \(hint)")
        }
        throw LuaCallError.type(index, expected: "Predicate")
    }
}
