import LuaKit
import ScreenKit

/// A deeplink a script defined: a pattern and the function that turns its parameters and
/// query into a route.
struct NavDeeplinkDefinition {
    let pattern: DeeplinkPattern
    let handler: LuaReference
}

/// Deeplinks: `nav.deeplink(pattern, handler)`, `nav.interceptor(function(link, app) end)`,
/// and `app:open(url)`.
///
/// An interceptor returns `true` to let the link through, `false` (and a reason) or `nil`
/// and a reason to drop it, or a route from the window: then that route runs (a sign-in
/// screen, say; it may wait on a custom action) and the link is held until
/// `app:resumeDeeplinks()`, which runs the interceptors again and, once they let it
/// through, the link's own route. One link is held at a time: a newer link that matches
/// replaces it. A dropped link's reason is logged as an `Error:` line.
extension NavRuntime {
    func defineDeeplink(_ call: LuaCall) throws -> Int32 {
        let text = try call.string(1)
        guard let pattern = DeeplinkPattern(text) else {
            throw LuaCallError.argument(1, "a deeplink pattern is a URL like 'app://chat/:chatId'")
        }
        if let flaw = pattern.flaw { throw LuaCallError.argument(1, flaw) }
        guard call.isFunction(2) else { throw LuaCallError.type(2, expected: "function") }
        // What the host keeps of a new pattern (its parts, its key, its name) is charged to
        // the scripts' memory cap.
        if deeplinkPositions[pattern.alikeKey] == nil { try keep(bytes: 4 * text.utf8.count + NavRuntime.definitionBytes) }
        // A pattern defined again gets the new handler, in its place, as a screen defined
        // again is the new definition.
        let definition = NavDeeplinkDefinition(pattern: pattern, handler: keepFunction(call, 2))
        if let position = deeplinkPositions[pattern.alikeKey] {
            deeplinks[position] = definition
        } else {
            deeplinkPositions[pattern.alikeKey] = deeplinks.count
            deeplinks.append(definition)
        }
        declare("deeplink \(pattern)")
        return 0
    }

    func defineInterceptor(_ call: LuaCall) throws -> Int32 {
        guard call.isFunction(1) else { throw LuaCallError.type(1, expected: "function") }
        try keep(bytes: NavRuntime.definitionBytes)
        interceptors.append(keepFunction(call, 1))
        let name = "interceptor \(call.location(level: 1) ?? "#\(interceptors.count)")"
        interceptorNames.append(name)
        declare(name)
        return 0
    }

    /// What happened to a link.
    enum DeeplinkOutcome {
        case navigated(Result<Void, Error>)
        case failed(String)
    }

    /// Opens `text` in `app`: match, intercept, then navigate. A held link that resumes is
    /// handled already: as Nivelir's pending deeplink, it is not announced again.
    func open(_ text: String, in app: NavApp, appObject: Int32, call: LuaCall, resuming: Bool = false) throws -> DeeplinkOutcome {
        if !resuming { app.application.logger.info("Handling navigation for URL: \(text)") }
        let request: DeeplinkRequest?
        do {
            request = try deeplinkRequest(text)
        } catch {
            // Logged, as Nivelir's manager logs a `DeeplinkDecodingError`.
            if error.isDecoding { app.application.navigator.logError(ScreenFailure(error.reason)) }
            return .failed(error.reason)
        }
        guard let (definition, values, query) = request else {
            return .failed("no deeplink matches \(text)")
        }
        used("deeplink \(definition.pattern)")
        // As Nivelir's manager: the deeplink is announced before the interceptors run.
        app.application.logger.info("Performing navigation for deeplink: \(definition.pattern) \(values)")
        // As Nivelir's pending deeplink: a newer link that resolves replaces a held one,
        // whether it goes through or is held in turn.
        app.pendingDeeplink = nil
        let link = LuaValue.table(array: [], fields: [
            "url": .string(text),
            "pattern": .string(definition.pattern.description),
            "params": values.luaValue,
            "query": query,
        ])
        for (position, interceptor) in interceptors.enumerated() {
            used(interceptorNames[position])
            let verdict: Verdict
            do {
                verdict = try intercept(interceptor, link: link, appObject: appObject, call: call)
            } catch {
                return failure(of: error, in: app)
            }
            switch verdict {
            case .pass:
                continue
            case let .drop(reason):
                // Logged, as Nivelir's manager logs an interceptor's failure.
                let reason = reason ?? "the deeplink \(text) was intercepted"
                app.application.navigator.logError(ScreenFailure(reason))
                return .failed(reason)
            case let .hold(route):
                app.pendingDeeplink = text
                // A route still waiting on a custom action (an `authorize` that completes
                // once the user signs in, as Nivelir's interceptors wait) keeps the link held,
                // until the action fails.
                app.holds += 1
                let hold = app.holds
                let outcome = app.application.navigateLeavingPending(to: route) { [weak app] result in
                    // Only this hold's link: a newer one (the same URL again, say) has its own.
                    if case .failure = result, let app, app.holds == hold { app.pendingDeeplink = nil }
                }
                if case let .failure(error)? = outcome {
                    // The interceptor failed: the link is dropped, as Nivelir drops it.
                    app.pendingDeeplink = nil
                    return .navigated(.failure(error))
                }
                return .failed("the deeplink \(text) is held until app:resumeDeeplinks()")
            }
        }
        do {
            switch try handlerRoute(definition, values: values, query: query) {
            case let .success(route): return .navigated(app.application.navigate(to: route))
            case let .failure(reason): return failure(of: reason, in: app)
            }
        } catch {
            return failure(of: error, in: app)
        }
    }

