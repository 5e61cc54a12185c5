import Foundation
import CWorkerCopy
import LuaKit
import NavScript
#if canImport(Glibc)
import Glibc
#endif

/// Scenarios of a file whose loading costs more than a copy of the worker's process: the
/// worker loads the file once (a `ScenarioTemplate`) and runs each scenario in a copy of
/// itself made with `fork`, which answers the runner and ends. Each scenario still starts
/// from the state of a fresh load of its file, and its cost no longer grows with the number
/// of scenarios in the file (re-loading a file of 5,000 scenarios for each of them made one
/// file cost 14 times as much as 50 files).
///
/// Each worker chooses per file, by measuring both ways: the first two scenarios of a file
/// run as usual (the first one cold; they also fill the Swift runtime's caches, types by name
/// and conformances, which copies would otherwise fill again each time); if loading the file
/// took over 1.5 times an empty copy (measured once per worker), the next two run in copies;
/// from then on, the way whose fastest scenario was faster. Linux only: on macOS a copy of a
/// process that used Foundation may not use it again, so every scenario there loads its
/// file. `NAVSCRIPT_WORKER_FORK=always` (every scenario, whatever the cost) or `never`
/// overrides the choice, for tests and measurements.
///
/// A copy that crashes ends the worker the same way (the runner reports the scenario with
/// the signal); the worker's memory watch covers the copy; a copy ends with its worker
/// (Linux's parent-death signal: the runner kills a worker, or anything else does), and in
/// any case by `alarm` at twice the time limit.
final class WorkerFork {
    enum Policy: String {
        case always, never, whenItPays
    }

    private let policy: Policy
    private let limits: LuaLimits
    /// The file loaded once, by path; nil for a file whose template failed to load.
    private var loaded: (path: String, template: ScenarioTemplate?)?
    /// What scenarios of each file cost, the fastest one each way, by path.
    private var costs: [String: Cost] = [:]
    private lazy var copySeconds = Self.measureCopy()

    struct Cost {
        var usual = Double.infinity, usualRuns = 0
        var copy = Double.infinity, copyRuns = 0
    }

    init(limits: LuaLimits, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.limits = limits
        #if os(Linux)
        policy = environment["NAVSCRIPT_WORKER_FORK"].flatMap(Policy.init) ?? .whenItPays
        #else
        policy = .never
        #endif
    }

    /// Notes what a scenario of `runner`'s file run as usual cost (a skipped one, nothing).
    func noteUsual(_ result: ScenarioResult, of runner: ScenarioFileRunner) {
        // Only `whenItPays` weighs the costs.
        guard policy == .whenItPays, result.status != .skipped else { return }
        var cost = costs[runner.file.path, default: Cost()]
        // The first one ran cold.
        if cost.usualRuns > 0 { cost.usual = min(cost.usual, result.duration) }
        cost.usualRuns += 1
        costs[runner.file.path] = cost
    }

    /// Runs `scenario` in a copy of the worker, which sends its replies on `channel`; false
    /// when it is to run as usual.
    func run(_ scenario: ScenarioInfo, of runner: ScenarioFileRunner, channel: WorkerChannel) -> Bool {
        guard !scenario.isPending, prefersCopy(of: runner), let template = template(of: runner) else { return false }
        #if os(Linux)
        let start = DispatchTime.now().uptimeNanoseconds
        let known = Set(runner.dependencies)
        let worker = getpid()
        let copy = fork()
        if copy < 0 { return false }
        if copy == 0 {
            if worker_copy_dies_with(worker) != 0 { _exit(0) }
            if limits.seconds > 0 {
                alarm(UInt32(min(limits.seconds * 2 + 5, 1_000_000)))
            }
            var reply = WorkerReply(event: .result, result: runner.run(scenario, from: template) {
                channel.send(WorkerReply(event: .afterHooks))
            })
            let required = runner.dependencies.filter { !known.contains($0) }
            reply.modules = required.isEmpty ? nil : required.map(\.path)
            channel.send(reply)
            _exit(0)
        }
        WorkerMemoryWatch.copy.store(copy, ordering: .relaxed)
        var status: Int32 = 0
        while waitpid(copy, &status, 0) < 0 && errno == EINTR {}
        WorkerMemoryWatch.copy.store(0, ordering: .relaxed)
        let signal = status & 0x7f, code = (status >> 8) & 0xff
        if signal != 0 {
            // The copy crashed: end the same way, so that the runner reports it with the
            // scenario, and the rest of the batch goes to another worker.
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
            _exit(128 + signal)
        }
        if code != 0 {
            _exit(code)
        }
        var cost = costs[runner.file.path, default: Cost()]
        cost.copy = min(cost.copy, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        cost.copyRuns += 1
        costs[runner.file.path] = cost
        return true
        #else
        return false
        #endif
    }

    private func prefersCopy(of runner: ScenarioFileRunner) -> Bool {
        switch policy {
        case .always: return true
        case .never: return false
        case .whenItPays:
            let cost = costs[runner.file.path, default: Cost()]
            guard cost.usualRuns >= 2 else { return false }
            if cost.copyRuns < 2 {
                guard let seconds = runner.preparationSeconds else { return false }
                return seconds > 0.0002 && seconds > 1.5 * copySeconds
            }
            return cost.copy < cost.usual
        }
    }

    private func template(of runner: ScenarioFileRunner) -> ScenarioTemplate? {
        if let loaded, loaded.path == runner.file.path {
            return loaded.template
        }
        loaded = nil     // the last file's state goes first
        loaded = (runner.file.path, try? runner.template())
        // What the fresh states before it freed goes back to the system: a copy then has
        // fewer pages to map.
        worker_copy_trim()
        return loaded?.template
    }

    /// The seconds an empty copy of this process takes to make and end: the least of three.
    private static func measureCopy() -> Double {
        #if os(Linux)
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            let copy = fork()
            if copy == 0 { _exit(0) }
            guard copy > 0 else { return .infinity }
            var status: Int32 = 0
            while waitpid(copy, &status, 0) < 0 && errno == EINTR {}
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
        #else
        return .infinity
        #endif
    }
}
