import LuaKit
import ScreenKit

/// What scripts add to the DSL: custom actions (`nav.action`), which become route methods,
/// and custom decorators (`nav.decorator`), used with `screen:decorated(name, options)`.
/// Both are kept by name and looked up when they run, so that a reload can change them.
extension NavRuntime {
    static let extensionBindings: [NavBinding] = [
        .metamethod(.completion, "__call") { runtime, call in
            let done = try call.object(1, runtime.completions)
            done.finish(try runtime.completionResult(call, done))
            return 0
        },
        .metamethod(.completion, "__tostring") { _, call in
            call.push("Completion")
            return 1
        },
        .metamethod(.modifier, "__tostring") { runtime, call in
            call.push("Modifier(\(try call.object(1, runtime.modifiers).modifier))")
            return 1
        },
    ]

    /// done(), done(nil), done(true): success; done(container), a custom action's only:
    /// success producing it; done(false, message) or done(nil, message): failure with the
    /// message; done(false): "Action canceled".
    private func completionResult(_ call: LuaCall, _ done: CompletionObject) throws -> Result<ScreenContainer?, Error> {
        if call.top < 2 { return .success(nil) }
        if done.producesContainer, let container = call.optionalObject(2, containers) { return .success(container) }
        switch call.type(2) {
        case .boolean where call.boolean(2):
            return .success(nil)
        case .nil where call.isNoneOrNil(3):
            return .success(nil)
        case .boolean, .nil:
            if let message = failureMessage(call, 3) { return .failure(ScreenFailure(message)) }
            return .failure(ScreenCanceledError(for: done.trigger))
        default:
            throw LuaCallError.argument(1, "boolean\(done.producesContainer ? " or Container" : "") expected, got \(call.typeName(2))")
        }
    }

    /// The reason a script gave for a failure (`done(false, why)`, a `get`'s `return false,
    /// why`): text, a number as Lua writes it, a table or an object as an error message
    /// shows it (`(error object is a table value: {code = 1})`); nil for none.
    func failureMessage(_ call: LuaCall, _ index: Int32) -> String? {
        switch call.type(index) {
        case .none, .nil, .boolean: return nil
        case .string, .number: return try? call.string(index)
        default: return try? lua.errorText(index, on: call)
        }
    }

