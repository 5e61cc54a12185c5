import LuaKit
import ScreenKit

/// A deeplink interceptor that is a script function:
/// `function(deeplink, kind, navigator, done) ... done(true) end`.
struct LuaDeeplinkInterceptor: DeeplinkInterceptor {
    let callback: NavCallback
    let directory: NavDirectory
    /// Its name in route coverage: where it was written.
    let name: String

    func interceptDeeplink(_ deeplink: Deeplink, of type: DeeplinkType, navigator: ScreenNavigator,
                           completion: @escaping (Result<Void, Error>) -> Void) {
        do {
            try directory.invoke(callback) { runtime in
                runtime.used(name)
                return [.value(NavRuntime.deeplinkValue(deeplink)), .string(type.rawValue), .object(navigator, runtime.navigators),
                        .object(runtime.track(CompletionObject(trigger: "interceptor of \(deeplink)") { completion($0.map { _ in }) }), runtime.completions)]
            }
        } catch {
            // Nivelir's interceptors cannot throw: a script's error is a mistake the manager
            // only logs, so it fails the scenario too, as a navigate function's does.
            directory.current?.callbackFailed?((error as? LuaError)?.message ?? "\(error)")
            completion(.failure(error))
        }
    }
}

/// Nivelir's deeplink manager from Lua: deeplink types made from URLs, notifications and
/// shortcuts, scopes activated with the screens their deeplinks navigate with, a pending
/// deeplink per scope, interceptors. `nav.deeplink` and `app:open` stay as the short form.
///
///     local ChatDeeplink = nav.deeplinkType("ChatDeeplink", {
///       query = { chat_id = "integer" },
///       url = function(url) if url.host == "chat" then return { chatID = url.query.chat_id } end end,
///       navigate = function(deeplink, screens, navigator, handler) return Routes.showChat(deeplink.chatID) end,
///     })
///     local deeplinks = nav.deeplinkManager { types = { ChatDeeplink }, navigator = app.navigator }
///     deeplinks:handleURL("myapp://chat?chat_id=7")
///     deeplinks:activate()
extension NavRuntime {
    /// The fields of a deeplink type table.
    private static let deeplinkTypeFields: Set<String> = ["name", "url", "query", "notification", "shortcut", "navigate", "fields"]

