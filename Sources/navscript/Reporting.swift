import Foundation
import NavScript

/// Everything a run produced, for the reporters.
struct RunReport {
    let files: [ScenarioFileResult]
    let loadErrors: [(file: ScenarioFile, error: Error)]
    let duration: Double
    let seed: Int
    let isCI: Bool

    var results: [ScenarioResult] { files.flatMap(\.results) }
    var passed: Int { results.filter { $0.status == .passed }.count }
    var failed: Int { results.filter { $0.status == .failed }.count }
    var skipped: Int { results.filter { $0.status == .skipped }.count }
    var obsolete: [(file: String, name: String)] {
        files.flatMap { file in file.obsoleteSnapshots.map { (file.snapshotFile, $0) } }
    }
    var written: Int { files.map(\.snapshotsWritten).reduce(0, +) }
    var updated: Int { files.map(\.snapshotsUpdated).reduce(0, +) }

    /// 2 when a script did not load, 1 when a scenario failed (or, in CI, a snapshot is
    /// obsolete), else 0.
    var exitCode: Int32 {
        if !loadErrors.isEmpty { return 2 }
        if failed > 0 || (isCI && !obsolete.isEmpty) { return 1 }
        return 0
    }

    /// "N passed, N failed, N skipped in 0.21 s"
    var summaryLine: String {
        "\(passed) passed, \(failed) failed, \(skipped) skipped in \(Format.seconds(duration))"
    }
}

/// A report format.
protocol Reporter: AnyObject {
    /// Called as each file finishes, one at a time.
    func fileFinished(_ result: ScenarioFileResult)
    /// Called once, at the end.
    func finish(_ report: RunReport)
}

enum ReporterKind: String {
    case console, tap, junit, json
}

/// Where a reporter writes.
enum ReportOutput {
    case standardOutput
    case standardError
    case file(URL)

    func write(_ text: String) {
        switch self {
        case .standardOutput: FileHandle.standardOutput.write(Data(text.utf8))
        case .standardError: FileHandle.standardError.write(Data(text.utf8))
        case let .file(url):
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                FileHandle.standardError.write(Data("navscript: cannot write \(url.path): \(error.localizedDescription)\n".utf8))
            }
        }
    }

    var isTerminal: Bool {
        switch self {
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
        var outputs = self.outputs.makeIterator()
        var requested: [(ReporterKind, String?)] = reporters.compactMap { text in
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard let kind = ReporterKind(rawValue: parts[0]) else { return nil }
            if parts.count > 1 { return (kind, parts[1]) }
            return (kind, kind == .console ? nil : outputs.next())
        }
        if !requested.contains(where: { $0.0 == .console }) {
            requested.insert((.console, nil), at: 0)
        }
        let machineOnStdout = requested.contains { $0.0 != .console && $0.1 == nil }
        return requested.map { kind, path in
            let output: ReportOutput = path.map { .file(URL(fileURLWithPath: $0, relativeTo: workingDirectory)) }
                ?? (kind == .console && machineOnStdout ? .standardError : .standardOutput)
            switch kind {
            case .console: return ConsoleReporter(output: output, style: Style(color, output: output), verbose: verbose)
            case .tap: return TAPReporter(output: output)
            case .junit: return JUnitReporter(output: output)
            case .json: return JSONReporter(output: output)
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
        case .auto: enabled = output.isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
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
}

enum Format {
    static func seconds(_ value: Double) -> String {
        value < 1 ? String(format: "%.0f ms", value * 1000) : String(format: "%.2f s", value)
    }

    /// "file:line" taken apart.
    static func location(_ text: String) -> (file: String, line: Int?) {
        guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) else {
            return (text, nil)
        }
        return (String(text[..<colon]), line)
    }

    /// The description of a load error, with file:line when it has one.
    static func loadError(_ error: Error) -> String {
        "\(error)"
    }
}
