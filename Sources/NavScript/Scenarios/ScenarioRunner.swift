import Foundation
import LuaKit
import ScreenKit

/// Runs the scenarios of one file. Each scenario runs in a fresh sandboxed state: the file
/// is loaded again (its `describe` blocks run again), then the `before_each` functions of
/// the enclosing blocks, outermost first, the scenario, and the `after_each` functions,
/// innermost first, which run even when the scenario failed. Nothing one scenario does can
/// reach another.
///
/// A runner may run scenarios of its file on several threads at once: it holds only
/// immutable values and the snapshot store, which locks.
public final class ScenarioFileRunner: @unchecked Sendable {
    /// The scenario file.
    public let file: URL
    /// How the file is named in messages (`scenarios/chat.lua`).
    public let displayPath: String
    /// The options each scenario's fresh state opens with: limits, root, seed.
    public let options: LuaOptions
    /// The file's snapshot store, which `toMatchSnapshot` checks against.
    ///
    ///     -- Lua: expect(app):toMatchSnapshot()
    public let snapshots: ScenarioSnapshots
    /// The host's Swift factories for screens the scripts name, which win over the
    /// scripts' definitions in every scenario's state (`NavEngine.registerScreen`'s).
    public let screens: [String: NavScreenFactory]
    /// The file compiled once; each scenario's fresh state loads the bytecode.
    private let chunk: LuaChunk
    private let lock = NSLock()
    private var modules: Set<String> = []

    /// Whether each scenario records its steps (for the HTML report and the navigation map).
    public var recordsSteps = false

    /// Called with what a scenario prints as it prints it (a worker sends it on at once, so
    /// that a scenario its worker is killed for keeps what it printed).
    public var onPrint: ((String) -> Void)?

    /// The script files below the root that the scenario file required, as far as its runs
    /// so far have seen: what `navscript watch` follows.
    public var dependencies: [URL] {
        lock.lock()
        defer { lock.unlock() }
        guard let root = options.root else { return [] }
        return modules.sorted().map { module in
            // The file require loaded: name.lua, or else a folder's init.lua.
            let path = module.replacingOccurrences(of: ".", with: "/")
            let file = root.appendingPathComponent(path + ".lua"), folder = root.appendingPathComponent(path + "/init.lua")
            let loaded = !FileManager.default.fileExists(atPath: file.path) && FileManager.default.fileExists(atPath: folder.path) ? folder : file
            return loaded.standardizedFileURL
        }
    }

    func noteModules(of lua: LuaState) {
        let loaded = lua.requiredModules().filter { $0 != "nav" }
        lock.lock()
        modules.formUnion(loaded)
        lock.unlock()
    }

