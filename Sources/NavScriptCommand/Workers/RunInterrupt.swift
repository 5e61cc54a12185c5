import CWorkerCopy

/// Ctrl-C and SIGTERM while `navscript run` runs its workers: the first one stops the run
/// (no scenario starts, the running ones are stopped and count as not run), the reports
/// are written with what finished, and the run exits with 128 + the signal, as a shell
/// reports a process the signal ended; a second one ends the process at once. A CI job
/// cancelled or timed out keeps its reports. Outside a run (watch, --in-process) the
/// signals keep their default.
///
///     let report = RunInterrupt.catching { session.runAll(reporters: reporters) }
///     if RunInterrupt.signal != 0 { ... }
enum RunInterrupt {
    nonisolated(unsafe) private static var isCatching = false

    /// The signal that stopped the run, or 0.
    static var signal: Int32 { isCatching ? worker_copy_interrupted() : 0 }

    static func catching<R>(_ body: () throws -> R) rethrows -> R {
        worker_copy_catch_interrupts()
        isCatching = true
        defer { worker_copy_release_interrupts() }
        return try body()
    }
}
