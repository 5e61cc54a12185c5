import LuaKit
import ScreenKit

/// The simulated application of a script (`nav.app`), with its deeplink state.
public final class NavApp {
    /// The simulated application: its window and the hierarchy under it, navigator, clock and log.
    ///
    ///     let app = NavApp(application: ScreenApplication())
    ///     -- Lua: local app = nav.app { root = nav.stack { Feed() } }
    public let application: ScreenApplication
    /// A deeplink an interceptor holds until `app:resumeDeeplinks()`.
    public internal(set) var pendingDeeplink: String?
    /// How many links an interceptor's route has held: which hold a late failure ends.
    var holds = 0
    /// `app.log` and `app.transitions` as Lua reads them.
    let logList = NavGrowingList(), transitionList = NavGrowingList()
    /// What its log lines are charged to a script's memory cap, given back when it goes.
    var logCharge: LuaMemoryCharge?

    /// Wraps `application` as a script's app, with no deeplink held.
    public init(application: ScreenApplication) {
        self.application = application
    }
}

/// `nav.app()` and its methods.
///
///     local app = nav.app { root = nav.tabs { nav.stack { Feed() }, selected = 1 } }
///     local ok, err = app:navigate(route)
///     print(app:tree())
extension NavRuntime {
    /// nav.app(), nav.app { root = node, presented = node, system = ... } (no root: an
    /// empty window, as nav.app()), or nav.app(node)
    func makeApp(_ call: LuaCall) throws -> Int32 {
        if call.isGuardedTable(1, as: "nav") {
            throw LuaCallError.message("nav.app is called with a dot: write nav.app{...}, not nav:app{...}")
        }
        let application: ScreenApplication
        var pendingDeeplink: String?
        do {
            if call.isNoneOrNil(1) {
                application = ScreenApplication()
            } else if call.type(1) == .table, try NavTable(call, 1, runtime: self).has("restore") {
                // nav.app { restore = app:snapshot(), system = ... }: the snapshot can be
                // large, so it is read as it is, not copied as options.
                try NavTable(call, 1, runtime: self).only(["restore", "system"])
                call.field(1, "restore")
                defer { call.pop() }
                (application, pendingDeeplink) = try restoredApplication(call, -1)
                // Rebuilt from data, not through screens' build (which charge their own):
                // the containers count against the script's memory cap here.
                try keepContainers(of: application.window)
            } else if call.type(1) == .table {
                let options = try NavOptions(call, 1)
                try options.only(["root", "presented", "system", "restore"], for: "app")
                // Without a root, one window with none, as nav.app() (a `system` of its own).
                if call.field(1, "root") == .nil {
                    call.pop()
                    let presents = call.field(1, "presented") != .nil
                    call.pop()
                    guard !presents else {
                        throw LuaCallError.argument(1, "option 'presented' needs a root to present it: nav.app { root = Home(), presented = ... }")
                    }
                    application = ScreenApplication()
                } else {
                    var (root, _) = try node(call, -1, argument: 1)
                    call.pop()
                    if call.field(1, "presented") != .nil {
                        guard root.presented.isEmpty else {
                            call.pop()
                            throw LuaCallError.argument(1, "the root already presents a container")
                        }
                        root = ScreenNode(root.content, presented: try node(call, -1, argument: 1).0)
                    }
                    call.pop()
                    application = try ScreenApplication(root: root)
                }
            } else {
                application = try ScreenApplication(root: try node(call, 1, argument: 1).0)
            }
        } catch let error as ScreenDSLError {
            throw LuaCallError.argument(1, error.reason)
        }
        if call.type(1) == .table {
            defer { call.pop() }
            if call.field(1, "system") != .nil {
                try configure(application.simulation.system, call, -1, argument: 1)
            }
        }
        // The work the simulation does for the script counts against its limits.
        application.simulation.workBudget = { [weak lua] steps in
            lua?.chargeHost(instructions: steps * Self.stepInstructions)
        }
        // UIKit's console warnings print as the script's own output does.
        application.simulation.console = { [weak lua] warning in
            lua?.output?("UIKit: " + warning + "\n")
        }
        let app = NavApp(application: application)
        app.pendingDeeplink = pendingDeeplink
        // Its log lines are kept as long as it is: charged as they are written (a navigator's
        // navigation and a deeplink manager's too); past the cap, the state stops and the
        // host call that wrote them raises it.
        application.logger.onLine = { [weak app, weak lua] line in
            guard let app, let lua else { return }
            let bytes = line.utf8.count + Self.logLineBytes
            if let charge = app.logCharge, charge.belongs(to: lua) {
                charge.add(bytes)
            } else {
                app.logCharge = lua.chargeMemory(refundable: bytes).0
            }
        }
        if let stepRecorder {
            stepRecorder.record(.app, app: app, call: call, results: 0, before: (0, 0))
            appsByNavigator[ObjectIdentifier(application.navigator)] = WeakApp(app: app)
        }
        call.push(app, apps)
        return 1
    }

