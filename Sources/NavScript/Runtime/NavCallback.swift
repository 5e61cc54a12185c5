import LuaKit
import ScreenKit

/// A script function the host calls back: a screen's build or refresh function, a custom
/// action, a decorator, an engine route, or a function value a script handed over (a
/// fallback, a `get`, a predicate, a completion, a deeplink handler). Every callback is
/// resolved through the directory when it runs, so all of them behave one way across a
/// reload: a named one runs the definition of the runtime current then (the new one after
/// a reload); a function value runs only while the runtime that made it is current, and
/// fails as unloaded after.
///
///     try directory.invoke(.named(.screenBuilder, "Chat"), { [.object(container, $0.containers)] })
enum NavCallback {
    /// What scripts define by name.
    enum Definition: String {
        case screenBuilder = "screen build function", screenRefresher = "screen refresh function"
        case action, decorator, route
    }

    case named(Definition, String)
    case function(LuaReference)
}

extension NavDirectory {
    /// Calls `callback` in the runtime it resolves to, with the arguments `arguments`
    /// makes there, and reads its `results` with `read`. A script error, an unloaded
    /// runtime or a missing definition throws a `LuaError`.
    func invoke<R>(_ callback: NavCallback, _ arguments: (NavRuntime) -> [LuaArgument] = { _ in [] }, results: Int32 = 0,
                   read: (NavRuntime, LuaCall) throws -> R) throws -> R {
        let (runtime, function) = try resolve(callback)
        do {
            return try runtime.lua.call(function, arguments(runtime), results: results) { call in try read(runtime, call) }
        } catch let error as LuaError {
            // An expect that failed in a callback fails its scenario, even where the host turns
            // the error into a failed navigation (a `get`, a predicate, a build function).
            if ScenarioFileRunner.isExpectationFailure(error.message) { runtime.callbackFailed?(error.message) }
            throw error
        } catch let misfit as ScriptResultMisfit {
            // Said at the line that defines the function, as misuse is said at a script's line.
            guard let place = runtime.lua.definition(of: function) else { throw ScreenFailure(misfit.message) }
            throw ScreenFailure("\(place): \(misfit.message)")
        }
    }

    /// `invoke` for a callback whose results are not read.
    func invoke(_ callback: NavCallback, _ arguments: (NavRuntime) -> [LuaArgument] = { _ in [] }) throws {
        try invoke(callback, arguments, results: 0) { _, _ in }
    }

    private func resolve(_ callback: NavCallback) throws -> (NavRuntime, LuaReference) {
        let runtime = current
        switch callback {
        case let .named(definition, name):
            guard let runtime else {
                throw LuaError(kind: .unavailable, message: "the scripts that define \(definition.rawValue) '\(name)' were unloaded")
            }
            guard let function = runtime.function(definition, named: name) else {
                throw LuaError(kind: .runtime, message: "no \(definition.rawValue) '\(name)' is defined any more")
            }
            return (runtime, function)
        case let .function(reference):
            guard let runtime, reference.isAvailable, reference.state === runtime.lua else {
                throw LuaError(kind: .unavailable, message: "the script this function came from was unloaded")
            }
            return (runtime, reference)
        }
    }
}

/// What a script function returned that its place does not take (`"the fallback function
/// must return a Route or nil, got number"`), thrown by an `invoke`'s `read`: the navigation
/// fails with it at the line that defines the function. A failure the function meant (a
/// `get` returning `false, "why"`) is a plain `ScreenFailure`, its text as it was given.
struct ScriptResultMisfit: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
