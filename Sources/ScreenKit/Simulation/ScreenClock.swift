/// Virtual time and the run loop of the simulation.
///
/// Animations, `wait(for:)` and deferred completions (UIKit's main-queue hops) are
/// scheduled here instead of on a real queue. Nothing ever sleeps: `advance(by:)` moves
/// time forward and runs what falls due, in order of time and then of scheduling, so every
/// run of a scenario is the same.
///
///     app.clock.advance(by: 0.25)      -- Lua: app:advance(0.25)
///     app.clock.settle()               -- Lua: app:settle()
///
/// Time counts whole microseconds, so that durations add up as decimals do: three pushes of
/// 0.35 s end at 1.05, not at 1.0499999999999998, and `advance(by: 3.5)` finishes ten
/// separated pushes (a sum of doubles ended them at 3.5000000000000004).
public final class ScreenClock {
    // The fields every step reads or writes skip Swift's run-time exclusivity checks
    // (`@exclusivity(unchecked)`; 7 % of a route built and performed from Lua): no access
    // to one spans a call out of this type.
    /// Virtual microseconds since the simulation started.
    @exclusivity(unchecked) private var ticks: Int64 = 0

    /// Virtual seconds since the simulation started.
    public var now: Double { Self.seconds(ticks) }

    @exclusivity(unchecked) private var queue = ScreenClockQueue()
    @exclusivity(unchecked) private var sequence = 0
    @exclusivity(unchecked) private var steps = ScreenSteps()

    /// A clock at time 0 with nothing scheduled.
    public init() {}

    /// Whether anything is scheduled.
    public var isIdle: Bool { queue.isEmpty }

    /// When the next scheduled work falls due.
    public var nextDueTime: Double? { queue.first.map { Self.seconds($0.time) } }

    /// The longest span of virtual time, in seconds (about a thousand years): a longer
    /// delay counts as this, and a restored clock or a presentation's end lies within it.
    public static let longest: Double = 3.2e10

    /// The last time the clock shows (whole microseconds in 64 bits, about 292,000 years):
    /// delays of `longest` at most add up to it, and a restored clock lies within it.
    public static let end: Double = seconds(.max)

    /// Sets the time of a clock nothing was scheduled on yet (a restored app's).
    func start(at seconds: Double) {
        ticks = Self.ticks(at: seconds)
    }

    /// A time in whole microseconds, within the clock's span.
    static func ticks(at seconds: Double) -> Int64 {
        let micro = (seconds * 1_000_000).rounded()
        return micro < 0x1p63 ? Int64(max(micro, 0)) : .max
    }

    /// The time `seconds` after `time` as the clock will show it, in whole microseconds: an
    /// animation's end, which the next one on its container starts from, so that ends add up
    /// as the clock does (0.5 after 3.56 is 4.06, not 4.0600000000000005).
    static func time(_ seconds: Double, after time: Double) -> Double {
        Self.seconds(ticks(seconds, after: ticks(at: time)))
    }

    /// `seconds` after `ticks`, in whole microseconds: a negative or non-finite delay counts
    /// as 0 and one over `longest` as `longest` (callers validate what users give), and the
    /// sum stops at the end of time instead of overflowing.
    static func ticks(_ seconds: Double, after ticks: Int64, longest: Double = longest) -> Int64 {
        guard seconds.isFinite, seconds > 0 else { return ticks }
        let micro = (min(seconds, longest) * 1_000_000).rounded()
        guard micro < 0x1p63 else { return .max }
        let (sum, overflow) = ticks.addingReportingOverflow(Int64(micro))
        return overflow ? .max : sum
    }

    /// The seconds left before the end of time (`end`): as far as `advance(by:)` goes.
    public var secondsLeft: Double { Self.seconds(.max - ticks) }

    static func seconds(_ ticks: Int64) -> Double {
        Double(ticks) / 1_000_000
    }

    /// Schedules `work` to run `delay` virtual seconds from now (0: on the next turn of the
    /// run loop, after what is already due). A negative or non-finite delay counts as 0;
    /// callers validate what users give.
    public func schedule(after delay: Double = 0, _ work: @escaping () -> Void) {
        sequence += 1
        queue.insert(ScreenClockTask(time: Self.ticks(delay, after: ticks), sequence: sequence, work: work))
    }

    /// Moves time forward by `seconds`, running everything that falls due on the way; the
    /// clock stops at its end (`secondsLeft`).
    public func advance(by seconds: Double) {
        let end = Self.ticks(seconds, after: ticks, longest: .infinity)
        while let task = queue.first, task.time <= end {
            runNext()
        }
        ticks = end
    }

    /// Runs scheduled work, moving time forward as needed, until nothing is left. Returns
    /// false if `limit` tasks ran and work was still scheduled (a script that reschedules
    /// itself forever), leaving the rest scheduled.
    @discardableResult
    public func settle(limit: Int = 1_000_000) -> Bool {
        run(until: { false }, limit: limit)
        return isIdle
    }

    /// Runs scheduled work until `condition` holds or nothing is left; returns whether the
    /// condition holds. At most `limit` tasks run.
    @discardableResult
    public func run(until condition: () -> Bool, limit: Int = 1_000_000) -> Bool {
        var ran = 0
        while !condition() {
            guard !queue.isEmpty, ran < limit else {
                return condition()
            }
            runNext()
            ran += 1
        }
        return true
    }

    private func runNext() {
        guard let task = queue.removeFirst() else {
            return
        }
        ticks = max(ticks, task.time)
        enter(task.work)
    }

    /// Forgets everything scheduled: what an application does when it goes away, so that
    /// work still in flight (which holds its containers) is freed with it.
    public func cancelAll() {
        queue = ScreenClockQueue()
    }

    // MARK: Steps

    /// Runs `work` as a step of the run loop: after the step running now, in the same
    /// entry (see `ScreenNavigator.perform`); at once in an entry of its own when none runs.
    public func step(_ work: @escaping () -> Void) {
        if !steps.queue(work) {
            enter(work)
        }
    }

    /// Runs `work` and every step it queues before returning, as Nivelir's direct call of
    /// a completion does: a custom action's `done()` runs the rest of its route before it
    /// returns. Past `directDepth` entries within one another it is queued as a step, so
    /// that a route of actions that complete at once keeps a bounded call stack.
    public func complete(_ work: @escaping () -> Void) {
        if steps.depth < Self.directDepth {
            enter(work)
        } else {
            step(work)
        }
    }

    /// Entries within one another up to which a completion runs at once (`complete`).
    static let directDepth = 16

    /// Runs `body`, an entry from outside (a navigation started, a task due), and every
    /// step it queues, one at a time, before returning.
    public func enter(_ body: () -> Void) {
        steps.open()
        body()
        while let step = steps.next() {
            step()
        }
    }
}

struct ScreenClockTask {
    /// Microseconds.
    let time: Int64
    let sequence: Int
    let work: () -> Void

    func precedes(_ other: ScreenClockTask) -> Bool {
        time != other.time ? time < other.time : sequence < other.sequence
    }
}

/// A binary min-heap of tasks ordered by time, then by scheduling order.
struct ScreenClockQueue {
    private var heap: [ScreenClockTask] = []

    var isEmpty: Bool { heap.isEmpty }
    var first: ScreenClockTask? { heap.first }

    mutating func insert(_ task: ScreenClockTask) {
        heap.append(task)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() -> ScreenClockTask? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let task = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
            if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return task
    }
}
