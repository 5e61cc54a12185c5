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

    init(output: ReportOutput, style: Style, verbose: Bool) {
        self.output = output
        self.style = style
        self.verbose = verbose
    }

    func fileFinished(_ result: ScenarioFileResult) {
        output.write(fileBlock(result))
    }

    func fileBlock(_ result: ScenarioFileResult) -> String {
        let failed = result.results.contains { $0.status == .failed }
        let duration = result.results.map(\.duration).reduce(0, +)
        let count = result.results.count
        var text = "\(failed ? style.fail("FAIL") : style.pass("PASS")) \(result.file.displayPath) "
            + style.dim("(\(count) scenario\(count == 1 ? "" : "s"), \(Format.seconds(duration)))") + "\n"
        for scenario in result.results where verbose || scenario.status != .passed {
            switch scenario.status {
            case .passed: text += "  \(style.green("✓")) \(scenario.scenario.name) \(style.dim(Format.seconds(scenario.duration)))\n"
            case .failed: text += "  \(style.red("✗")) \(scenario.scenario.name)\n"
            case .skipped: text += "  \(style.yellow("-")) \(scenario.scenario.name) \(style.dim("(pending)"))\n"
            }
        }
        return text
    }

    func finish(_ report: RunReport) {
        var text = ""
        for (file, error) in report.loadErrors {
            text += "\n\(style.fail("ERROR")) \(file.displayPath) does not load:\n"
            text += indent(Format.loadError(error), by: 2) + "\n"
        }
        let failures = report.results.filter { $0.status == .failed }
        if !failures.isEmpty {
            text += "\n" + style.bold("Failures") + "\n"
            for (number, failure) in failures.enumerated() {
                text += "\n  \(number + 1)) \(style.bold(failure.scenario.name)) \(style.dim("(\(failure.scenario.location))"))\n"
                text += indent(style.red(failure.message ?? "failed"), by: 5) + "\n"
                if let traceback = failure.traceback {
                    text += indent(style.dim("stack traceback:\n" + traceback), by: 5) + "\n"
                }
                if !failure.output.isEmpty {
                    text += indent(style.dim("printed:\n" + failure.output.trimmingCharacters(in: .newlines)), by: 5) + "\n"
                }
            }
        }
        var snapshots: [String] = []
        if report.written > 0 { snapshots.append("\(report.written) written") }
        if report.updated > 0 { snapshots.append("\(report.updated) updated") }
        if !report.obsolete.isEmpty {
            snapshots.append("\(report.obsolete.count) obsolete (\(report.isCI ? "failing in CI" : "remove them with --update-snapshots"))")
        }
        if !snapshots.isEmpty {
            text += "\nSnapshots: " + snapshots.joined(separator: ", ") + "\n"
            for (file, name) in report.obsolete {
                text += style.dim("  obsolete: \(file): \(name)") + "\n"
            }
        }
        if report.results.isEmpty && report.loadErrors.isEmpty {
            text += "\nNo scenarios matched.\n"
        }
        let line = report.summaryLine
        text += "\n" + (report.exitCode == 0 ? style.green(line) : style.red(line))
        text += report.failed > 0 ? style.dim(" (seed \(report.seed))") + "\n" : "\n"
        output.write(text)
    }

    private func indent(_ text: String, by count: Int) -> String {
        let pad = String(repeating: " ", count: count)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }.joined(separator: "\n")
    }
}
