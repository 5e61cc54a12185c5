import Foundation
import NavScript

/// A run as data: what `--reporter blob` writes and `navscript merge-reports` reads, the
/// results with their recorded steps. Versioned; fields are only ever added within a version.
struct RunRecord: Codable {
    struct File: Codable {
        let file: ScenarioFile
        let results: [ScenarioResult]
        /// How many scenarios the file has, its snapshot file, the entries stored there and
        /// those the scenarios that ran used: the merge's obsolete snapshots (blobs written
        /// before these fields have none).
        let scenarioCount: Int?
        let snapshotFile: String?
        let storedSnapshots: [String]?
        let usedSnapshots: [String]?
    }

    struct LoadError: Codable {
        let file: ScenarioFile
        let message: String
    }

    var version = 1
    let seed: Int
    let command: String
    let duration: Double
    let isCI: Bool
    let notRun: Int
    /// The signal that stopped the run, when one did (blobs written before this field have none).
    let interruptedBy: Int32?
    /// The option that stops the run at its failures (`--fail-fast`, `--max-failures 3`) and
    /// its count, when one was given (blobs written before these fields have none).
    let failureLimit: String?
    let maxFailures: Int?
    let files: [File]
    let loadErrors: [LoadError]
    /// With coverage, the route scripts the run knew of, and the threshold it was given.
    let coverageModules: [String]?
    let coverageThreshold: Double?
    /// With coverage, each route script's fingerprint as the run read it: the merge counts
    /// lines in the files as they are then, so that one changed since is refused (blobs
    /// written before this field have none).
    let coverageFingerprints: [String: String]?
    /// How many scenarios each file of the suite defines (blobs written before this field
    /// have none).
    let suite: [String: Int]?
    /// Snapshot files whose scenario file is gone.
    let obsoleteFiles: [String]?
    /// What chose the scenarios besides the files and the shard: `--filter sign in`, `--tag
    /// smoke` (blobs written before this field have none).
    let selection: [String]?

    init(_ report: RunReport) {
        coverageModules = report.coverageModules
        coverageThreshold = report.coverageThreshold
        coverageFingerprints = report.coverageModules.map { modules in
            Dictionary(modules.compactMap { path in Fingerprint.ofFile(path).map { (path, $0) } }) { first, _ in first }
        }
        suite = report.suite
        seed = report.seed
        command = report.command
        duration = report.duration
        isCI = report.isCI
        notRun = report.notRun
        interruptedBy = report.interrupted ? report.interruptedBy : nil
        failureLimit = report.failureLimit
        maxFailures = report.maxFailures
        files = report.files.map { File(file: $0.file, results: $0.results, scenarioCount: $0.scenarioCount, snapshotFile: $0.snapshotFile,
                                        storedSnapshots: $0.storedSnapshots, usedSnapshots: $0.usedSnapshots) }
        obsoleteFiles = report.obsoleteFiles
        selection = report.selection
        loadErrors = report.loadErrors.map { LoadError(file: $0.file, message: Format.loadError($0.error)) }
    }

    /// What the shards say of one file's snapshots, together.
    private struct SnapshotsKnown {
        var count = 0
        var file = ""
        var stored: [String] = []
        var seen = Set<String>()
        var used = Set<String>()

        mutating func add(_ shard: File) {
            count = max(count, shard.scenarioCount ?? 0)
            file = shard.snapshotFile ?? file
            for name in shard.storedSnapshots ?? [] where seen.insert(name).inserted {
                stored.append(name)
            }
            used.formUnion(shard.usedSnapshots ?? [])
        }
    }

    /// A load error read back: its message, as it was said.
    struct RecordedError: Error, CustomStringConvertible {
        let description: String
    }

