import Foundation
import LuaKit

/// Runs a model file's walks, replays and searches, each in a fresh state (a model's scripts
/// keep state in their modules, as an app keeps it in memory: every walk starts anew). The
/// same seed gives the same walks on any machine.
public final class ExploreRunner: @unchecked Sendable {
    /// The model file, and the root its `require`s load from.
    public let file: ScenarioFile
    /// The module a saved scenario requires the model by (`explore` for `explore.lua`); nil
    /// when `require` cannot name it: a file outside the root, or a path with a part that
    /// is no identifier (`inv.v2.lua`, `my model.lua`).
    public let moduleName: String?
    private let chunk: LuaChunk
    /// Every walk's options but the seed and coverage, made once (making them resolves the
    /// root's real path), with the model's modules read once: every walk loads the same.
    private let options: LuaOptions
    /// Whether walks count the lines of route scripts that run (`--coverage`).
    public var coverage = false
    /// The line that calls `explore.model`, when one line does: `return explore.model { ... }`
    /// is a tail call, which leaves its errors no line of their own.
    private let modelLine: Int?

    /// How long one call of this runner (a walk, a replay) may run: the model's loading and
    /// the walk each have the time limit.
    public var secondsPerCall: Double { 2 * options.limits.seconds }

    /// Compiles the model file once; each walk loads it into a fresh state with `limits`.
    /// A syntax error, or a file that cannot be read, throws here.
    ///
    ///     let runner = try ExploreRunner(file: file)
    ///     -- Lua, the model: return explore.model { start = function() return nav.app { ... } end, actions = { ... } }
    public init(file: ScenarioFile, limits: LuaLimits = LuaLimits()) throws {
        self.file = file
        var options = file.luaOptions(limits: limits)
        options.moduleFiles = LuaModuleFiles()
        self.options = options
        let script = try ScenarioFileRunner.script(at: file.url, shownAs: file.displayPath)
        chunk = try LuaChunk(compiling: script, chunkName: "@" + file.displayPath)
        modelLine = ExploreModelLine.find(in: Array(script))
        let path = ScriptFile.realLocation(of: file.url).path, rootPath = ScriptFile.real(file.root).path
        let relative = path.dropFirst(rootPath.count).drop { $0 == "/" }
        moduleName = path.hasPrefix(rootPath + "/") ? ScriptFile.moduleName(of: relative) : nil
    }

    /// A fresh state with the library as `explore`, the model loaded; `body` gets the
    /// runtime, the library and the model. The model loads with `math.random` seeded by 0,
    /// in every walk, as a scenario's state is under `navscript run`: what it draws while it
    /// loads (its modules' top level) is what the scenario saved from a walk draws. Then
    /// `math.random` is seeded by `seed`, as the walk's state would have been.
    private func withModel<R>(seed: Int, _ body: (NavRuntime, LuaReference, LuaReference) throws -> R) throws -> R {
        var options = options
        options.seed = 0
        options.coverage = coverage
        let runtime = try NavRuntime(options: options)
        defer { runtime.lua.close() }
        let lua = runtime.lua
        // What the model prints (and UIKit's warnings) comes from walks side by side and from
        // shrinking's replays: standard error, so that standard output is the same for a seed.
        lua.output = { writeAsFarAsItGoes($0, to: STDERR_FILENO) }
        let library = try lua.withStack { call -> LuaReference in
            try ExploreLibrary.load(on: call, in: lua)
            call.pushCopy(-1)
            lua.setGlobal("explore", from: call)
            return lua.reference(from: call)
        }
        let model = try lua.withBudget { try lua.withStack { call -> LuaReference in
            try lua.load(chunk, on: call)
            do {
                try lua.pcall(call, arguments: 0, results: 1)
            } catch let error as LuaError where error.location == nil && error.message.hasPrefix("bad argument #1 to 'model'") {
                guard let modelLine else { throw error }
                throw LuaError(kind: error.kind, message: "\(file.displayPath):\(modelLine): " + error.message, traceback: error.traceback)
            }
            guard call.type(-1) == .table, call.field(-1, "isModel") == .boolean else {
                throw LuaError(kind: .runtime, message: "\(file.displayPath) must return explore.model { ... }")
            }
            call.pop()
            return lua.reference(from: call)
        } }
        try lua.seedRandom(seed)
        return try lua.withBudget { try body(runtime, library, model) }
    }

