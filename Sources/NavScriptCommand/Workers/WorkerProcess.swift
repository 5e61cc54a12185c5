import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One worker process as the runner sees it: its pipes, the threads that read them, and how
/// it ended. Everything it says arrives as events on the shared `WorkerEvents`.
final class WorkerProcess {
    let id: Int
    private let child: SpawnedProcess
    private let errorTail = WorkerTail()
    /// Why the runner killed a worker.
    enum KillReason {
        /// Its scenario did not return in time.
        case time
        /// Fail-fast stopped the run.
        case stop
        /// The run is over (it was idle).
        case runOver
    }

    /// Why the runner killed it, if it did.
    private(set) var killedBecause: KillReason?
    /// Whether it was reaped: its pid may be another process's from then on. Locked, as
    /// the thread that waits for it reaps it.
    private let state = WorkerReaped()

    init(id: Int, arguments: [String], events: WorkerEvents) throws {
        self.id = id
        // A crash ends the worker at once: Swift's backtracer would hold a crashed worker
        // for seconds, and the runner reports the crash itself.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        child = try SpawnedProcess.spawn(WorkerProcess.executablePath, arguments: ["worker"] + arguments, environment: environment)
        let (child, errorTail) = (child, errorTail)
        WorkerProcess.read(child.output) { events.post(.line(id, $0)) } closed: {
            events.post(.closed(id))
        }
        let state = state
        WorkerProcess.read(child.errors) { errorTail.append($0) } closed: {
            // Its outputs close when it ends: wait for it here, off the runner's thread.
            child.waitForEnd()
            events.post(.exited(id, state.reap(child)))
        }
    }

    private var inputClosed = false

    deinit {
        if !inputClosed { close(child.input) }
    }

    /// Sends a request; false when the worker is gone.
    @discardableResult
    func send(_ request: WorkerRequest) -> Bool {
        guard var data = try? JSONEncoder().encode(request) else { return false }
        data.append(0x0A)
        return data.withUnsafeBytes(child.writeInput)
    }

    /// Closes its input: an idle worker then ends on its own.
    func finish() {
        close(child.input)
        inputClosed = true
    }

    /// Stops it at once (SIGKILL: a scenario stuck in C code ignores anything gentler).
    /// Once it is reaped it is never signalled: its pid may be another's by then.
    func kill(because reason: KillReason) {
        killedBecause = killedBecause ?? reason
        state.signal(child, SIGKILL)
    }

    /// The first and last lines it wrote to standard error (a crash's message and stack).
    var errorLines: String { errorTail.text }

    /// This program, which is also the worker.
    static let executablePath: String = {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }()

    /// Reads lines from `descriptor` on a thread of its own until the end, then closes it.
    private static func read(_ descriptor: Int32, line: @escaping @Sendable (String) -> Void, closed: @escaping @Sendable () -> Void) {
        let thread = Thread {
            var buffer: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = systemRead(descriptor, &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                // Only the new bytes are searched: a line of megabytes (a big snapshot or
                // message) arrives in many chunks, and searching it again for each was quadratic.
                let searched = buffer.count
                buffer.append(contentsOf: chunk[..<count])
                // Lines are cut from the buffer in place; what follows the last newline stays.
                // memchr searches: a debug build's byte loop took most of a worker's prints.
                let consumed = buffer.withUnsafeBufferPointer { bytes in
                    guard let base = bytes.baseAddress else { return 0 }
                    var start = 0, from = searched
                    while from < bytes.count, let found = memchr(base + from, 0x0A, bytes.count - from) {
                        let newline = UnsafeRawPointer(base).distance(to: found)
                        line(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<newline]), as: UTF8.self))
                        start = newline + 1
                        from = start
                    }
                    return start
                }
                buffer.removeFirst(consumed)
            }
            if !buffer.isEmpty {
                line(String(decoding: buffer, as: UTF8.self))
            }
            close(descriptor)
            closed()
        }
        thread.stackSize = 1 << 18
        thread.start()
    }
}

/// Whether a worker was reaped, so that no signal goes to a pid the system gave another.
final class WorkerReaped: @unchecked Sendable {
    private let lock = NSLock()
    private var reaped = false

    func reap(_ child: SpawnedProcess) -> WorkerEnding {
        lock.lock()
        defer { lock.unlock() }
        reaped = true
        return child.reap()
    }

    func signal(_ child: SpawnedProcess, _ signal: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if !reaped {
            _ = systemKill(child.pid, signal)
        }
    }
}

/// How a worker ended.
struct WorkerEnding {
    let signal: Int32?
    let status: Int32?
    let description: String
}

/// What a worker wrote to standard error: its first lines and its last ones.
final class WorkerTail: @unchecked Sendable {
    private let lock = NSLock()
    /// The first lines (a crash's message and the top of its stack) and the last ones.
    private var head: [String] = [], lines: [String] = []
    private var leftOut = 0

    func append(_ line: String) {
        lock.lock()
        if head.count < 12 {
            head.append(line)
        } else {
            lines.append(line)
            if lines.count > 8 {
                lines.removeFirst()
                leftOut += 1
            }
        }
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return (head + (leftOut > 0 ? ["... (\(leftOut) line\(leftOut == 1 ? "" : "s") left out)"] : []) + lines).joined(separator: "\n")
    }
}

/// What the workers' threads tell the runner, in the order it happened.
final class WorkerEvents: @unchecked Sendable {
    enum Event {
        case line(Int, String)
        case closed(Int)
        case exited(Int, WorkerEnding)
    }

    private let condition = NSCondition()
    private var events: [Event] = []

    func post(_ event: Event) {
        condition.lock()
        events.append(event)
        condition.signal()
        condition.unlock()
    }

    /// The events so far, waiting until there is one or `deadline` passes.
    func take(until deadline: Date) -> [Event] {
        condition.lock()
        defer { condition.unlock() }
        while events.isEmpty {
            if !condition.wait(until: deadline) { break }
        }
        let taken = events
        events = []
        return taken
    }
}

#if canImport(Glibc)
private let systemKill = Glibc.kill
private let systemRead = Glibc.read
#else
private let systemKill = Darwin.kill
private let systemRead = Darwin.read
#endif
