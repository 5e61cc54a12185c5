import Foundation
import LuaKit

/// A scenario as runs remember it: its file and full name.
public struct ScenarioID: Hashable, Codable, Sendable {
    /// The scenario file's path.
    public let file: String
    /// The scenario's full name (its `describe` blocks' and its own); empty for the whole file.
    public let name: String

    /// The scenario `name` of the file at `file`.
    public init(file: String, name: String) {
        self.file = file
        self.name = name
    }

    /// Every scenario of a file (one that did not load, for `--last-failed`).
    public static func wholeFile(_ path: String) -> ScenarioID {
        ScenarioID(file: path, name: "")
    }
}

/// Which scenarios of a suite run.
public struct ScenarioSelection: Sendable {
    /// A scenario runs if its full name contains one of these (all run when empty).
    public var filters: [String] = []
    /// A scenario runs if it has one of these tags (all run when empty).
    public var tags: [String] = []
    /// A scenario with one of these tags does not run.
    public var excludedTags: [String] = []
    /// Only the scenarios at these lines of these files (`file.lua:12`).
    public var lines: [String: Set<Int>] = [:]   // by real path
    /// Shard `index` of `count` (1-based): every `count`-th scenario of the sorted suite.
    public var shard: (index: Int, count: Int)?
    /// Only these scenarios, by file path and full name (`--last-failed`), when set.
    public var only: Set<ScenarioID>?

    /// A selection that admits every scenario.
    public init() {}

    /// The scenarios of `listed` this selection admits, in order, as (file position, scenario).
    public func select(from listed: [(file: ScenarioFile, scenarios: [ScenarioInfo])]) -> [(file: Int, scenario: ScenarioInfo)] {
        var chosen: [(Int, ScenarioInfo)] = []
        for (position, entry) in listed.enumerated() {
            // Scenarios named by a line or by name (--last-failed) are asked for by name; lines
            // are known by the file's real path, whichever way it was named.
            let fileLines = lines.isEmpty ? nil : lines[ScriptFile.real(entry.file.url).path]
            let named = fileLines != nil || only != nil
            let atLines = fileLines.map { Self.scenarios(at: $0, of: entry.scenarios) }
            for (index, scenario) in entry.scenarios.enumerated() where atLines?.contains(index) ?? true && admits(scenario, in: entry.file) {
                chosen.append((position, named ? scenario.named : scenario))
            }
        }
        if let shard {
            // Dealt from the suite sorted by file path, then by place in the file, so that
            // shards given their paths in other orders (a `find`, a list of changed files)
            // still split one suite; the chosen ones run in the order given.
            let sorted = chosen.indices.sorted { a, b in
                let (pathA, pathB) = (listed[chosen[a].0].file.url.path, listed[chosen[b].0].file.url.path)
                return pathA != pathB ? pathA < pathB : a < b
            }
            let dealt = Set(sorted.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element))
            chosen = chosen.indices.filter(dealt.contains).map { chosen[$0] }
        }
        return chosen
    }

    /// The scenarios (by position) that `file:LINE` names, as RSpec reads a line: those
    /// defined at it; else those whose body holds it; else every one of the innermost
    /// `describe` block that holds it.
    public static func scenarios(at lines: Set<Int>, of scenarios: [ScenarioInfo]) -> Set<Int> {
        var chosen = Set<Int>()
        for line in lines {
            let defined = scenarios.indices.filter { scenarios[$0].line == line }
            let inBody = scenarios.indices.filter { scenarios[$0].span?.contains(line) == true }
            let innermost = scenarios.flatMap { $0.blocks ?? [] }.filter { $0.contains(line) }.min { $0.count < $1.count }
            let inBlock = innermost.map { block in scenarios.indices.filter { scenarios[$0].blocks?.contains(block) == true } } ?? []
            chosen.formUnion(!defined.isEmpty ? defined : !inBody.isEmpty ? inBody : inBlock)
        }
        return chosen
    }

    /// Whether `scenario` passes the selection's other rules (lines are `scenarios(at:of:)`'s).
    func admits(_ scenario: ScenarioInfo, in file: ScenarioFile) -> Bool {
        if let only, !only.contains(ScenarioID(file: file.url.path, name: scenario.name)),
           !only.contains(ScenarioID.wholeFile(file.url.path)) {
            return false
        }
        // An empty text is in every name (Foundation's contains says it is in none).
        if !filters.isEmpty && !filters.contains(where: { $0.isEmpty || scenario.name.contains($0) }) {
            return false
        }
        if !tags.isEmpty && !scenario.tags.contains(where: tags.contains) {
            return false
        }
        return !scenario.tags.contains(where: excludedTags.contains)
    }
}

