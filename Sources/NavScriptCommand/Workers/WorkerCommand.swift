import ArgumentParser
import CWorkerCopy
import Foundation
import LuaKit
import NavScript
#if canImport(Glibc)
import Glibc
import Synchronization
#elseif canImport(Darwin)
import Darwin
#endif

/// `navscript worker`: the process `run --jobs N` starts N of. It reads requests on its
/// standard input and answers on the channel that was its standard output; its own standard
/// output goes to standard error from then on, so that nothing a scenario or the runtime
/// prints can corrupt the answers. It watches its own memory and exits with
/// `WorkerExit.memoryLimit` once it grows past `--rss-limit`. Not for users.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "worker", shouldDisplay: false)

    @Option var timeout: Double
    @Option(name: .customLong("memory-limit")) var memoryLimit: Int
    @Option(name: .customLong("instruction-limit")) var instructionLimit: Int
    @Option var seed: Int
    @Option(name: .customLong("snapshot-mode")) var snapshotMode: String
    @Option(name: .customLong("rss-limit")) var rssLimit: Int
    @Flag(name: .customLong("record-steps")) var recordSteps = false
    @Flag var coverage = false
    @Option(name: .customLong("update-advice")) var updateAdvice = ScenarioSnapshots.runUpdateAdvice

    func run() throws {
        // Ctrl-C reaches the whole process group: the runner decides (it stops its workers
        // and writes its reports), and a worker ends with its runner anyway.
        signal(SIGINT, SIG_IGN)
        let channel = WorkerChannel()
        WorkerMemoryWatch.start(limit: rssLimit << 20)
        let limits = LuaLimits(memory: memoryLimit << 20, instructions: instructionLimit, seconds: timeout)
        let fork = WorkerFork(limits: limits)
        let mode: ScenarioSnapshots.Mode = snapshotMode == "update" ? .update : snapshotMode == "ci" ? .ci : .normal
        var runners: [String: ScenarioFileRunner] = [:]
        let decoder = JSONDecoder()
        while let line = readLine(strippingNewline: true) {
            guard let request = try? decoder.decode(WorkerRequest.self, from: Data(line.utf8)) else {
                StandardStreams.error("navscript worker: cannot read the request: \(line.prefix(200))\n")
                throw ExitCode(2)
            }
            let file = request.file
            var options = file.luaOptions(limits: limits, seed: seed)
            if request.operation == .require, let module = request.module {
                do {
                    _ = try NavRuntime(options: options).require(module)
                    channel.send(WorkerReply(event: .listed, scenarios: []))
                } catch {
                    channel.send(WorkerReply(event: .loadError, message: Format.loadError(error)))
                }
                channel.send(WorkerReply(event: .done))
                continue
            }
            let runner: ScenarioFileRunner
            do {
                if let known = runners[file.url.path] {
                    runner = known
                } else {
                    options.coverage = coverage
                    runner = try ScenarioFileRunner(file: file.url, displayPath: file.displayPath, options: options, snapshotMode: mode,
                                                    updateAdvice: updateAdvice)
                    runner.recordsSteps = recordSteps
                    runner.onPrint = { channel.send(WorkerReply(event: .printed, message: $0)) }
                    runners[file.url.path] = runner
                }
            } catch {
                channel.send(WorkerReply(event: .loadError, message: Format.loadError(error)))
                channel.send(WorkerReply(event: .done))
                continue
            }
            switch request.operation {
            case .list, .require:
                do {
                    channel.send(WorkerReply(event: .listed, scenarios: try runner.list()))
                } catch {
                    channel.send(WorkerReply(event: .loadError, message: Format.loadError(error)))
                }
            case .run:
                // Each result brings the modules not sent yet: a worker killed later in the
                // batch sends no `done`.
                var sent = Set<String>()
                for scenario in request.scenarios where !fork.run(scenario, of: runner, channel: channel) {
                    let result = runner.run(scenario) { channel.send(WorkerReply(event: .afterHooks)) }
                    fork.noteUsual(result, of: runner)
                    let modules = runner.dependencies.map(\.path).filter { sent.insert($0).inserted }
                    channel.send(WorkerReply(event: .result, result: result, modules: modules.isEmpty ? nil : modules))
                }
            }
            channel.send(WorkerReply(event: .done, modules: runner.dependencies.map(\.path)))
            if LuaState.reserveUsed > 0 {
                // The system refused this process memory once: a fresh worker takes over.
                throw ExitCode(0)
            }
        }
    }
}

