import Foundation
import NavScript
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request for a worker: list a file (`scenarios` nil), or run some of its scenarios.
struct WorkerJob {
    /// The file's position in the list the pool was given.
    let file: Int
    let scenarios: [ScenarioInfo]?
    /// For a file required as a route module (`check`), its name.
    var module: String? = nil
}

/// The settings of a run that workers need.
struct SuiteSettings {
    let limits: LuaLimits
    let seed: Int
    let snapshotMode: ScenarioSnapshots.Mode
    let jobs: Int
    /// Whether scenarios record their steps (for the HTML report, the map and blobs).
    var recordsSteps = false
    /// Whether scenarios count the lines of route scripts that run (`--coverage`).
    var coverage = false
    /// What the snapshot messages say rewrites snapshots (a watch's `u` key).
    var updateAdvice = ScenarioSnapshots.runUpdateAdvice

    /// The seconds past a limit after which a scenario that has not returned is killed.
    var grace: Double { max(1, limits.seconds * 0.1) }

    /// Resident memory past which a worker stops itself: the scenario's own cap twice
    /// over (the host's copies of its data, the collector's slack) and room for the
    /// runtime itself; three times that in a build with AddressSanitizer, whose shadow
    /// memory and quarantine hold on to more.
    var residentLimit: Int { (2 * (limits.memory >> 20) + 256) * (Self.isSanitized ? 3 : 1) }

    static let isSanitized: Bool = {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)   // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil             // RTLD_DEFAULT
        #endif
        return dlsym(everywhere, "__asan_init") != nil
    }()

    var workerArguments: [String] {
        let mode = snapshotMode == .update ? "update" : snapshotMode == .ci ? "ci" : "normal"
        return ["--timeout", "\(limits.seconds)", "--memory-limit", "\(limits.memory >> 20)",
                "--instruction-limit", "\(limits.instructions)", "--seed=\(seed)",
                "--snapshot-mode", mode, "--rss-limit", "\(residentLimit)", "--update-advice", updateAdvice] + (recordsSteps ? ["--record-steps"] : []) + (coverage ? ["--coverage"] : [])
    }
}

/// Hands jobs to up to `settings.jobs` worker processes and watches them. `handle` gets
/// every reply (returning true stops the run: --max-failures); `failed` gets a job's scenario
/// that its worker took down (nil for a list job) with the message that says how and the
/// seconds it ran, and returns true to stop the run too. The rest of a batch whose worker
/// died goes to another.
final class WorkerPool {
    let settings: SuiteSettings
    private let events = WorkerEvents()
    private var workers: [Int: WorkerState] = [:]
    private var nextID = 0

    /// A class, so that what a worker's scenario prints is added in place (through the
    /// dictionary, a struct's output was copied for every print: quadratic in prints).
    private final class WorkerState {
        let process: WorkerProcess
        var job: WorkerJob?
        /// Results received for the job so far: the next of its scenarios is running,
        /// since `started`.
        var finished = 0
        var started = WorkerPool.uptime
        var deadline = Date.distantFuture
        var closed = false
        var ending: WorkerEnding?
        /// What the running scenario printed so far, kept for the failure if the worker dies
        /// before its result comes (a result carries its own output).
        var printed = ScenarioOutput()
        /// The hierarchies its answers carried.
        let hierarchies = CompactHierarchies()

        init(process: WorkerProcess) { self.process = process }
    }

    /// Asked while jobs run: true stops the run as an interrupt does, without one (a watch
    /// that saw a save). Looked at every 50 ms when set.
    var stopRequested: (@Sendable () -> Bool)?

    init(settings: SuiteSettings) {
        self.settings = settings
    }

    /// Seconds of the monotonic clock that scenario results carry too.
    static var uptime: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// How long a worker may go without a word before it is killed.
    private var patience: Double { settings.limits.seconds + settings.grace }

