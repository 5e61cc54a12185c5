import ArgumentParser
import Foundation
import NavScript
import ScreenKit

/// Everything a run produced, for the reporters.
struct RunReport {
    let files: [ScenarioFileResult]
    let loadErrors: [(file: ScenarioFile, error: Error)]
    /// Wall seconds from the start (loading included) to the end.
    let duration: Double
    let seed: Int
    let isCI: Bool
    /// Selected scenarios that did not run: --max-failures stopped the run first.
    var notRun = 0
    /// The option that stops the run at its failures (`--fail-fast`, `--max-failures 3`),
    /// which is why some did not run.
    var failureLimit: String?
    /// How many failures stop the run (1 with --fail-fast); nil for no limit.
    var maxFailures: Int?
    /// The signal (Ctrl-C's SIGINT, SIGTERM) that stopped the run (`RunInterrupt`), which is
    /// why some did not run; 0 when none did.
    var interruptedBy: Int32 = 0
    /// Scenario files the interrupt stopped while they loaded (their scenarios are not known).
    var notLoaded = 0
    var interrupted: Bool { interruptedBy != 0 }
    /// Why selected scenarios did not run, as summaries say it.
    var notRunReason: String { interrupted ? "interrupted" : failureLimit ?? "" }
    /// What did not run and why, as TAP's `Bail out!` and JUnit say it: "--fail-fast: 9
    /// scenarios not run after the first failure".
    var notRunSummary: String {
        let why = notRunReason
        let when = interrupted ? "" : maxFailures.map { $0 == 1 ? " after the first failure" : " after \($0) failures" } ?? ""
        let files = notLoaded > 0 ? ", \(Format.count(notLoaded, "file")) not loaded" : ""
        return "\(why.isEmpty ? "" : why + ": ")\(notRun) scenario\(notRun == 1 ? "" : "s") not run\(files)\(when)"
    }
    /// The command line that repeats the run (`navscript run app --seed 7`).
    var command = ""
    /// With --coverage, the suite's route scripts (by chunk name), covered or not.
    var coverageModules: [String]?
    /// With --coverage-threshold, what is wrong when coverage fell below it (the run exits
    /// 1; machine reports show it as a failure of its own).
    var coverageFailure: String?
    /// The --coverage-threshold asked for: a shard records it for the merge, which checks it.
    var coverageThreshold: Double?
    /// How many scenarios each file of the suite defines (by path as shown), loaded or not
    /// run: what tells the merge that its shards ran one suite.
    var suite: [String: Int]?
    /// Why nothing ran (`--forbid-only` met a `.only`, nothing was selected): the run exits 2,
    /// and the machine reports carry it, so that a CI's report step has the reason.
    var refusal: String?
    /// Whether this is the report of `merge-reports`, made of shards' records.
    var isMerge = false
    /// Whether the scenarios ran in an order shuffled with `seed`: the summary then names
    /// the seed whether or not something failed, so that any order can be had again.
    var shuffled = false
    /// What chose the scenarios besides the files and the shard (`RunOptions.selectionOptions`);
    /// nil where it is not known (a blob written before this field).
    var selection: [String]?

    var results: [ScenarioResult] { files.flatMap(\.results) }
    var passed: Int { results.filter { $0.status == .passed }.count }
    var failed: Int { results.filter { $0.status == .failed }.count }
    var skipped: Int { results.filter { $0.status == .skipped }.count }
    var obsolete: [(file: String, name: String)] {
        files.flatMap { file in file.obsoleteSnapshots.map { (file.snapshotFile, $0) } }
    }
    var removed: [(file: String, name: String)] {
        files.flatMap { file in file.removedSnapshots.map { (file.snapshotFile, $0) } }
    }
    /// Snapshot files in the folders run whose scenario file is gone, and those an update removed.
    var obsoleteFiles: [String] = []
    var removedFiles: [String] = []
    /// Why an obsolete snapshot file could not be removed.
    var removeErrors: [String] = []
    var written: Int { files.map(\.snapshotsWritten).reduce(0, +) }
    var updated: Int { files.map(\.snapshotsUpdated).reduce(0, +) }

