import ArgumentParser
import Foundation
import NavScript
#if canImport(Glibc)
import Glibc
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

    func run() throws {
        let channel = WorkerChannel()
        WorkerMemoryWatch.start(limit: rssLimit << 20)
        let limits = LuaLimits(memory: memoryLimit << 20, instructions: instructionLimit, seconds: timeout)
        let mode: ScenarioSnapshots.Mode = snapshotMode == "update" ? .update : snapshotMode == "ci" ? .ci : .normal
        var runners: [String: ScenarioFileRunner] = [:]
        let decoder = JSONDecoder()
        while let line = readLine(strippingNewline: true) {
            guard let request = try? decoder.decode(WorkerRequest.self, from: Data(line.utf8)) else {
                FileHandle.standardError.write(Data("navscript worker: cannot read the request: \(line.prefix(200))\n".utf8))
                throw ExitCode(2)
            }
            let file = request.file
            let runner: ScenarioFileRunner
            do {
                if let known = runners[file.url.path] {
                    runner = known
                } else {
                    var options = LuaOptions(limits: limits, root: file.root, displayRoot: file.displayRoot == "." ? "" : file.displayRoot, seed: seed)
                    options.coverage = coverage
                    runner = try ScenarioFileRunner(file: file.url, displayPath: file.displayPath, options: options, snapshotMode: mode)
                    runner.recordsSteps = recordSteps
                    runners[file.url.path] = runner
                }
            } catch {
                channel.send(WorkerReply(event: .loadError, message: Format.loadError(error)))
                channel.send(WorkerReply(event: .done))
                continue
            }
            switch request.operation {
            case .list:
                do {
                    channel.send(WorkerReply(event: .listed, scenarios: try runner.list()))
                } catch {
                    channel.send(WorkerReply(event: .loadError, message: Format.loadError(error)))
                }
            case .run:
                for scenario in request.scenarios {
                    let result = runner.run(scenario) { channel.send(WorkerReply(event: .afterHooks)) }
                    channel.send(WorkerReply(event: .result, result: result))
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

    init() {
        descriptor = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
    }

    func send(_ reply: WorkerReply) {
        reply.line(encoder).withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    exit(2)   // the runner is gone
                }
                offset += written
            }
        }
    }
}

/// A worker's watch over its own memory: what Lua allocates is capped per scenario, but
/// the process also holds Swift's copies and the runtime's own; past `limit` bytes
/// resident, the worker exits and the runner reports the scenario that was running.
enum WorkerMemoryWatch {
    static func start(limit: Int) {
        guard limit > 0 else { return }
        let thread = Thread {
            while true {
                if let resident = residentBytes(), resident > limit {
                    FileHandle.standardError.write(Data("navscript worker: \(resident >> 20) MiB resident, past the limit of \(limit >> 20) MiB\n".utf8))
                    _exit(WorkerExit.memoryLimit)
                }
                usleep(20_000)
            }
        }
        thread.stackSize = 1 << 16
        thread.start()
    }

    static func residentBytes() -> Int? {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #elseif canImport(Darwin)
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let status = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
            }
        }
        return status == KERN_SUCCESS ? Int(info.resident_size) : nil
        #else
        return nil
        #endif
    }
}