    /// What one step of navigation work (an action performed, a stack edit applied) is
    /// charged, in Lua instructions: about what the step costs to run.
    static let stepInstructions = 100

    /// What a container the host makes for a script (a screen built, in `nav.app` or by a
    /// navigation, or a container a restore rebuilds) is charged against the script's memory
    /// cap while it lives: about what one takes, its key, attributes and lists included. So
    /// a script that keeps stacks of 9,000 screens meets its cap instead of the machine's,
    /// and one that pushes and pops for long does not.
    static let containerBytes = 512

    /// Charges every container under `root` (itself included) until it goes.
    func keepContainers(of root: ScreenContainer) throws {
        var pending = [root]
        while let container = pending.popLast() {
            try keep(bytes: Self.containerBytes, for: container)
            pending += container.children
            if let presented = container.presentedContainer { pending.append(presented) }
        }
    }

    /// What a log line costs beside its text (a String and its place in the array).
    static let logLineBytes = 32

    /// An app method. Errors of callbacks that had no caller to fail (a navigation's
    /// completion function, run while the clock ran) are raised when it returns.
    static func appMethod(_ name: String, _ body: @escaping (NavRuntime, LuaCall, NavApp) throws -> Int32) -> NavBinding {
        let step = ScenarioStep.Kind(rawValue: name)
        return .method(.app, name) { runtime, call in
            let app = try call.object(1, runtime.apps)
            if runtime.lastApp !== app {
                runtime.lastApp = app
            }
            let results = try runtime.recordingStep(step, of: app, call) { try body(runtime, call, app) }
            try runtime.raiseCallbackErrors()
            if NavRuntime.checksRestore, step != nil, runtime.stepRecorder == nil {
                try runtime.checkRestore(app)
            }
            return results
        }
    }

    static func appProperty(_ name: String, _ body: @escaping (NavRuntime, LuaCall, NavApp) throws -> Void) -> NavBinding {
        .property(.app, name, NavApp.self, body)
    }

    static let appBindings: [NavBinding] = [
        appMethod("navigate") { runtime, call, app in
            // A function builds the route from the window's, as Nivelir's navigate { route in ... }.
            let route = call.isFunction(2) ? try runtime.nestedRoute(call, 2, kind: .window) ?? AnyScreenRoute(root: .window)
                                            : try runtime.navigatedRoute(call, 2)
            guard route.rootKind == .window else {
                throw LuaCallError.argument(2, "window route expected, got route rooted at \(route.rootKind.rawValue)")
            }
            return runtime.outcome(call, app.application.navigate(to: route))
        },
        appMethod("open") { runtime, call, app in
            try runtime.deeplinkOutcome(call, runtime.open(try call.string(2), in: app, appObject: 1, call: call))
        },
        appMethod("resumeDeeplinks") { runtime, call, app in
            guard let link = app.pendingDeeplink else {
                call.push(false)
                call.push("no deeplink is held")
                return 2
            }
            app.pendingDeeplink = nil
            return try runtime.deeplinkOutcome(call, runtime.open(link, in: app, appObject: 1, call: call, resuming: true))
        },
        appMethod("top") { runtime, call, app in
            try refusePredicate(call)
            runtime.pushContainer(call, app.application.navigator.topContainer)
            return 1
        },
        appMethod("topStack") { runtime, call, app in
            try refusePredicate(call)
            runtime.pushContainer(call, app.application.navigator.topStackContainer)
            return 1
        },
        appMethod("topTabs") { runtime, call, app in
            try refusePredicate(call)
            runtime.pushContainer(call, app.application.navigator.topTabsContainer)
            return 1
        },
        appMethod("tree") { runtime, call, app in
            call.push(try runtime.text { app.application.tree(limit: $0) })
            return 1
        },
        appMethod("snapshot") { runtime, call, app in
            call.push(value: app.application.state(pendingDeeplink: app.pendingDeeplink).luaSnapshot)
            return 1
        },
        appMethod("advance") { _, call, app in
            let seconds = try call.number(2)
            guard seconds.isFinite, seconds >= 0 else {
                throw LuaCallError.argument(2, "a finite number of seconds, 0 or more, expected")
            }
            let left = app.application.clock.secondsLeft
            guard seconds <= left else {
                throw LuaCallError.argument(2, "at most \(left) seconds: the clock ends at 9.2e12")
            }
            app.application.advance(by: seconds)
            return 0
        },
        appMethod("settle") { _, call, app in
            call.push(app.application.settle())
            return 1
        },
        appMethod("tap") { runtime, call, app in
            let container = try call.object(2, runtime.containers)
            let side = call.isNoneOrNil(3) ? "left" : try call.string(3)
            guard let button = ScreenBarButtonDecorator.Side(rawValue: side) else {
                throw LuaCallError.argument(3, "'left' or 'right' expected")
            }
            return runtime.outcome(call, app.application.tap(button, of: container))
        },
        appProperty("navigator") { runtime, call, app in call.push(app.application.navigator, runtime.navigators) },
        appProperty("window") { runtime, call, app in call.push(app.application.window, runtime.containers) },
        appProperty("clock") { _, call, app in call.push(app.application.clock.now) },
        appProperty("log") { runtime, call, app in
            let log = app.application.log
            try app.logList.push(call, in: runtime.lua, total: log.count) { call.push(log[$0]) }
        },
        appProperty("transitions") { runtime, call, app in
            let transitions = app.application.transitions
            try app.transitionList.push(call, in: runtime.lua, total: transitions.count) { runtime.pushTransition(call, transitions[$0]) }
        },
        appProperty("pendingDeeplink") { _, call, app in call.push(app.pendingDeeplink) },
        appProperty("pendingActions") { _, call, app in
            call.push(value: .table(array: app.application.navigator.pendingActions.map { .string("\($0)") }, fields: [:]))
        },
        // app:census() → how many containers the window holds, the first presentation made
        // over a container being dismissed (or nil), whether the run loop has nothing
        // scheduled, and how many errors were logged (explore's built-in checks, without a
        // snapshot); app:census(n) → the text of the nth error logged.
        appMethod("census") { _, call, app in
            if !call.isNoneOrNil(2) {
                let errors = app.application.logger.errors, index = try call.integer(2)
                call.push(index >= 1 && index <= errors.count ? errors[index - 1] : nil)
                return 1
            }
            // What the window holds: the window itself is not counted.
            var count = -1
            var pending = [app.application.window]
            while let container = pending.popLast() {
                count += 1
                pending += container.children
                if let presented = container.presentedContainer { pending.append(presented) }
            }
            call.push(count)
            call.push(app.application.simulation.presentationOverDismissal)
            call.push(app.application.clock.isIdle)
            call.push(app.application.logger.errors.count)
            return 4
        },
        // app:shape(keys?) the abstract state; app:shape(false, true) the unwound one.
        appMethod("shape") { _, call, app in
            if call.type(3) == .boolean && call.boolean(3) {
                call.push(app.application.unwoundShape())
            } else {
                call.push(app.application.shape(keys: call.type(2) == .boolean && call.boolean(2)))
            }
            return 1
        },
        .metamethod(.app, "__tostring") { _, call in
            call.push("App")
            return 1
        },
    ]

