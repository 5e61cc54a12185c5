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
///     engine.watch()                       // checks every 50 ms
///
/// Each script file below the root is a module named by its path (`chat.lua` is `chat`,
/// `flows/signIn.lua` is `flows.signIn`); the functions of the table it returns are its
/// routes (`chat.showChat`). A reload loads every script
/// into a fresh state and swaps only if all of them load: a broken edit keeps the last good
/// version and reports the error with `file:line`. The hierarchy is the host's and is never
/// touched by a reload; routes built before it keep working, and build their screens with
/// the new definitions (only an anonymous script function in such a route, a `get` or a
/// fallback function, reports that its script was unloaded).
///
/// The engine lives on the main actor, as the navigation it serves does. A reload loads the
/// scripts off the main actor, in a task of its own, and swaps them in on it: the app does
/// not wait for Lua to parse and run a folder of scripts.
@MainActor
public final class NavEngine {
    /// The folder of route scripts, as a standardized file URL.
    public let root: URL
    /// How messages name the root ("routes" gives `routes/chat.lua:12:`).
    public let displayRoot: String
    /// Where script screens, actions and decorators are looked up when they run: the
    /// runtime of the last good load, and the host's factories (`registerScreen`).
    public let directory: NavDirectory
    /// The options every load opens its state with: the limits, the root `require` reads.
    public let options: LuaOptions

    /// The runtime of the last good load.
    public private(set) var runtime: NavRuntime {
        didSet { runtimeAtRelease = runtime }
    }
    /// `runtime`, for `deinit`, which runs off the main actor: read there alone, once nothing
    /// else can use the engine.
    private nonisolated(unsafe) var runtimeAtRelease: NavRuntime?
    /// The routes of the last good load, sorted: each module's functions by `module.name`.
    ///
    ///     engine.routeNames   // ["chat.showChat", "flows.signIn.start"]
    ///     -- Lua, routes/chat.lua: return { showChat = function(id) ... end }
    public var routeNames: [String] { runtime.routeFunctions.keys.sorted() }
    /// The error of the last reload, if it failed (cleared by the next good one).
    public private(set) var lastError: LuaError?
    /// Told of every reload, good or bad.
    public var onReload: ((NavReload) -> Void)?
    /// Told of a script error no navigation can report: an action's error after its `done`,
    /// a completion function's (`container:navigate(route, function(ok, err) ... end)`), a
    /// `canOpenURL` function's. Without it, such an error is written to standard error.
    ///
    ///     engine.onScriptError = { error in logger.error("\(error.message)") }   // routes/chat.lua:9: ...
    public var onScriptError: ((LuaError) -> Void)? {
        didSet { hear(runtime) }
    }

    private let watcher: ScriptWatcher
    private var watching: Task<Void, Never>?
    /// Reloads started, and the newest of them that has finished: one that finishes after a
    /// newer one read older scripts, and is dropped.
    private var reloadsStarted = 0, newestFinished = 0

    /// Loads the scripts under `root`. A script that does not load throws here.
    public convenience init(root: URL, displayRoot: String? = nil, limits: LuaLimits = LuaLimits(), directory: NavDirectory = NavDirectory()) throws {
        try self.init(root: root, displayRoot: displayRoot, limits: limits, directory: directory, startsBroken: false)
    }

    /// An engine even when a script does not load yet, for a development build that launches
    /// on a broken edit: it then has no routes, `lastError` says why, and a reload (`watch()`)
    /// loads the scripts once they are fixed. Throws only when no Lua state can be made, or
    /// when `directory` is another engine's.
    ///
    ///     let engine = try NavEngine.starting(root: scriptsFolder)
    ///     if let error = engine.lastError { print(error) }   // routes/chat.lua:3: ...
    ///     engine.watch()
    public static func starting(root: URL, displayRoot: String? = nil, limits: LuaLimits = LuaLimits(),
                                directory: NavDirectory = NavDirectory()) throws -> NavEngine {
        try NavEngine(root: root, displayRoot: displayRoot, limits: limits, directory: directory, startsBroken: true)
    }

