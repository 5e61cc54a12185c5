import ArgumentParser
import Foundation
import LuaKit
import NavScript

/// `navscript explore model.lua`: random walks over a model's actions (or, with
/// --exhaustive, every sequence up to a depth) that check invariants after each action; a
/// violation is shrunk to a minimal sequence, printed step by step with the hierarchy, and
/// saved as a scenario that reproduces it.
struct Explore: ParsableCommand {
    /// A failure found: its steps, the start they run from, what broke and where it was
    /// found (`walk 12`, `exhaustive search, depth 3`).
    /// A failure: its steps from a start, and the seed of the model's `math.random` they ran with.
    typealias Found = (steps: [ExploreStep], start: Int, failure: ExploreFailure, origin: String, randomSeed: Int)

    /// Ends the exploration if a walk is stuck in a C function past its time limit.
    static let watchdog = Watchdog(command: "explore")
    var watchdog: Watchdog { Self.watchdog }

    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Explore a navigation model for invariant violations.",
        discussion: """
            The model file returns explore.model { start =, actions =, invariants = } (see \
            the README). Each walk starts from a fresh state. The same --seed gives the same \
            walks and the same result with any --jobs. Exit status: 0 when no invariant broke, \
            1 when one did, 2 for a usage error or a model that does not load, 128 + the \
            signal when Ctrl-C (130) or SIGTERM (143) stopped it (what it had found is printed, \
            and saved with --save-failures).
            """
    )

    @Argument(help: "The model file.")
    var file: String

    @Option(parsing: .unconditional, help: "The seed of the walks; any integer, negative ones too.")
    var seed = 0

    // Each value is read unconditionally, so that a negative one meets its range check.
    @Option(name: .customLong("runs"), parsing: .unconditional, help: "How many walks (200); not with --exhaustive, which goes by --depth.")
    var givenRuns: Int?
    var runs: Int { givenRuns ?? 200 }

    @Option(parsing: .unconditional, help: "Actions a walk takes, or the depth of --exhaustive (20; 4 with --exhaustive).")
    var depth: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Stop after this many seconds: no new walks, or with --exhaustive no further sequences; shrinking a failure, and the search for fewer steps after it, get as long again each.", valueName: "seconds"))
    var time = 60.0

    @Option(name: [.customShort("j", allowingJoined: true), .customLong("jobs")], parsing: .unconditional, help: "Walks run side by side (the cores this process may use).")
    var jobs: Int?

    // The limits, as `run` takes them: from the command line, else the project file.
    @OptionGroup var limitOptions: ScriptLimitOptions
    var limits: LuaLimits { limitOptions.limits }

    @Flag(help: "Search every abstract state within --depth actions, breadth first (one sequence kept per state): the number of states, or the shortest counterexample.")
    var exhaustive = false

    @Flag(help: "Tell abstract states apart by screen keys (Chat(chatId=7)), not names only.")
    var keys = false

    @Option(name: .customLong("save-failures"), help: ArgumentHelp("Write a scenario that reproduces the failure into this folder.", valueName: "folder"))
    var saveFailures: String?

    @Option(help: ArgumentHelp("The folder `require` loads modules from.", valueName: "folder"))
    var root: String?

    @Flag(help: "Count the lines of route scripts the walks run; write coverage/lcov.info and a summary.")
    var coverage = false

    /// "--time 60 s", as messages name what stopped a search.
    var timeOption: String { "--time \(String(format: "%g", time)) s" }

    mutating func validate() throws {
        let project = try ProjectFile.load()
        root = root ?? project?.root
        try limitOptions.complete(from: project)
        if runs < 1 { throw ValidationError("--runs must be at least 1") }
        if exhaustive && givenRuns != nil {
            throw ValidationError("--runs counts walks, and --exhaustive takes none: it searches every sequence within --depth actions")
        }
        if let depth, depth < 1 || depth > 10_000 { throw ValidationError("--depth must be from 1 to 10000") }
        if !(time > 0) { throw ValidationError("--time must be more than 0") }
        if let rule = jobs.flatMap(SuiteOptions.jobsRule) { throw ValidationError("--jobs must be \(rule)") }
    }

    func run() throws {
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let model = try ScenarioFile.one(file, root: root, what: "model file")
        let runner: ExploreRunner
        let starts: Int, actions: [String]
        do {
            runner = try ExploreRunner(file: model, limits: limits)
            runner.coverage = coverage
            (starts, actions) = try watchdog.watch("loading \(model.displayPath)", seconds: 2 * runner.secondsPerCall) {
                (try runner.startCount(), try runner.actionNames())
            }
        } catch {
            StandardStreams.error("\(model.displayPath) does not load: \(Format.loadError(error))\n")
            throw ExitCode(2)
        }
        try checkSaveFailures(runner, model: model)
        // Ctrl-C or SIGTERM stops the exploration where it is: what it found is printed (and
        // saved), and it exits with 128 + the signal; a second one ends it at once.
        try RunInterrupt.catching(if: true) {
            let found: Found?
            do {
                found = try RunInterrupt.stoppingScripts {
                    exhaustive ? try search(runner, starts: starts, actions: actions) : try walks(runner, starts: starts, actions: actions)
                }
            } catch let nothing as ExitCode {
                throw nothing
            } catch {
                StandardStreams.error("navscript explore: \(Format.loadError(error))\n")
                throw ExitCode(2)
            }
            if let found {
                try report(found, runner: runner, starts: starts, model: model, workingDirectory: workingDirectory)
            }
            if RunInterrupt.signal != 0 { throw ExitCode(128 + RunInterrupt.signal) }
            throw ExitCode(found == nil ? 0 : 1)
        }
    }

    // MARK: Walks

    private func walks(_ runner: ExploreRunner, starts: Int, actions: [String]) throws -> Found? {
        let depth = self.depth ?? 20, jobs = self.jobs ?? AvailableProcessors.count
        let deadline = Date().addingTimeInterval(time)
        // Shapes by number, each long text hashed once a step; a transition is a pair of numbers.
        var shapes: [String: Int] = [:], moves = Set<Int>(), enabled = Set<Int>()
        var performed = 0, walked = 0
        var lines: [[String: [Int: Int]]] = []
        let started = Date()
        var first: (index: Int, walk: ExploreRunner.Walk)?
        var batchStart = 0
        // Walks run on threads with a main thread's stack (macOS gives Dispatch's 512 KiB), as
        // many as a batch can use.
        let threads = ScriptThreads(count: min(jobs, runs, ExploreKnowledge.epoch))
        // What walks learnt, given to the walks of later epochs (ExploreKnowledge): `known`
        // holds every epoch before the running one, `learning` the running one's walks.
        var known = ExploreKnowledge(actions: actions), learning = known
        // Batches of `jobs` walks, none across an epoch; after each, the failure of the lowest
        // walk number wins, so the result does not depend on --jobs.
        // The first batch runs whatever --time says: an exploration of no walk proves nothing.
        while batchStart < runs && first == nil && (batchStart == 0 || Date() < deadline) && RunInterrupt.signal == 0 {
            let epochEnd = (batchStart / ExploreKnowledge.epoch + 1) * ExploreKnowledge.epoch
            let batch = Array(batchStart..<min(batchStart + jobs, runs, epochEnd))
            let results = WalkResults(count: batch.count)
            let (seed, keys, knowledge) = (self.seed, self.keys, known)
            threads.perform(iterations: batch.count) { slot in
                let index = batch[slot]
                results.set(slot, Result {
                    try watchdog.watch("walk \(index + 1) (seed \(seed))", seconds: runner.secondsPerCall) {
                        try runner.walk(index: index, seed: seed, depth: depth, start: index % starts + 1, keys: keys, knowledge: knowledge)
                    }
                })
            }
            // Walks past the first failure count for nothing: the figures are those of walks
            // up to it, whatever the batch size.
            for (slot, result) in results.all.enumerated() where first == nil {
                // Stopped by Ctrl-C, the walk neither passed nor failed: the walks end here.
                if LuaState.isInterrupting, case .failure? = result { break }
                let walk: ExploreRunner.Walk
                do {
                    walk = try result!.get()
                } catch let error as LuaError where error.breaksALimit {
                    // A broken limit is a failure too (a route that loops, a memory bomb): the
                    // walk is walked again, step by step, to find what it took.
                    let index = batch[slot]
                    // Broken before the first action (the start, or its first checks) or not
                    // again (a time limit the walk kept the second time): an error of the model.
                    let walkedAgain: (steps: [ExploreStep], enabled: Set<Int>, error: LuaError)?
                    do {
                        walkedAgain = try watchdog.watch("walk \(index + 1) (seed \(seed)), again", seconds: runner.secondsPerCall) {
                            try runner.stepsToLimit(index: index, seed: seed, depth: depth, start: index % starts + 1, keys: keys, knowledge: knowledge)
                        }
                    } catch let again {
                        // Walked again, it raised something else (a model that reads the clock): that.
                        throw LuaError(kind: (again as? LuaError)?.kind ?? .runtime, message: "walk \(index + 1) (seed \(seed)): \(Format.loadError(again))")
                    }
                    guard let (steps, enabled, again) = walkedAgain, !steps.isEmpty else {
                        // A time limit kept when walked alone is the machine's: its line is
                        // wherever the walk was, and its traceback says nothing of the model.
                        let slow = walkedAgain == nil && error.kind == .timeLimit
                        throw LuaError(kind: error.kind, message: "walk \(index + 1) (seed \(seed)): "
                            + (slow ? error.message + Self.slowMachine(walksAtOnce: batch.count) : Format.loadError(error)))
                    }
                    walk = ExploreRunner.Walk(brokeALimit: again, after: steps, enabled: enabled, index: index, seed: seed)
                } catch {
                    // A model that breaks otherwise: name the walk, which the same command walks again.
                    throw LuaError(kind: (error as? LuaError)?.kind ?? .runtime, message: "walk \(batch[slot] + 1) (seed \(seed)): \(Format.loadError(error))")
                }
                walked += 1
                performed += walk.steps.count
                var previous: Int?
                for shape in walk.shapes {
                    let number = shapes[shape] ?? shapes.count
                    if number == shapes.count { shapes[shape] = number }
                    if let previous { moves.insert(previous << 32 | number) }
                    previous = number
                }
                enabled.formUnion(walk.enabled)
                learning.learn(from: walk)
                if coverage { lines.append(walk.coverage) }
                if walk.failure != nil && first == nil { first = (batch[slot], walk) }
            }
            batchStart += batch.count
            if batchStart % ExploreKnowledge.epoch == 0 { known = learning }
            // Each time the count passes a multiple of the step (batches end at epochs too).
            let step = max(jobs * 25, 50)
            if walked / step > (walked - batch.count) / step {
                StandardStreams.error("explore: \(walked) walks, \(performed) actions, \(shapes.count) states\n")
            }
        }
        // Standard output is the same for the same seed; how long it took goes to standard error.
        let seconds = Date().timeIntervalSince(started)
        print("Explored \(Format.count(walked, "walk")) of up to \(Format.count(depth, "action")) (seed \(seed)): "
              + "\(Format.count(performed, "action")), \(Format.count(shapes.count, "abstract state")), "
              + "\(Format.count(moves.count, "transition")) between them")
        // Fewer walks than asked, with nothing found and no signal: the time ran out, and how
        // many walks fit depends on the machine, so it says so.
        if walked < runs && first == nil && RunInterrupt.signal == 0 {
            print("Stopped by \(timeOption) after \(Format.count(walked, "walk")) of \(runs): another machine may walk more or fewer.")
        }
        StandardStreams.error("explore: \(Format.count(performed, "action")) in " + String(format: "%.2f s (%.0f actions/s)\n",
                                     seconds, Double(performed) / max(seconds, 1e-9)))
        // A failure in a start state ends the exploration before any action was asked.
        // Stopped before a walk ended (Ctrl-C in the first), nothing is known of it.
        let asked = walked > 0 && (performed > 0 || !enabled.isEmpty || first == nil)
        summarize(runner, never: asked ? actions.enumerated().filter { !enabled.contains($0.offset + 1) }.map(\.element) : [], lines: lines)
        guard let first, let failure = first.walk.failure else {
            if performed == 0 && walked > 0 && RunInterrupt.signal == 0 { throw nothingExplored() }
            print(RunInterrupt.signal != 0 ? "Stopped by \(RunInterrupt.name): no invariant broke in the walks before it." : "No invariant broke.")
            return nil
        }
        return (first.walk.steps, first.index % starts + 1, failure, "walk \(first.index + 1)", first.walk.randomSeed)
    }

    /// A model none of whose actions was enabled in any start: nothing was explored, and an
    /// exploration of nothing is not a green one, as `run` refuses to run no scenarios.
    private func nothingExplored() -> ExitCode {
        print("No action was enabled in any state reached: nothing was explored beyond the start states, whose invariants held.")
        return ExitCode(2)
    }

    // MARK: Exhaustive search

    private func search(_ runner: ExploreRunner, starts: Int, actions: [String]) throws -> Found? {
        let depth = self.depth ?? 4
        let deadline = Date().addingTimeInterval(time)
        // Every shape reached, and the shapes reached at rest (what stops a sequence).
        var seen = Set<String>(), seenAtRest = Set<String>(), transitions = Set<String>(), enabled = Set<String>()
        var lines: [[String: [Int: Int]]] = []
        var explored = 0
        func note(_ expansion: ExploreRunner.Expansion) {
            enabled.formUnion(expansion.next.map(\.action))
            if coverage { lines.append(expansion.coverage) }
        }
        // The search stops at a counterexample: what it never enabled is not known, the lines
        // it ran are.
        func counterexample(_ sequence: [ExploreStep], _ start: Int, _ failure: ExploreFailure) -> Found {
            print("Searched \(Format.count(explored, "sequence")): the shortest counterexample has \(Format.count(sequence.count, "action")).")
            summarize(runner, never: [], lines: lines, searched: true)
            return (sequence, start, failure, "exhaustive search, depth \(sequence.count)", seed)
        }
        // One level at a time across every start, so that the first counterexample found is a
        // shortest one whichever start it comes from. Each sequence is kept with its start, the
        // shape it left and the moves enabled then, found in the state that ran it.
        typealias Entry = (start: Int, sequence: [ExploreStep], shape: String, moves: [ExploreStep])
        var level: [Entry] = []
        for start in 1...starts {
            let initial = try watchdog.watch("start \(start)", seconds: runner.secondsPerCall) { try runner.expand([], start: start, keys: keys, randomSeed: seed) }
            note(initial)
            if let failure = initial.replay.failure {
                print("Searched the start states: start \(start) breaks an invariant before any action.")
                summarize(runner, never: [], lines: lines, searched: true)
                return ([], start, failure, "start \(start)", seed)
            }
            seen.insert(initial.shape)
            if initial.isIdle { seenAtRest.insert(initial.searchKey) }
            level.append((start, [], initial.shape, initial.next))
        }
        if level.allSatisfy({ $0.moves.isEmpty }) { throw nothingExplored() }
        var reached = 0
        for length in 1...depth where !level.isEmpty {
            var next: [Entry] = []
            for (start, sequence, shape, moves) in level {
                // Stopped by the time or a signal, with what it found so far.
                func stopped() -> Found? {
                    let by = RunInterrupt.signal != 0 ? RunInterrupt.name : timeOption
                    print("Stopped by \(by) at depth \(length) of \(depth): \(Format.count(seen.count, "abstract state")), "
                          + "\(Format.count(transitions.count, "transition")) (\(Format.count(explored, "sequence")) tried); "
                          + "no invariant broke in any state within \(Format.count(reached, "action")).")
                    summarize(runner, never: actions.filter { !enabled.contains($0) }, lines: lines, searched: true)
                    return nil
                }
                for move in moves {
                    guard Date() < deadline && RunInterrupt.signal == 0 else { return stopped() }
                    let candidate = sequence + [move]
                    explored += 1
                    let expansion: ExploreRunner.Expansion
                    do {
                        expansion = try watchdog.watch("a sequence of \(Format.count(candidate.count, "action"))", seconds: runner.secondsPerCall) {
                            try runner.expand(candidate, start: start, keys: keys, randomSeed: seed)
                        }
                    } catch let error as LuaError where error.breaksALimit {
                        // A sequence that breaks a limit is a counterexample, in its last action.
                        return counterexample(candidate, start, ExploreRunner.limitFailure(error))
                    } catch where LuaState.isInterrupting {
                        return stopped()                // Ctrl-C stopped the sequence midway
                    }
                    if expansion.replay.skipped { continue }
                    note(expansion)
                    if let failure = expansion.replay.failure { return counterexample(candidate, start, failure) }
                    transitions.insert(shape + "\u{0}" + expansion.shape)
                    // A state mid-animation is followed whatever its shape: it is more than it.
                    // Only a state reached at rest stands for its shape, so one first seen
                    // mid-animation is still followed when a sequence reaches it at rest. At
                    // rest, a state is its shape with the actions enabled, the held deeplink and
                    // the model's view (`searchKey`): a `when` reads what the shape does not show.
                    seen.insert(expansion.shape)
                    if !expansion.isIdle || seenAtRest.insert(expansion.searchKey).inserted {
                        next.append((start, candidate, expansion.shape, expansion.next))
                    }
                }
            }
            reached = length
            StandardStreams.error("explore: depth \(length), \(explored) sequences, \(seen.count) states\n")
            level = next
        }
        // States the search told apart beyond their shapes (the actions enabled, the held
        // deeplink, the model's view) are counted too, when there are more of them.
        let apart = seenAtRest.count > seen.count ? " (\(Format.count(seenAtRest.count, "state")) at rest told apart by what the shape does not show)" : ""
        print("Searched every abstract state within \(Format.count(depth, "action")): \(Format.count(seen.count, "abstract state"))\(apart), "
              + "\(Format.count(transitions.count, "transition")) between them (\(Format.count(explored, "sequence")) tried); no invariant broke.")
        print("A sequence that reaches a state seen before, at rest (its shape, the actions enabled, the held deeplink and the model's view), "
              + "is not followed further: what these do not show " + (keys ? "" : "(screen keys: see --keys) ")
              + "is not told apart (a model's view = function(app) gives its own state).")
        summarize(runner, never: actions.filter { !enabled.contains($0) }, lines: lines, searched: true)
        return nil
    }

    /// What follows a time limit that a walk broke and kept when walked again alone.
    static func slowMachine(walksAtOnce: Int) -> String {
        ", and walked again alone it kept within the limit: the machine was slow for a moment"
            + (walksAtOnce > 1 ? " (\(walksAtOnce) walks at once shared its cores: give a larger --timeout, or fewer --jobs)" : " (give a larger --timeout)")
    }

    /// The actions never enabled, and with --coverage, the route scripts' coverage.
    private func summarize(_ runner: ExploreRunner, never: [String], lines: [[String: [Int: Int]]], searched: Bool = false) {
        if !never.isEmpty {
            print("Never enabled\(searched ? " in the states searched" : ""): \(never.joined(separator: ", "))")
        }
        guard coverage else { return }
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let modules = ScenarioDiscovery.routeScripts(in: runner.file.root, excluding: [runner.file.url.standardizedFileURL.path])
            .map { ScenarioDiscovery.display($0, in: folder) }
        _ = Run.writeReports([], coverage: CoverageReport(lines: lines, modules: modules, folder: folder), failure: nil, in: folder, toStandardError: false)
    }
}

/// The walks of one batch, filled in from several threads.
final class WalkResults: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Result<ExploreRunner.Walk, Error>?]

    init(count: Int) {
        items = Array(repeating: nil, count: count)
    }

    func set(_ slot: Int, _ result: Result<ExploreRunner.Walk, Error>) {
        lock.lock()
        items[slot] = result
        lock.unlock()
    }

    var all: [Result<ExploreRunner.Walk, Error>?] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
