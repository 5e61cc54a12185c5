import LuaKit
import ScreenKit

/// What scripts add to the DSL: custom actions (`nav.action`), which become route methods,
/// and custom decorators (`nav.decorator`), used with `screen:decorated(name, options)`.
/// Both are kept by name and looked up when they run, so that a reload can change them.
extension NavRuntime {
    static let extensionBindings: [NavBinding] = [
        .metamethod(.completion, "__call") { runtime, call in
            let done = try call.object(1, runtime.completions)
            done.completion(try runtime.completionResult(call, done))
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

    /// done(), done(true): success; done(container): success producing it;
    /// done(false, message): failure with the message, or "Action canceled" without one.
    private func completionResult(_ call: LuaCall, _ done: CompletionObject) throws -> Result<ScreenContainer?, Error> {
        if call.top < 2 { return .success(nil) }
        if let container = call.optionalObject(2, containers) { return .success(container) }
        switch call.type(2) {
        case .boolean where call.boolean(2):
            return .success(nil)
        case .boolean, .nil:
            if let message = call.optionalString(3) {
                return .failure(ScreenFailure(message))
            }
            return .failure(ScreenCanceledError(for: done.action))
        default:
            throw LuaCallError.argument(1, "boolean or Container expected, got \(call.typeName(2))")
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
            guard let text = try options.string(field) else { return nil }
            guard let kind = ScreenContainerKind(rawValue: text) else {
                throw LuaCallError.argument(2, "option '\(field)' must be a container kind (container, window, modal, stack or tabs)")
            }
            return kind
        }
        guard let perform = try functionOption(call, 2, "perform") else {
            throw LuaCallError.argument(2, "option 'perform' must be a function(container, navigator, done)")
        }
        guard actions[name] != nil || !Self.routeMethodNames.contains(name) else {
            throw LuaCallError.argument(1, "'\(name)' is already a route method")
        }
        let definition = NavActionDefinition(name: name, on: try kind("on") ?? .container, produces: try kind("produces"), perform: perform)
        if actions[name] == nil {
            routes.method(name) { [unowned(unsafe) self] call in try appendAction(call, named: name) }
        }
        actions[name] = definition
        return 0
    }

    /// route:name(...): appends the custom action, with the extra arguments as plain data.
    private func appendAction(_ call: LuaCall, named name: String) throws -> Int32 {
        let route = try routeArgument(call, 1)
        guard let definition = actions[name] else {
            throw LuaCallError.message("no action '\(name)' is defined")
        }
        let arguments = call.top < 2 ? [] : try (2...call.top).map { try call.value($0) }
        let directory = directory
        let action = ScreenCustomAction(name: name, on: definition.on, produces: definition.produces) { container, navigator, done in
            guard let runtime = directory.runtime, let definition = runtime.actions[name] else {
                return done(.failure(ScreenFailure("no action '\(name)' is defined any more")))
            }
            runtime.perform(definition, container: container, navigator: navigator, arguments: arguments, done: done)
        }
        do {
            return pushRoute(call, try route.perform(action))
        } catch {
            throw dslError(error)
        }
    }

    private func perform(_ definition: NavActionDefinition, container: ScreenContainer, navigator: ScreenNavigator,
                         arguments: [LuaValue], done: @escaping ScreenActionCompletion) {
        let action = ScreenCustomAction(name: definition.name, on: definition.on, produces: definition.produces) { _, _, _ in }
        do {
            try call(definition.perform, results: 0, arguments: { call in
                call.push(container, containers)
                call.push(navigator, navigators)
                call.push(CompletionObject(action: action, container: container, completion: done), completions)
                for argument in arguments {
                    call.push(value: argument)
                }
                return Int32(3 + arguments.count)
            }, read: { _ in })
        } catch {
            done(.failure(error))
        }
    }

    /// nav.decorator(name, function(container, options) end)
    func defineDecorator(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1)
        guard call.isFunction(2) else { throw LuaCallError.type(2, expected: "function") }
        decorators[name] = keepFunction(call, 2)
        return 0
    }

    /// A decorator that runs the script's function of that name on the built container.
    func customDecorator(_ name: String, options: LuaValue) -> any ScreenDecorator {
        let directory = directory
        return ScreenCustomDecorator(name: name) { container, _ in
            guard let runtime = directory.runtime, let function = runtime.decorators[name] else {
                throw ScreenFailure("no decorator '\(name)' is defined any more")
            }
            try runtime.call(function, results: 0, arguments: { call in
                call.push(container, runtime.containers)
                call.push(value: options)
                return 2
            }, read: { _ in })
        }
    }
}