    /// Calls `library[name](model, arguments..., functions...)` and reads `results` values as data.
    private func call(_ runtime: NavRuntime, _ library: LuaReference, _ model: LuaReference, _ name: String,
                      _ arguments: [LuaValue], functions: [(LuaCall) throws -> Int32] = [], results: Int32) throws -> [LuaValue] {
        let lua = runtime.lua
        return try lua.withStack { call in
            guard call.reserve(Int32(arguments.count + functions.count) + 4) else { throw LuaError(kind: .runtime, message: "stack overflow") }
            try library.push(on: call)
            call.field(-1, name)
            try model.push(on: call)
            for argument in arguments { call.push(value: argument) }
            for function in functions { lua.pushFunction(on: call, function) }
            try lua.pcall(call, arguments: Int32(arguments.count + functions.count) + 1, results: results)
            let limits = LuaCopyLimits(values: .max, bytes: .max)
            return try (0..<results).map { try call.value(-results + $0, depth: 16, limits: limits) }
        }
    }

    /// How many start functions the model has.
    public func startCount() throws -> Int {
        try withModel(seed: 0) { runtime, _, model in
            try runtime.lua.withStack { call in
                try model.push(on: call)
                call.field(-1, "starts")
                return call.length(-1)
            }
        }
    }

    /// The names of the model's actions, in order.
    public func actionNames() throws -> [String] {
        try withModel(seed: 0) { runtime, _, model in
            try runtime.lua.withStack { call in
                try model.push(on: call)
                call.field(-1, "actions")
                let actions = call.top
                return (0..<call.length(actions)).map { index in
                    call.element(actions, index + 1)
                    defer { call.pop() }
                    call.field(-1, "name")
                    defer { call.pop() }
                    return call.optionalString(-1) ?? "?"
                }
            }
        }
    }

    /// What a walk gave.
    public struct Walk: Sendable {
        /// The actions the walk took, in order, with the arguments drawn.
        public let steps: [ExploreStep]
        /// The invariant that did not hold, or nil for a walk that kept them all.
        public let failure: ExploreFailure?
        /// The abstract state before the first action and after each.
        public let shapes: [String]
        /// The actions enabled at some point (1-based indices).
        public let enabled: Set<Int>
        /// With coverage on, how often each line of each route script ran (the model file
        /// itself left out).
        public let coverage: [String: [Int: Int]]
        /// The seed of the model's `math.random` in this walk.
        public let randomSeed: Int

        /// Walk `index` of an exploration with `seed` that broke a limit in its last step. Of
        /// what it went through, the steps are known, and the actions enabled where each was chosen.
        public init(brokeALimit error: LuaError, after steps: [ExploreStep], enabled: Set<Int>, index: Int, seed: Int) {
            self.init(steps: steps, failure: ExploreRunner.limitFailure(error), shapes: [], enabled: enabled, coverage: [:],
                      randomSeed: ExploreRunner.randomSeed(walk: index, of: seed))
        }

        init(steps: [ExploreStep], failure: ExploreFailure?, shapes: [String], enabled: Set<Int>, coverage: [String: [Int: Int]], randomSeed: Int) {
            self.steps = steps
            self.failure = failure
            self.shapes = shapes
            self.enabled = enabled
            self.coverage = coverage
            self.randomSeed = randomSeed
        }
    }

    /// The failure of a walk or replay that broke a limit: the instructions, the time, the
    /// memory, named by the error's message (`routes/chat.lua:4: instruction limit exceeded`).
    public static func limitFailure(_ error: LuaError) -> ExploreFailure {
        ExploreFailure(invariant: limitInvariant, message: error.message)
    }

    /// The invariant a broken limit breaks: in an action, a `when`, an invariant or a view
    /// (the message's place says which).
    public static let limitInvariant = "the model runs within the script limits"

    /// One random walk (number `index`) from start `start`, seeded by `seed` and `index`,
    /// going where the walks before it, as `knowledge` holds them, have not been.
    public func walk(index: Int, seed: Int, depth: Int, start: Int, keys: Bool, knowledge: ExploreKnowledge = ExploreKnowledge()) throws -> Walk {
        try walk(index: index, seed: seed, depth: depth, start: start, keys: keys, knowledge: knowledge, stepped: nil)
    }

    /// The steps walk `index` takes until it breaks a limit (the instructions, the time, the
    /// memory), and the actions (1-based) enabled where each was chosen: walked again as it
    /// was, each step heard before it runs, so that the last is the one it broke the limit
    /// in. Nil when, walked again, it breaks none; what else it raises then is thrown.
    public func stepsToLimit(index: Int, seed: Int, depth: Int, start: Int, keys: Bool, knowledge: ExploreKnowledge) throws
        -> (steps: [ExploreStep], enabled: Set<Int>, error: LuaError)? {
        var steps: [ExploreStep] = [], enabled = Set<Int>()
        do {
            _ = try walk(index: index, seed: seed, depth: depth, start: start, keys: keys, knowledge: knowledge) {
                steps.append($0)
                enabled.formUnion($1)
            }
            return nil
        } catch let error as LuaError where error.breaksALimit {
            return (steps, enabled, error)
        }
    }

