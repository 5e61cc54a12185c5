import Foundation
import NavScript

/// TAP version 14: a plan, one test point per scenario (`file › name`), YAML diagnostics
/// for failures, `# SKIP` for pending ones. A file that does not load is a failing point, and
/// so is, in CI mode, a snapshot file with obsolete snapshots or without its scenario file.
/// The report uses nothing TAP 13 lacks (no subtests), so `--reporter tap13` writes the same
/// under a version 13 line, for harnesses that refuse 14 (Perl's `prove`, TAP::Harness 3.44).
final class TAPReporter: Reporter {
    let output: ReportOutput
    let version: Int

    init(output: ReportOutput, version: Int = 14) {
        self.output = output
        self.version = version
    }

    func fileFinished(_ result: ScenarioFileResult) {}

    func finish(_ report: RunReport) {
        let snapshotFailures = report.snapshotFailures
        let coverage = report.coverageFailure.map { [$0] } ?? []
        var lines = ["TAP version \(version)", "1..\(report.results.count + report.loadErrors.count + snapshotFailures.count + coverage.count)"]
        var number = 0
        for file in report.files {
            for result in file.results {
                number += 1
                let description = escape("\(file.file.displayPath) › \(result.scenario.name)")
                switch result.status {
                case .passed:
                    lines.append("ok \(number) - \(description)")
                case .skipped where result.scenario.skipReason == "todo":
                    // Not done, as node-tap writes one: a TODO point that is not ok fails nothing.
                    lines.append("not ok \(number) - \(description) # TODO")
                case .skipped:
                    lines.append("ok \(number) - \(description) # SKIP " + escape(result.skipText))
                case .failed:
                    lines.append("not ok \(number) - \(description)")
                    lines += diagnostics(message: result.message ?? "failed", location: Format.raisedAt(result), stack: result.traceback)
                }
            }
        }
        for (file, error) in report.loadErrors {
            number += 1
            lines.append("not ok \(number) - \(escape(file.displayPath)) does not load")
            // The traceback under `stack`, as a scenario's; what the file printed stays in the message.
            let parts = Format.loadErrorParts(Format.loadError(error))
            lines += diagnostics(message: parts.message + (parts.printed.map { Format.printedHeader + $0 } ?? ""),
                                 location: Format.raisedAt(message: parts.message, traceback: parts.traceback) ?? file.displayPath, stack: parts.traceback)
        }
        for failure in snapshotFailures {
            number += 1
            lines.append("not ok \(number) - \(escape(failure.snapshotFile)) › \(failure.scenarioFile == nil ? "obsolete snapshot file" : "obsolete snapshots")")
            lines += diagnostics(message: failure.message, location: failure.snapshotFile)
        }
        for failure in coverage {
            number += 1
            lines.append("not ok \(number) - coverage/lcov.info › coverage threshold")
            lines += diagnostics(message: failure, location: "coverage/lcov.info")
        }
        // What replays the run, as JUnit's seed property and busted's "# Random seed" say it.
        lines.append("# seed: \(report.seed)" + (report.shuffled ? " (shuffled: --shuffle --seed \(report.seed) runs this order again)" : ""))
        if let refusal = report.refusal {
            lines.append("Bail out! " + escape(refusal))
        } else if report.notRun > 0 || report.interrupted {
            // An interrupted run bails out even when nothing selected was left: files may not have loaded.
            lines.append("Bail out! " + report.notRunSummary)
        }
        output.write(lines.joined(separator: "\n") + "\n")
    }

    /// A YAML double-quoted scalar, with the escapes YAMLish reads too.
    private func doubleQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t") + "\""
    }

    /// `at` is where the failure happened (the failing `expect`'s line, as JUnit and the
    /// console give it), else the scenario's definition. `stack` is the traceback, under
    /// node-tap's name for it.
    private func diagnostics(message: String, location: String, stack: String? = nil) -> [String] {
        let (file, line) = Format.location(Format.failureLocation(message, fallback: location))
        var lines = ["  ---"] + text("message", message)
        lines += ["  severity: fail", "  at:", "    file: \(yaml(printable(file)))"]
        if let line {
            lines.append("    line: \(line)")
        }
        if let stack, !stack.isEmpty {
            lines += text("stack", stack)
        }
        lines.append("  ...")
        return lines
    }

    /// A key of several lines.
    private func text(_ key: String, _ value: String) -> [String] {
        // Its lines, CR LF ending one too (the other line breaks YAML knows are written as
        // escapes); a first line that starts with a space needs the block's indentation said
        // (`|2-`), or YAML takes it from that line.
        let valueLines = value.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars
            .split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }
        if version == 13 {
            // TAP 13's YAMLish (TAP::Parser's reader) has no `|-`: one double-quoted line.
            return ["  \(key): " + doubleQuoted(Self.yamlishLine(valueLines.joined(separator: "\n")))]
        }
        let indented = valueLines.first { !$0.isEmpty }?.hasPrefix(" ") == true
        // Trailing line breaks are kept (`|+`), which `|-` would strip: the text's last
        // break ends the block's last line.
        let keeps = valueLines.count > 1 && valueLines.last == ""
        let header = (indented ? "|2" : "|") + (keeps ? "+" : "-")
        return ["  \(key): \(header)"] + (keeps ? valueLines.dropLast() : valueLines[...]).map { "    \($0)" }
    }

    /// The longest text a YAMLish quoted scalar holds here, in UTF-8 bytes: TAP::Parser's
    /// reader matches one with a regular expression that gives up (a parse error, and every
    /// later point lost) past 65,534 characters, and past 32,766 in Perl 5.28 and older.
    static let yamlishLimit = 30_000

    /// `text`, cut at a character within `yamlishLimit` bytes, saying so.
    static func yamlishLine(_ text: String) -> String {
        guard text.utf8.count > yamlishLimit else { return text }
        var bytes = 0
        let kept = text.unicodeScalars.prefix { scalar in
            bytes += String(scalar).utf8.count
            return bytes <= yamlishLimit
        }
        return String(kept) + " … (cut at \(yamlishLimit) bytes of \(text.utf8.count), as TAP 13's YAMLish reads no longer text: the tap, json and junit reports keep it whole)"
    }

    /// A test line's text: one line (a newline or CR LF is a space), `#` and `\\` escaped,
    /// every other control character and line break written as an escape, as in messages.
    private func escape(_ text: String) -> String {
        printable(text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "#", with: "\\#")
            .replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init).joined(separator: " "))
    }

    /// Text as YAML may hold it: control characters as `Format.visible` writes them, and the
    /// C1 controls, U+FFFE and U+FFFF, outside YAML's printable set too, as JUnit writes them.
    private func printable(_ text: String) -> String {
        Format.printable(Format.visible(text))
    }

    private func yaml(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
