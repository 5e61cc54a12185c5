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
    /// The Lua state the `nav` module is installed in.
    public let lua: LuaState
    /// Where the names scripts define (screens, actions, decorators) are looked up when they run.
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
    let tokens: LuaClass<ScreenObserverToken>
    let deeplinkManagers: LuaClass<DeeplinkManager>

    /// What scripts defined, by name.
    var screenBuilders: [String: LuaReference] = [:]
    var screenRefreshers: [String: LuaReference] = [:]
    /// Screens whose containers the iterator walks into (`iterable = true`).
    var iterableScreens: Set<String> = []
    /// Route coverage, with coverage on: each deeplink pattern, interceptor, fallback
    /// function and deeplink type scripts declared ("deeplink app://chat/:id",
    /// "interceptor routes/deeplinks.lua:20"), with how often it ran. Nil when off.
    var routeUsage: [String: Int]?

    /// Counts a run of `name`, with coverage on (the name is made only then).
    func used(_ name: @autoclosure () -> String) {
        if routeUsage != nil { routeUsage?[name(), default: 0] += 1 }
    }

    /// Declares `name`, with coverage on, so that one that never runs shows at 0.
    func declare(_ name: @autoclosure () -> String) {
        guard routeUsage != nil else { return }
        let name = name()
        if routeUsage?[name] == nil { routeUsage?[name] = 0 }
    }

    /// The names of the screen types scripts defined (for the navigation map's uncovered screens).
    var definedScreens: Set<String> = []
    /// The container kind each screen name was last declared with, and where: screens made
    /// by an earlier declaration of another kind are refused when built (`ScreenBindings`).
    var screenKinds: [String: (kind: ScreenContainerKind, place: String)] = [:]
    /// The observer type each screen informs (`observer = "ChatObserver"`).
    var screenObservers: [String: String] = [:]
    /// Observer tokens, kept until cancelled or the state closes: dropping one in a script
    /// does not cancel it, so that when it ends does not depend on the collector. With the
    /// observer of a strong observation.
    var observerTokens: [ObjectIdentifier: (ScreenObserverToken, LuaObserver?)] = [:]
    /// The tables registered as observers, one `LuaObserver` each by slot, while their tables live.
    var observers: [Int: LuaObserver] = [:]
    var nextObserverSlot = 0
    /// The observers' tables by slot and their slots by table, held weakly.
    var weakObservers: LuaReference?
    /// `observer[method](observer, ...)`, protected: what `container:notify` calls.
    var notifyFunction: LuaReference?
    /// What makes an interceptor's `link` read as its URL (`pushLink`), made once.
    var linkMetatable: LuaReference?
    var actions: [String: NavActionDefinition] = [:]
    var decorators: [String: LuaReference] = [:]
    var deeplinks: [NavDeeplinkDefinition] = []
    /// Each deeplink's position by its pattern's `alikeKey`: defining 8,000 patterns looked
    /// through those before each one.
    var deeplinkPositions: [DeeplinkPattern.AlikeKey: Int] = [:]
    var interceptors: [LuaReference] = []
    /// How route coverage names each interceptor: where it was defined.
    var interceptorNames: [String] = []
    /// The route functions of an engine's scripts, by `module.name`.
    var routeFunctions: [String: LuaReference] = [:]
    /// The route names each of an engine's scripts gave, by its path under the root (none for
    /// a script of screens alone): what a reload compares to say routes lost.
    var routeScripts: [String: [String]] = [:]
    /// The scripts below the root left out of the load because no module name names them
    /// (`chat-list.lua`), which a reload warns of.
    var leftOutScripts: [String] = []
    /// What the load's scan of the root passed over, in `ScriptWatcher.skipped(in:)`'s words:
    /// links (`routes/profile.lua, a link ...`), names that are not UTF-8, FIFOs.
    var skippedScripts: [String] = []

    /// The errors of script callbacks that had no caller to fail (a navigation's completion
    /// function, an action's error after its `done`), the first five: the next app method
    /// that runs the clock raises them together.
    var callbackErrors: [Error] = []
    /// How many such errors there were, the five kept included.
    var callbackErrorCount = 0
    /// Where such errors go instead, when a host has no app method to raise them
    /// (`NavEngine.onScriptError`).
    var callbackErrorHandler: ((Error) -> Void)?

    /// Records an error of a callback that had no caller to fail.
    func noteCallbackError(_ error: Error) {
        if let callbackErrorHandler {
            callbackErrorHandler(error)
        } else {
            if callbackErrors.count < 5 { callbackErrors.append(error) }
            callbackErrorCount += 1
        }
    }

    /// The `done` functions given to scripts that have not been called, weakly: a reload
    /// fails them (`failOutstandingCompletions`), so that the navigation waiting on one hears.
    private var outstanding: [Weak<CompletionObject>] = []

    /// A completion handed to this runtime's scripts, to be failed if they are unloaded first.
    func track(_ completion: CompletionObject) -> CompletionObject {
        if outstanding.count >= 64 { outstanding.removeAll { $0.object?.isFinished != false } }
        outstanding.append(Weak(completion))
        return completion
    }

    /// Fails every `done` this runtime's scripts were given and have not called: the engine
    /// unloaded them (a reload), and nothing will call them now.
    func failOutstandingCompletions() {
        let pending = outstanding.compactMap(\.object).filter { !$0.isFinished }
        outstanding.removeAll()
        for completion in pending {
            completion.finish(.failure(LuaError(kind: .unavailable, message: "the script this function came from was unloaded (\(completion.trigger))")))
        }
    }

    /// The app a script used last (navigated, advanced...): what a failed `toSucceed` pictures.
    /// Held, not weak: a weakly referenced object keeps its counts in a side table, and
    /// every app method sets this and retains the app. It keeps one app past its last use
    /// at most, until the state closes.
    var lastApp: NavApp?

    /// The trait bytes of the screens the route step being built shows: its log line will
    /// write them out again, so the step is charged for them (`routeMethod`).
    var shownTraitBytes = 0

    /// Where the steps of a scenario go when a report records them.
    public var stepRecorder: ScenarioStepRecorder?
    /// While steps are recorded: the apps by their navigator (a deeplink manager's steps are
    /// its app's), and how deep in recorded calls the script is (a call made inside another,
    /// `handler:handleURL` in a deeplink's navigate, is part of the outer step).
    var appsByNavigator: [ObjectIdentifier: WeakApp] = [:]
    private var stepDepth = 0

    /// Runs `body` (a method of `app`'s) as a step of kind `kind` when steps are recorded:
    /// the transitions and log lines it adds are the step's, and a recorded call made inside
    /// it is part of it.
    func recordingStep(_ kind: ScenarioStep.Kind?, of app: NavApp?, _ call: LuaCall, _ body: () throws -> Int32) rethrows -> Int32 {
        guard let kind, let app, stepDepth == 0, let recorder = stepRecorder else { return try body() }
        let before = (app.application.transitions.count, app.application.log.count)
        stepDepth += 1
        defer { stepDepth -= 1 }
        let results = try body()
        recorder.record(kind, app: app, call: call, results: results, before: before)
        return results
    }
    /// Told of an expectation that failed inside a callback, or of a script error that only
    /// a log line would show (a deeplink type's `navigate`): a scenario's runner fails the
    /// scenario with the first one.
    var callbackFailed: ((String) -> Void)?

    /// The navigator of the screen build running now, for `container:setChildren`.
    var buildingNavigator: ScreenNavigator?
    /// The containers whose build or decorator runs now, innermost last, and the attributes
    /// tables handed to them (`ContainerAttributeWrites.swift`).
    var attributeWriters: [ScreenContainer] = []
    var attributeTables: [ObjectIdentifier: AttributeTable] = [:]

    /// The kind a route method last needed where it was given a modal route (`dslError`).
    var kindRefusingModal: ScreenContainerKind?

    /// Opens a state with the sandbox and the `nav` module. Unless `activate` is false, the
    /// directory (shared with earlier runtimes, in the engine) is pointed at this one; a
    /// directory an engine uses stays the engine's.
    ///
    ///     let runtime = try NavRuntime()
    ///     let route = try runtime.route(evaluating: "return nav.route():top(nav.stack):pop()")
    public init(options: LuaOptions = LuaOptions(), directory: NavDirectory = NavDirectory(), activate: Bool = true) throws {
        lua = try LuaState(options: options)
        self.directory = directory
        let lua = lua
        (screenTypes, screens, routes, predicates, apps, containers, navigators, modifiers, completions, tokens, deeplinkManagers) = try lua.withCollectorPaused {
            (try Self.makeClass(.screenType, in: lua), try Self.makeClass(.screen, in: lua), try Self.makeClass(.route, in: lua),
             try Self.makeClass(.predicate, in: lua), try Self.makeClass(.app, in: lua), try Self.makeClass(.container, in: lua),
             try Self.makeClass(.navigator, in: lua), try Self.makeClass(.modifier, in: lua), try Self.makeClass(.completion, in: lua),
             try Self.makeClass(.observerToken, in: lua), try Self.makeClass(.deeplinkManager, in: lua))
        }
        lua.hostObject = self
        if activate && directory.engine == nil {
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

    /// Loads the module `name` as `require` does (`routes.chat` is `routes/chat.lua` below
    /// the root), and returns what it returned, as plain data, nested tables included. A
    /// table that is no plain data (a cycle, such as a class's `M.__index = M`, or one past
    /// the copy limits) is `.opaque("table")`: the module is loaded either way.
    ///
    ///     try runtime.require("routes.config")   // .table(fields: ["flags": .table(...)])
    @discardableResult
    public func require(_ name: String) throws -> LuaValue {
        try lua.withStack { call in
            lua.pushRequire(on: call)
            call.push(name)
            try lua.pcall(call, arguments: 1, results: 1)
            return (try? call.value(-1, depth: LuaState.resultDepth)) ?? .opaque(call.typeName(-1))
        }
    }

    /// Runs a chunk that returns a Route, and gives the route to Swift.
    ///
    ///     let route = try runtime.route(evaluating: """
    ///         local Chat = nav.screen("Chat")
    ///         return nav.route():top(nav.stack):push(Chat { chatId = 7 })
    ///         """)
    public func route(evaluating source: String, chunkName: String = "=route") throws -> AnyScreenRoute {
        try lua.withStack { call in
            try lua.load(source, chunkName: chunkName, on: call)
            try lua.pcall(call, arguments: 0, results: 1)
            return try routeResult(call, of: LuaChunk.shownName(chunkName))
        }
    }

    /// The Route on the top of the stack, or an error naming what came instead, at `place`
    /// (the line that defines the function that returned it) when there is one.
    func routeResult(_ call: LuaCall, of what: String, at place: @autoclosure () -> String? = nil) throws -> AnyScreenRoute {
        guard let route = call.optionalObject(-1, routes) else {
            throw LuaError(kind: .runtime, message: (place().map { "\($0): " } ?? "") + "\(what) returned \(call.typeName(-1)), not a Route")
        }
        return route
    }

    // MARK: Calling scripts back

    /// The function scripts defined as `name`, if any.
    func function(_ definition: NavCallback.Definition, named name: String) -> LuaReference? {
        switch definition {
        case .screenBuilder: return screenBuilders[name]
        case .screenRefresher: return screenRefreshers[name]
        case .action: return actions[name]?.perform
        case .decorator: return decorators[name]
        case .route: return routeFunctions[name]
        }
    }

    /// Runs a script screen's build function on its new container, and gives the
    /// container the screen's refresh function, looked up by name when it refreshes.
    func setUp(_ container: ScreenContainer, screen name: String, navigator: ScreenNavigator) throws {
        if iterableScreens.contains(name) {
            container.isIterable = true
        }
        let directory = directory
        if screenRefreshers[name] != nil {
            container.refreshHandler = Self.refreshHandler(of: name, in: directory)
        } else {
            // A refresh function a reload defines later is found when the container refreshes,
            // as an edited or removed one is: by name, in the current scripts.
            container.laterRefreshHandler = {
                directory.current?.screenRefreshers[name] == nil ? nil : Self.refreshHandler(of: name, in: directory)
            }
        }
        // As Nivelir: the observation is made before the build and tied to the container after;
        // the build can notify through it already (with no container yet, as in Nivelir).
        let observation = screenObservers[name].map(navigator.observation(of:))
        defer { observation?.associate(with: container) }
        guard screenBuilders[name] != nil else { return }
        let key = ObjectIdentifier(container)
        buildingObservations[key] = observation
        defer { buildingObservations[key] = nil }
        let outer = buildingNavigator
        buildingNavigator = navigator
        defer { buildingNavigator = outer }
        beginAttributeWrites(of: container)
        defer { endAttributeWrites(of: container) }
        // A value returned (a list of tabs, another container, as a Swift build returns its
        // container) fails the build rather than be silently dropped; the container itself is fine.
        try directory.invoke(.named(.screenBuilder, name), { [.object(container, $0.containers), .object(navigator, $0.navigators)] },
                             results: 1) { runtime, call in
            try runtime.applyAttributeWrites(of: container, by: "the build of screen '\(name)'", call)
            guard call.isNoneOrNil(-1) || call.optionalObject(-1, runtime.containers) === container else {
                throw ScriptResultMisfit("the build of screen '\(name)' returned \(call.typeName(-1)): a build changes the container it is given "
                    + "(\(container.kind == .tabs ? "tabs:setChildren { Feed(), Profile() } sets its tabs" : "container:setChildren { ... }, container:setAttribute(name, value)")), "
                    + "and cannot put another in its place")
            }
        }
    }

    /// The handler that runs screen `name`'s refresh function, looked up by name when it runs.
    /// `return false, "why"` (or `nil, "why"`) fails the refresh, as Nivelir's completion with
    /// an error; a function that takes `done` completes when it calls `done(ok, why)`, once.
    private static func refreshHandler(of name: String, in directory: NavDirectory) -> ScreenContainer.RefreshHandler {
        { container, done in
            let later = directory.current?.refreshTakesDone(name) == true
            let completion = later ? Self.refreshCompletion(done) : nil
            do {
                let failure: String? = try directory.invoke(.named(.screenRefresher, name), { runtime in
                    [.object(container, runtime.containers)] + (completion.map { [.object(runtime.track($0), runtime.completions)] } ?? [])
                }, results: 2) { _, call in
                    // false (and why), or nil and why, as Lua fails.
                    let fails = call.type(-2) == .boolean && !call.boolean(-2) || call.type(-2) == .nil && call.type(-1) != .nil
                    return fails ? (try? call.string(-1)) ?? "the refresh failed" : nil
                }
                if later { return }
                done(failure.map { .failure(ScreenRefreshError(description: $0)) } ?? .success(()))
            } catch {
                if let completion { completion.fail(raising: error, in: directory.current) } else { done(.failure(error)) }
            }
        }
    }

    /// Whether the refresh function of screen `name` takes `done`, `function(container, done)`:
    /// the refresh completes when the script calls it.
    func refreshTakesDone(_ name: String) -> Bool {
        guard let refresher = screenRefreshers[name] else { return false }
        return (try? lua.withStack { call in try refresher.push(on: call); return call.parameterCount(-1) >= 2 }) ?? false
    }

    /// The `done` a refresh function gets: completes the refresh once; `done(false)`
    /// without a reason fails it as `return false` does.
    private static func refreshCompletion(_ done: @escaping (Result<Void, Error>) -> Void) -> CompletionObject {
        var completed = false
        return CompletionObject(trigger: "refresh") { result in
            guard !completed else { return }
            completed = true
            done(result.map { _ in }.mapError { $0 is ScreenCanceledError ? ScreenRefreshError(description: "the refresh failed") : $0 })
        }
    }

    /// The observations of the containers whose build functions run now, by container.
    var buildingObservations: [ObjectIdentifier: ScreenObservation] = [:]

    /// Raises the errors of callbacks that had no caller to fail, if any: the first, then
    /// the others under it, so that a script that catches one loses none.
    func raiseCallbackErrors() throws {
        guard !callbackErrors.isEmpty else { return }
        let texts = callbackErrors.map { ($0 as? LuaError)?.message ?? "\($0)" }, count = callbackErrorCount
        callbackErrors = []
        callbackErrorCount = 0
        guard count > 1 else { throw LuaCallError.plain(texts[0]) }
        // The others by their first lines, short, so that the whole fits an error's text.
        let listed = texts.dropFirst().prefix(4).map { text -> String in
            let line = text.prefix { $0 != "\n" }
            return "\n  " + (line.count > 120 ? line.prefix(117) + "..." : line)
        }.joined()
        throw LuaCallError.plain(texts[0] + "\n(and \(count - 1) more error\(count == 2 ? "" : "s") of callbacks:" + listed
            + (count > 5 ? "\n  and \(count - 5) more" : "") + ")")
    }
}

/// A custom action a script defined with `nav.action`.
struct NavActionDefinition {
    let name: String
    let on: ScreenContainerKind
    let produces: ScreenContainerKind?
    let perform: LuaReference
}

/// A script's refresh function answered `false, message`.
struct ScreenRefreshError: Error, CustomStringConvertible {
    let description: String
}

/// An app held weakly, by its navigator (`NavRuntime.appsByNavigator`).
struct WeakApp {
    weak var app: NavApp?
}

extension NavRuntime {
    /// While steps are recorded: the app the value at `index` is, or holds (a container of
    /// its hierarchy, found by the window it is attached to); nil for any other value.
    func app(holding call: LuaCall, _ index: Int32) -> NavApp? {
        if let app = call.optionalObject(index, apps) { return app }
        guard let window = call.optionalObject(index, containers)?.attachedWindow else { return nil }
        return appsByNavigator.values.lazy.compactMap(\.app).first { $0.application.window === window }
    }
}