    /// Snapshot files that could not be written or removed.
    var writeErrors: [String] { files.compactMap(\.writeError) + removeErrors }

    /// In CI mode, what fails the run besides scenarios, one entry a snapshot file: its
    /// obsolete snapshots, or the file itself when its scenario file is gone. The machine
    /// reports show each as a failing test, so that a red run has a red entry.
    var snapshotFailures: [SnapshotFailure] {
        guard isCI else { return [] }
        var out: [SnapshotFailure] = []
        for file in files where !file.obsoleteSnapshots.isEmpty {
            let names = file.obsoleteSnapshots
            out.append(SnapshotFailure(scenarioFile: file.file.displayPath, snapshotFile: file.snapshotFile, message:
                "\(file.snapshotFile): \(Format.count(names.count, "obsolete snapshot")) (no scenario uses \(names.count == 1 ? "it; remove it" : "them; remove them") with navscript run --update-snapshots):\n"
                + names.map { "  " + $0 }.joined(separator: "\n")))
        }
        for path in obsoleteFiles {
            out.append(SnapshotFailure(scenarioFile: nil, snapshotFile: path, message:
                "\(path): obsolete snapshot file (\(ScenarioSnapshots.scenarioPath(of: path)) is gone; remove it with navscript run --update-snapshots)"))
        }
        return out
    }

    /// 2 when a script did not load or a snapshot could not be written, 1 when a scenario
    /// failed (or, in CI, a snapshot or a snapshot file is obsolete) or coverage is below
    /// its threshold, else 0.
    var exitCode: Int32 {
        // As a shell says a process the signal ended; a merge of shards one was stopped in
        // was not stopped itself: the suite did not run whole, a failure.
        if interrupted && !isMerge { return 128 + interruptedBy }
        if !loadErrors.isEmpty || !writeErrors.isEmpty || refusal != nil { return 2 }
        if failed > 0 || !snapshotFailures.isEmpty || coverageFailure != nil || interrupted { return 1 }
        return 0
    }

    /// "N passed, N failed, N skipped in 0.21 s" (and "N not run" after --max-failures, "1 file
    /// did not load" when one did not)
    var summaryLine: String {
        "\(passed) passed, \(failed) failed, \(skipped) skipped" + (notRun > 0 ? ", \(notRun) not run\(notRunReason.isEmpty ? "" : " (\(notRunReason))")" : "")
            + (loadErrors.isEmpty ? "" : loadErrors.count == 1 ? ", 1 file did not load" : ", \(loadErrors.count) files did not load")
            // What else fails the run, so that a line of no failure never ends one that exits 1.
            + (snapshotFailures.isEmpty ? "" : ", \(Format.count(snapshotFailures.count, "snapshot file")) with obsolete snapshots (failing in CI)")
            + (notLoaded > 0 ? ", \(Format.count(notLoaded, "file")) not loaded (interrupted)" : interrupted && notRun == 0 ? " (interrupted)" : "")
            + " in \(Format.seconds(duration))"
    }
}

/// A snapshot problem that fails a CI run: `scenarioFile` is the file whose report it goes
/// with, nil when that file is gone.
struct SnapshotFailure {
    let scenarioFile: String?
    let snapshotFile: String
    let message: String
}

extension RunReport {
    /// Looks in the folders among `paths` for snapshot files whose scenario file is gone:
    /// removes them when `update`, else lists them as obsolete.
    mutating func findObsoleteFiles(in paths: [String], workingDirectory: URL, update: Bool) {
        for path in paths {
            let folder = URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for url in ScenarioSnapshots.orphans(in: folder) {
                let shown = ScenarioDiscovery.display(url, in: workingDirectory)
                guard !obsoleteFiles.contains(shown) && !removedFiles.contains(shown) else { continue }
                guard update else {
                    obsoleteFiles.append(shown)
                    continue
                }
                do {
                    try FileManager.default.removeItem(at: url)
                    removedFiles.append(shown)
                } catch {
                    removeErrors.append("cannot remove the obsolete snapshot file \(shown): \(error.localizedDescription)")
                }
            }
        }
    }
}