    /// `true`, or `false, message`.
    func outcome(_ call: LuaCall, _ result: Result<Void, Error>) -> Int32 {
        switch result {
        case .success:
            call.push(true)
            return 1
        case let .failure(error):
            call.push(false)
            call.push("\(error)")
            return 2
        }
    }

    /// The same, as the arguments of a completion function.
    static func outcomeArguments(_ result: Result<Void, Error>) -> [LuaArgument] {
        switch result {
        case .success: return [.value(.boolean(true))]
        case let .failure(error): return [.value(.boolean(false)), .string("\(error)")]
        }
    }

    private func deeplinkOutcome(_ call: LuaCall, _ outcome: DeeplinkOutcome) throws -> Int32 {
        switch outcome {
        case let .navigated(result):
            return self.outcome(call, result)
        case let .failed(message):
            call.push(false)
            call.push(message)
            return 2
        }
    }

    /// Pushes one of `app.transitions`: { kind, animated, animation, container, before, after, time, duration }.
    private func pushTransition(_ call: LuaCall, _ transition: ScreenTransition) {
        call.pushTable(fields: 8)
        call.push(transition.kind.rawValue)
        call.setField(-2, "kind")
        call.push(transition.animated)
        call.setField(-2, "animated")
        call.push(transition.animation)
        call.setField(-2, "animation")
        call.push(transition.container, containers)
        call.setField(-2, "container")
        call.push(value: .table(array: transition.before.map(LuaValue.string), fields: [:]))
        call.setField(-2, "before")
        call.push(value: .table(array: transition.after.map(LuaValue.string), fields: [:]))
        call.setField(-2, "after")
        call.push(transition.time)
        call.setField(-2, "time")
        call.push(transition.duration)
        call.setField(-2, "duration")
    }
}

/// `app:top()`, `app:topStack()` and `app:topTabs()` take no predicate: one given is refused,
/// not ignored, so `app:top(nav.stack)` does not quietly return the modal on top.
private func refusePredicate(_ call: LuaCall) throws {
    guard call.isNoneOrNil(2) else {
        throw LuaCallError.argument(2, "no argument expected: a route's top(predicate) finds a container by predicate")
    }
}
