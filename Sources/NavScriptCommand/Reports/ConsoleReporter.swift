import Foundation
import NavScript

/// The human report: a line per file as it finishes (the failing scenarios under it), then
/// each failure in full, then the summary line.
///
///     PASS lua/examples/app/scenarios/tabs_spec.lua (12 scenarios, 18 ms)
///     FAIL lua/examples/app/scenarios/chat_spec.lua (5 scenarios, 9 ms)
///       ✗ chat deeplink reuses the open chat
///
///     42 passed, 1 failed, 1 skipped in 0.21 s
final class ConsoleReporter: Reporter {
    let output: ReportOutput
    let style: Style
    let verbose: Bool
    /// Show what every scenario printed, not only failed ones.
    let showOutput: Bool
    /// The slowest scenarios to list after the summary (--durations).
    let durations: Int
    /// Scenarios the run will have: a terminal gets a progress line while they run.
    var expected = 0
    /// What removes obsolete snapshots, as the summary says it: a watch's `u` key.
    var updateHint = "--update-snapshots"
    private var done = 0, progressShown = false
    private let started = DispatchTime.now().uptimeNanoseconds

    /// The lines of what a failure printed that the console shows unless asked for all.
    static let printedLines = 50

    /// What a failed scenario or a file that did not load printed, under its error: the
    /// last `printedLines` lines, unless `--show-output` or `-v` asks for all (the reports
    /// keep all), so that a loop of prints does not push the error off the screen.
    private func printedBlock(_ printed: String) -> String {
        let lines = printed.split(separator: "\n", omittingEmptySubsequences: false)
        guard !showOutput, lines.count > Self.printedLines else { return "printed:\n" + printed }
        // Output past 1 MiB keeps its first and last halves, with a line that says so.
        let all = ScenarioOutput.linesCut(in: printed).map { (lines.count - 1 + $0, ScenarioOutput.kept + ", all that was kept") }
        return "printed (the last \(Self.printedLines) of \(all?.0 ?? lines.count) lines; --show-output shows \(all?.1 ?? "them all")):\n"
            + lines.suffix(Self.printedLines).joined(separator: "\n")
    }

    init(output: ReportOutput, style: Style, verbose: Bool, showOutput: Bool = false, durations: Int = 0) {
        self.output = output
        self.style = style
        self.verbose = verbose
        self.showOutput = showOutput
        self.durations = durations
    }

    func fileFinished(_ result: ScenarioFileResult) {
        clearProgress()
        output.write(fileBlock(result))
        done += result.results.count
        // A long run on a terminal says how far it is, on a line the next one overwrites.
        if output.isTerminal && expected > done && DispatchTime.now().uptimeNanoseconds - started > 1_000_000_000 {
            output.write(style.dim("  running: \(done) of \(expected) scenarios done"))
            progressShown = true
        }
    }

    private func clearProgress() {
        if progressShown {
            output.write("\r\u{1B}[K")
            progressShown = false
        }
    }

    func fileBlock(_ result: ScenarioFileResult) -> String {
        let failed = result.results.contains { $0.status == .failed }
        let duration = Format.wallTime(result.results)
        let count = result.results.count
        // A file the run stopped in (interrupted, or a bail) did not pass: it says STOP.
        let label = failed ? style.fail("FAIL") : result.notRun > 0 ? style.stop("STOP") : style.pass("PASS")
        var text = "\(label) \(Format.visible(result.file.displayPath)) "
            + style.dim("(\(count) scenario\(count == 1 ? "" : "s")\(result.notRun > 0 ? ", \(result.notRun) not run" : ""), \(Format.seconds(duration)))") + "\n"
        for scenario in result.results where verbose || showOutput && !scenario.output.isEmpty || scenario.status != .passed {
            switch scenario.status {
            case .passed: text += "  \(style.green("✓")) \(Format.visible(scenario.scenario.name)) \(style.dim(Format.seconds(scenario.duration)))\n"
            case .failed: text += "  \(style.red("✗")) \(Format.visible(scenario.scenario.name))\n"
            case .skipped:
                text += "  \(style.yellow("-")) \(Format.visible(scenario.scenario.name)) \(style.dim("(\(Format.visible(scenario.skipText)))"))\n"
            }
            // What a passed or pending scenario printed (a failed one's shows with its failure).
            if showOutput && scenario.status != .failed && !scenario.output.isEmpty {
                text += indent(style.dim(Format.visibleLines(scenario.output.trimmingCharacters(in: .newlines))), by: 4) + "\n"
            }
        }
        return text
    }