/// A report format.
protocol Reporter: AnyObject {
    var output: ReportOutput { get }
    /// Called as each file finishes, one at a time.
    func fileFinished(_ result: ScenarioFileResult)
    /// Called once, at the end.
    func finish(_ report: RunReport)
}

/// Where a reporter writes: standard output or error as it goes, or a file, written once
/// and whole when the run is over (`flush`), so that a report is never half there.
final class ReportOutput {
    enum Target {
        case standardOutput
        case standardError
        case file(URL)
    }

    let target: Target
    private var buffer = ""
    /// Files written beside the report when it is flushed (a map's SVG).
    private var attachments: [(url: URL, data: Data)] = []
    /// Files removed when the report is flushed.
    private var detached: [URL] = []

    init(_ target: Target) {
        self.target = target
    }

    /// Writes `data` to `url` when the report is flushed.
    func attach(_ data: Data, as url: URL) {
        attachments.append((url, data))
    }

    static var standardOutput: ReportOutput { ReportOutput(.standardOutput) }
    static var standardError: ReportOutput { ReportOutput(.standardError) }

    func write(_ text: String) {
        switch target {
        case .standardOutput: StandardStreams.output(text)
        case .standardError: StandardStreams.error(text)
        case .file: buffer += text
        }
    }

    /// Removes `url` when the report is flushed (a picture that would no longer match it).
    func detach(_ url: URL) {
        detached.append(url)
    }

    /// Writes a file report. A missing folder on its path is made, and said so on
    /// standard error; a write that fails throws, with the path and the reason.
    func flush() throws(ScenarioFileWriter.Failure) {
        var writes = ReportWrites()
        do {
            try prepare(into: &writes)
        } catch {
            writes.discard()
            throw error
        }
        if let failure = writes.commit() { throw failure }
    }

    /// Adds a file report's writes (and its attachments') to `writes`, to be committed
    /// together with the other reports'; nothing for a standard stream.
    func prepare(into writes: inout ReportWrites) throws(ScenarioFileWriter.Failure) {
        guard case let .file(url) = target else { return }
        try writes.prepare(Data(buffer.utf8), to: url, announcingFolder: true)
        for attachment in attachments {
            try writes.prepare(attachment.data, to: attachment.url, announcingFolder: false)
        }
        detached.forEach { writes.remove($0) }
    }

    /// Makes the folder `url` goes in if it is missing, and says so on standard error when
    /// `announced`; a folder that cannot be made is a write failure naming `url`. Returns
    /// the outermost folder it made, nil when there was one.
    @discardableResult
    static func makeFolder(for url: URL, announced: Bool = true) throws(ScenarioFileWriter.Failure) -> URL? {
        let folder = url.deletingLastPathComponent()
        guard !FileManager.default.fileExists(atPath: folder.path) else { return nil }
        var outermost = folder
        while outermost.pathComponents.count > 1,
              !FileManager.default.fileExists(atPath: outermost.deletingLastPathComponent().path) {
            outermost.deleteLastPathComponent()
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if announced { sayMadeFolder(for: url) }
            return outermost
        } catch {
            // Foundation's reason is an error code; the usual one is a file in the way.
            var ancestor = folder
            var isFolder: ObjCBool = false
            var found = false
            while !found && ancestor.pathComponents.count > 1 {
                found = FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isFolder)
                if !found { ancestor.deleteLastPathComponent() }
            }
            let reason = found && !isFolder.boolValue ? "\(ancestor.path) is a file, not a folder"
                : !found && !Self.workingFolderExists ? "the working folder is gone (deleted or moved since the shell entered it)"
                : found && access(ancestor.path, W_OK) != 0 ? "\(ScenarioDiscovery.display(ancestor)) cannot be written in (\(String(cString: strerror(errno))))"
                : "\(error.localizedDescription)"
            throw ScenarioFileWriter.Failure(path: url.path, reason: "cannot make its folder: \(reason)")
        }
    }

    /// Says on standard error that the folder `url` goes in was made for it.
    static func sayMadeFolder(for url: URL) {
        StandardStreams.error("navscript: made the folder \(ScenarioDiscovery.display(url.deletingLastPathComponent())) for \(url.lastPathComponent)\n")
    }

    /// Whether the working folder still has a path (`getcwd` fails once it is deleted).
    static var workingFolderExists: Bool {
        guard let path = getcwd(nil, 0) else { return false }
        free(path)
        return true
    }

    var isTerminal: Bool {
        switch target {
        case .standardOutput: return isatty(STDOUT_FILENO) != 0
        case .standardError: return isatty(STDERR_FILENO) != 0
        case .file: return false
        }
    }
}