    /// nav.action(name, { on = kind, produces = kind, perform = function(container, navigator, done, ...) end })
    func defineAction(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1)
        guard name.first.map({ $0.isLetter || $0 == "_" }) == true, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw LuaCallError.argument(1, "an action name is an identifier, like 'authorize'")
        }
        let options = try NavOptions(call, 2)
        try options.only(["on", "produces", "perform"], for: "action")
        let kind = { (field: String) throws -> ScreenContainerKind? in
            // By name, or as its bare predicate (`on = nav.stack`).
            let predicate = call.type(2) == .table ? { call.field(2, field); defer { call.pop() }; return call.optionalObject(-1, self.predicates) }() : nil
            if let predicate {
                guard let kind = predicate.kindOnly else {
                    throw LuaCallError.argument(2, "option '\(field)' must be a kind's name or bare predicate (nav.stack), got a narrowed predicate")
                }
                return kind
            }
            guard let text = try options.string(field) else { return nil }
            guard let kind = ScreenContainerKind(rawValue: text) else {
                throw LuaCallError.argument(2, "option '\(field)' must be a container kind (container, window, modal, stack or tabs)")
            }
            return kind
        }
        guard let perform = try functionOption(call, 2, "perform") else {
            throw LuaCallError.argument(2, "option 'perform' must be a function(container, navigator, done)")
        }
        guard actions[name] != nil || !Self.routeMemberNames.contains(name) && !name.hasPrefix("__") else {
            throw LuaCallError.argument(1, "'\(name)' is already a route method")
        }
        let definition = NavActionDefinition(name: name, on: try kind("on") ?? .container, produces: try kind("produces"), perform: perform)
        if actions[name] == nil {
            routes.method(name) { call in try call.withHost(NavRuntime.self) { try $0.appendAction(call, named: name) } }
        }
        actions[name] = definition
        return 0
    }

    /// Arguments a custom action call may have after the route.
    static let maximumActionArguments = 256

    /// route:name(...): appends the custom action, with the extra arguments as plain data
    /// (kept by the route, so charged to the script's memory).
    private func appendAction(_ call: LuaCall, named name: String) throws -> Int32 {
        let route = try routeArgument(call, 1)
        guard let definition = actions[name] else {
            throw LuaCallError.message("no action '\(name)' is defined")
        }
        guard call.top - 1 <= Self.maximumActionArguments else {
            throw LuaCallError.message("too many arguments to '\(name)' (\(call.top - 1); at most \(Self.maximumActionArguments))")
        }
        // One copy's bounds for all the arguments together: 256 arguments of one big string
        // each would have the host copy it 256 times.
        var budget = LuaCopyLimits()
        let arguments = call.top < 2 ? [] : try (2...call.top).map { index -> LuaValue in
            do {
                return try Self.plainData(call, index, sharing: &budget)
            } catch let LuaCallError.message(text) where index > 2 && text.hasPrefix("value too large to copy") {
                // One that is too large alone says so as any copy does.
                _ = try Self.plainData(call, index)
                let whole = LuaCopyLimits()
                throw LuaCallError.message("the arguments of '\(name)' are too large to copy together (more than \(whole.values) values "
                    + "or \(whole.bytes) bytes of strings in all; a shared table counts each time it is reached)")
            }
        }
        try keep(bytes: arguments.reduce(0) { $0 + $1.estimatedSize })
        let directory = directory
        // Named by the kind of the route it is added to, as a Swift action is generic over the
        // route's `Current` (`ScreenAuthorizeAction<UINavigationController>`); a route of
        // another kind than it needs is refused by the kind it needs.
        let kind = route.currentKind.conforms(to: definition.on) ? route.currentKind : definition.on
        let action = ScreenCustomAction(name: name, on: kind, produces: definition.produces) { container, navigator, done in
            let performed = ScreenCustomAction(name: name, on: kind, produces: definition.produces) { _, _, _ in }
            let completion = CompletionObject(trigger: performed, producesContainer: true, completion: done)
            do {
                try directory.invoke(.named(.action, name)) { runtime in
                    [.object(container, runtime.containers), .object(navigator, runtime.navigators), .object(runtime.track(completion), runtime.completions)]
                        + arguments.map(LuaArgument.value)
                }
            } catch {
                completion.fail(raising: error, in: directory.current)
            }
        }
        return try pushRoute(call, route) { route throws(ScreenDSLError) in try route.perform(action) }
    }

    /// The value at `index` as plain data, or an argument error naming what is not: a
    /// Screen, a function or a route would reach the script's function as nil.
    static func plainData(_ call: LuaCall, _ index: Int32, depth: Int = 32, limits: LuaCopyLimits = LuaCopyLimits()) throws -> LuaValue {
        var budget = limits
        return try plainData(call, index, depth: depth, sharing: &budget)
    }

    /// The same, taking what it copies off a `budget` shared with other copies.
    static func plainData(_ call: LuaCall, _ index: Int32, depth: Int = 32, sharing budget: inout LuaCopyLimits) throws -> LuaValue {
        let value = try call.value(index, depth: depth, sharing: &budget)
        if let (path, type) = value.firstOpaque {
            throw LuaCallError.argument(index, "plain data expected (strings, numbers, booleans and tables of them), got \(type)"
                                        + (path.isEmpty ? "" : " at \(path.hasPrefix(".") ? String(path.dropFirst()) : path)"))
        }
        return value
    }

    /// nav.decorator(name, function(container, options) end)
    func defineDecorator(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1)
        guard !name.isEmpty else { throw LuaCallError.argument(1, "a decorator needs a name") }
        guard call.isFunction(2) else { throw LuaCallError.type(2, expected: "function") }
        // What the host keeps of a new name is charged to the scripts' memory cap.
        if decorators[name] == nil { try keep(bytes: name.utf8.count + NavRuntime.definitionBytes) }
        decorators[name] = keepFunction(call, 2)
        return 0
    }

    /// A decorator that runs the script's function of that name on the built container. The
    /// function changes that container; one that returns a value (another container, as a
    /// Swift decorator may) fails the build rather than have the value silently dropped.
    func customDecorator(_ name: String, options: LuaValue) -> any ScreenDecorator {
        let directory = directory
        return ScreenCustomDecorator(name: name) { container, navigator in
            // The decorator may set the container's children, as a build function may.
            var restore: (() -> Void)?
            defer { restore?() }
            try directory.invoke(.named(.decorator, name), { runtime in
                let outer = runtime.buildingNavigator
                runtime.buildingNavigator = navigator
                runtime.beginAttributeWrites(of: container)
                restore = {
                    runtime.buildingNavigator = outer
                    runtime.endAttributeWrites(of: container)
                }
                return [.object(container, runtime.containers), .value(options)]
            }, results: 1) { runtime, call in
                try runtime.applyAttributeWrites(of: container, by: "the decorator '\(name)'", call)
                guard call.isNoneOrNil(-1) || call.optionalObject(-1, runtime.containers) === container else {
                    throw ScriptResultMisfit("the decorator '\(name)' returned \(call.typeName(-1)): a script's decorator changes the container it is given, and cannot put another in its place")
                }
            }
        }
    }
}