    private init(root: URL, displayRoot: String?, limits: LuaLimits, directory: NavDirectory, startsBroken: Bool) throws {
        // Names resolve in one runtime: two engines over one directory would build each
        // other's screens.
        guard directory.engine == nil else { throw NavEngineError.directoryInUse }
        self.root = root.standardizedFileURL
        self.displayRoot = displayRoot ?? root.lastPathComponent
        self.directory = directory
        options = LuaOptions(limits: limits, root: self.root, displayRoot: self.displayRoot)
        watcher = ScriptWatcher(root: self.root)
        do {
            runtime = try Self.load(root: self.root, options: options, directory: directory)
        } catch let error as LuaError where startsBroken {
            runtime = try NavRuntime(options: options, directory: directory, activate: false)
            lastError = error
        }
        directory.runtime = runtime
        runtimeAtRelease = runtime
        directory.engine = self
        hear(runtime)
    }

    /// Sends the script errors of `runtime` that have no caller to `onScriptError`.
    private func hear(_ runtime: NavRuntime) {
        let handler = onScriptError
        runtime.callbackErrorHandler = { error in
            let error = error as? LuaError ?? LuaError(kind: .runtime, message: "\(error)")
            if let handler { handler(error) } else { FileHandle.standardError.write(Data("navscript: \(error.message)\n".utf8)) }
        }
    }

    /// Released, it fails the navigations waiting on a `done` its scripts never called, as a
    /// reload does: nothing will call them now. They are told on the thread that lets the
    /// engine go, which is the main actor's where a host uses it.
    deinit {
        watching?.cancel()
        runtimeAtRelease?.failOutstandingCompletions()
    }

    /// Registers a Swift factory for the screens scripts name `name`; it wins over the
    /// scripts' own definition. Its screen carries that name and builds the container kind
    /// the scripts declare, or building it fails.
    ///
    ///     engine.registerScreen("Chat") { traits in ChatScreen(traits).eraseToAnyScreen() }
    ///     -- Lua: local Chat = nav.screen("Chat", { container = "stack" })
    public func registerScreen(_ name: String, factory: @escaping NavScreenFactory) {
        directory.registerScreen(name, factory: factory)
    }

    /// Calls the route function `name` with `arguments` and returns its route.
    ///
    ///     navigator.navigate(to: try engine.route("chat.showChat", .int(7)))
    ///     -- Lua, routes/chat.lua: return { showChat = function(id) return nav.route():top(nav.stack):push(Chat { chatId = id }) end }
    public func route(_ name: String, _ arguments: ScreenValue...) throws -> AnyScreenRoute {
        try route(name, arguments: arguments)
    }

    /// `route(_:_:)` with the arguments as an array.
    ///
    ///     let route = try engine.route("chat.showChat", arguments: [.int(7)])
    public func route(_ name: String, arguments: [ScreenValue]) throws -> AnyScreenRoute {
        guard runtime.routeFunctions[name] != nil else {
            throw NavEngineError.unknownRoute(name, known: routeNames)
        }
        if let index = arguments.firstIndex(where: { !$0.nests(within: LuaState.resultDepth) }) {
            throw LuaError(kind: .runtime, message: "route '\(name)': argument \(index + 1) nests deeper than \(LuaState.resultDepth) levels")
        }
        return try directory.invoke(.named(.route, name), { _ in arguments.map { .value($0.luaValue) } }, results: 1) { runtime, call in
            try runtime.routeResult(call, of: "route '\(name)'", at: runtime.routeFunctions[name].flatMap(runtime.lua.definition(of:)))
        }
    }

    /// The route the scripts' deeplink handlers give `url` (`nav.deeplink(pattern, handler)`),
    /// or nil when no pattern matches it. The interceptors are not asked: they decide for a
    /// script's app (`app:open`), and a host has its own gate.
    ///
    ///     if let route = try engine.route(forDeeplink: "app://chat/7") { navigator.navigate(to: route) }
    ///     -- Lua: nav.deeplink("app://chat/:chatId", function(params) return Routes.showChat(params.chatId) end)
    public func route(forDeeplink url: String) throws -> AnyScreenRoute? {
        let request: NavRuntime.DeeplinkRequest?
        do {
            request = try runtime.deeplinkRequest(url)
        } catch {
            throw NavEngineError.deeplink(error.reason)
        }
        guard let (definition, values, query) = request else { return nil }
        switch try runtime.handlerRoute(definition, values: values, query: query) {
        case let .success(route): return route
        case let .failure(reason): throw NavEngineError.deeplink(reason.description)
        }
    }

