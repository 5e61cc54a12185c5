import LuaKit
import ScreenKit

/// The `nav` module: a global in every script and what `require "nav"` returns. It is
/// read-only; scripts extend it through its functions (`nav.screen`, `nav.action`, ...),
/// never by assignment.
extension NavRuntime {
    func installModule() throws {
        installScreens()
        installRoutes()
        installPredicates()
        installContainers()
        installApps()
        installExtensions()
        try lua.withStack { call in
            call.pushTable(fields: 24)
            let module = call.top
            func function(_ name: String, _ body: @escaping (LuaCall) throws -> Int32) {
                lua.pushFunction(on: call, body)
                call.setField(module, name)
            }
            function("screen") { [unowned(unsafe) self] call in try self.defineScreen(call) }
            function("route") { [unowned(unsafe) self] call in
                call.push(RouteObject(AnyScreenRoute(root: try call.kind(1, default: .window, allowsAny: true))), self.routes)
                return 1
            }
            function("app") { [unowned(unsafe) self] call in try self.makeApp(call) }
            function("predicate") { [unowned(unsafe) self] call in try self.makePredicate(call) }
            function("modifier") { [unowned(unsafe) self] call in try self.makeModifier(call) }
            function("action") { [unowned(unsafe) self] call in try self.defineAction(call) }
            function("decorator") { [unowned(unsafe) self] call in try self.defineDecorator(call) }
            function("deeplink") { [unowned(unsafe) self] call in try self.defineDeeplink(call) }
            function("interceptor") { [unowned(unsafe) self] call in try self.defineInterceptor(call) }
            for kind in [ScreenContainerKind.modal, .stack, .tabs] {
                call.push(PredicateObject(.container(of: kind), node: kind == .modal ? nil : Self.emptyNode(kind)), predicates)
                call.setField(module, kind == .modal ? "container" : kind.rawValue)
            }
            call.push("0.1.0")
            call.setField(module, "version")

            // The proxy scripts see: reads go to the module, writes fail.
            call.pushTable()
            let proxy = call.top
            call.pushTable(fields: 3)
            call.pushCopy(module)
            call.setField(-2, "__index")
            lua.pushFunction(on: call) { _ in
                throw LuaCallError.message("the nav module is read-only; define things with nav.screen, nav.action, nav.decorator")
            }
            call.setField(-2, "__newindex")
            call.push("nav")
            call.setField(-2, "__metatable")
            call.setMetatable(proxy)
            call.pushCopy(proxy)
            lua.setGlobal("nav", from: call)
            call.pushCopy(proxy)
            let proxyReference = lua.reference(from: call)
            lua.pushFunction(on: call) { call in
                try proxyReference.push(on: call)
                return 1
            }
            lua.preload("nav", from: call)
        }
    }

    /// Registers read-only properties of a class: `object.name` runs the body with the
    /// object, and pushes one result.
    func properties<T>(_ luaClass: LuaClass<T>, _ getters: [String: (LuaCall, T) throws -> Void]) {
        for (name, getter) in getters {
            luaClass.property(name) { call in
                try getter(call, try call.object(1, luaClass))
                return 1
            }
        }
    }

    static func emptyNode(_ kind: ScreenContainerKind) -> ScreenNode {
        kind == .tabs ? .tabs([]) : .stack([])
    }

    /// Maps an error of the DSL to the argument it is about.
    func dslError(_ error: ScreenDSLError, nested: Int32 = 2, argument: Int32 = 2) -> LuaCallError {
        switch error {
        case .currentKind, .screenKind: return .argument(1, error.reason)
        case .nestedRoute: return .argument(nested, error.reason)
        case .invalidArgument: return .argument(argument, error.reason)
        }
    }
}