    /// A link taken apart for its handler: the definition whose pattern matches first, the
    /// parameters it captured, and the query.
    typealias DeeplinkRequest = (definition: NavDeeplinkDefinition, values: ScreenValue, query: LuaValue)

    /// Why a link has no request: text that is no URL, or a query that does not decode.
    struct DeeplinkRefusal: Error {
        let reason: String
        let isDecoding: Bool
    }

    /// The request of `text`, what `app:open` and `engine.route(forDeeplink:)` start from;
    /// nil when no pattern matches.
    func deeplinkRequest(_ text: String) throws(DeeplinkRefusal) -> DeeplinkRequest? {
        guard let url = DeeplinkURL(text) else { throw DeeplinkRefusal(reason: "'\(text)' is not a URL", isDecoding: false) }
        guard let (definition, parameters) = deeplinks.lazy.compactMap({ definition in definition.pattern.match(url).map { (definition, $0) } }).first else {
            return nil
        }
        do {
            let query = try DeeplinkQuery.parse(url.query)
            return (definition, .object(parameters.mapValues(DeeplinkPattern.parameterValue)), query)
        } catch {
            throw DeeplinkRefusal(reason: "the query of \(text) does not decode: \(error)", isDecoding: true)
        }
    }

    /// The route the handler of `definition` gives for the link's parameters and query, or
    /// the reason it gave with `nil` (the link fails with it). A handler that raises, returns
    /// nothing, or returns what is not a route from the window throws, at its line.
    func handlerRoute(_ definition: NavDeeplinkDefinition, values: ScreenValue, query: LuaValue) throws -> Result<AnyScreenRoute, ScreenFailure> {
        try directory.invoke(.function(definition.handler), { _ in
            [.value(values.luaValue), .value(query)]
        }, results: 2) { runtime, call in
            // `nil, "why"` fails the link with the reason; a bare nil is most often a path that
            // forgot its `return`, so it is a mistake at the handler's line, as an interceptor's is.
            if call.isNoneOrNil(-2), call.type(-1) == .string || call.type(-1) == .number {
                return .failure(ScreenFailure((try? call.string(-1)) ?? ""))
            }
            guard let route = call.optionalObject(-2, runtime.routes) else {
                // nil and a reason that is no text: the reason is what is wrong.
                if call.isNoneOrNil(-2), !call.isNoneOrNil(-1) {
                    throw ScriptResultMisfit("the deeplink handler of \(definition.pattern) returned nil and a \(call.typeName(-1)): the reason must be text")
                }
                throw ScriptResultMisfit("the deeplink handler of \(definition.pattern) must return a Route (or nil and a reason), got \(call.typeName(-2))")
            }
            return .success(try Self.windowRoute(route, of: "the deeplink handler of \(definition.pattern)"))
        }
    }

    /// A handler or an interceptor that raised, or returned what is not a route: the link
    /// fails with the error, logged, as a navigation outcome (a value, not a raised error).
    private func failure(of error: Error, in app: NavApp) -> DeeplinkOutcome {
        let message = (error as? LuaError)?.message ?? "\(error)"
        app.application.navigator.logError(ScreenFailure(message))
        return .failed(message)
    }

    private enum Verdict {
        case pass
        case drop(String?)
        case hold(AnyScreenRoute)
    }

    private func intercept(_ interceptor: LuaReference, link: LuaValue, appObject: Int32, call: LuaCall) throws -> Verdict {
        let app = call.absolute(appObject)
        return try directory.invoke(.function(interceptor), { runtime in
            [LuaArgument { runtime.pushLink(link, on: $0) }, LuaArgument { $0.pushCopy(app) }]
        }, results: 2) { runtime, call in
            if let route = call.optionalObject(-2, runtime.routes) {
                return .hold(try Self.windowRoute(route, of: "an interceptor"))
            }
            // The reason, text or a number as Lua writes it (converted on a copy).
            var reason: String?
            if call.type(-1) == .string || call.type(-1) == .number {
                call.pushCopy(-1)
                reason = call.convertedString(-1)
                call.pop()
            }
            switch call.type(-2) {
            case .boolean where call.boolean(-2): return .pass
            case .boolean: return .drop(reason)
            // `nil, "why"` is Lua's way to fail; a bare `nil` is most often a path that
            // forgot its `return true`, and dropping the link for it would hide that.
            case .nil where reason != nil: return .drop(reason)
            default:
                throw ScriptResultMisfit("an interceptor must return true, false or a Route, got \(call.typeName(-2))")
            }
        }
    }

    /// `route` when it starts at the window, as a deeplink navigates from there (Nivelir's
    /// `navigate(using:)`).
    private static func windowRoute(_ route: AnyScreenRoute, of source: String) throws -> AnyScreenRoute {
        guard route.rootKind == .window else {
            throw ScriptResultMisfit("\(source) must return a route from the window (nav.route()), got a \(route.rootKind) route")
        }
        return route
    }
}