/// The results of one file.
public struct ScenarioFileResult: Sendable {
    /// The scenario file.
    public let file: ScenarioFile
    /// In the file's definition order (of the scenarios that ran).
    public let results: [ScenarioResult]
    /// How many scenarios the file has: when as many ran, its obsolete snapshots are known.
    public let scenarioCount: Int
    /// How many snapshots the run wrote new (0 when the snapshot file could not be written).
    public let snapshotsWritten: Int
    /// How many stored snapshots the run rewrote (0 when the snapshot file could not be written).
    public let snapshotsUpdated: Int
    /// Stored snapshots no scenario used, known after a full run of the file.
    public let obsoleteSnapshots: [String]
    /// The obsolete snapshots an update removed.
    public let removedSnapshots: [String]
    /// The snapshot file's entries, and those the scenarios that ran used (or kept, having
    /// failed): what merging the shards of a run needs to find the obsolete ones.
    public let storedSnapshots: [String]
    /// The snapshot entries the scenarios that ran used, or kept by failing or being skipped.
    public let usedSnapshots: [String]
    /// The snapshot file's path, as messages name files (`scenarios/chat.lua.snap`).
    public let snapshotFile: String
    /// Why the snapshot file could not be written, if it could not.
    public let writeError: String?
    /// Scenarios selected in the file that did not run: the run stopped first (`--fail-fast`,
    /// Ctrl-C).
    public var notRun = 0

    /// The results of a run of the file, in definition order; saves its snapshot file (a
    /// failure to is `writeError`) and finds the obsolete snapshots after a full run.
    public init(file: ScenarioFile, results: [ScenarioResult], snapshots: ScenarioSnapshots, scenarioCount: Int) {
        self.file = file
        let results = snapshots.failingClashes(results.sorted { $0.scenario.index < $1.scenario.index })
        self.results = results
        self.scenarioCount = scenarioCount
        let fullRun = results.count == scenarioCount
        snapshots.keep(scenarios: Set(results.filter { $0.status != .passed }.map(\.scenario.name)))
        (storedSnapshots, usedSnapshots) = snapshots.names
        let obsolete = fullRun ? snapshots.obsolete : []
        do {
            try snapshots.save(fullRun: fullRun, allPassed: fullRun && results.allSatisfy { $0.status == .passed })
            writeError = nil
        } catch {
            writeError = error.description
        }
        // Nothing was written when the file could not be.
        snapshotsWritten = writeError == nil ? snapshots.written : 0
        snapshotsUpdated = writeError == nil ? snapshots.updated : 0
        obsoleteSnapshots = snapshots.mode == .update ? [] : obsolete
        removedSnapshots = snapshots.mode == .update && writeError == nil ? obsolete : []
        snapshotFile = ScenarioDiscovery.display(snapshots.url)
    }

    /// Results read back from the reports of shards (`navscript merge-reports`): no snapshot
    /// file is touched. When the shards ran every scenario of the file between them, the
    /// stored snapshots none of them used are obsolete.
    public init(file: ScenarioFile, results: [ScenarioResult], scenarioCount: Int = 0, snapshotFile: String = "",
                storedSnapshots: [String] = [], usedSnapshots: [String] = []) {
        self.file = file
        self.results = results.sorted { $0.scenario.index < $1.scenario.index }
        self.scenarioCount = scenarioCount
        snapshotsWritten = 0
        snapshotsUpdated = 0
        self.storedSnapshots = storedSnapshots
        self.usedSnapshots = usedSnapshots
        let fullRun = scenarioCount > 0 && results.count == scenarioCount
        obsoleteSnapshots = fullRun ? ScenarioSnapshots.unused(storedSnapshots, used: Set(usedSnapshots)) : []
        removedSnapshots = []
        self.snapshotFile = snapshotFile
        writeError = nil
    }
}

