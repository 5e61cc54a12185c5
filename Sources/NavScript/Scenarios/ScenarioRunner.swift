import Foundation
import LuaKit

/// A scenario as listed from its file.
public struct ScenarioInfo: Sendable, Hashable {
    /// Position in the file's definition order, 1-based.
    public let index: Int
    /// The names of the enclosing `describe` blocks and the scenario's, joined by spaces.
    public let name: String
    public let tags: [String]
    /// "file:line" of the `scenario(...)` call.
    public let location: String
    public let isPending: Bool
}

/// What running one scenario gave.
public struct ScenarioResult: Sendable {
    public enum Status: String, Sendable {
        case passed, failed, skipped
    }

    public let scenario: ScenarioInfo
    public let status: Status
    /// For a failure: the message, starting with `file:line:` where Lua knows it.
    public let message: String?
    public let traceback: String?
    /// Whether the failure is an expectation that did not hold (not a script error).
    public let isExpectationFailure: Bool
    /// What the scenario printed.
    public let output: String
    /// How many expectations held.
    public let expectations: Int
    /// Wall-clock seconds.
    public let duration: Double
}

/// Runs the scenarios of one file. Each scenario runs in a fresh sandboxed state: the file
/// is loaded again (its `describe` blocks run again), then the `before_each` functions of
/// the enclosing blocks, outermost first, the scenario, and the `after_each` functions,
/// innermost first, which run even when the scenario failed. Nothing one scenario does can
/// reach another.
///
/// A runner may run scenarios of its file on several threads at once: it holds only
/// immutable values and the snapshot store, which locks.
public final class ScenarioFileRunner: @unchecked Sendable {
    public let file: URL
    /// How the file is named in messages (`scenarios/chat.lua`).
    public let displayPath: String
    public let options: LuaOptions
    public let snapshots: ScenarioSnapshots
    /// The file compiled once; each scenario's fresh state loads the bytecode.
    private let chunk: LuaChunk
    private let lock = NSLock()
    private var modules: Set<String> = []

    /// The script files below the root that the scenario file required, as far as its runs
    /// so far have seen: what `navscript watch` follows.
    public var dependencies: [URL] {
        lock.lock()
        defer { lock.unlock() }
        guard let root = options.root else { return [] }
        return modules.sorted().map { root.appendingPathComponent($0.replacingOccurrences(of: ".", with: "/") + ".lua").standardizedFileURL }
    }

    private func noteModules(of lua: LuaState) {
        let loaded = lua.loadedModules().filter { $0 != "nav" }
        lock.lock()
        modules.formUnion(loaded)
        lock.unlock()
    }

    /// Reads and compiles the file (a syntax error throws); `options.root` is where its
    /// `require`s look.
    public init(file: URL, displayPath: String, options: LuaOptions, snapshotMode: ScenarioSnapshots.Mode) throws {
        self.file = file
        self.displayPath = displayPath
        self.options = options
        chunk = try LuaChunk(compiling: try String(contentsOf: file, encoding: .utf8), chunkName: "@" + displayPath)
        snapshots = ScenarioSnapshots(scenarioFile: file, mode: snapshotMode)
    }

    /// Loads the file and lists its scenarios; a file that does not load throws.
    public func list() throws -> [ScenarioInfo] {
        let context = ScenarioContext(snapshots: snapshots)
        let (runtime, runner) = try prepare(context, target: nil)
        defer { runtime.lua.close() }
        noteModules(of: runtime.lua)
        return try runtime.lua.withStack { call in
            try runner.push(on: call)
            call.field(-1, "list")
            try runtime.lua.pcall(call, arguments: 0, results: 1)
            guard let list = try call.value(-1, depth: 4).array else { return [] }
            return list.enumerated().map { position, entry in
                ScenarioInfo(index: position + 1, name: entry["name"]?.string ?? "?",
                             tags: entry["tags"]?.array?.compactMap(\.string) ?? [],
                             location: entry["line"]?.string ?? displayPath,
                             isPending: entry["pending"]?.boolean ?? false)
            }
        }
    }