    func execute(_ jobs: [WorkerJob], files: [ScenarioFile],
                 handle: (WorkerJob, WorkerReply) -> Bool,
                 failed: (WorkerJob, ScenarioInfo?, String, (started: Double, seconds: Double), _ printed: String) -> Bool) {
        var queue = jobs
        var next = 0
        var stopped = false
        let decoder = JSONDecoder()
        while true {
            // Interrupted (Ctrl-C, SIGTERM: `RunInterrupt`): nothing more starts,
            // and what runs stops; the results so far make the reports.
            if (RunInterrupt.signal != 0 || stopRequested?() == true) && !stopped {
                stopped = true
                stopAll()
            }
            // Work for idle workers, starting new ones up to the number of jobs.
            while !stopped, next < queue.count {
                let job = queue[next]
                let id: Int
                do {
                    guard let idle = try idleWorker() else { break }
                    id = idle
                } catch {
                    next += 1
                    stopped = failed(job, job.scenarios?.first, "cannot start a worker process: \(error)", (Self.uptime, 0), "") || stopped
                    continue
                }
                next += 1
                workers[id]?.job = job
                workers[id]?.finished = 0
                workers[id]?.started = Self.uptime
                workers[id]?.deadline = Date().addingTimeInterval(patience)
                workers[id]?.process.send(WorkerRequest(operation: job.module != nil ? .require : job.scenarios == nil ? .list : .run,
                                                        file: files[job.file], scenarios: job.scenarios ?? [], module: job.module))
            }
            if workers.values.allSatisfy({ $0.job == nil }) && (next == queue.count || stopped) {
                return
            }
            let deadline = workers.values.map(\.deadline).min() ?? .distantFuture
            for event in events.take(until: min(deadline, Date().addingTimeInterval(stopRequested == nil ? 1 : 0.05))) {
                switch event {
                case let .line(id, line):
                    guard let state = workers[id], let job = state.job, var reply = WorkerReply.parse(line[...].utf8, decoder, state.hierarchies) else {
                        continue
                    }
                    if reply.event == .result, reply.result == nil, let scenarios = job.scenarios, let finished = workers[id]?.finished,
                       finished < scenarios.count {
                        reply.result = ScenarioResult(scenario: scenarios[finished], status: reply.message == nil ? .passed : .failed,
                                                      message: reply.message, traceback: nil, isExpectationFailure: false, output: "",
                                                      expectations: reply.expectations ?? 0, duration: reply.duration ?? 0)
                        reply.result?.started = reply.started ?? 0
                    }
                    record(reply, of: id)
                    if handle(job, reply) && !stopped {
                        stopped = true
                        stopAll()
                    }
                case let .closed(id):
                    workers[id]?.closed = true
                    stopped = bury(id, requeue: &queue, at: next, failed: failed) || stopped
                case let .exited(id, ending):
                    workers[id]?.ending = ending
                    stopped = bury(id, requeue: &queue, at: next, failed: failed) || stopped
                }
            }
            let now = Date()
            for state in workers.values where state.job != nil && state.deadline < now {
                state.process.kill(because: .time)
            }
        }
    }

    /// Notes what a reply says of the worker's progress, and renews its deadline.
    private func record(_ reply: WorkerReply, of id: Int) {
        switch reply.event {
        case .printed:
            // Not a sign of progress: a scenario that prints for ever is still stuck. Kept as
            // its result's output is (`ScenarioOutput`), for a worker that dies before it.
            workers[id]?.printed.append(reply.message ?? "")
        case .result:
            // The next scenario of the batch starts now.
            workers[id]?.printed = ScenarioOutput()
            workers[id]?.finished += 1
            workers[id]?.started = Self.uptime
            workers[id]?.deadline = Date().addingTimeInterval(patience)
        case .afterHooks:
            workers[id]?.deadline = Date().addingTimeInterval(patience)
        case .done:
            workers[id]?.job = nil
            workers[id]?.deadline = .distantFuture
        case .listed, .loadError:
            break
        }
    }