    /// Several runs (the shards of one suite) as one report: files by path, a file's results
    /// from every run in definition order; a file that failed to load is reported once.
    static func merge(_ records: [RunRecord]) -> RunReport {
        var order: [ScenarioFile] = []
        var results: [ScenarioFile: [ScenarioResult]] = [:]
        var snapshots: [ScenarioFile: SnapshotsKnown] = [:]
        for record in records {
            for file in record.files {
                if results[file.file] == nil { order.append(file.file) }
                results[file.file, default: []] += file.results
                snapshots[file.file, default: SnapshotsKnown()].add(file)
            }
        }
        var seenErrors = Set<String>()
        let loadErrors = records.flatMap(\.loadErrors).filter { seenErrors.insert($0.file.url.path).inserted }
        order.sort { $0.displayPath < $1.displayPath }
        var report = RunReport(files: order.map { file in
                                   let known = snapshots[file] ?? SnapshotsKnown()
                                   return ScenarioFileResult(file: file, results: results[file] ?? [], scenarioCount: known.count, snapshotFile: known.file,
                                                             storedSnapshots: known.stored, usedSnapshots: known.used.sorted())
                               },
                               loadErrors: loadErrors.map { ($0.file, RecordedError(description: $0.message) as Error) },
                               duration: records.map(\.duration).max() ?? 0, seed: records.first?.seed ?? 0,
                               isCI: records.contains(where: \.isCI))
        report.notRun = records.map(\.notRun).reduce(0, +)
        report.interruptedBy = records.lazy.compactMap(\.interruptedBy).first { $0 != 0 } ?? 0
        // The option that stopped shards, when they say one; how many failures stopped it,
        // when one shard alone stopped (the summed failures are not what each counted).
        let stopped = records.filter { $0.notRun > 0 && $0.failureLimit != nil }
        report.failureLimit = Set(stopped.compactMap(\.failureLimit)).count == 1 ? stopped[0].failureLimit : nil
        report.maxFailures = stopped.count == 1 ? stopped[0].maxFailures : nil
        report.obsoleteFiles = Array(Set(records.flatMap { $0.obsoleteFiles ?? [] })).sorted()
        report.suite = records.lazy.compactMap(\.suite).first   // one suite: the merge checks it
        report.isMerge = true
        report.selection = records.lazy.compactMap(\.selection).first   // one selection: the merge checks it
        let modules = records.compactMap(\.coverageModules)
        report.coverageModules = modules.isEmpty ? nil : Array(Set(modules.joined())).sorted()
        // The command that repeats the whole run: a shard's, without its shard and its blob.
        report.command = records.first?.command
            .replacingOccurrences(of: #" --shard[ =][0-9]+/[0-9]+"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #" --reporter[ =]('blob=[^']*'|blob=\S+|blob(?=\s|$))"#, with: "", options: .regularExpression) ?? ""
        return report
    }
}

/// `--reporter blob=path`: the run as a `RunRecord`, for `navscript merge-reports`.
final class BlobReporter: Reporter {
    let output: ReportOutput

    init(output: ReportOutput) {
        self.output = output
    }

    func fileFinished(_ result: ScenarioFileResult) {}

    func finish(_ report: RunReport) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        output.write(String(decoding: (try? encoder.encode(RunRecord(report))) ?? Data(), as: UTF8.self) + "\n")
    }
}

/// `--reporter map=file.dot`: the navigation map as Graphviz DOT, and beside it as SVG when
/// Graphviz's `dot` is installed (Debian: graphviz; macOS: brew install graphviz).
final class MapReporter: Reporter {
    let output: ReportOutput

    init(output: ReportOutput) {
        self.output = output
    }

    func fileFinished(_ result: ScenarioFileResult) {}