    /// Loads every script again, off the main actor, and swaps them in if all load. The
    /// scripts replaced are unloaded: a `done` they were given and did not call fails, so the
    /// navigation waiting on it ends.
    ///
    ///     let reload = await engine.reload()   // "reloaded all scripts: 12 route(s)"
    @discardableResult
    public func reload(changed: [String] = []) async -> NavReload {
        reloadsStarted += 1
        let generation = reloadsStarted
        let job = NavLoadJob(root: root, options: options, directory: directory)
        let loaded = await ScriptThreads.detached { job.run() }
        // Overlapping reloads (a watch and a manual one) may finish out of order: the scripts
        // of the newest that finished stay, good or broken.
        guard generation > newestFinished else {
            return NavReload(changed: changed, error: nil, routes: routeNames, superseded: true)
        }
        newestFinished = generation
        let reload: NavReload
        switch loaded.result {
        case let .success(fresh):
            let old = runtime
            runtime = fresh
            directory.runtime = fresh
            hear(fresh)
            lastError = nil
            reload = NavReload(changed: changed, error: nil, routes: routeNames,
                               warnings: lostRoutes(from: old, to: fresh) + leftOut(from: old, to: fresh, changed: changed))
            old.failOutstandingCompletions()
        case let .failure(error):
            let failure = error as? LuaError ?? LuaError(kind: .runtime, message: "\(error)")
            lastError = failure
            reload = NavReload(changed: changed, error: failure, routes: routeNames)
        }
        onReload?(reload)
        return reload
    }

    /// Reloads if any script changed since the last check; returns the reload, if any.
    ///
    ///     if let reload = await engine.checkForChanges() { print(reload) }   // "reloaded chat.lua: 3 route(s)"
    @discardableResult
    public func checkForChanges() async -> NavReload? {
        let changed = watcher.changes()
        return changed.isEmpty ? nil : await reload(changed: changed)
    }

    /// Checks for changes every `interval` seconds until `stopWatching()`.
    ///
    ///     engine.onReload = { reload in print(reload) }
    ///     engine.watch()
    public func watch(every interval: Double = 0.05) {
        watching?.cancel()
        // From a millisecond to a day; what is no number is the default.
        let nanoseconds = UInt64((interval.isNaN ? 0.05 : min(max(interval, 0.001), 86_400)) * 1e9)
        watching = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: nanoseconds)
                guard let self, !Task.isCancelled else { return }
                await self.checkForChanges()
            }
        }
    }

    /// Stops the checks `watch()` started (a reload under way still finishes: the changes it
    /// read are seen only once).
    ///
    ///     engine.stopWatching()
    public func stopWatching() {
        watching?.cancel()
        watching = nil
    }

    /// A fresh runtime with every script loaded and its route functions kept. What the
    /// scripts build while loading uses their own definitions (`NavDirectory.loading`).
    nonisolated static func load(root: URL, options: LuaOptions, directory: NavDirectory) throws -> NavRuntime {
        // A folder gone (renamed, a checkout under way) or never there is a failed load, not
        // a load of no scripts: the last good routes stay.
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder)
        guard exists && isFolder.boolValue else {
            // Said where it was looked for too: a root given relative to a working folder
            // an Xcode scheme sets elsewhere is not where its writer meant.
            let shown = options.displayRoot.map { $0 == root.path ? $0 : "\($0) (\(root.standardizedFileURL.path))" } ?? root.path
            throw LuaError(kind: .unavailable, message: "\(shown): \(exists ? "not a folder" : "no such folder"): the scripts' root is a folder of route scripts")
        }
        let runtime = try NavRuntime(options: options, directory: directory, activate: false)
        // One budget of instructions and time for the whole load, not one for each file.
        try runtime.lua.withBudget {
            // The route scripts: a root that holds the scenarios too (`lua/` with `routes/` and
            // `scenarios/`) names modules as the scenarios do. Below the root, what a suite takes
            // for scenario files (`*_spec.lua`, a folder named `scenarios`), explore models and
            // the project file are left out; the folders above the root do not count.
            // A file whose path is no module name (`chat copy.lua`, `chat-list.lua`,
            // `chat.v2.lua`) is left out too: `require` could not name it.
            let scripts = ScriptWatcher.scripts(in: root, skipping: &runtime.skippedScripts)
            // A folder that cannot be read fails the load (its scripts would be missing).
            if let folder = scripts.first(where: { $0.hasSuffix("/") }) {
                _ = try ScenarioFileRunner.script(at: root.appendingPathComponent(folder), shownAs: String(folder.dropLast()))
            }
            let modules = scripts.compactMap { path -> (path: String, name: String)? in
                guard !ScenarioDiscovery.isScenario(path), path != ScenarioDiscovery.projectFileName else { return nil }
                guard let name = ScriptFile.moduleName(of: path[...]) else {
                    if path.hasSuffix(".lua") { runtime.leftOutScripts.append(path) }
                    return nil
                }
                guard !ScenarioDiscovery.isExploreModel(at: root.appendingPathComponent(path).path) else { return nil }
                // A folder's init.lua is the folder's module, as require finds it.
                return (path, name.hasSuffix(".init") ? String(name.dropLast(5)) : name)
            }
            try NavDirectory.$loading.withValue(NavLoadingRuntime(runtime)) {
                for module in modules {
                    var routes: [String] = []
                    defer { runtime.routeScripts[module.path] = routes }
                    try runtime.lua.withStack { call in
                        runtime.lua.pushRequire(on: call)
                        call.push(module.name)
                        try runtime.lua.pcall(call, arguments: 1, results: 1)
                        guard call.type(-1) == .table else { return }
                        call.pushNil()
                        while call.next(-2) {
                            if let name = call.optionalString(-2), call.isFunction(-1) {
                                let route = "\(module.name).\(name)"
                                routes.append(route)
                                runtime.routeFunctions[route] = runtime.lua.reference(from: call)
                            } else {
                                call.pop()
                            }
                        }
                    }
                }
            }
        }
        return runtime
    }
}