extension RunOptions {
    /// The reporters asked for. Each writes to its own file or to standard output; only
    /// one may have standard output, and a machine format takes it from the console, which
    /// then writes to standard error.
    func makeReporters(workingDirectory: URL) -> [Reporter] {
        Self.makeReporters(requestedReporters.map { ($0.kind, $0.path) }, workingDirectory: workingDirectory, color: color,
                           verbose: verbose, showOutput: showOutput, durations: durations.map { $0 == 0 ? .max : $0 } ?? 0)
    }

    static func makeReporters(_ requested: [(ReporterKind, String?)], workingDirectory: URL, color: ColorChoice,
                              verbose: Bool, showOutput: Bool, durations: Int) -> [Reporter] {
        var requested = requested.map { ($0.0, $0.1 ?? $0.0.defaultPath) }
        if !requested.contains(where: { $0.0 == .console }) {
            requested.insert((.console, nil), at: 0)
        }
        let machineOnStdout = requested.contains { $0.0.writesToStandardOutput(path: $0.1) }
        return requested.map { kind, path in
            let url = path.map { URL(fileURLWithPath: $0, relativeTo: workingDirectory) }
            let output = url.map { ReportOutput(.file(kind == .html ? $0.appendingPathComponent(ReporterKind.htmlPage) : $0)) }
                ?? (kind == .console && machineOnStdout ? .standardError : .standardOutput)
            switch kind {
            case .console: return ConsoleReporter(output: output, style: Style(color, output: output), verbose: verbose,
                                                  showOutput: showOutput || verbose, durations: durations)
            case .tap: return TAPReporter(output: output)
            case .tap13: return TAPReporter(output: output, version: 13)
            case .junit: return JUnitReporter(output: output)
            case .json: return JSONReporter(output: output)
            case .html: return HTMLReporter(output: output)
            case .map: return MapReporter(output: output)
            case .blob: return BlobReporter(output: output)
            }
        }
    }
}

/// ANSI colors, on only when the output is a terminal (or when asked).
struct Style {
    let enabled: Bool

    init(_ choice: ColorChoice, output: ReportOutput) {
        switch choice {
        case .always: enabled = true
        case .never: enabled = false
        // NO_COLOR counts when it is set and not empty (no-color.org), as an empty CI does not.
        case .auto: enabled = output.isTerminal && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func green(_ text: String) -> String { paint(text, "32") }
    func red(_ text: String) -> String { paint(text, "31") }
    func yellow(_ text: String) -> String { paint(text, "33") }
    func dim(_ text: String) -> String { paint(text, "2") }
    func bold(_ text: String) -> String { paint(text, "1") }
    func pass(_ text: String) -> String { paint(text, "1;30;42") }
    func fail(_ text: String) -> String { paint(text, "1;37;41") }
    func stop(_ text: String) -> String { paint(text, "1;30;43") }
}

extension ScenarioResult {
    /// Why a skipped scenario did not run, as reports say it: "pending", "pending: why"
    /// (`pending("why")` in its body), "skipped", "todo" or "not focused".
    var skipText: String {
        scenario.skipReason ?? message.map { "pending: \($0)" } ?? "pending"
    }
}
