import ArgumentParser
import Foundation
import LuaKit
import NavScript

/// `navscript explore model.lua`: random walks over a model's actions (or, with
/// --exhaustive, every sequence up to a depth) that check invariants after each action; a
/// violation is shrunk to a minimal sequence, printed step by step with the hierarchy, and
/// saved as a scenario that reproduces it.
struct Explore: ParsableCommand {
    /// Ends the exploration if a walk is stuck in a C function past its time limit.
    private static let watchdog = Watchdog(command: "explore")
    private var watchdog: Watchdog { Self.watchdog }

    static let configuration = CommandConfiguration(
        abstract: "Explore a navigation model for invariant violations.",
        discussion: """
            The model file returns explore.model { start =, actions =, invariants = } (see \
            the README). Each walk starts from a fresh state. The same --seed gives the same \
            walks and the same result with any --jobs. Exit status: 0 when no invariant broke, \
            1 when one did, 2 for a usage error or a model that does not load.
            """
    )

    @Argument(help: "The model file.")
    var file: String

    @Option(help: "The seed of the walks (0).")
    var seed = 0

    @Option(help: "How many walks (200).")
    var runs = 200

    @Option(help: "Actions a walk takes, or the depth of --exhaustive (20; 4 with --exhaustive).")
    var depth: Int?

    @Option(help: ArgumentHelp("Stop after this many seconds: no new walks, or with --exhaustive no further sequences (60).", valueName: "seconds"))
    var time = 60.0

    @Option(name: [.customShort("j", allowingJoined: true), .customLong("jobs")], help: "Walks run side by side (the cores).")
    var jobs: Int?

    @Option(help: ArgumentHelp("Wall-clock seconds a walk may take (10), the model's loading as much again.", valueName: "seconds"))
    var timeout = 10.0

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

    func validate() throws {
        if runs < 1 { throw ValidationError("--runs must be at least 1") }
        if let depth, depth < 1 || depth > 10_000 { throw ValidationError("--depth must be from 1 to 10000") }
        if !(time > 0) { throw ValidationError("--time must be more than 0") }
        if let rule = SuiteOptions.timeoutRule(timeout) { throw ValidationError("--timeout must be \(rule)") }
        if let rule = jobs.flatMap(SuiteOptions.jobsRule) { throw ValidationError("--jobs must be \(rule)") }
    }

    func run() throws {
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let model = try ScenarioFile.one(file, root: root, what: "model file")
        let runner: ExploreRunner
        let starts: Int, actions: [String]
        do {
            runner = try ExploreRunner(file: model, limits: LuaLimits(seconds: timeout))
            runner.coverage = coverage
            (starts, actions) = try watchdog.watch("loading \(model.displayPath)", seconds: 2 * runner.secondsPerCall) {
                (try runner.startCount(), try runner.actionNames())
            }
        } catch {
            FileHandle.standardError.write(Data("\(model.displayPath) does not load: \(Format.loadError(error))\n".utf8))
            throw ExitCode(2)
        }
        let found: (steps: [ExploreStep], start: Int, failure: ExploreFailure, origin: String)?
        do {
            found = exhaustive ? try search(runner, starts: starts, actions: actions) : try walks(runner, starts: starts, actions: actions)
        } catch {
            FileHandle.standardError.write(Data("navscript explore: \(Format.loadError(error))\n".utf8))
            throw ExitCode(2)
        }
        guard let found else { throw ExitCode(0) }
        try report(found, runner: runner, model: model, workingDirectory: workingDirectory)
        throw ExitCode(1)
    }

    // MARK: Walks

