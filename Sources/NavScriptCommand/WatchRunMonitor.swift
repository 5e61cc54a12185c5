import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a watch does while a run goes on, on a thread of its own: reads keys (`q` quits at
/// once) and scans the watched scripts; a save that affects the run stops it, as Jest's
/// watch does, and the poll after it runs what the save affects with what the run left.
///
///     let monitor = WatchRunMonitor(terminal: terminal, interval: 0.02, scan: scanScripts, affects: isRunning)
///     suite.stopRequested = { monitor.stop() }
///     let results = suite.run(...)
///     let saved = monitor.end()     // and monitor.stopped
final class WatchRunMonitor: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var saved: Set<String> = []
    private var relevant = false, asked = false
    private let ended = DispatchSemaphore(value: 0)
    /// Signalled by `end()`, so that the thread stops at once, not at its next wake.
    private let wake = DispatchSemaphore(value: 0)
    /// Whether a saved path affects the run.
    let affects: @Sendable (String) -> Bool

    /// Starts watching: `scan` gives the paths saved since it was last called, and is called
    /// every `interval` seconds, or ten times what a scan takes when that is longer (a big
    /// tree), as the watch's own polling is.
    init(terminal: WatchTerminal?, interval: Double, scan: @escaping @Sendable () -> Set<String>,
         affects: @escaping @Sendable (String) -> Bool) {
        self.affects = affects
        Thread { [self] in
            var nextScan = Self.now + interval
            while lock.withLock({ running }) {
                // Every run waits for this thread to end: it waits at most 10 ms for a key
                // (a 50 ms wait added 25 ms to every run on average, 50 at worst), and
                // without a terminal until `end()` wakes it.
                if let terminal, terminal.isActive {
                    terminal.readDuringRun(within: 0.01)
                } else {
                    _ = wake.wait(timeout: .now() + 0.05)
                }
                guard Self.now >= nextScan else { continue }
                let start = Self.now
                let changes = scan()
                nextScan = Self.now + max(interval, 10 * (Self.now - start))
                if !changes.isEmpty {
                    let matters = changes.contains(where: affects)
                    lock.withLock {
                        saved.formUnion(changes)
                        relevant = relevant || matters
                    }
                }
            }
            ended.signal()
        }.start()
    }

    private static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Whether the run should stop (a save affected it), noting that it was told so.
    func stop() -> Bool {
        lock.withLock {
            asked = asked || relevant
            return relevant
        }
    }

    /// Whether the run was told to stop.
    var stopped: Bool { lock.withLock { asked } }

    /// Stops watching (once), and gives the paths saved while the run went on.
    func end() -> Set<String> {
        let first = lock.withLock { () -> Bool in
            defer { running = false }
            return running
        }
        if first {
            wake.signal()
            ended.wait()
        }
        return lock.withLock { saved }
    }
}