    /// Runs one scenario in a fresh state.
    public func run(_ scenario: ScenarioInfo) -> ScenarioResult {
        let start = DispatchTime.now().uptimeNanoseconds
        let context = ScenarioContext(snapshots: snapshots)
        context.scenarioName = scenario.name
        func result(_ status: ScenarioResult.Status, _ error: LuaError? = nil) -> ScenarioResult {
            let expectationFailure = error.map { Self.isExpectationFailure($0.message) } ?? false
            return ScenarioResult(scenario: scenario, status: status, message: error?.message,
                                  traceback: expectationFailure ? nil : error?.traceback,
                                  isExpectationFailure: expectationFailure, output: context.output,
                                  expectations: context.expectations,
                                  duration: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        if scenario.isPending {
            return result(.skipped)
        }
        do {
            let (runtime, runner) = try prepare(context, target: scenario.index)
            defer {
                noteModules(of: runtime.lua)
                runtime.lua.close()
            }
            if let failure = try runSteps(runtime.lua, runner: runner, index: scenario.index) {
                return result(.failed, failure)
            }
            return result(.passed)
        } catch let error as LuaError {
            return result(.failed, error)
        } catch {
            return result(.failed, LuaError(kind: .runtime, message: "\(error)"))
        }
    }

    /// The before functions, the body, then the after functions (always). Returns the
    /// first failure.
    private func runSteps(_ lua: LuaState, runner: LuaReference, index: Int) throws -> LuaError? {
        try lua.withStack { call in
            func functions(_ which: String) throws -> Int32 {
                try runner.push(on: call)
                call.field(-1, "hooks")
                call.push(index)
                call.push(which)
                try lua.pcall(call, arguments: 2, results: 1)
                return call.top
            }
            func runAll(_ list: Int32) -> LuaError? {
                var failure: LuaError?
                for position in 0..<call.length(list) {
                    call.element(list, position + 1)
                    do throws(LuaError) {
                        try lua.pcall(call, arguments: 0, results: 0)
                    } catch {
                        failure = failure ?? error
                    }
                }
                return failure
            }
            var failure = runAll(try functions("before"))
            if failure == nil {
                try runner.push(on: call)
                call.field(-1, "body")
                call.push(index)
                try lua.pcall(call, arguments: 1, results: 1)
                do throws(LuaError) {
                    try lua.pcall(call, arguments: 0, results: 0)
                } catch {
                    failure = error
                }
            }
            let afterFailure = runAll(try functions("after"))
            return failure ?? afterFailure
        }
    }

    /// A fresh runtime with the scenario prelude and the file loaded; with a `target`, only
    /// that scenario is recorded.
    private func prepare(_ context: ScenarioContext, target: Int?) throws -> (NavRuntime, LuaReference) {
        let runtime = try NavRuntime(options: options)
        let lua = runtime.lua
        lua.output = { [unowned context] text in context.output += text }
        // The prelude and the loading of the file are the host's setup; the file's own code
        // runs with the collector on.
        let runner = try lua.withCollectorPaused { try lua.withStack { call -> LuaReference in
            try lua.load(try ScenarioPrelude.chunk(), on: call)
            call.pushTable(fields: 5)
            if let target {
                call.push(target)
                call.setField(-2, "target")
            }
            lua.pushFunction(on: call) { call in
                call.push(call.location(level: Int32((try? call.integer(1)) ?? 2)))
                return 1
            }
            call.setField(-2, "where")
            lua.pushFunction(on: call) { [unowned context] _ in
                context.expectations += 1
                return 0
            }
            call.setField(-2, "count")
            lua.pushFunction(on: call) { [unowned context] call in
                context.snapshot(name: call.optionalString(1), text: try call.string(2), call: call)
            }
            call.setField(-2, "snapshot")
            lua.pushFunction(on: call) { [unowned lua] call in
                try lua.load(try ScenarioPrelude.reportChunk(), on: call)
                return 1
            }
            call.setField(-2, "report")
            try lua.pcall(call, arguments: 1, results: 1)
            return lua.reference(from: call)
        } }
        try lua.withStack { call in
            try lua.withCollectorPaused { try lua.load(chunk, on: call) }
            try lua.pcall(call, arguments: 0, results: 0)
        }
        return (runtime, runner)
    }

    static func isExpectationFailure(_ message: String) -> Bool {
        message.contains(": expect(value)") || message.hasPrefix("expect(value)")
    }
}

/// What the host helpers of one scenario share: its output, counts and snapshot names.
final class ScenarioContext {
    let snapshots: ScenarioSnapshots
    var scenarioName = ""
    var output = ""
    var expectations = 0
    private var snapshotCount = 0

    init(snapshots: ScenarioSnapshots) {
        self.snapshots = snapshots
    }

    /// host.snapshot(name, text) → ok, message, expected
    func snapshot(name: String?, text: String, call: LuaCall) -> Int32 {
        let key: String
        if let name {
            key = "\(scenarioName): \(name)"
        } else {
            snapshotCount += 1
            key = "\(scenarioName) \(snapshotCount)"
        }
        switch snapshots.check(key, text) {
        case .matched, .written, .updated:
            call.push(true)
            return 1
        case .missing:
            call.push(false)
            call.push("snapshot '\(key)' is missing from \(snapshots.url.lastPathComponent) and CI is set; run navscript run --update-snapshots and commit the file")
            return 2
        case let .mismatched(expected):
            call.push(false)
            call.push("snapshot '\(key)' differs from \(snapshots.url.lastPathComponent) (run navscript run --update-snapshots if the change is right)")
            call.push(expected)
            return 3
        }
    }
}
