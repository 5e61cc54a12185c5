import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a watch does while a run goes on, on a thread of its own: reads keys (`q` quits at
/// once) and scans the watched scripts; a save stops the run, as Jest's watch does, and the
/// poll after it runs what the save affects with what the run left.
///
///     let monitor = WatchRunMonitor(terminal: terminal, interval: 0.02) { scanScripts() }
///     suite.stopRequested = { monitor.sawSave }
///     let results = suite.run(...)
///     let saved = monitor.end()
final class WatchRunMonitor: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var saved: Set<String> = []
    private let ended = DispatchSemaphore(value: 0)

    /// Starts watching: `scan` gives the paths saved since it was last called, and is called
    /// every `interval` seconds, or ten times what a scan takes when that is longer (a big
    /// tree), as the watch's own polling is.
    init(terminal: WatchTerminal?, interval: Double, scan: @escaping @Sendable () -> Set<String>) {
        Thread { [self] in
            var nextScan = Self.now + interval
            while lock.withLock({ running }) {
                if let terminal, terminal.isActive {
                    terminal.readDuringRun(within: 0.05)
                } else {
                    usleep(50_000)
                }
                guard Self.now >= nextScan else { continue }
                let start = Self.now
                let changes = scan()
                nextScan = Self.now + max(interval, 10 * (Self.now - start))
                if !changes.isEmpty { lock.withLock { saved.formUnion(changes) } }
            }
            ended.signal()
        }.start()
    }

    private static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Whether a save was seen since the run started.
    var sawSave: Bool { lock.withLock { !saved.isEmpty } }

    /// Stops watching, and gives the paths saved while the run went on.
    func end() -> Set<String> {
        lock.withLock { running = false }
        ended.wait()
        return lock.withLock { saved }
    }
}