/// A suite: the scenario files to run, listed, selected, then run on several threads.
/// Scenarios run one per state and in any order across threads; the results come back in
/// the suite's order.
public final class ScenarioSuite {
    /// The scenario files, in the order given.
    public let files: [ScenarioFile]
    /// The limits each scenario's state runs under.
    public let limits: LuaLimits
    /// The seed of `math.random` in every scenario's state, so that runs repeat.
    public let seed: Int
    /// What snapshot checks do with missing and differing snapshots.
    public let snapshotMode: ScenarioSnapshots.Mode
    /// Whether scenarios record their steps (for reports that draw them).
    public var recordsSteps = false
    /// Whether scenarios count the lines of route scripts that run.
    public var coverage = false
    /// What the snapshot messages say rewrites snapshots (a watch's `u` key).
    public var updateAdvice = ScenarioSnapshots.runUpdateAdvice

    /// The files that loaded, with their scenarios.
    public private(set) var listed: [(file: ScenarioFile, runner: ScenarioFileRunner, scenarios: [ScenarioInfo])] = []
    /// The files that did not load.
    public private(set) var loadErrors: [(file: ScenarioFile, error: Error)] = []

    /// A suite of `files`, not loaded yet (`load(jobs:)` lists their scenarios).
    ///
    ///     let suite = ScenarioSuite(files: try ScenarioDiscovery.files(for: ["app"], workingDirectory: cwd))
    ///     suite.load(jobs: 4)
    ///     let results = suite.run(suite.select(ScenarioSelection()), jobs: 4)
    public init(files: [ScenarioFile], limits: LuaLimits = LuaLimits(), seed: Int = 0, snapshotMode: ScenarioSnapshots.Mode = .normal) {
        self.files = files
        self.limits = limits
        self.seed = seed
        self.snapshotMode = snapshotMode
    }

    /// Loads every file and lists its scenarios, on `jobs` threads.
    public func load(jobs: Int = 1) {
        let loaded = LoadedFiles(count: files.count)
        let (files, limits, seed, snapshotMode, recordsSteps, coverage, advice) = (files, limits, seed, snapshotMode, recordsSteps, coverage, updateAdvice)
        // On threads with a main thread's stack (ScriptThreads), as every run of scripts.
        ScriptThreads(count: min(jobs, files.count)).perform(iterations: files.count) { position in
            let file = files[position]
            loaded.record(Result {
                var options = file.luaOptions(limits: limits, seed: seed)
                options.coverage = coverage
                let runner = try ScenarioFileRunner(file: file.url, displayPath: file.displayPath, options: options, snapshotMode: snapshotMode,
                                                    updateAdvice: advice)
                runner.recordsSteps = recordsSteps
                return (runner, try runner.list())
            }, at: position)
        }
        listed = []
        loadErrors = []
        for (file, result) in zip(files, loaded.results) {
            switch result {
            case let .success((runner, scenarios))?: listed.append((file, runner, scenarios))
            case let .failure(error)?: loadErrors.append((file, error))
            case nil: break
            }
        }
    }

    /// The scenarios `selection` admits, in suite order, as (file position, scenario).
    public func select(_ selection: ScenarioSelection) -> [(file: Int, scenario: ScenarioInfo)] {
        selection.select(from: listed.map { ($0.file, $0.scenarios) })
    }

    /// Runs `selected` on `jobs` threads, calling `fileDone` (serialized) as each file
    /// finishes. With `maxFailures`, no scenario starts once that many have failed (1:
    /// none after the first failure).
    public func run(_ selected: [(file: Int, scenario: ScenarioInfo)], jobs: Int, maxFailures: Int? = nil,
                    fileDone: ((ScenarioFileResult) -> Void)? = nil) -> [ScenarioFileResult] {
        let state = SuiteRunState(selected: selected, fileCount: listed.count, fileDone: fileDone)
        let runners = listed.map(\.runner)
        let totals = listed.map(\.scenarios.count)
        let files = listed.map(\.file)
        let workers = max(1, min(jobs, selected.count))
        let report = { @Sendable (done: (file: Int, results: [ScenarioResult]), notRun: Int) in
            var result = Self.fileResult(file: files[done.file], runner: runners[done.file], results: done.results, scenarioCount: totals[done.file])
            result.notRun = notRun
            state.report(result)
        }
        ScriptThreads(count: workers).perform(iterations: workers) { _ in
            while let (position, item) = state.next(maxFailures: maxFailures) {
                if let done = state.finish(position, runners[item.file].run(item.scenario)) {
                    report(done, 0)
                }
            }
        }
        // After a stop at --max-failures: what would not have run anyway is skipped, as a
        // whole run says; then the files that did not run to the end.
        state.skipPendingLeft()
        for left in state.unfinished() { report((left.file, left.results), left.notRun) }
        return state.reports.sorted { a, b in
            (files.firstIndex(of: a.file) ?? 0) < (files.firstIndex(of: b.file) ?? 0)
        }
    }

