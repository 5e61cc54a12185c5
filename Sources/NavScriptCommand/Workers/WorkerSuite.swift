import Foundation
import NavScript

/// Runs a suite in worker processes, as Jest and Playwright do: N workers (`--jobs`), each
/// running one scenario at a time, so that a scenario that hangs where no limit can reach
/// (inside a C function: a string pattern search) or crashes its process is killed,
/// reported as a failure that names the limit or the signal with the scenario's
/// `file:line`, and its worker replaced; every other result is kept.
///
/// Files are loaded and listed in the workers too (a file's own code can hang), then the
/// selected scenarios go out in batches of one file's scenarios. A worker that dies takes
/// only its running scenario with it: the rest of its batch goes to another. A worker is
/// killed when its scenario has not returned `grace` seconds after its limit (`--timeout`
/// covers the scenario with its before_each hooks; its after_each hooks get another).
final class WorkerSuite: SuiteExecutor {
    let files: [ScenarioFile]
    let settings: SuiteSettings
    private(set) var listed: [(file: ScenarioFile, scenarios: [ScenarioInfo])] = []
    private(set) var loadErrors: [(file: ScenarioFile, error: Error)] = []
    private(set) var notLoaded = 0
    private var modules: [String: Set<String>] = [:]
    /// The files a worker died running a scenario of (`lostModules(of:)`).
    private var cutShort: Set<String> = []
    /// The workers, kept from loading to running (each knows the files it compiled), and
    /// ended with the suite.
    private let pool: WorkerPool

    /// Scenarios of one file sent to a worker at once.
    static let batchSize = 16

    init(files: [ScenarioFile], settings: SuiteSettings) {
        self.files = files
        self.settings = settings
        pool = WorkerPool(settings: settings)
    }

    deinit {
        pool.endWorkers()
    }

    func dependencies(of file: ScenarioFile) -> Set<String> {
        modules[file.url.path] ?? []
    }

    func lostModules(of file: ScenarioFile) -> Bool {
        cutShort.contains(file.url.path)
    }

    var stopRequested: (@Sendable () -> Bool)? {
        get { pool.stopRequested }
        set { pool.stopRequested = newValue }
    }

    func load() {
        var scenarios: [[ScenarioInfo]?] = Array(repeating: nil, count: files.count)
        var errors: [String?] = Array(repeating: nil, count: files.count)
        pool.execute(files.indices.map { WorkerJob(file: $0, scenarios: nil) }, files: files) { job, reply in
            switch reply.event {
            case .listed: scenarios[job.file] = reply.scenarios ?? []
            case .loadError: errors[job.file] = reply.message ?? "does not load"
            case .done: self.note(reply.modules, of: self.files[job.file])
            default: break
            }
            return false
        } failed: { job, _, message, _, _ in
            errors[job.file] = message
            return false
        }
        // A file still loading when Ctrl-C stopped the run did not fail: it was not loaded,
        // as the scenarios stopped then are not run (a worker ended by the interrupt reports
        // nothing; one that failed before it did, and that error stands).
        let interrupted = RunInterrupt.signal != 0
        for (index, file) in files.enumerated() {
            if let list = scenarios[index], errors[index] == nil {
                listed.append((file, list))
            } else if interrupted, scenarios[index] == nil, errors[index] == nil {
                notLoaded += 1
            } else {
                loadErrors.append((file, WorkerLoadError(message: errors[index] ?? "does not load")))
            }
        }
    }

    /// Requires each of `modules` (a file and its name as a route module) in a worker, as
    /// `check` does, telling `found` of each in their order (its error, nil for one that
    /// loads) as soon as it and those before it are done: what was found stays found if the
    /// command is stopped. A module stuck in C is killed with its worker, as a file that
    /// hangs while it loads is.
    func require(_ modules: [(file: ScenarioFile, name: String)], found: (Int, String?) -> Void) {
        var outcomes: [String??] = Array(repeating: nil, count: modules.count)
        var told = 0
        func settle(_ index: Int, _ error: String?) {
            guard outcomes[index] == nil else { return }
            outcomes[index] = .some(error)
            while told < outcomes.count, let outcome = outcomes[told] {
                found(told, outcome)
                told += 1
            }
        }
        pool.execute(modules.indices.map { WorkerJob(file: $0, scenarios: nil, module: modules[$0].name) }, files: modules.map(\.file)) { job, reply in
            switch reply.event {
            case .loadError: settle(job.file, reply.message ?? "does not load")
            case .listed: settle(job.file, nil)
            default: break
            }
            return false
        } failed: { job, _, message, _, _ in
            settle(job.file, message)
            return false
        }
    }

