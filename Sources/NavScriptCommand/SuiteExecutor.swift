import Foundation
import NavScript

/// What loads a suite's files and runs their scenarios: worker processes (`WorkerSuite`,
/// the default), or threads of this process (`InProcessSuite`, `--in-process`).
protocol SuiteExecutor: AnyObject {
    /// The files that loaded, with their scenarios, in the order of the files given.
    var listed: [(file: ScenarioFile, scenarios: [ScenarioInfo])] { get }
    /// The files that did not load.
    var loadErrors: [(file: ScenarioFile, error: Error)] { get }
    /// Files an interrupt (Ctrl-C, SIGTERM) stopped while they loaded.
    var notLoaded: Int { get }

    func load()

    /// Runs `selected` (positions in `listed`), calling `fileDone` as each file finishes.
    /// With `maxFailures`, no scenario starts once that many have failed.
    func run(_ selected: [(file: Int, scenario: ScenarioInfo)], maxFailures: Int?,
             fileDone: @escaping (ScenarioFileResult) -> Void) -> [ScenarioFileResult]

    /// The script files below the root that `file` required, as far as runs have seen.
    func dependencies(of file: ScenarioFile) -> Set<String>

    /// Whether a worker died running one of `file`'s scenarios: what that scenario required
    /// is not among `dependencies(of:)`.
    func lostModules(of file: ScenarioFile) -> Bool

    /// Asked while scenarios run: true stops the run (no scenario starts, the running ones
    /// are stopped and not run). Threads of this process cannot stop a scenario, so an
    /// in-process run asks nothing.
    var stopRequested: (@Sendable () -> Bool)? { get set }
}

extension SuiteExecutor {
    /// The scenarios `selection` admits, in suite order.
    func select(_ selection: ScenarioSelection) -> [(file: Int, scenario: ScenarioInfo)] {
        selection.select(from: listed)
    }
}

/// Runs scenarios on threads of the navscript process itself: for debugging, and for hosts
/// that embed the runner. A scenario stuck in a C function or crashing takes the run with it.
final class InProcessSuite: SuiteExecutor {
    let suite: ScenarioSuite
    let jobs: Int

    init(files: [ScenarioFile], settings: SuiteSettings) {
        suite = ScenarioSuite(files: files, limits: settings.limits, seed: settings.seed, snapshotMode: settings.snapshotMode)
        suite.recordsSteps = settings.recordsSteps
        suite.coverage = settings.coverage
        suite.updateAdvice = settings.updateAdvice
        jobs = settings.jobs
    }

    var listed: [(file: ScenarioFile, scenarios: [ScenarioInfo])] { suite.listed.map { ($0.file, $0.scenarios) } }
    var loadErrors: [(file: ScenarioFile, error: Error)] { suite.loadErrors }
    var notLoaded: Int { 0 }   // on threads the signals keep their default

    func load() {
        suite.load(jobs: jobs)
    }

    func run(_ selected: [(file: Int, scenario: ScenarioInfo)], maxFailures: Int?,
             fileDone: @escaping (ScenarioFileResult) -> Void) -> [ScenarioFileResult] {
        suite.run(selected, jobs: jobs, maxFailures: maxFailures, fileDone: fileDone)
    }

    func dependencies(of file: ScenarioFile) -> Set<String> {
        Set(suite.listed.first { $0.file == file }?.runner.dependencies.map(\.path) ?? [])
    }

    /// No worker here: a scenario that hangs or crashes ends the process.
    func lostModules(of file: ScenarioFile) -> Bool { false }

    var stopRequested: (@Sendable () -> Bool)?
}
