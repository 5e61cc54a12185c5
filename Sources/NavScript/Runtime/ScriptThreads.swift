import Foundation

/// Threads for running scripts off the main thread, each with a stack as large as a main
/// thread's.
///
/// Lua lets C calls nest 200 deep (`LUAI_MAXCCALLS`) before it raises "C stack overflow",
/// and a navigation that navigates again from a callback nests a level each time through Lua,
/// the bridge and ScreenKit: about 12 KiB a level in a debug build, so some 2.4 MiB at the
/// limit. Secondary threads have 512 KiB on macOS (Dispatch's, Swift concurrency's, Swift
/// Testing's), where such a script would crash the process instead of failing with Lua's
/// error; on Linux they have 8 MiB. So work that runs scripts on other threads (a suite run
/// in-process, explore's walks, `NavScenario` in `swift test`) runs on these.
///
///     let results = ScriptThreads.run { runner.run(scenario) }
///     let pool = ScriptThreads(count: 2)
///     pool.perform(iterations: files.count) { index in load(files[index]) }
public final class ScriptThreads: Sendable {
    /// The stack of each thread: a main thread's 8 MiB, and as much again for Swift's larger
    /// frames in debug builds.
    public static let stackSize = 16 << 20

    private let shared = Shared()

    /// Starts `count` threads (at least one), which wait for `perform` until this goes.
    public init(count: Int) {
        for _ in 0..<max(1, count) {
            let thread = Thread { [shared] in shared.serve() }
            thread.stackSize = Self.stackSize
            thread.start()
        }
    }

    deinit {
        shared.close()
    }

    /// Calls `body` with each of `0..<iterations` on the threads, and returns when all have
    /// returned, as `DispatchQueue.concurrentPerform` does.
    public func perform(iterations: Int, _ body: @escaping (Int) -> Void) {
        shared.perform(iterations: iterations, body)
    }

    /// Runs `body` on a thread of its own with a large stack, and gives what it returned.
    public static func run<T>(_ body: @escaping () -> T) -> T {
        run(until: .distantFuture, body)!
    }

    /// The same, waiting `seconds` at most: nil when `body` has not returned by then (stuck
    /// in a C function), and its thread is left to end on its own.
    public static func run<T>(within seconds: Double, _ body: @escaping () -> T) -> T? {
        run(until: .now() + seconds, body)
    }

    /// Runs `body` on a thread of its own with a large stack, as `Task.detached` runs it on
    /// one of Swift's (512 KiB on macOS), and gives what it returned.
    ///
    ///     let loaded = await ScriptThreads.detached { job.run() }
    public static func detached<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = stackSize
            thread.start()
        }
    }

    private static func run<T>(until deadline: DispatchTime, _ body: @escaping () -> T) -> T? {
        let box = ResultBox<T>(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = box.body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        guard done.wait(timeout: deadline) == .success else { return nil }
        return box.value!
    }

    /// The work the threads share; every access takes the lock.
    private final class Shared: @unchecked Sendable {
        private let lock = NSCondition()
        private var work: ((Int) -> Void)?
        private var next = 0, count = 0, running = 0
        private var closed = false

        func perform(iterations: Int, _ body: @escaping (Int) -> Void) {
            guard iterations > 0 else { return }
            lock.lock()
            work = body
            (next, count, running) = (0, iterations, 0)
            lock.broadcast()
            while next < count || running > 0 { lock.wait() }
            work = nil
            lock.unlock()
        }

        func serve() {
            lock.lock()
            while true {
                while !closed && (work == nil || next >= count) { lock.wait() }
                guard !closed, let work else { break }
                let index = next
                next += 1
                running += 1
                lock.unlock()
                work(index)
                lock.lock()
                running -= 1
                lock.broadcast()
            }
            lock.unlock()
        }

        func close() {
            lock.lock()
            closed = true
            lock.broadcast()
            lock.unlock()
        }
    }
}

/// A thread's body and what it returned, handed back to the thread that waits for it.
private final class ResultBox<T>: @unchecked Sendable {
    let body: () -> T
    var value: T?

    init(_ body: @escaping () -> T) {
        self.body = body
    }
}
