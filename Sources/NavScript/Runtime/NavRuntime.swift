import Foundation
import LuaKit
import ScreenKit

/// One Lua state with the `nav` module installed: what a scenario runs in, and what the
/// engine loads route scripts into. It owns the state; the definitions scripts make
/// (screens, actions, decorators, deeplinks) live here, by name.
///
///     let runtime = try NavRuntime()
///     try runtime.run("local app = nav.app() ...", chunkName: "@main.lua")
public final class NavRuntime {
    public let lua: LuaState
    public let directory: NavDirectory

    let screenTypes: LuaClass<ScreenTypeObject>
    let screens: LuaClass<ScreenObject>
    let routes: LuaClass<AnyScreenRoute>
    let predicates: LuaClass<PredicateObject>
    let apps: LuaClass<NavApp>
    let containers: LuaClass<ScreenContainer>
    let navigators: LuaClass<ScreenNavigator>
    let modifiers: LuaClass<ModifierObject>
    let completions: LuaClass<CompletionObject>

    /// What scripts defined, by name.
    var screenBuilders: [String: LuaReference] = [:]
    var screenRefreshers: [String: LuaReference] = [:]
    var actions: [String: NavActionDefinition] = [:]
    var decorators: [String: LuaReference] = [:]
    var deeplinks: [NavDeeplinkDefinition] = []
    var interceptors: [LuaReference] = []

    /// The navigator of the screen build running now, for `container:setChildren`.
    var buildingNavigator: ScreenNavigator?

    /// Opens a state with the sandbox and the `nav` module. Unless `activate` is false, the
    /// directory (shared with earlier runtimes, in the engine) is pointed at this one.
    public init(options: LuaOptions = LuaOptions(), directory: NavDirectory = NavDirectory(), activate: Bool = true) throws {
        lua = try LuaState(options: options)
        self.directory = directory
        let lua = lua
        (screenTypes, screens, routes, predicates, apps, containers, navigators, modifiers, completions) = try lua.withCollectorPaused {
            (try Self.makeClass(.screenType, in: lua), try Self.makeClass(.screen, in: lua), try Self.makeClass(.route, in: lua),
             try Self.makeClass(.predicate, in: lua), try Self.makeClass(.app, in: lua), try Self.makeClass(.container, in: lua),
             try Self.makeClass(.navigator, in: lua), try Self.makeClass(.modifier, in: lua), try Self.makeClass(.completion, in: lua))
        }
        lua.hostObject = self
        if activate {
            directory.runtime = self
        }
        try lua.withCollectorPaused { try installModule() }
    }

    deinit {
        lua.close()
    }

    /// Runs a chunk; returns its first result as plain data.
    @discardableResult
    public func run(_ source: String, chunkName: String) throws -> LuaValue {
        try lua.execute(source, chunkName: chunkName)
    }

    /// Runs a chunk that returns a Route, and gives the route to Swift.
    ///
    ///     let route = try runtime.route(evaluating: "return nav.route():top(nav.stack):push(Chat())")
    public func route(evaluating source: String, chunkName: String = "=route") throws -> AnyScreenRoute {
        try lua.withStack { call in
            try lua.load(source, chunkName: chunkName, on: call)
            try lua.pcall(call, arguments: 0, results: 1)
            return try routeResult(call, of: chunkName)
        }
    }

    /// The Route on the top of the stack, or an error naming what came instead.
    func routeResult(_ call: LuaCall, of what: String) throws -> AnyScreenRoute {
        guard let route = call.optionalObject(-1, routes) else {
            throw LuaError(kind: .runtime, message: "\(what) returned \(call.typeName(-1)), not a Route")
        }
        return route
    }

    // MARK: Calling scripts back

    /// Calls a script function kept in `function` with what `arguments` pushes, and reads
    /// its results with `read`. Any Lua error comes back as a `LuaError`.
    func call<R>(_ function: LuaReference, results: Int32 = 1, arguments: (LuaCall) -> Int32, read: (LuaCall) throws -> R) throws -> R {
        try lua.withStack { call in
            guard call.reserve(8) else { throw LuaError(kind: .runtime, message: "Lua stack overflow") }
            try function.push(on: call)
            let count = arguments(call)
            try lua.pcall(call, arguments: count, results: results)
            return try read(call)
        }
    }

    /// Runs a script screen's build function on its new container.
    func setUp(_ container: ScreenContainer, screen name: String, navigator: ScreenNavigator) throws {
        if let refresher = screenRefreshers[name] {
            container.refreshHandler = { [weak self] container, done in
                guard let self else { return done(.failure(LuaError(kind: .unavailable, message: "the script of \(name) was unloaded"))) }
                done(Result { try self.call(refresher, results: 0, arguments: { call in
                    call.push(container, self.containers)
                    return 1
                }, read: { _ in }) })
            }
        }
        guard let builder = screenBuilders[name] else { return }
        let outer = buildingNavigator
        buildingNavigator = navigator
        defer { buildingNavigator = outer }
        try call(builder, results: 0, arguments: { call in
            call.push(container, containers)
            call.push(navigator, navigators)
            return 2
        }, read: { _ in })
    }
}

/// A custom action a script defined with `nav.action`.
struct NavActionDefinition {
    let name: String
    let on: ScreenContainerKind
    let produces: ScreenContainerKind?
    let perform: LuaReference
}
