import CWorkerCopy
import Foundation
import LuaKit

/// Ctrl-C and SIGTERM while `navscript run` runs its workers: the first one stops the run
/// (no scenario starts, the running ones are stopped and count as not run), the reports
/// are written with what finished, and the run exits with 128 + the signal, as a shell
/// reports a process the signal ended; a second one ends the process at once. A CI job
/// cancelled or timed out keeps its reports. Outside a run (watch, --in-process) the
/// signals keep their default.
///
///     try RunInterrupt.catching(if: !options.inProcess) { try loadAndRun() }
///     if RunInterrupt.signal != 0 { ... }
enum RunInterrupt {
    nonisolated(unsafe) private static var isCatching = false

    /// The signal that stopped the run, or 0.
    static var signal: Int32 { isCatching ? worker_copy_interrupted() : 0 }

    /// The signal, as a message names it: "Ctrl-C (SIGINT)", "SIGTERM".
    static var name: String { signal == SIGINT ? "Ctrl-C (SIGINT)" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)" }

    /// Runs `body`, in which scripts run on this process's threads (explore's walks), so
    /// that a signal caught stops them where they are (`LuaState.isInterrupting`) instead
    /// of at their time limit; they run again once `body` returns. Checked every 50 ms.
    static func stoppingScripts<R>(_ body: () throws -> R) rethrows -> R {
        let queue = DispatchQueue(label: "navscript.interrupt")
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: .milliseconds(50))
        timer.setEventHandler {
            guard signal != 0 else { return }
            LuaState.isInterrupting = true
            timer.cancel()
        }
        timer.resume()
        defer {
            queue.sync { timer.cancel() }       // after a handler under way, if one is
            LuaState.isInterrupting = false
        }
        return try body()
    }

    /// Runs `body` with the signals caught when `on` (a run on worker processes: a run on
    /// threads of this process, `--in-process`, keeps their default).
    static func catching<R>(if on: Bool, _ body: () throws -> R) rethrows -> R {
        guard on else { return try body() }
        worker_copy_catch_interrupts()
        isCatching = true
        defer { worker_copy_release_interrupts() }
        return try body()
    }
}
