import Foundation

/// Ends this process when Lua work it runs on its own threads overruns its time limit by
/// more than a second. A script is stopped at its limit by the budget hook, but a C function
/// that never returns to Lua (a pattern search that backtracks for minutes) cannot be: `run`
/// kills the worker process that runs it, and `explore` and `draw`, which run scripts in this
/// process, end it with this message instead of hanging.
///
///     let result = try watchdog.watch("walk 3", seconds: 20) { try runner.walk(...) }
final class Watchdog: @unchecked Sendable {
    private let command: String
    private let lock = NSLock()
    /// Deadlines in the monotonic clock's nanoseconds (the wall clock can be set back or forth).
    private var running: [Int: (deadline: UInt64, what: String, seconds: Double)] = [:]
    private var next = 0
    private let timer: DispatchSourceTimer

    init(command: String) {
        self.command = command
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
        timer.setEventHandler { [weak self] in self?.check() }
        timer.resume()
    }

    deinit {
        timer.cancel()
    }

    /// Runs `body`, which must end within `seconds` (the limits of the Lua calls it makes,
    /// added up) and one more; no limit when `seconds` is 0.
    func watch<R>(_ what: String, seconds: Double, _ body: () throws -> R) rethrows -> R {
        guard seconds > 0 else { return try body() }
        lock.lock()
        next += 1
        let id = next
        running[id] = (DispatchTime.now().uptimeNanoseconds + UInt64((seconds + 1) * 1e9), what, seconds)
        lock.unlock()
        defer {
            lock.lock()
            running[id] = nil
            lock.unlock()
        }
        return try body()
    }

    private func check() {
        lock.lock()
        let now = DispatchTime.now().uptimeNanoseconds
        let overdue = running.values.filter { $0.deadline < now }.min { $0.deadline < $1.deadline }
        lock.unlock()
        guard let overdue else { return }
        fflush(nil)
        let message = "navscript \(command): \(overdue.what) has run for more than \(Format.limit(overdue.seconds + 1)) s, "
            + "past its time limits: a C function that does not return to Lua (a long pattern search?) "
            + "cannot be stopped, so \(command) ends here\n"
        StandardStreams.error(message)
        _exit(2)
    }
}