    private func walk(index: Int, seed: Int, depth: Int, start: Int, keys: Bool, knowledge: ExploreKnowledge,
                      stepped: ((ExploreStep, [Int]) -> Void)?) throws -> Walk {
        let randomSeed = Self.randomSeed(walk: index, of: seed)
        return try withModel(seed: randomSeed) { runtime, library, model in
            // known(shape): { [action index] = how often the state it leads to was reached }
            let known: (LuaCall) throws -> Int32 = { call in
                let scores = knowledge.scores(in: try call.string(1))
                call.pushTable(fields: scores.count)
                for (action, visits) in scores {
                    call.push(visits)
                    call.setElement(-2, action)
                }
                return 1
            }
            let arguments: [LuaValue] = [.integer(Int64(depth)), .integer(Int64(start)), .boolean(keys), .integer(Int64(randomSeed))]
            var functions = [known]
            if let stepped {
                functions.append { call in
                    let limits = LuaCopyLimits(values: .max, bytes: .max)
                    let choices = ((try? call.value(3, depth: 1, limits: limits))?.array ?? []).compactMap { $0.integer.map(Int.init) }
                    stepped(ExploreStep(action: (try? call.string(1)) ?? "?", arguments: (try? call.value(2, depth: 16, limits: limits))?.array ?? []), choices)
                    return 0
                }
            }
            let values = try call(runtime, library, model, "walk", arguments, functions: functions, results: 4)
            let steps = values[0].array?.map { Self.step($0) } ?? []
            let shapes = values[2].array?.compactMap(\.string) ?? []
            var enabled = Set<Int>()
            if case let .table(array, fields) = values[3] {
                for (position, value) in array.enumerated() where value.boolean == true { enabled.insert(position + 1) }
                for key in fields.keys { if let index = Int(key) { enabled.insert(index) } }
            }
            return Walk(steps: steps, failure: Self.failure(values[1]), shapes: shapes, enabled: enabled, coverage: coverage(runtime),
                        randomSeed: randomSeed)
        }
    }

    /// What running given steps gave: the failure and the step it came at (0: the start),
    /// whether a step was not enabled, the tree after each step, and the shape at the end.
    public struct Replay: Sendable {
        /// The invariant that did not hold, or nil when every step ran and kept them.
        public let failure: ExploreFailure?
        /// The step the failure came at, or the step not enabled (1-based; 0: the start); the
        /// number of steps when they all ran.
        public let index: Int
        /// Whether the run stopped at a step whose action was not enabled there.
        public let skipped: Bool
        /// With trees, the app's tree after each step that ran (`app:tree()`).
        public let trees: [String]
        /// With trees, the tree at the start.
        public let startTree: String?
    }

    /// The seed of the model's `math.random` in walk `index` of an exploration with `seed`
    /// (what a replay of its steps, and the scenario saved from it, give `run`).
    public static func randomSeed(walk index: Int, of seed: Int) -> Int {
        seed &* 1_000_003 &+ index
    }

    /// Runs `steps` from start function `start` (1-based) of the model, in a fresh state, and
    /// says where they failed, as a saved failure replays them; `trees` draws the app after each.
    ///
    ///     let replay = try runner.run(steps, start: 1, trees: true)
    ///     -- Lua: explore.replay(model, { {"openChat", 3}, {"back"} }, 1)
    public func run(_ steps: [ExploreStep], start: Int, trees: Bool = false, randomSeed: Int = 0) throws -> Replay {
        try withModel(seed: randomSeed) { runtime, library, model in
            try replay(steps, start: start, trees: trees, randomSeed: randomSeed, runtime, library, model)
        }
    }

    /// What running given steps gave and, when they all ran without a failure, the shape
    /// they left and the actions enabled then (each with every argument list): one state
    /// for the exhaustive search's replay and its next level.
    public func expand(_ steps: [ExploreStep], start: Int, keys: Bool, randomSeed: Int = 0) throws -> Expansion {
        try withModel(seed: randomSeed) { runtime, library, model in
            let replay = try replay(steps, start: start, trees: false, randomSeed: randomSeed, settling: false, runtime, library, model)
            guard replay.failure == nil, !replay.skipped else {
                return Expansion(replay: replay, shape: "", isIdle: true, next: [], hidden: "", coverage: coverage(runtime))
            }
            // The app the run left: the library keeps the last one.
            let values = try call(runtime, library, model, "frontier", [.boolean(keys)], results: 4)
            // A state mid-animation is followed as it is, and checked as it settles too: a
            // custom action left pending shows only then.
            if values[2].boolean == false, let failure = Self.failure(try call(runtime, library, model, "settled", [], results: 1)[0]) {
                let settled = Replay(failure: failure, index: steps.count, skipped: false, trees: [], startTree: nil)
                return Expansion(replay: settled, shape: "", isIdle: true, next: [], hidden: "", coverage: coverage(runtime))
            }
            var next: [ExploreStep] = []
            for entry in values[1].array ?? [] {
                let name = entry["action"]?.string ?? ""
                for arguments in entry["lists"]?.array ?? [] {
                    next.append(ExploreStep(action: name, arguments: arguments.array ?? []))
                }
            }
            return Expansion(replay: replay, shape: values[0].string ?? "", isIdle: values[2].boolean ?? true, next: next,
                             hidden: values[3].string ?? "", coverage: coverage(runtime))
        }
    }

