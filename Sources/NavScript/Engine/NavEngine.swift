import Foundation
import LuaKit
import ScreenKit

/// The script engine a Swift host embeds: it loads a folder of route scripts, gives routes
/// by name, and reloads the scripts when they change.
///
///     let engine = try NavEngine(root: scriptsFolder)
///     engine.registerScreen("Chat") { traits in ChatScreen(traits).eraseToAnyScreen() }
///     navigator.navigate(to: try engine.route("chat.showChat", .int(7)))
///     engine.onReload = { reload in print(reload) }
///     engine.watch()                       // on the main queue, every 50 ms
///
/// Each script file is a module (`routes/chat.lua` is `routes.chat`); the functions of the
/// table it returns are its routes (`routes.chat.showChat`). A reload loads every script
/// into a fresh state and swaps only if all of them load: a broken edit keeps the last good
/// version and reports the error with `file:line`. The hierarchy is the host's and is never
/// touched by a reload; routes built before it keep working, and build their screens with
/// the new definitions (only an anonymous script function in such a route, a `get` or a
/// fallback function, reports that its script was unloaded).
///
/// The engine is not thread-safe: use it on one queue (the one `watch` runs on).
public final class NavEngine {
    public let root: URL
    /// How messages name the root ("routes" gives `routes/chat.lua:12:`).
    public let displayRoot: String
    public let directory: NavDirectory
    public let options: LuaOptions

    /// The runtime of the last good load.
    public private(set) var runtime: NavRuntime
    /// The routes of the last good load, sorted.
    public var routeNames: [String] { routeFunctions.keys.sorted() }
    /// The error of the last reload, if it failed (cleared by the next good one).
    public private(set) var lastError: LuaError?
    /// Told of every reload, good or bad.
    public var onReload: ((NavReload) -> Void)?

    private var routeFunctions: [String: LuaReference]
    private let watcher: ScriptWatcher
    private var timer: DispatchSourceTimer?

    /// Loads the scripts under `root`. A script that does not load throws here.
    public init(root: URL, displayRoot: String? = nil, limits: LuaLimits = LuaLimits(), directory: NavDirectory = NavDirectory()) throws {
        self.root = root.standardizedFileURL
        self.displayRoot = displayRoot ?? root.lastPathComponent
        self.directory = directory
        options = LuaOptions(limits: limits, root: self.root, displayRoot: self.displayRoot)
        watcher = ScriptWatcher(root: self.root)
        (runtime, routeFunctions) = try Self.load(root: self.root, options: options, directory: directory)
    }

    deinit {
        timer?.cancel()
    }

    /// Registers a Swift factory for the screens scripts name `name`; it wins over the
    /// scripts' own definition.
    public func registerScreen(_ name: String, factory: @escaping ([String: ScreenValue]) -> AnyScreen) {
        directory.registerScreen(name, factory: factory)
    }

    /// Calls the route function `name` with `arguments` and returns its route.
    public func route(_ name: String, _ arguments: ScreenValue...) throws -> AnyScreenRoute {
        try route(name, arguments: arguments)
    }

    public func route(_ name: String, arguments: [ScreenValue]) throws -> AnyScreenRoute {
        guard let function = routeFunctions[name] else {
            throw NavEngineError.unknownRoute(name, known: routeNames)
        }
        return try runtime.call(function, arguments: { call in
            for argument in arguments {
                call.push(value: argument.luaValue)
            }
            return Int32(arguments.count)
        }, read: { call in
            try runtime.routeResult(call, of: "route '\(name)'")
        })
    }

    /// Loads every script again now; swaps only if all load.
    @discardableResult
    public func reload(changed: [String] = []) -> NavReload {
        let reload: NavReload
        let previous = directory.runtime
        do {
            let (fresh, functions) = try Self.load(root: root, options: options, directory: directory)
            runtime = fresh
            routeFunctions = functions
            lastError = nil
            reload = NavReload(changed: changed, error: nil, routes: routeNames)
        } catch {
            directory.runtime = previous
            let failure = error as? LuaError ?? LuaError(kind: .runtime, message: "\(error)")
            lastError = failure
            reload = NavReload(changed: changed, error: failure, routes: routeNames)
        }
        onReload?(reload)
        return reload
    }

    /// Reloads if any script changed since the last check; returns the reload, if any.
    @discardableResult
    public func checkForChanges() -> NavReload? {
        let changed = watcher.changes()
        return changed.isEmpty ? nil : reload(changed: changed)
    }

    /// Checks for changes every `interval` seconds on `queue`, which must be the queue the
    /// host uses the engine on.
    public func watch(every interval: Double = 0.05, on queue: DispatchQueue = .main) {
        timer?.cancel()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let target = WeakEngine(self)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { target.engine?.checkForChanges() }
        timer.resume()
        self.timer = timer
    }

    public func stopWatching() {
        timer?.cancel()
        timer = nil
    }

    /// A fresh runtime with every script loaded, and its route functions.
    static func load(root: URL, options: LuaOptions, directory: NavDirectory) throws -> (NavRuntime, [String: LuaReference]) {
        let runtime = try NavRuntime(options: options, directory: directory, activate: false)
        let previous = directory.runtime
        directory.runtime = runtime   // screens built while loading use the new definitions
        var functions: [String: LuaReference] = [:]
        do {
            for path in ScriptWatcher.scripts(in: root) {
                let module = String(path.dropLast(4)).replacingOccurrences(of: "/", with: ".")
                try runtime.lua.withStack { call in
                    runtime.lua.pushGlobal("require", on: call)
                    call.push(module)
                    try runtime.lua.pcall(call, arguments: 1, results: 1)
                    guard call.type(-1) == .table else { return }
                    call.pushNil()
                    while call.next(-2) {
                        if let name = call.optionalString(-2), call.isFunction(-1) {
                            functions["\(module).\(name)"] = runtime.lua.reference(from: call)
                        } else {
                            call.pop()
                        }
                    }
                }
            }
        } catch {
            directory.runtime = previous
            throw error
        }
        return (runtime, functions)
    }
}

/// What a reload did.
public struct NavReload: CustomStringConvertible {
    /// The script files that changed (relative to the root), when a change caused it.
    public let changed: [String]
    /// Why it failed: the last good version is still running.
    public let error: LuaError?
    /// The routes available now.
    public let routes: [String]

    public var succeeded: Bool { error == nil }

    public var description: String {
        if let error {
            return "reload failed, keeping the last good scripts: \(error.message)"
        }
        return "reloaded \(changed.isEmpty ? "all scripts" : changed.joined(separator: ", ")): \(routes.count) route(s)"
    }
}

/// Errors of the engine itself.
public enum NavEngineError: Error, CustomStringConvertible, Equatable {
    case unknownRoute(String, known: [String])

    public var description: String {
        switch self {
        case let .unknownRoute(name, known):
            return "no route '\(name)' (known: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        }
    }
}

/// Lets the watch timer reach the engine without keeping it alive.
private final class WeakEngine: @unchecked Sendable {
    weak var engine: NavEngine?

    init(_ engine: NavEngine) {
        self.engine = engine
    }
}