    private static func fileResult(file: ScenarioFile, runner: ScenarioFileRunner, results: [ScenarioResult], scenarioCount: Int) -> ScenarioFileResult {
        ScenarioFileResult(file: file, results: results, snapshots: runner.snapshots, scenarioCount: scenarioCount)
    }
}

/// What the files being loaded across threads gave.
private final class LoadedFiles: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var results: [Result<(ScenarioFileRunner, [ScenarioInfo]), Error>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func record(_ result: Result<(ScenarioFileRunner, [ScenarioInfo]), Error>, at position: Int) {
        lock.lock()
        defer { lock.unlock() }
        results[position] = result
    }
}

/// The shared bookkeeping of a run across threads; every access takes the lock.
private final class SuiteRunState: @unchecked Sendable {
    private let lock = NSLock()
    private let selected: [(file: Int, scenario: ScenarioInfo)]
    private var nextPosition = 0
    private var failures = 0
    private var remaining: [Int]
    private var collected: [[ScenarioResult]]
    /// The files whose every selected scenario ran, reported as they finished.
    private var reported = Set<Int>()
    private(set) var reports: [ScenarioFileResult] = []
    private let fileDone: ((ScenarioFileResult) -> Void)?

    init(selected: [(file: Int, scenario: ScenarioInfo)], fileCount: Int, fileDone: ((ScenarioFileResult) -> Void)?) {
        self.selected = selected
        self.fileDone = fileDone
        remaining = Array(repeating: 0, count: fileCount)
        collected = Array(repeating: [], count: fileCount)
        for item in selected {
            remaining[item.file] += 1
        }
    }

    func next(maxFailures: Int?) -> (Int, (file: Int, scenario: ScenarioInfo))? {
        lock.lock()
        defer { lock.unlock() }
        guard nextPosition < selected.count, failures < maxFailures ?? .max else { return nil }
        defer { nextPosition += 1 }
        return (nextPosition, selected[nextPosition])
    }

    /// Records a result; returns the file's results once its last scenario is in.
    func finish(_ position: Int, _ result: ScenarioResult) -> (file: Int, results: [ScenarioResult])? {
        lock.lock()
        defer { lock.unlock() }
        let file = selected[position].file
        collected[file].append(result)
        remaining[file] -= 1
        if result.status == .failed {
            failures += 1
        }
        guard remaining[file] == 0 else { return nil }
        reported.insert(file)
        return (file, collected[file])
    }

    /// After a stop, the scenarios not reached that would not have run anyway: skipped.
    func skipPendingLeft() {
        lock.lock()
        defer { lock.unlock() }
        for (file, scenario) in selected[nextPosition...] where scenario.isPending {
            collected[file].append(.skipped(scenario))
            remaining[file] -= 1
        }
    }

    /// Files some of whose scenarios ran but not all (a fail-fast stop), with what ran.
    func unfinished() -> [(file: Int, results: [ScenarioResult], notRun: Int)] {
        lock.lock()
        defer { lock.unlock() }
        return collected.indices.filter { !reported.contains($0) && !collected[$0].isEmpty }.map { ($0, collected[$0], remaining[$0]) }
    }

    func report(_ result: ScenarioFileResult) {
        lock.lock()
        defer { lock.unlock() }
        reports.append(result)
        fileDone?(result)
    }
}

extension ScenarioInfo {
    /// The scenario as a `file.lua:LINE` or `--last-failed` selects it: they name what is to
    /// run, so another scenario's `.only` does not leave it out (its own `.skip` or
    /// `pending` does).
    var named: ScenarioInfo {
        guard skipReason == "not focused" else { return self }
        var named = self
        named.isPending = false
        named.skipReason = nil
        return named
    }
}