    /// Once a worker's output is closed and its exit seen: the scenario it was running
    /// fails with how it ended, and the rest of its batch goes back to the queue (to run
    /// next). Returns whether the run stops.
    private func bury(_ id: Int, requeue queue: inout [WorkerJob], at next: Int,
                      failed: (WorkerJob, ScenarioInfo?, String, (started: Double, seconds: Double), _ printed: String) -> Bool) -> Bool {
        guard let state = workers[id], state.closed, let ending = state.ending else { return false }
        workers[id] = nil
        // A worker stopped (--max-failures), or gone with an interrupt (Ctrl-C reaches the whole
        // process group), leaves its scenario not run rather than failed.
        guard let job = state.job, state.process.killedBecause != .stop, RunInterrupt.signal == 0 else { return false }
        let seconds = Self.uptime - state.started
        guard let scenarios = job.scenarios else {
            return failed(job, nil, "while it loaded, \(describe(state.process, ending, what: "its loading"))", (state.started, seconds), state.printed.text)
        }
        let how = describe(state.process, ending, what: "the scenario")
        guard state.finished < scenarios.count else { return false }
        let culprit = scenarios[state.finished]
        let rest = Array(scenarios[(state.finished + 1)...])
        if !rest.isEmpty {
            queue.insert(WorkerJob(file: job.file, scenarios: rest), at: next)
        }
        return failed(job, culprit, "\(culprit.location): \(how)", (state.started, seconds), state.printed.text)
    }

    /// Why a worker's scenario (or file's loading: `what`) did not return, in words that
    /// name the limit or the signal.
    private func describe(_ process: WorkerProcess, _ ending: WorkerEnding, what: String) -> String {
        if process.killedBecause == .time {
            return "time limit exceeded (\(Format.limit(settings.limits.seconds)) s): \(what) did not return, and its worker was killed "
                + "after \(Format.limit(patience)) s (a script stuck in a C function, such as a long string pattern search, cannot be stopped another way)"
        }
        if ending.status == WorkerExit.memoryLimit {
            return "memory limit exceeded: its worker grew past \(settings.residentLimit) MiB and was stopped (Swift's copies of the scenario's data count too)"
        }
        let errors = process.errorLines
        return "its worker crashed (\(ending.description))" + (errors.isEmpty ? "" : "\n" + errors.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
    }

    /// An idle worker, started if fewer than `settings.jobs` run; nil when all are busy.
    private func idleWorker() throws -> Int? {
        if let idle = workers.first(where: { $0.value.job == nil && !$0.value.closed && $0.value.ending == nil }) {
            return idle.key
        }
        guard workers.count < settings.jobs else { return nil }
        let id = nextID
        nextID += 1
        workers[id] = WorkerState(process: try WorkerProcess(id: id, arguments: settings.workerArguments, events: events))
        return id
    }

    /// Ends the workers once the suite is done: an idle one is told to finish (its input
    /// closes) and ends cleanly, so that its exit checks run (a sanitizer's leak check); a
    /// busy one (--max-failures), or one that does not end within a second, is killed. Each is
    /// waited for, and one that ended badly on its own is said on standard error.
    func endWorkers() {
        for state in workers.values {
            if state.job == nil { state.process.finish() } else { state.process.kill(because: .runOver) }
        }
        let patience = Date().addingTimeInterval(1)
        while !workers.isEmpty {
            if Date() > patience {
                workers.values.forEach { $0.process.kill(because: .runOver) }
            }
            for event in events.take(until: Date().addingTimeInterval(0.2)) {
                switch event {
                case let .closed(id): workers[id]?.closed = true
                case let .exited(id, ending): workers[id]?.ending = ending
                case .line: break
                }
            }
            for (id, state) in workers where state.closed && state.ending != nil {
                if let ending = state.ending, state.process.killedBecause == nil, ending.status != 0 {
                    let errors = state.process.errorLines
                    StandardStreams.error("navscript: a worker \(ending.description) at the end of the run\(errors.isEmpty ? "" : ":\n" + errors)\n")
                }
                workers[id] = nil
            }
        }
    }

    /// Fail-fast: stops every busy worker; what they were running is not reported.
    private func stopAll() {
        for state in workers.values where state.job != nil {
            state.process.kill(because: .stop)
        }
    }
}