/// Where a worker writes its answers: what was its standard output, which then points at
/// standard error.
final class WorkerChannel {
    private let descriptor: Int32
    private let encoder = JSONEncoder()
    private let hierarchies = CompactHierarchies()

    init() {
        descriptor = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
    }

    func send(_ reply: WorkerReply) {
        guard reply.line(encoder, hierarchies).withUnsafeBytes({ writeAll($0, to: descriptor) }) else {
            _exit(2)   // the runner is gone
        }
    }
}

/// A worker's watch over its memory, on a thread of its own: what Lua allocates is capped
/// per scenario, but the process also holds Swift's copies and the runtime's own; past
/// `limit` bytes resident, in the worker or in the copy of it running a scenario
/// (`WorkerFork`), the worker exits and the runner reports the scenario that was running.
///
/// Each round makes system calls only, no allocation and no lock, so that the copies the
/// worker forks never inherit a lock held here.
enum WorkerMemoryWatch {
    #if os(Linux)
    /// The copy of the worker running a scenario, or 0.
    static let copy = Atomic<Int32>(0)
    #endif

    /// Also ends the worker (and the copy it runs) once its runner is gone: a runner stopped
    /// by a signal to it alone (an IDE's stop button) cannot kill a worker stuck in a C
    /// function, which would otherwise run on forever.
    static func start(limit: Int) {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let runner = getppid()
        let thread = Thread {
            while true {
                if getppid() != runner {
                    #if os(Linux)
                    let copy = Self.copy.load(ordering: .relaxed)
                    if copy != 0 { kill(copy, SIGKILL) }
                    #endif
                    _exit(WorkerExit.orphaned)
                }
                if limit > 0, let resident = residentPages(of: 0).map({ $0 * pageSize }), resident > limit {
                    exceeded(resident, limit)
                }
                #if os(Linux)
                let copy = Self.copy.load(ordering: .relaxed)
                if limit > 0, copy != 0, let resident = residentPages(of: copy).map({ $0 * pageSize }), resident > limit {
                    kill(copy, SIGKILL)
                    exceeded(resident, limit)
                }
                #endif
                usleep(20_000)
            }
        }
        thread.stackSize = 1 << 16
        thread.start()
    }

    private static func exceeded(_ resident: Int, _ limit: Int) -> Never {
        StandardStreams.error("navscript worker: \(resident >> 20) MiB resident, past the limit of \(limit >> 20) MiB\n")
        _exit(WorkerExit.memoryLimit)
    }

    /// The pages resident in process `pid` (0: this one), read with system calls only.
    static func residentPages(of pid: Int32) -> Int? {
        #if os(Linux)
        // "/proc/self/statm" or "/proc/<pid>/statm", built on the stack.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> Int? in
            var length = 0
            func append(_ text: StaticString) {
                text.withUTF8Buffer { for byte in $0 { buffer[length] = byte; length += 1 } }
            }
            append("/proc/")
            if pid == 0 {
                append("self")
            } else {
                var digits = 0, rest = Int(pid)
                repeat { digits += 1; rest /= 10 } while rest > 0
                rest = Int(pid)
                for position in stride(from: length + digits - 1, through: length, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                length += digits
            }
            append("/statm")
            buffer[length] = 0
            let descriptor = buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: 64) { open($0, O_RDONLY) }
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            // The second field: pages resident.
            let count = read(descriptor, buffer.baseAddress, 63)
            guard count > 0 else { return nil }
            var field = 0, value = 0
            for index in 0..<count {
                let byte = buffer[index]
                if byte == UInt8(ascii: " ") {
                    field += 1
                    if field == 2 { return value }
                } else if field == 1, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
            }
            return nil
        }
        #elseif canImport(Darwin)
        guard pid == 0 else { return nil }
        let pages = worker_copy_resident_pages()
        return pages >= 0 ? pages : nil
        #else
        return nil
        #endif
    }
}