    /// nav.deeplinkType(name, { url =, query =, notification =, shortcut =, navigate = }):
    /// checks the table and returns it, named.
    func defineDeeplinkType(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1)
        let table = try NavTable(call, 2, runtime: self)
        try table.only(Self.deeplinkTypeFields)
        // The table is named by the first argument: a name of its own must be the same.
        if let own = try table.string("name"), own != name {
            throw table.error("field 'name' is '\(own)', not the type's name '\(name)' (leave it out)")
        }
        _ = try deeplinkType(table, name: name)
        call.push(name)
        call.setField(2, "name")
        call.pushCopy(2)
        return 1
    }

    /// A deeplink type from its table; its functions are kept until the state closes.
    private func deeplinkType(_ table: NavTable, name: String? = nil) throws -> AnyDeeplinkType {
        try table.only(Self.deeplinkTypeFields)
        let name = try name ?? table.requiredString("name")
        guard let navigate = try table.function("navigate") else { throw table.error("field 'navigate' is missing") }
        let schema = try table.field("query") { at in try querySchema(table.call, at, table: table, path: "query") }
        let url = try table.function("url"), notification = try table.function("notification"), shortcut = try table.function("shortcut")
        // The order a Swift struct declares its fields in, which its log line follows.
        let fields = try table.strings("fields") ?? []
        var named = Set<String>()
        if let twice = fields.map(Deeplink.fieldName).first(where: { !named.insert($0).inserted }) {
            throw table.error("field 'fields' names '\(twice)' twice")
        }
        guard url != nil || notification != nil || shortcut != nil else {
            throw table.error("a deeplink type needs a 'url', 'notification' or 'shortcut' function")
        }
        let directory = directory
        declare("deeplinkType \(name)")
        let made = { (values: [String: ScreenValue]) in
            Deeplink(typeName: name, values: values, fields: fields) { screens, navigator, manager in
                directory.current?.used("deeplinkType \(name)")
                // Nivelir's navigate(screens:navigator:handler:): the manager, to hand off another deeplink.
                let route: AnyScreenRoute?
                do {
                    route = try directory.invoke(navigate, { runtime in
                        [.value(ScreenValue.object(values).luaValue), .value(screens?.luaValue ?? .nil), .object(navigator, runtime.navigators),
                         .object(manager, runtime.deeplinkManagers)]
                    }, results: 1) { runtime, call in
                        if call.isNoneOrNil(-1) { return nil }
                        guard let route = call.optionalObject(-1, runtime.routes), route.rootKind == .window else {
                            throw ScriptResultMisfit("the navigate function of \(name) must return a window route or nil, got \(call.typeName(-1))")
                        }
                        return route
                    }
                } catch {
                    // The manager only logs it, as Nivelir's does; a script's error has no other
                    // way to its author, so it fails the scenario too.
                    let message = (error as? LuaError)?.message ?? "\(error)"
                    directory.current?.callbackFailed?(message)
                    throw error
                }
                if let route {
                    navigator.navigate(to: route)
                }
            }
        }
        // The factory's answer: a table of values, nil (not this type's), or nil and a
        // reason (a decoding warning: the next type is tried).
        let factory = { (callback: NavCallback, arguments: [LuaValue]) throws -> Deeplink? in
            try directory.invoke(callback, { _ in arguments.map(LuaArgument.value) }, results: 2) { _, call in
                if call.type(-2) == .table {
                    let copied: LuaValue
                    do {
                        copied = try call.value(-2, depth: 16, limits: NavOptions.plainData)
                    } catch let LuaCallError.message(reason) {
                        throw ScriptResultMisfit("the factory of \(name) returned values that cannot be handed on: \(reason)")
                    }
                    // A list has no names to give a deeplink's fields: refused, not made empty.
                    guard case let .object(values)? = ScreenValue(copied, keepingFloats: true) else {
                        throw ScriptResultMisfit("the factory of \(name) must return a table of named values or nil, got a list")
                    }
                    return made(values)
                }
                guard call.isNoneOrNil(-2) else {
                    throw ScriptResultMisfit("the factory of \(name) must return a table of values or nil, got \(call.typeName(-2))")
                }
                if let reason = call.optionalString(-1) {
                    throw DeeplinkDecodingError(typeName: name, underlyingError: reason)
                }
                // `nil, 42`: a reason that is no text is a mistake, not "not this type's".
                guard call.isNoneOrNil(-1) else {
                    throw ScriptResultMisfit("the factory of \(name) returned nil and a reason that must be a string, got \(call.typeName(-1))")
                }
                return nil
            }
        }
        return AnyDeeplinkType(
            name: name,
            url: url.map { callback in
                { components in
                    // As Nivelir's `url.query.map { decode($0) }`: a URL without a query has
                    // none (nil), and nothing is decoded.
                    var typed: ScreenValue?
                    if let raw = components.rawQuery {
                        do {
                            let query = try URLQueryDecoder.decode(raw)
                            typed = try schema.map { try URLQueryDecoder.typed(query, as: $0) ?? .object([:]) } ?? query.plain
                        } catch where schema != nil {
                            throw DeeplinkDecodingError(typeName: name, underlyingError: "\(error)")
                        } catch {
                            // Without a schema Nivelir decodes nothing (its query is the text):
                            // one that the bracket rules cannot read is no table, not a failure.
                            typed = nil
                        }
                    }
                    var fields: [String: LuaValue] = ["url": .string(components.url), "path": .table(array: components.path.map(LuaValue.string), fields: [:])]
                    fields["query"] = typed?.luaValue
                    fields["rawQuery"] = components.rawQuery.map(LuaValue.string)
                    fields["scheme"] = components.scheme.map(LuaValue.string)
                    fields["host"] = components.host.map(LuaValue.string)
                    fields["context"] = components.context?.luaValue
                    // The context second too, as Nivelir's url(_:context:) and the other two take it.
                    return try factory(callback, [.table(array: [], fields: fields), components.context?.luaValue ?? .nil])
                }
            },
            notification: notification.map { callback in
                { notification, context in
                    var fields: [String: LuaValue] = [
                        "requestIdentifier": .string(notification.requestIdentifier), "categoryIdentifier": .string(notification.categoryIdentifier),
                        "actionIdentifier": .string(notification.actionIdentifier), "userInfo": ScreenValue.object(notification.userInfo).luaValue,
                    ]
                    fields["context"] = context?.luaValue    // as url's table has it
                    return try factory(callback, [.table(array: [], fields: fields), context?.luaValue ?? .nil])
                }
            },
            shortcut: shortcut.map { callback in
                { shortcut, context in
                    var fields: [String: LuaValue] = ["type": .string(shortcut.type), "title": .string(shortcut.title)]
                    fields["userInfo"] = shortcut.userInfo.map { ScreenValue.object($0).luaValue }
                    fields["context"] = context?.luaValue
                    return try factory(callback, [.table(array: [], fields: fields), context?.luaValue ?? .nil])
                }
            })
    }

    /// A deeplink as interceptors see it: `{ type = "ChatDeeplink", values = {...}, description = "ChatDeeplink(chatID: 7)" }`.
    static func deeplinkValue(_ deeplink: Deeplink) -> LuaValue {
        .table(array: [], fields: ["type": .string(deeplink.typeName), "values": ScreenValue.object(deeplink.values).luaValue,
                                   "description": .string(deeplink.description)])
    }

    /// nav.deeplinkManager { types = {...} or scopes = {{ key =, types = {...} }, ...},
    /// interceptors = { function(deeplink, kind, navigator, done) end }, navigator = app.navigator }
    func makeDeeplinkManager(_ call: LuaCall) throws -> Int32 {
        let table = try NavTable(call, 1, runtime: self)
        try table.only(["types", "scopes", "interceptors", "navigator"])
        let navigator = try table.field("navigator") { at -> ScreenNavigator in
            guard let navigator = call.optionalObject(at, navigators) else { throw table.error("field 'navigator' must be a Navigator (app.navigator)") }
            return navigator
        }
        guard let navigator else { throw table.error("field 'navigator' is missing: nav.deeplinkManager { types = {...}, navigator = app.navigator }") }
        var scopes: [(scope: DeeplinkScope, types: [AnyDeeplinkType])] = []
        if table.has("types") {
            scopes.append((.default, try table.list("types") { try deeplinkType($0) }))
        }
        scopes += try table.list("scopes") { scope in
            try scope.only(["key", "types"])
            // The text "default" names the default scope, as `activate(nil, "default")` does
            // (a scope keyed "default" beside it could never be activated by name).
            return (try scope.string("key").map(DeeplinkScope.init(named:)) ?? .default, try scope.list("types") { try deeplinkType($0) })
        }
        guard !scopes.isEmpty else { throw table.error("field 'types' or 'scopes' is missing") }
        var seen = Set<DeeplinkScope>()
        for (scope, _) in scopes where !seen.insert(scope).inserted {
            throw table.error("the scope '\(scope)' is given twice")
        }
        let directory = directory
        let interceptors = try table.field("interceptors") { at -> [any DeeplinkInterceptor] in
            guard call.type(at) == .table else { throw table.error("field 'interceptors' must be a list of functions") }
            return try (0..<min(call.length(at), listLimit)).map { position in
                call.element(at, position + 1)
                defer { call.pop() }
                guard call.isFunction(-1) else { throw table.error("interceptors[\(position + 1)] must be a function") }
                let name = "interceptor \(call.location(level: 1) ?? "?") #\(position + 1)"
                declare(name)
                return LuaDeeplinkInterceptor(callback: .function(keepFunction(call, -1)), directory: directory, name: name)
            }
        } ?? []
        let manager = DeeplinkManager(deeplinkTypes: scopes, interceptors: interceptors, navigator: navigator, system: navigator.simulation.system)
        call.push(manager, deeplinkManagers)
        return 1
    }

    /// A manager method. One that may navigate (handling, activating) runs the clock until
    /// the navigation settles, as `app:navigate` and `app:open` do, so that a scenario reads
    /// the result on the next line.
    private static func managerMethod(_ name: String, settles: Bool = false,
                                      _ body: @escaping (NavRuntime, LuaCall, DeeplinkManager) throws -> Int32) -> NavBinding {
        // One that navigates is a step of the scenario's pictures, as the app's methods are.
        let step = settles ? ScenarioStep.Kind(rawValue: name.replacingOccurrences(of: "IfPossible", with: "")) : nil
        return .method(.deeplinkManager, name) { runtime, call in
            let manager = try call.object(1, runtime.deeplinkManagers)
            let app = runtime.stepRecorder == nil ? nil : runtime.appsByNavigator[ObjectIdentifier(manager.navigator)]?.app
            let results = try runtime.recordingStep(step, of: app, call) {
                let results = try body(runtime, call, manager)
                if settles {
                    _ = manager.navigator.simulation.clock.settle()
                }
                return results
            }
            try runtime.raiseCallbackErrors()
            return results
        }
    }

    /// `true`/`false` for whether a deeplink was made, or `false, error`.
    private func handled(_ call: LuaCall, _ body: () throws -> Bool) -> Int32 {
        do {
            call.push(try body())
            return 1
        } catch {
            call.push(false)
            call.push("\(error)")
            return 2
        }
    }

    static let deeplinkManagerBindings: [NavBinding] = [
        managerMethod("handleURL", settles: true) { runtime, call, manager in
            let url = try call.string(2), context = try runtime.context(call, 3)
            return runtime.handled(call) { try manager.handleURL(url, context: context) }
        },
        managerMethod("handleURLIfPossible", settles: true) { runtime, call, manager in
            call.push(manager.handleURLIfPossible(try call.string(2), context: try runtime.context(call, 3),
                                                   shouldLogError: try runtime.shouldLogError(call, 4)))
            return 1
        },
        managerMethod("canHandleURL") { runtime, call, manager in
            call.push(manager.canHandleURL(try call.string(2), context: try runtime.context(call, 3)))
            return 1
        },
        managerMethod("canHandleNotification") { runtime, call, manager in
            call.push(manager.canHandleNotification(try runtime.notification(call, 2), context: try runtime.context(call, 3)))
            return 1
        },
        managerMethod("canHandleShortcut") { runtime, call, manager in
            call.push(manager.canHandleShortcut(try runtime.shortcut(call, 2), context: try runtime.context(call, 3)))
            return 1
        },
        managerMethod("handleNotification", settles: true) { runtime, call, manager in
            let notification = try runtime.notification(call, 2), context = try runtime.context(call, 3)
            return runtime.handled(call) { try manager.handleNotification(notification, context: context) }
        },
        managerMethod("handleNotificationIfPossible", settles: true) { runtime, call, manager in
            call.push(manager.handleNotificationIfPossible(try runtime.notification(call, 2), context: try runtime.context(call, 3),
                                                   shouldLogError: try runtime.shouldLogError(call, 4)))
            return 1
        },
        managerMethod("handleShortcut", settles: true) { runtime, call, manager in
            let shortcut = try runtime.shortcut(call, 2), context = try runtime.context(call, 3)
            return runtime.handled(call) { try manager.handleShortcut(shortcut, context: context) }
        },
        managerMethod("handleShortcutIfPossible", settles: true) { runtime, call, manager in
            call.push(manager.handleShortcutIfPossible(try runtime.shortcut(call, 2), context: try runtime.context(call, 3),
                                                   shouldLogError: try runtime.shouldLogError(call, 4)))
            return 1
        },
        managerMethod("activate", settles: true) { runtime, call, manager in
            manager.activate(screens: try runtime.context(call, 2), scope: try runtime.scope(call, 3))
            return 0
        },
        managerMethod("deactivate") { runtime, call, manager in
            manager.deactivate(scope: try runtime.scope(call, 2))
            return 0
        },
        managerMethod("isActive") { runtime, call, manager in
            call.push(try runtime.scope(call, 2).map(manager.isActive(scope:)) ?? manager.isActive)
            return 1
        },
        .property(.deeplinkManager, "pendingDeeplinks", DeeplinkManager.self) { _, call, manager in
            let pending = manager.pendingDeeplinks.map { ($0.key.description, NavRuntime.deeplinkValue($0.value)) }
            call.push(value: .table(array: [], fields: Dictionary(uniqueKeysWithValues: pending)))
        },
        // Nivelir's public properties: the type names and interceptors by scope, the
        // navigator, the screens of each active scope (`false` for one activated without).
        .property(.deeplinkManager, "deeplinkTypes", DeeplinkManager.self) { _, call, manager in
            let types = manager.deeplinkTypes.map { ($0.scope.description, LuaValue.table(array: $0.types.map { .string($0.name) }, fields: [:])) }
            call.push(value: .table(array: [], fields: Dictionary(types) { first, _ in first }))
        },
        .property(.deeplinkManager, "interceptors", DeeplinkManager.self) { _, call, manager in
            call.push(value: .table(array: manager.interceptors.map { .string(($0 as? LuaDeeplinkInterceptor)?.name ?? "\(type(of: $0))") }, fields: [:]))
        },
        .property(.deeplinkManager, "navigator", DeeplinkManager.self) { runtime, call, manager in
            call.push(manager.navigator, runtime.navigators)
        },
        .property(.deeplinkManager, "screens", DeeplinkManager.self) { _, call, manager in
            let screens = manager.screens.map { ($0.key.description, $0.value?.luaValue ?? .boolean(false)) }
            call.push(value: .table(array: [], fields: Dictionary(screens) { first, _ in first }))
        },
        .metamethod(.deeplinkManager, "__tostring") { _, call in
            call.push("DeeplinkManager")
            return 1
        },
        .metamethod(.deeplinkManager, "__eq") { runtime, call in
            let first = call.optionalObject(1, runtime.deeplinkManagers), second = call.optionalObject(2, runtime.deeplinkManagers)
            call.push(first != nil && first === second)
            return 1
        },
    ]
}