    /// Reads and compiles the file (a syntax error throws); `options.root` is where its
    /// `require`s look. Runners of one file in one process share its `snapshots`, if given:
    /// each store saves the whole file.
    public init(file: URL, displayPath: String, options: LuaOptions, snapshotMode: ScenarioSnapshots.Mode,
                updateAdvice: String = ScenarioSnapshots.runUpdateAdvice, screens: [String: NavScreenFactory] = [:],
                snapshots: ScenarioSnapshots? = nil) throws {
        self.file = file
        self.displayPath = displayPath
        self.options = options
        self.screens = screens
        do {
            chunk = try LuaChunk(compiling: try Self.script(at: file, shownAs: displayPath), chunkName: "@" + displayPath)
        } catch let failure as LuaError {
            throw NavNameSuggestion.hinted(failure)   // Jest's `.not` does not compile
        }
        // A root the first line declares that is no folder is said at that line: `require`
        // said only that it found no module below it. The line is read again only then.
        var isFolder: ObjCBool = false
        if let root = options.root, case let exists = FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), !isFolder.boolValue,
           ScenarioDiscovery.declaredRoot(of: file)?.path == root.standardizedFileURL.path {
            throw LuaError(kind: .runtime, message: "\(displayPath):1: the root this line declares, \(ScenarioDiscovery.declaredRootText(of: file) ?? root.path), "
                                                  + (exists ? "is a file, not a folder" : "does not exist"))
        }
        self.snapshots = snapshots ?? ScenarioSnapshots(scenarioFile: file, mode: snapshotMode, updateAdvice: updateAdvice)
        if let problem = self.snapshots.readError, snapshotMode != .update {
            throw LuaError(kind: .syntax, message: problem)
        }
    }

    /// Runs one scenario in a fresh state. The file's loading, the `before_each` hooks and
    /// the body share one budget of time and instructions (`options.limits`); the
    /// `after_each` hooks get one of their own, so that they run even after the scenario
    /// used its up; `afterHooksStart` is called as they start, if there are any.
    public func run(_ scenario: ScenarioInfo, afterHooksStart: (() -> Void)? = nil) -> ScenarioResult {
        let start = DispatchTime.now().uptimeNanoseconds
        let context = ScenarioContext(snapshots: snapshots, recordingSteps: recordsSteps, onPrint: onPrint)
        context.scenarioName = scenario.name
        return outcome(of: scenario, context, since: start) {
            let runtime = try makeRuntime()
            defer {
                noteModules(of: runtime.lua)
                runtime.lua.close()
            }
            let lua = runtime.lua
            var failure: LuaError?
            let runner = try lua.withBudget { () throws -> LuaReference in
                let runner = try prepare(runtime, context, target: scenario)
                notePreparation(since: start)
                failure = try runBefore(lua, runner: runner, context)
                return runner
            }
            return try finish(runtime, runner, context, failure: failure, afterHooksStart: afterHooksStart)
        }
    }

    /// A fresh state with `nav`, its names resolved with the host's `screens`.
    func makeRuntime() throws -> NavRuntime {
        try NavRuntime(options: options, directory: screens.isEmpty ? NavDirectory() : NavDirectory(screens: screens))
    }

    /// The least time a fresh state of this file took to make and load (the prelude and the
    /// file), once one was made with the process warm (the first is not counted): what
    /// running a scenario from a copy of a loaded state saves.
    public var preparationSeconds: Double? {
        lock.lock()
        defer { lock.unlock() }
        return preparations > 1 ? preparation : nil
    }

    private var preparation = Double.infinity, preparations = 0

    func notePreparation(since start: UInt64) {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        lock.lock()
        preparations += 1
        if preparations > 1 { preparation = min(preparation, seconds) }
        lock.unlock()
    }

    /// The result of `scenario`, run by `body` (which returns its first failure), with what
    /// `context` gathered; pending scenarios do not run.
    func outcome(of scenario: ScenarioInfo, _ context: ScenarioContext, since start: UInt64, _ body: () throws -> LuaError?) -> ScenarioResult {
        var error: LuaError?
        if !scenario.isPending {
            do {
                error = try body()
            } catch let thrown as LuaError {
                error = thrown
            } catch let thrown {
                error = LuaError(kind: .runtime, message: "\(thrown)")
            }
        }
        // An expect that failed in a callback fails the scenario, whatever the navigation did with it.
        if error == nil, let failure = context.callbackFailure ?? context.assertionsFailure {
            error = LuaError(kind: .runtime, message: failure)
        }
        // A call of a name nav does not have: the name meant, if one is close.
        error = error.map(NavNameSuggestion.hinted)
        // pending(reason) stopped the scenario or a hook: skipped, unless a hook failed too. A
        // pending() whose error was caught (a pcall, a navigation's callback) stopped nothing,
        // and the scenario is what the rest of it made it, as busted has it.
        let stopped = context.pendingReason(raising: error?.message)
        if stopped != nil {
            error = nil
        }
        let pending = scenario.isPending || stopped != nil
        let expectationFailure = error.map { Self.isExpectationFailure($0.message) } ?? false
        var made = ScenarioResult(scenario: scenario, status: pending ? .skipped : error == nil ? .passed : .failed,
                                  message: error?.message ?? stopped.flatMap { $0.isEmpty ? nil : $0 }, traceback: expectationFailure ? error.flatMap(Self.helperFrames) : error?.traceback,
                                  isExpectationFailure: expectationFailure, output: context.output,
                                  expectations: context.expectations,
                                  duration: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                                  snapshots: context.snapshotChecks)
        made.started = Double(start) / 1e9
        made.steps = context.recorder?.steps
        made.definedScreens = context.definedScreens
        made.coverage = context.coverage
        made.routeCoverage = context.routeCoverage
        return made
    }

    /// Loads the scenario prelude and the file into `runtime`; with a `target`, only that
    /// scenario is recorded, and it must be defined exactly once.
    func prepare(_ runtime: NavRuntime, _ context: ScenarioContext, target: ScenarioInfo?) throws -> LuaReference {
        let lua = runtime.lua
        lua.output = { [unowned context] text in context.print(text) }
        runtime.stepRecorder = context.recorder
        runtime.callbackFailed = { [unowned context] message in context.callbackFailure = context.callbackFailure ?? message }
        if options.coverage {
            runtime.routeUsage = [:]
        }
        // The prelude and the loading of the file are the host's setup; the file's own code
        // runs with the collector on.
        let runner = try lua.withCollectorPaused { try lua.withStack { call -> LuaReference in
            try lua.load(try ScenarioPrelude.chunk(), on: call)
            call.pushTable(fields: 8)
            if let target {
                var fields: [String: LuaValue] = ["name": .string(target.name), "line": .string(target.location)]
                fields["print"] = target.bodyPrint.map(LuaValue.string)
                call.push(value: .table(array: [], fields: fields))
                call.setField(-2, "target")
            }
            // host.transitionKinds: what toHaveTransitions takes, as ScreenKit names them.
            call.push(value: .table(array: ScreenTransition.Kind.allCases.map { .string($0.rawValue) }, fields: [:]))
            call.setField(-2, "transitionKinds")
            // host.bodyPrint(fn): what a scenario's body holds, to tell apart those made in a loop.
            lua.pushFunction(on: call) { call in
                call.pushBodyPrint(of: 1)
                return 1
            }
            call.setField(-2, "bodyPrint")
            // host.where(level): where the code `level` up is (an expect's line).
            lua.pushFunction(on: call) { call in
                call.push(call.location(level: Int32(try call.integer(1, in: 0...1_000_000))))
                return 1
            }
            call.setField(-2, "where")
            // host.caller(level): the chunk name and line of the code `level` up (what
            // calls a custom matcher from the line that called it).
            lua.pushFunction(on: call) { call in
                call.pushCaller(level: Int32(try call.integer(1, in: 0...1_000_000)))
            }
            call.setField(-2, "caller")
            // host.definedAt(level): where a definition is, in the scenario file (a helper
            // module that defines scenarios places them at the file's call).
            let source = displayPath
            lua.pushFunction(on: call) { call in
                call.push(call.location(level: Int32(try call.integer(1, in: 0...1_000_000)), in: source))
                return 1
            }
            call.setField(-2, "definedAt")
            // host.lastLine(fn): the line a body or a block defined in the file ends at.
            lua.pushFunction(on: call) { call in
                if let line = call.lastLine(of: 1, in: source) { call.push(line) } else { call.pushNil() }
                return 1
            }
            call.setField(-2, "lastLine")
            // host.fields(table): an error value that is a table, as a failure shows it.
            lua.pushFunction(on: call) { call in
                call.pushErrorFields(of: 1)
                return 1
            }
            call.setField(-2, "fields")
            // host.count(held, matcher message, the expect's location or the level of its
            // caller, the value it looked at)
            lua.pushFunction(on: call) { [unowned context, unowned runtime] call in
                context.expectations += 1
                if let recorder = context.recorder {
                    let matcher = call.optionalString(2).flatMap { $0.split(separator: ":").dropFirst().first }
                        .map { String($0.prefix { $0 != "(" && $0 != " " }) }
                    let location = call.type(3) == .string ? call.optionalString(3)
                        : call.location(level: Int32((try? call.integer(3, in: 1...20)) ?? 3))
                    recorder.recordExpect(location: location, ok: call.boolean(1), matcher: matcher, of: runtime.app(holding: call, 4))
                }
                return 0
            }
            call.setField(-2, "count")
            // host.assertions(count or nil, where): expect.assertions(count), expect.hasAssertions().
            lua.pushFunction(on: call) { [unowned context] call in
                context.expectedAssertions = (call.type(1) == .nil ? nil : try call.integer(1), call.optionalString(2))
                return 0
            }
            call.setField(-2, "assertions")
            lua.pushFunction(on: call) { [unowned context] call in
                context.snapshot(name: call.optionalString(1), text: try call.string(2), call: call)
            }
            call.setField(-2, "snapshot")
            lua.pushFunction(on: call) { [unowned lua] call in
                try lua.load(try ScenarioPrelude.reportChunk(), on: call)
                return 1
            }
            call.setField(-2, "report")
            lua.pushFunction(on: call) { [unowned lua] call in
                try ExploreLibrary.load(on: call, in: lua)
                return 1
            }
            call.setField(-2, "explore")
            lua.pushFunction(on: call) { [unowned runtime, unowned lua] call in
                // A picture for a failure's explanation, when it fits what is left of the cap.
                call.push(runtime.lastApp?.application.tree(limit: lua.memoryLeft / 2))
                return 1
            }
            call.setField(-2, "lastTree")
            lua.pushFunction(on: call) { [unowned context] call in
                context.pendingReasons.append(try call.string(1))
                return 0
            }
            call.setField(-2, "pending")
            try lua.pcall(call, arguments: 1, results: 1)
            return lua.reference(from: call)
        } }
        try lua.withStack { call in
            try lua.withCollectorPaused { try lua.load(chunk, on: call) }
            try lua.pcall(call, arguments: 0, results: 0)
        }
        if let target {
            let found = try lua.withStack { call in
                try runner.push(on: call)
                call.field(-1, "found")
                try lua.pcall(call, arguments: 0, results: 1)
                return try call.integer(-1)
            }
            guard found == 1 else { throw Self.notFound(target, found) }
        }
        return runner
    }
}