    private func walks(_ runner: ExploreRunner, starts: Int, actions: [String]) throws -> (steps: [ExploreStep], start: Int, failure: ExploreFailure, origin: String)? {
        let depth = self.depth ?? 20, jobs = self.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let deadline = Date().addingTimeInterval(time)
        // Shapes by number, each long text hashed once a step; a transition is a pair of numbers.
        var shapes: [String: Int] = [:], moves = Set<Int>(), enabled = Set<Int>()
        var performed = 0, walked = 0
        var lines: [[String: [Int: Int]]] = []
        let started = Date()
        var first: (index: Int, walk: ExploreRunner.Walk)?
        var batchStart = 0
        // What walks learnt, given to the walks of later epochs (ExploreKnowledge): `known`
        // holds every epoch before the running one, `learning` the running one's walks.
        var known = ExploreKnowledge(), learning = known
        let actionIndex = Dictionary(actions.enumerated().map { ($0.element, $0.offset + 1) }, uniquingKeysWith: { first, _ in first })
        // Batches of `jobs` walks, none across an epoch; after each, the failure of the lowest
        // walk number wins, so the result does not depend on --jobs.
        while batchStart < runs && first == nil && Date() < deadline {
            let epochEnd = (batchStart / ExploreKnowledge.epoch + 1) * ExploreKnowledge.epoch
            let batch = Array(batchStart..<min(batchStart + jobs, runs, epochEnd))
            let results = WalkResults(count: batch.count)
            let (seed, keys, knowledge) = (self.seed, self.keys, known)
            DispatchQueue.concurrentPerform(iterations: batch.count) { slot in
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
                let walk: ExploreRunner.Walk
                do {
                    walk = try result!.get()
                } catch {
                    // A broken limit: name the walk, which the same command walks again.
                    throw ExploreWalkError(message: "walk \(batch[slot] + 1) (seed \(seed)): \(Format.loadError(error))")
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
                learning.learn(from: walk, actions: actionIndex)
                if coverage { lines.append(walk.coverage) }
                if walk.failure != nil && first == nil { first = (batch[slot], walk) }
            }
            batchStart += batch.count
            if batchStart % ExploreKnowledge.epoch == 0 { known = learning }
            // Each time the count passes a multiple of the step (batches end at epochs too).
            let step = max(jobs * 25, 50)
            if walked / step > (walked - batch.count) / step {
                FileHandle.standardError.write(Data("explore: \(walked) walks, \(performed) actions, \(shapes.count) states\n".utf8))
            }
        }
        // Standard output is the same for the same seed; how long it took goes to standard error.
        let seconds = Date().timeIntervalSince(started)
        print("Explored \(Format.count(walked, "walk")) of up to \(Format.count(depth, "action")) (seed \(seed)): "
              + "\(Format.count(performed, "action")), \(Format.count(shapes.count, "abstract state")), "
              + "\(Format.count(moves.count, "transition")) between them")
        FileHandle.standardError.write(Data(String(format: "explore: %d actions in %.2f s (%.0f actions/s)\n",
                                                   performed, seconds, Double(performed) / max(seconds, 1e-9)).utf8))
        // A failure in a start state ends the exploration before any action was asked.
        let asked = performed > 0 || !enabled.isEmpty || first == nil
        summarize(runner, never: asked ? actions.enumerated().filter { !enabled.contains($0.offset + 1) }.map(\.element) : [], lines: lines)
        guard let first, let failure = first.walk.failure else {
            print("No invariant broke.")
            return nil
        }
        return (first.walk.steps, first.index % starts + 1, failure, "walk \(first.index + 1)")
    }

    // MARK: Exhaustive search

    private func search(_ runner: ExploreRunner, starts: Int, actions: [String]) throws -> (steps: [ExploreStep], start: Int, failure: ExploreFailure, origin: String)? {
        let depth = self.depth ?? 4
        let deadline = Date().addingTimeInterval(time)
        var seen = Set<String>(), transitions = Set<String>(), enabled = Set<String>()
        var lines: [[String: [Int: Int]]] = []
        var explored = 0
        func note(_ expansion: ExploreRunner.Expansion) {
            enabled.formUnion(expansion.next.map(\.action))
            if coverage { lines.append(expansion.coverage) }
        }
        // One level at a time across every start, so that the first counterexample found is a
        // shortest one whichever start it comes from. Each sequence is kept with its start, the
        // shape it left and the moves enabled then, found in the state that ran it.
        typealias Entry = (start: Int, sequence: [ExploreStep], shape: String, moves: [ExploreStep])
        var level: [Entry] = []
        for start in 1...starts {
            let initial = try watchdog.watch("start \(start)", seconds: runner.secondsPerCall) { try runner.expand([], start: start, keys: keys) }
            if let failure = initial.replay.failure { return ([], start, failure, "start \(start)") }
            note(initial)
            seen.insert(initial.shape)
            level.append((start, [], initial.shape, initial.next))
        }
        var reached = 0
        for length in 1...depth where !level.isEmpty {
            var next: [Entry] = []
            for (start, sequence, shape, moves) in level {
                for move in moves {
                    guard Date() < deadline else {
                        print("Stopped by --time \(String(format: "%g", time)) s at depth \(length) of \(depth): \(Format.count(seen.count, "abstract state")), "
                              + "\(Format.count(transitions.count, "transition")) (\(Format.count(explored, "sequence")) tried); "
                              + "no invariant broke in any state within \(Format.count(reached, "action")).")
                        summarize(runner, never: actions.filter { !enabled.contains($0) }, lines: lines)
                        return nil
                    }
                    let candidate = sequence + [move]
                    explored += 1
                    let expansion = try watchdog.watch("a sequence of \(Format.count(candidate.count, "action"))", seconds: runner.secondsPerCall) {
                        try runner.expand(candidate, start: start, keys: keys)
                    }
                    if expansion.replay.skipped { continue }
                    if let failure = expansion.replay.failure {
                        print("Searched \(Format.count(explored, "sequence")): the shortest counterexample has \(Format.count(candidate.count, "action")).")
                        return (candidate, start, failure, "exhaustive search, depth \(candidate.count)")
                    }
                    note(expansion)
                    transitions.insert(shape + "\u{0}" + expansion.shape)
                    // A state mid-animation is followed whatever its shape: it is more than it.
                    if seen.insert(expansion.shape).inserted || !expansion.isIdle {
                        next.append((start, candidate, expansion.shape, expansion.next))
                    }
                }
            }
            reached = length
            FileHandle.standardError.write(Data("explore: depth \(length), \(explored) sequences, \(seen.count) states\n".utf8))
            level = next
        }
        print("Searched every abstract state within \(Format.count(depth, "action")): \(Format.count(seen.count, "abstract state")), "
              + "\(Format.count(transitions.count, "transition")) between them (\(Format.count(explored, "sequence")) tried); no invariant broke.")
        print("A sequence that reaches a state seen before, at rest, is not followed further: what the abstract state does not show "
              + (keys ? "" : "(screen keys: see --keys) ") + "and the model's own state (its modules, a held deeplink) are not told apart.")
        summarize(runner, never: actions.filter { !enabled.contains($0) }, lines: lines)
        return nil
    }

    /// The actions never enabled, and with --coverage, the route scripts' coverage.
    private func summarize(_ runner: ExploreRunner, never: [String], lines: [[String: [Int: Int]]]) {
        if !never.isEmpty {
            print("Never enabled: \(never.joined(separator: ", "))")
        }
        guard coverage else { return }
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let modules = ScenarioDiscovery.routeScripts(in: runner.file.root, excluding: [runner.file.url.standardizedFileURL.path])
            .map { ScenarioDiscovery.display($0, in: folder) }
        _ = Run.write(CoverageReport(lines: lines, modules: modules, folder: folder), threshold: nil, in: folder, toStandardError: false)
    }

    // MARK: Shrinking and reporting

    /// The failure, shrunk: fewer actions, then simpler arguments, while it fails the same
    /// way (`ExploreFailure.isSame`).
    private func shrink(_ steps: [ExploreStep], start: Int, failure: ExploreFailure, runner: ExploreRunner) throws -> [ExploreStep] {
        var best = steps
        var checks = 0
        func fails(_ candidate: [ExploreStep]) throws -> [ExploreStep]? {
            checks += 1
            let replay = try watchdog.watch("shrinking", seconds: runner.secondsPerCall) { try runner.run(candidate, start: start) }
            guard !replay.skipped, let again = replay.failure, again.isSame(as: failure) else { return nil }
            return Array(candidate.prefix(replay.index))
        }
        if let cut = try fails(best) { best = cut }
        var changed = true
        while changed && checks < 2_000 {
            changed = false
            var size = max(best.count / 2, 1)
            while size >= 1 && checks < 2_000 {
                var position = 0
                while position < best.count && checks < 2_000 {
                    var candidate = best
                    candidate.removeSubrange(position..<min(position + size, best.count))
                    if let shorter = try fails(candidate), shorter.count < best.count {
                        best = shorter
                        changed = true
                    } else {
                        position += size
                    }
                }
                size /= 2
            }
            // A simpler argument may fail sooner and cut the steps short: go by the current count.
            var index = 0
            while index < best.count && checks < 2_000 {
                for arguments in try watchdog.watch("shrinking", seconds: runner.secondsPerCall, { try runner.simpler(best[index]) }) {
                    var candidate = best
                    candidate[index] = ExploreStep(action: best[index].action, arguments: arguments)
                    if let simpler = try fails(candidate), simpler.count <= best.count {
                        best = simpler
                        changed = true
                        break
                    }
                }
                index += 1
            }
            // Steps that repeat one action with equal arguments are simplified together, as
            // Hypothesis shrinks duplicated values together: `open chat(2)` twice fails as
            // `open chat(1)` twice, which one step at a time never reaches.
            let repeatedSteps = Dictionary(grouping: best, by: { $0 }).filter { $0.value.count > 1 }.keys
            for repeated in repeatedSteps.sorted(by: { $0.description < $1.description }) where checks < 2_000 {
                for arguments in try watchdog.watch("shrinking", seconds: runner.secondsPerCall, { try runner.simpler(repeated) }) {
                    let candidate = best.map { $0 == repeated ? ExploreStep(action: $0.action, arguments: arguments) : $0 }
                    if let simpler = try fails(candidate), simpler.count <= best.count {
                        best = simpler
                        changed = true
                        break
                    }
                }
            }
        }
        return best
    }

    private func report(_ found: (steps: [ExploreStep], start: Int, failure: ExploreFailure, origin: String), runner: ExploreRunner,
                        model: ScenarioFile, workingDirectory: URL) throws {
        let shrunk = try shrink(found.steps, start: found.start, failure: found.failure, runner: runner)
        let replay = try watchdog.watch("the replay", seconds: runner.secondsPerCall) { try runner.run(shrunk, start: found.start, trees: true) }
        let failure = replay.failure ?? found.failure
        print("")
        print("✗ Invariant '\(failure.invariant)' broke (\(found.origin), \(found.steps.count) action\(found.steps.count == 1 ? "" : "s"), shrunk to \(shrunk.count)):")
        if found.start > 1 { print("  from start \(found.start)") }
        if shrunk.isEmpty, let tree = replay.startTree {
            print("  at the start:")
            print(tree.split(separator: "\n").map { "       " + $0 }.joined(separator: "\n"))
        }
        for (index, step) in shrunk.enumerated() {
            print("  \(index + 1). \(step.description)")
            if index < replay.trees.count {
                print(replay.trees[index].split(separator: "\n").map { "       " + $0 }.joined(separator: "\n"))
            }
        }
        print("  " + failure.message.replacingOccurrences(of: "\n", with: "\n  "))
        guard let saveFailures else { return }
        let folder = URL(fileURLWithPath: saveFailures, relativeTo: workingDirectory)
        let slug = String(failure.invariant.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }).split(separator: "_").joined(separator: "_")
        let requireLine = "local model = require \"\(runner.moduleName)\"\n"
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            FileHandle.standardError.write(Data("navscript: cannot save the failure: \(saveFailures) is a file, not a folder\n".utf8))
            throw ExitCode(2)
        }
        // The same failure of the same model is saved over its last one; a file another model
        // saved under the same name is kept, and this one gets a number.
        var target = folder.appendingPathComponent("explore_\(slug.prefix(48))_spec.lua")
        var number = 1
        while let existing = try? String(contentsOf: target, encoding: .utf8), !existing.contains(requireLine) {
            number += 1
            target = folder.appendingPathComponent("explore_\(slug.prefix(48))_\(number)_spec.lua")
        }
        // A scenario saved where `navscript run` would not find the model's root by itself (a
        // `scenarios` folder of the root would be) names the root, so that it loads there
        // (compared once the folder exists, so that links such as /tmp on macOS resolve).
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var text = ""
        let modelRoot = model.root.resolvingSymlinksInPath(), savedIn = folder.resolvingSymlinksInPath()
        if ScenarioDiscovery.suiteRoot(of: target.resolvingSymlinksInPath())?.resolvingSymlinksInPath().path != modelRoot.path {
            text += ScenarioDiscovery.rootDeclaration + ScenarioDiscovery.relativePath(of: modelRoot, from: savedIn) + "\n"
        }
        text += "-- Found by navscript explore \(model.displayPath) --seed \(seed)\(exhaustive ? " --exhaustive" : "") (\(found.origin)), shrunk.\n"
        text += "-- Invariant: \(failure.invariant)\n"
        text += requireLine + "\n"
        text += "scenario(\(ExploreStep.literal(.string("explore: " + failure.invariant))), function()\n"
        text += "  explore.replay(model, {\n"
        for step in shrunk {
            text += "    { " + ([ExploreStep.literal(.string(step.action))] + step.arguments.map(ExploreStep.literal)).joined(separator: ", ") + " },\n"
        }
        text += "  }, \(found.start))\nend)\n"
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try ScenarioFileWriter.write(text, to: target)
            print("Saved as \(ScenarioDiscovery.display(target, in: workingDirectory)) (navscript run it to reproduce).")
        } catch {
            let reason = (error as? ScenarioFileWriter.Failure)?.reason ?? (error as NSError).localizedDescription
            FileHandle.standardError.write(Data("navscript: cannot save the failure in \(saveFailures): \(reason)\n".utf8))
            throw ExitCode(2)
        }
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

/// A walk that could not finish (a broken limit), named.
struct ExploreWalkError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