    /// One state of the exhaustive search: the replay of its steps, the shape they left, the
    /// moves enabled then, and with coverage on, the lines of route scripts they ran.
    public struct Expansion: Sendable {
        /// The replay of the state's steps.
        public let replay: Replay
        /// The abstract state the steps left (`app:shape(keys)`); empty when they failed.
        public let shape: String
        /// Whether the run loop had nothing scheduled: a state mid-animation is more than
        /// its shape (what is under way, and how long it has to go).
        public let isIdle: Bool
        /// The moves enabled in that state: each enabled action with each of its argument lists.
        public let next: [ExploreStep]
        /// What the shape does not show: the deeplink the app holds, and the model's `view`.
        public let hidden: String
        /// With coverage on, how often each line of each route script ran (the model file left out).
        public let coverage: [String: [Int: Int]]

        /// What tells this state apart from others of its shape in the search: the actions
        /// enabled in it (a `when` reads the model's own state), the held deeplink and the
        /// model's `view`.
        public var searchKey: String {
            var names: [String] = []
            for step in next where names.last != step.action { names.append(step.action) }
            return shape + "\u{0}" + names.joined(separator: "\u{1}") + "\u{0}" + hidden
        }
    }

    /// With coverage on, how often each line of each route script ran (the model file left out).
    private func coverage(_ runtime: NavRuntime) -> [String: [Int: Int]] {
        guard coverage else { return [:] }
        var lines = runtime.lua.coverage
        lines[file.displayPath] = nil
        return lines
    }

    private func replay(_ steps: [ExploreStep], start: Int, trees: Bool, randomSeed: Int, settling: Bool = true,
                        _ runtime: NavRuntime, _ library: LuaReference, _ model: LuaReference) throws -> Replay {
        let list = LuaValue.table(array: steps.map { step in
            .table(array: [], fields: ["action": .string(step.action), "args": .table(array: step.arguments, fields: [:])])
        }, fields: [:])
        let values = try call(runtime, library, model, "run", [list, .integer(Int64(start)), .boolean(trees), .integer(Int64(randomSeed)), .boolean(!settling)],
                              results: 4)
        let pictures = (values[2].array ?? []).compactMap(\.string)
        return Replay(failure: Self.failure(values[0]), index: Int(values[1].integer ?? 0), skipped: values[3] != .nil, trees: pictures,
                      startTree: values[2]["start"]?.string)
    }

    /// Simpler argument lists for a step, for shrinking.
    public func simpler(_ step: ExploreStep) throws -> [[LuaValue]] {
        try withModel(seed: 0) { runtime, library, model in
            let values = try call(runtime, library, model, "simpler", [.string(step.action), .table(array: step.arguments, fields: [:])], results: 1)
            return (values[0].array ?? []).map { $0.array ?? [] }
        }
    }

    /// The range of each whole-number argument of a step's action (nil for another kind),
    /// for shrinking's moves of a total from one argument to another.
    public func ranges(_ step: ExploreStep) throws -> [ClosedRange<Int64>?] {
        try withModel(seed: 0) { runtime, library, model in
            let values = try call(runtime, library, model, "ranges", [.string(step.action)], results: 1)
            return (values[0].array ?? []).map { range in
                guard case let .integer(lo)? = range.array?.first, case let .integer(hi)? = range.array?.last, lo <= hi else { return nil }
                return lo...hi
            }
        }
    }

    static func step(_ value: LuaValue) -> ExploreStep {
        ExploreStep(action: value["action"]?.string ?? "?", arguments: value["args"]?.array ?? [])
    }

    static func failure(_ value: LuaValue) -> ExploreFailure? {
        guard let invariant = value["invariant"]?.string else { return nil }
        return ExploreFailure(invariant: invariant, message: value["message"]?.string ?? "", describesState: value["describesState"]?.boolean ?? false)
    }
}