/// A reload's load, handed to a task off the main actor and back. The runtime it makes is
/// used by that task alone until the engine takes it on the main actor, and the directory
/// is only read there (its factories under a lock); hence the unchecked conformance.
private final class NavLoadJob: @unchecked Sendable {
    let root: URL
    let options: LuaOptions
    let directory: NavDirectory
    private(set) var result: Result<NavRuntime, Error> = .failure(CancellationError())

    init(root: URL, options: LuaOptions, directory: NavDirectory) {
        self.root = root
        self.options = options
        self.directory = directory
    }

    func run() -> NavLoadJob {
        result = Result { try NavEngine.load(root: root, options: options, directory: directory) }
        return self
    }
}

/// What a reload did.
public struct NavReload: CustomStringConvertible, Sendable {
    /// The script files that changed (relative to the root), when a change caused it.
    public let changed: [String]
    /// Why it failed: the last good version is still running.
    public let error: LuaError?
    /// The routes available now.
    public let routes: [String]
    /// Whether a reload started after this one finished first: what this one read is older,
    /// so it changed nothing (and `onReload` is not told).
    public let superseded: Bool
    /// What a good reload did that is likely a mistake: a script that gave routes and gives
    /// none now (`routes/chat.lua gives no routes now (it gave chat.showChat): ...`).
    public let warnings: [String]

    /// What a reload did: the files that changed, its error (nil for a good one), the routes now.
    public init(changed: [String], error: LuaError?, routes: [String], superseded: Bool = false, warnings: [String] = []) {
        self.changed = changed
        self.error = error
        self.routes = routes
        self.superseded = superseded
        self.warnings = warnings
    }

    /// Whether it had no error: the new scripts run now (a superseded one changed nothing).
    public var succeeded: Bool { error == nil }

    /// One line for a log: `reloaded chat.lua: 3 route(s)`, or why it failed or changed nothing.
    public var description: String {
        if superseded {
            return "reload superseded by a newer one: nothing changed"
        }
        if let error {
            return "reload failed, keeping the last good scripts: \(error.message)"
        }
        return "reloaded \(changed.isEmpty ? "all scripts" : changed.joined(separator: ", ")): \(routes.count) route(s)"
            + warnings.map { "; warning: " + $0 }.joined()
    }
}

/// Errors of the engine itself.
public enum NavEngineError: LocalizedError, CustomStringConvertible, Equatable {
    case unknownRoute(String, known: [String])
    /// A link `route(forDeeplink:)` cannot turn into a route, and why.
    case deeplink(String)
    /// The directory given is another engine's.
    case directoryInUse

    /// The message a host shows: `no route 'chat.show' (known: chat.showChat)`.
    public var description: String {
        switch self {
        case let .unknownRoute(name, known):
            return "no route '\(name)' (known: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case let .deeplink(reason):
            return reason
        case .directoryInUse:
            return "the directory is another engine's: each engine resolves names in its own (give each a NavDirectory())"
        }
    }

    /// The description, for hosts that show `localizedDescription`.
    public var errorDescription: String? { description }
}

