import Foundation

/// How far shrinking, or the search for fewer steps after it, may go: `limit` replays,
/// `seconds` of its own, and no Ctrl-C or SIGTERM. `stoppedBy` says which ended it
/// ("its 2,000 replays", "--time 60 s", "SIGINT"); progress goes to standard error every
/// two seconds.
struct ExploreBudget {
    private let limit: Int, limitName: String, seconds: Double, timeOption: String
    private let started = Date()
    private var reported = Date()
    /// The replays taken so far.
    private var used = 0
    private(set) var stoppedBy: String?

    init(limit: Int, named limitName: String, seconds: Double, timeOption: String) {
        (self.limit, self.limitName, self.seconds, self.timeOption) = (limit, limitName, seconds, timeOption)
    }

    /// Whether to try one more, saying `progress` of the replays taken when two seconds have
    /// gone since it last did.
    mutating func goesOn(_ progress: (_ used: Int) -> String) -> Bool {
        if used >= limit { stoppedBy = limitName; return false }
        if RunInterrupt.signal != 0 { stoppedBy = RunInterrupt.name; return false }
        let now = Date()
        if now.timeIntervalSince(started) > seconds { stoppedBy = timeOption; return false }
        if now.timeIntervalSince(reported) >= 2 {
            reported = now
            StandardStreams.error("explore: \(progress(used))\n")
        }
        return true
    }

    /// Counts one replay.
    mutating func spend() {
        used += 1
    }
}
