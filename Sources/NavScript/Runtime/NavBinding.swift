import LuaKit

/// One function of the `nav` module, or method, property or metamethod of one of its
/// classes, made once per process. Its body gets the runtime the call came from (the state's
/// host object), so one binding serves every state, and a class's members are shared
/// definitions that C looks up the first time a script uses them: a fresh state for each
/// scenario costs next to nothing.
struct NavBinding {
    /// What the binding is on: the module, or the class of that name.
    enum Target: String {
        case module = "nav", screenType = "ScreenType", screen = "Screen", route = "Route", predicate = "Predicate"
        case app = "App", container = "Container", navigator = "Navigator", modifier = "Modifier", completion = "Completion"
        case observerToken = "ObserverToken", deeplinkManager = "DeeplinkManager"
    }

    enum Kind {
        case function, method, property, metamethod
    }

    typealias Body = (NavRuntime, LuaCall) throws -> Int32

    let target: Target
    let kind: Kind
    let name: String
    let function: LuaFunction

    private init(_ target: Target, _ kind: Kind, _ name: String, _ function: LuaFunction) {
        self.target = target
        self.kind = kind
        self.name = name
        self.function = function
    }

    private init(_ target: Target, _ kind: Kind, _ name: String, _ body: @escaping Body) {
        self.init(target, kind, name, LuaFunction { call in try call.withHost(NavRuntime.self) { try body($0, call) } })
    }

    /// `nav.name(...)`
    static func function(_ name: String, _ body: @escaping Body) -> NavBinding {
        NavBinding(.module, .function, name, body)
    }

    /// `object:name(...)`
    static func method(_ target: Target, _ name: String, _ body: @escaping Body) -> NavBinding {
        NavBinding(target, .method, name, body)
    }

    /// `__tostring`, `__eq`, `__call`, ...
    static func metamethod(_ target: Target, _ name: String, _ body: @escaping Body) -> NavBinding {
        NavBinding(target, .metamethod, name, body)
    }

    /// `object.name`, read-only: the body pushes one value for the object, which is of
    /// type `T` (the class of `target`: C has checked it).
    static func property<T: AnyObject>(_ target: Target, _ name: String, _ type: T.Type,
                                       _ body: @escaping (NavRuntime, LuaCall, T) throws -> Void) -> NavBinding {
        NavBinding(target, .property, name, LuaFunction { call in
            try call.withHost(NavRuntime.self) { runtime in
                try call.withReceiver(T.self) { try body(runtime, call, $0) }
            }
            return 1
        })
    }
}

extension NavRuntime {
    /// Every binding of the `nav` module.
    static let bindings: [NavBinding] = moduleBindings + screenBindings + decoratorBindings + routeBindings
        + containerRouteBindings + predicateBindings + containerBindings + iteratorBindings + appBindings + extensionBindings
        + systemScreenBindings + systemActionBindings + systemBindings + observationBindings + deeplinkManagerBindings
        + readOnlyBindings

    /// Values are read-only (the contract's "values are immutable"): assigning a field of any
    /// of them (an App, a Container, a Screen, a screen type, a Route, a deeplink manager, ...)
    /// says so, instead of Lua's "attempt to index".
    static let readOnlyBindings: [NavBinding] = [NavBinding.Target.app, .container, .screen, .screenType, .route, .predicate,
                                                 .navigator, .modifier, .completion, .observerToken, .deeplinkManager].map { target in
        .metamethod(target, "__newindex") { _, call in
            let name = call.type(2) == .string ? call.optionalString(2) : nil
            let field = name.map { "'\($0)'" } ?? "a \(call.typeName(2)) key"
            // What a build or a decorator changes of its container has a method of its own.
            let instead = target != .container ? nil : name == "children" ? "container:setChildren { ... }"
                : name == "attributes" ? "container:setAttribute(name, value)" : nil
            throw LuaCallError.message("\(target.rawValue) values are read-only: \(field) cannot be set" + (instead.map { " (set with \($0))" } ?? ""))
        }
    }

    /// The classes' definitions, shared by every state.
    static let definitions: [NavBinding.Target: LuaClassDefinition] = {
        var definitions: [NavBinding.Target: LuaClassDefinition] = [:]
        for binding in bindings where binding.target != .module {
            let definition = definitions[binding.target] ?? LuaClassDefinition(binding.target.rawValue)
            definitions[binding.target] = definition
            switch binding.kind {
            case .method: definition.method(binding.name, binding.function)
            case .property: definition.property(binding.name, binding.function)
            case .metamethod: definition.metamethod(binding.name, binding.function)
            case .function: break
            }
        }
        return definitions
    }()

    /// The built-in route methods, which custom actions may not take the names of.
    /// What a route already answers to (methods, fields, metamethods): no custom action may take these names.
    static let routeMemberNames = Set(bindings.filter { $0.target == .route }.map(\.name))

    /// The state's class for `target`.
    static func makeClass<T>(_ target: NavBinding.Target, in lua: LuaState) throws -> LuaClass<T> {
        let luaClass: LuaClass<T>? = definitions[target].map { lua.makeClass($0) } ?? lua.makeClass(target.rawValue)
        guard let luaClass else {
            throw LuaError(kind: .unavailable, message: "cannot set up the nav module")
        }
        return luaClass
    }
}