    func finish(_ report: RunReport) {
        let dot = Self.map(report).dot()
        output.write(dot)
        // A picture goes beside a file, not beside a device or a pipe (/dev/stdout, /dev/fd/3).
        guard case let .file(url) = output.target, !url.path.hasPrefix("/dev/"), !url.path.hasPrefix("/proc/") else { return }
        let svgURL = url.deletingPathExtension().appendingPathExtension("svg")
        let drawn = Graphviz.svg(dot)
        if let svg = drawn.svg {
            output.attach(Data(svg.utf8), as: svgURL)
        } else {
            // A picture of an earlier map would no longer match the DOT beside it.
            let stale = FileManager.default.fileExists(atPath: svgURL.path)
            if stale { output.detach(svgURL) }
            StandardStreams.error("navscript: \(drawn.problem) to draw \(svgURL.lastPathComponent); wrote the DOT only\(stale ? " (and removed the old picture)" : "")\n")
        }
    }

    static func map(_ report: RunReport) -> NavigationMap {
        var map = NavigationMap()
        var roots: [URL] = []
        for file in report.files {
            for result in file.results {
                map.add(result, file: file.file.displayPath)
            }
            if !roots.contains(file.file.root) { roots.append(file.file.root) }
        }
        // Screens of route scripts that no scenario loaded are known only from their text.
        for root in roots {
            for script in ScenarioDiscovery.routeScripts(in: root) {
                guard let text = try? String(contentsOf: script, encoding: .utf8) else { continue }
                map.define(NavigationMap.screensDefined(in: text))
            }
        }
        return map
    }
}

/// Graphviz's `dot`, when it is installed.
enum Graphviz {
    static let missing = "Graphviz's dot is not on PATH (Debian: apt-get install graphviz; macOS: brew install graphviz)"

    /// Where `dot` is on PATH, if it is; on macOS also where Homebrew and MacPorts put it,
    /// since what Xcode starts gets a PATH without them (/usr/bin:/bin:/usr/sbin:/sbin).
    static var path: String? {
        var paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        #if os(macOS)
        paths += ["/opt/homebrew/bin", "/usr/local/bin", "/opt/local/bin"]
        #endif
        return paths.map { "\($0)/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// How long Graphviz may lay out a map: one of thousands of screens can take it minutes.
    static let seconds = 30

    /// The SVG `dot -Tsvg` makes of `source`, or nil and why not.
    static func svg(_ source: String) -> (svg: String?, problem: String) {
        draw(source)()
    }

    /// Starts `dot -Tsvg` on `source` and returns what waits for its SVG (nil without
    /// Graphviz, and why), so that the caller does other work while Graphviz draws. The wait
    /// ends after `seconds`, or at Ctrl-C or SIGTERM, and `dot` with it.
    static func draw(_ source: String) -> () -> (svg: String?, problem: String) {
        guard let dot = path else { return { (nil, missing) } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return { (nil, "Graphviz's dot did not start") }
        }
        let signal = RunInterrupt.signal
        let writer = Thread {
            // A `dot` that ends before it has read everything (a crash, a bad install) must
            // not end this process with SIGPIPE; its status says it failed.
            var source = source
            _ = source.withUTF8 { SpawnedProcess.write(UnsafeRawBufferPointer($0), toPipe: input.fileHandleForWriting.fileDescriptor) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        final class Box: @unchecked Sendable { var data = Data() }
        let read = Box(), done = DispatchSemaphore(value: 0)
        let reader = Thread {
            read.data = output.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        reader.start()
        return {
            let deadline = DispatchTime.now() + .seconds(seconds)
            while done.wait(timeout: .now() + 0.1) == .timedOut {
                let stopped = RunInterrupt.signal != signal
                guard stopped || DispatchTime.now() > deadline else { continue }
                kill(process.processIdentifier, SIGKILL)
                done.wait()
                process.waitUntilExit()
                return (nil, stopped ? "\(RunInterrupt.name) stopped Graphviz's dot" : "Graphviz's dot took more than \(seconds) s")
            }
            process.waitUntilExit()
            return process.terminationStatus == 0 ? (String(decoding: read.data, as: UTF8.self), "") : (nil, "Graphviz's dot failed")
        }
    }
}