    func run(_ selected: [(file: Int, scenario: ScenarioInfo)], maxFailures: Int?,
             fileDone: @escaping (ScenarioFileResult) -> Void) -> [ScenarioFileResult] {
        var failures = 0
        var remaining = Array(repeating: 0, count: listed.count)
        var collected: [[ScenarioResult]] = Array(repeating: [], count: listed.count)
        let stores = listed.map { ScenarioSnapshots(scenarioFile: $0.file.url, mode: settings.snapshotMode) }
        var reports: [ScenarioFileResult] = []
        for item in selected {
            remaining[item.file] += 1
        }
        // Whether a result ends the run: it is the failure that reaches --max-failures.
        func finish(_ file: Int, _ result: ScenarioResult) -> Bool {
            if result.status == .failed { failures += 1 }
            result.snapshots.forEach(stores[file].apply)
            collected[file].append(result)
            remaining[file] -= 1
            if remaining[file] == 0 {
                report(file)
            }
            return failures >= maxFailures ?? .max
        }
        func report(_ file: Int) {
            var result = ScenarioFileResult(file: listed[file].file, results: collected[file], snapshots: stores[file],
                                            scenarioCount: listed[file].scenarios.count)
            result.notRun = remaining[file]
            reports.append(result)
            fileDone(result)
        }
        // With --max-failures, one scenario at a time, so that none starts after the last failure.
        pool.execute(Self.batches(of: selected, size: maxFailures == nil ? Self.batchSize : 1), files: listed.map(\.file)) { job, reply in
            switch reply.event {
            case .result:
                guard let result = reply.result else { return false }
                self.note(reply.modules, of: self.listed[job.file].file)
                return finish(job.file, result)
            case .done:
                self.note(reply.modules, of: self.listed[job.file].file)
            default:
                break
            }
            return false
        } failed: { job, scenario, message, time, printed in
            guard let scenario else { return false }
            self.cutShort.insert(self.listed[job.file].file.url.path)
            var result = ScenarioResult(scenario: scenario, status: .failed, message: message, traceback: nil,
                                        isExpectationFailure: false, output: printed, expectations: 0, duration: time.seconds)
            result.started = time.started
            return finish(job.file, result)
        }
        // After a stop at --max-failures: what would not have run anyway (pending, todo,
        // skipped, not focused) is skipped, as a whole run says, not "not run"; then the
        // files that did not run to the end.
        let ran = Set(collected.indices.flatMap { file in collected[file].map { [file, $0.scenario.index] } })
        var stopped = Set(remaining.indices.filter { remaining[$0] > 0 })
        for item in selected where item.scenario.isPending && stopped.contains(item.file) && !ran.contains([item.file, item.scenario.index]) {
            collected[item.file].append(.skipped(item.scenario))
            remaining[item.file] -= 1
        }
        stopped = stopped.filter { !collected[$0].isEmpty }
        for file in stopped.sorted() {
            report(file)
        }
        let order = Dictionary(uniqueKeysWithValues: listed.enumerated().map { ($1.file.url.path, $0) })
        return reports.sorted { order[$0.file.url.path] ?? 0 < order[$1.file.url.path] ?? 0 }
    }

    /// The selected scenarios in order, as runs of one file's scenarios, at most `size` long.
    static func batches(of selected: [(file: Int, scenario: ScenarioInfo)], size: Int) -> [WorkerJob] {
        var jobs: [WorkerJob] = []
        for item in selected {
            if let last = jobs.last, last.file == item.file, let scenarios = last.scenarios, scenarios.count < size {
                jobs[jobs.count - 1] = WorkerJob(file: item.file, scenarios: scenarios + [item.scenario])
            } else {
                jobs.append(WorkerJob(file: item.file, scenarios: [item.scenario]))
            }
        }
        return jobs
    }

    private func note(_ paths: [String]?, of file: ScenarioFile) {
        guard let paths else { return }   // a result sends them only from a copy of a worker
        modules[file.url.path, default: []].formUnion(paths)
    }
}

/// A load error a worker reported, in its words.
struct WorkerLoadError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