    func finish(_ report: RunReport) {
        clearProgress()
        var text = ""
        // Files that fail with one error (a module they all require is broken: one message
        // raised at one place) are named together, the message once, with the first one's
        // traceback.
        // What the files printed before the error is part of what they share.
        var groups: [(files: [String], key: String, message: String, traceback: String?, printed: String?)] = []
        for (file, error) in report.loadErrors {
            let (message, traceback, printed) = Format.loadErrorParts(Format.visibleLines(Format.loadError(error)))
            let key = [message, Format.raisedAt(message: message, traceback: traceback) ?? "", printed ?? ""].joined(separator: "\u{0}")
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].files.append(Format.visible(file.displayPath))
            } else {
                groups.append(([Format.visible(file.displayPath)], key, message, traceback, printed))
            }
        }
        for group in groups {
            let files = group.files.count == 1 ? "\(group.files[0]) does not load" : "\(group.files.joined(separator: ", ")) do not load"
            text += "\n\(style.fail("ERROR")) \(files):\n"
            text += indent(group.message, by: 2) + "\n"
            if let traceback = group.traceback {
                text += indent(style.dim("stack traceback:\n" + traceback), by: 2) + "\n"
            }
            if let printed = group.printed {
                text += indent(style.dim(printedBlock(printed)), by: 2) + "\n"
            }
        }
        let failures = report.results.filter { $0.status == .failed }
        if !failures.isEmpty {
            text += "\n" + style.bold("Failures") + "\n"
            for (number, failure) in failures.enumerated() {
                text += "\n  \(number + 1)) \(style.bold(Format.visible(failure.scenario.name))) \(style.dim("(\(Format.visible(failure.scenario.location)))"))\n"
                text += indent(style.red(Format.visibleLines(failure.message ?? "failed")), by: 5) + "\n"
                if let traceback = failure.traceback {
                    text += indent(style.dim("stack traceback:\n" + Format.visibleLines(traceback)), by: 5) + "\n"
                }
                if !failure.output.isEmpty {
                    text += indent(style.dim(printedBlock(Format.visibleLines(failure.output.trimmingCharacters(in: .newlines)))), by: 5) + "\n"
                }
            }
        }
        var snapshots: [String] = []
        if report.written > 0 { snapshots.append("\(report.written) written") }
        if report.updated > 0 { snapshots.append("\(report.updated) updated") }
        if !report.removed.isEmpty { snapshots.append("\(report.removed.count) obsolete removed") }
        if !report.obsolete.isEmpty {
            snapshots.append("\(report.obsolete.count) obsolete (\(report.isCI ? "failing in CI" : "remove them with \(updateHint)"))")
        }
        if !report.removedFiles.isEmpty { snapshots.append("\(Format.count(report.removedFiles.count, "obsolete file")) removed") }
        if !report.obsoleteFiles.isEmpty {
            snapshots.append("\(Format.count(report.obsoleteFiles.count, "obsolete file")) (\(report.isCI ? "failing in CI" : "remove \(report.obsoleteFiles.count == 1 ? "it" : "them") with \(updateHint)"))")
        }
        if !snapshots.isEmpty {
            text += "\nSnapshots: " + snapshots.joined(separator: ", ") + "\n"
            for (file, name) in report.obsolete {
                text += style.dim("  obsolete: \(file): \(name)") + "\n"
            }
            for (file, name) in report.removed {
                text += style.dim("  removed: \(file): \(name)") + "\n"
            }
            for file in report.obsoleteFiles {
                text += style.dim("  obsolete file: \(file) (\(ScenarioSnapshots.scenarioPath(of: file)) is gone)") + "\n"
            }
            for file in report.removedFiles {
                text += style.dim("  removed file: \(file)") + "\n"
            }
        }
        for error in report.writeErrors {
            text += "\n\(style.fail("ERROR")) \(error)\n"
        }
        if durations > 0 {
            let slowest = report.results.filter { $0.status != .skipped }.sorted { $0.duration > $1.duration }.prefix(durations)
            text += "\nSlowest \(slowest.count) scenario\(slowest.count == 1 ? "" : "s"):\n"
            for result in slowest {
                text += "  \(Format.seconds(result.duration).padding(toLength: 9, withPad: " ", startingAt: 0)) \(Format.visible(result.scenario.name)) "
                    + style.dim("(\(result.scenario.location))") + "\n"
            }
        }
        let line = report.summaryLine
        text += "\n" + (report.exitCode == 0 ? style.green(line) : style.red(line))
        text += report.failed > 0 || report.shuffled ? style.dim(" (seed \(report.seed))") + "\n" : "\n"
        output.write(text)
    }

    /// The lines of `text`, split at each LF alone ("\r\n" is one Swift Character, which
    /// `split` at "\n" would leave whole).
    private func lines(_ text: String) -> [Substring] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
    }

    private func indent(_ text: String, by count: Int) -> String {
        let pad = String(repeating: " ", count: count)
        return lines(text).map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
    }

}
