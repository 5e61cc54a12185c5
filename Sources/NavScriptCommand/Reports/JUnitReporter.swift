import Foundation
import NavScript

/// JUnit XML as Jenkins, GitLab and Surefire read it: a `testsuite` per scenario file, a
/// `testcase` per scenario (`classname` the file, `name` the full name, `time` in seconds),
/// `failure` with `file:line` first in its message, `skipped` for pending ones. A file that
/// does not load is a suite with one `error`. In CI mode, a snapshot file's obsolete
/// snapshots are a failing `testcase` of its scenario file's suite ("obsolete snapshots"),
/// and a snapshot file whose scenario file is gone a suite of its own with one; a run
/// Ctrl-C or SIGTERM stopped, a suite `navscript run` with one `error` saying how many
/// scenarios did not run.
///
/// Only what both schemas a CI may check accept is written (copies, and where they come
/// from, are in `Tests/NavScriptCLITests/Schemas`): the JUnit XSD Jenkins' xUnit plugin
/// validates with (`junit-10.xsd`, which has no `file` on `testcase` and no `skipped` on
/// `testsuites`) and Surefire's `surefire-test-report-3.0.xsd` (no `timestamp` or `file` on
/// `testsuite`, whose elements must come in its order: `properties`, then each
/// `testcase` with `failure`, `skipped` or `error` before `system-out`). Surefire's has
/// `testsuite` as its only root, one file per class; each `testsuite` here is one such
/// file's content, inside the `testsuites` Jenkins and GitLab read.
///
/// Where a scenario is: the `file` attribute GitLab would show is in neither schema, so
/// the file is the suite's `name` and its `file` property (the path as written), and the
/// `classname` (the path with `/` as `.`, which Jenkins shows as package and class; the
/// path as written, less `.lua`, for files that would share one: `a/b_spec.lua` and
/// `a.b_spec.lua`, as CI tools keep one test of a `classname` and `name`; decided over
/// every file of the suite the run listed, so that shards and filtered runs agree). The
/// line is first in the messages CI tools show for a test, where it matters:
/// `file:line:` starts each `failure` and `error` message (Jenkins' "Error Message",
/// GitLab's and Surefire's report), and a pending one's `skipped` message ("Skip
/// Message"). It is not put in `name`: a scenario's history in Jenkins and GitLab
/// follows `classname` and `name`, and would restart whenever a line above it moved.
final class JUnitReporter: Reporter {
    let output: ReportOutput

    init(output: ReportOutput) {
        self.output = output
    }

    func fileFinished(_ result: ScenarioFileResult) {}

    func finish(_ report: RunReport) {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let snapshotFailures = report.snapshotFailures
        // Decided over the whole suite, not only what ran: a file keeps its class name in
        // every shard and in a run narrowed by a filter, as a CI that merges reports needs.
        shared = Self.sharedClassNames((report.suite?.keys.sorted() ?? []) + report.files.map(\.file.displayPath)
            + report.loadErrors.map(\.file.displayPath) + snapshotFailures.map { ScenarioSnapshots.scenarioPath(of: $0.snapshotFile) })
        let coverage = report.coverageFailure.map { [$0] } ?? []
        // A run Ctrl-C or SIGTERM stopped is an error of its own: without it the report of
        // what finished would look green to a CI that shows JUnit only.
        let interruption = report.interrupted || report.refusal != nil ? 1 : 0
        // Scenarios --max-failures left unrun are one skipped case: the report says the run
        // stopped early, as TAP's `Bail out!` does.
        let stopped = interruption == 0 && report.notRun > 0 ? 1 : 0
        xml += "<testsuites name=\"navscript\" tests=\"\(report.results.count + report.loadErrors.count + snapshotFailures.count + coverage.count + interruption + stopped)\" failures=\"\(report.failed + snapshotFailures.count + coverage.count)\" errors=\"\(report.loadErrors.count + interruption)\" time=\"\(seconds(report.duration))\">\n"
        // Under watch, a file that stopped loading keeps its last good results: its load
        // error goes in the same testsuite (one per file, as consumers expect).
        let keptPaths = Set(report.files.map(\.file.displayPath))
        for file in report.files {
            let path = file.file.displayPath
            let results = file.results
            let snapshots = snapshotFailures.first { $0.scenarioFile == path }
            let extra = snapshots == nil ? 0 : 1
            let loadError = report.loadErrors.first { $0.0.displayPath == path }
            let errors = loadError == nil ? 0 : 1
            let failed = results.filter { $0.status == .failed }.count
            let skipped = results.filter { $0.status == .skipped }.count
            let time = results.map(\.duration).reduce(0, +)
            xml += "  <testsuite name=\"\(attribute(path))\" tests=\"\(results.count + extra + errors)\" failures=\"\(failed + extra)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(seconds(time))\">\n"
            xml += properties(path: path, seed: report.seed)
            for result in results {
                let head = "    <testcase classname=\"\(attribute(className(path)))\" name=\"\(attribute(result.scenario.name))\" time=\"\(seconds(result.duration))\""
                switch result.status {
                case .passed:
                    xml += head + "/>\n"
                case .skipped:
                    xml += head + "><skipped message=\"\(attribute(result.scenario.location)): \(attribute(result.skipText))\"/></testcase>\n"
                case .failed:
                    let message = located(result.message ?? "failed", at: Format.raisedAt(result))
                    let type = Format.failureKind(result)
                    var body = message
                    if let traceback = result.traceback { body += "\nstack traceback:\n" + traceback }
                    xml += head + ">\n      <failure message=\"\(attribute(firstLine(message)))\" type=\"\(type)\">\(cdata(body))</failure>\n"
                    if !result.output.isEmpty {
                        xml += "      <system-out>\(cdata(result.output))</system-out>\n"
                    }
                    xml += "    </testcase>\n"
                }
            }
            // The cases the runner adds take names no scenario of the file has, since CI tools
            // keep one test of a `classname` and `name`.
            var names = Set(results.map(\.scenario.name))
            if let snapshots {
                xml += snapshotCase(snapshots, className: className(path), among: &names)
            }
            if let (file, error) = loadError {
                xml += loadCase(file, error, among: &names)
            }
            xml += "  </testsuite>\n"
        }
        for failure in snapshotFailures where failure.scenarioFile == nil {
            let path = failure.snapshotFile
            xml += "  <testsuite name=\"\(attribute(path))\" tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"\(seconds(0))\">\n"
            xml += properties(path: path, seed: report.seed)
            var names = Set<String>()
            xml += snapshotCase(failure, className: className(ScenarioSnapshots.scenarioPath(of: path)), among: &names)
            xml += "  </testsuite>\n"
        }
        for failure in coverage {
            xml += "  <testsuite name=\"coverage/lcov.info\" tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"\(seconds(0))\">\n"
            xml += properties(path: "coverage/lcov.info", seed: report.seed)
            xml += "    <testcase classname=\"coverage\" name=\"coverage threshold\" time=\"\(seconds(0))\">\n"
                + "      <failure message=\"\(attribute(failure))\" type=\"coverage\">\(cdata(failure))</failure>\n"
                + "    </testcase>\n"
            xml += "  </testsuite>\n"
        }
        for (file, error) in report.loadErrors where !keptPaths.contains(file.displayPath) {
            let path = file.displayPath
            xml += "  <testsuite name=\"\(attribute(path))\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"\(seconds(0))\">\n"
            xml += properties(path: path, seed: report.seed)
            var names = Set<String>()
            xml += loadCase(file, error, among: &names) + "  </testsuite>\n"
        }
        if let refusal = report.refusal {
            xml += "  <testsuite name=\"navscript run\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"\(seconds(0))\">\n"
            xml += "    <testcase classname=\"navscript\" name=\"run refused\" time=\"\(seconds(0))\">\n"
            xml += "      <error message=\"\(attribute(firstLine(refusal)))\" type=\"refused\">\(cdata(refusal))</error>\n"
            xml += "    </testcase>\n  </testsuite>\n"
        } else if report.interrupted {
            let signal = report.interruptedBy == SIGINT ? "SIGINT (Ctrl-C)" : report.interruptedBy == SIGTERM ? "SIGTERM" : "signal \(report.interruptedBy)"
            let files = report.notLoaded > 0 ? ", \(Format.count(report.notLoaded, "file")) not loaded" : ""
            let message = "the run was stopped by \(signal): \(report.notRun) selected scenario\(report.notRun == 1 ? "" : "s") not run\(files)"
            xml += "  <testsuite name=\"navscript run\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"\(seconds(0))\">\n"
            xml += "    <testcase classname=\"navscript\" name=\"run interrupted\" time=\"\(seconds(0))\">\n"
            xml += "      <error message=\"\(attribute(message))\" type=\"interrupted\">\(cdata(message))</error>\n"
            xml += "    </testcase>\n  </testsuite>\n"
        } else if stopped == 1 {
            xml += "  <testsuite name=\"navscript run\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\" time=\"\(seconds(0))\">\n"
            xml += "    <testcase classname=\"navscript\" name=\"run stopped early\" time=\"\(seconds(0))\">"
                + "<skipped message=\"\(attribute(report.notRunSummary))\"/></testcase>\n  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        output.write(xml)
    }

    /// A file that does not load, as an erroring test case named `load`.
    private func loadCase(_ file: ScenarioFile, _ error: Error, among names: inout Set<String>) -> String {
        let path = file.displayPath
        let (text, traceback, printed) = Format.loadErrorParts(Format.loadError(error))
        let message = located(text + (traceback.map { Format.tracebackHeader + $0 } ?? ""), at: path)
        return "    <testcase classname=\"\(attribute(className(path)))\" name=\"\(attribute(unique("load", among: &names)))\" time=\"\(seconds(0))\">\n"
            + "      <error message=\"\(attribute(firstLine(message)))\" type=\"load\">\(cdata(message))</error>\n"
            + (printed.map { "      <system-out>\(cdata($0))</system-out>\n" } ?? "")
            + "    </testcase>\n"
    }

    /// A snapshot problem as a failing test case, named for what it is.
    private func snapshotCase(_ failure: SnapshotFailure, className: String, among names: inout Set<String>) -> String {
        let name = unique(failure.scenarioFile == nil ? "obsolete snapshot file" : "obsolete snapshots", among: &names)
        return "    <testcase classname=\"\(attribute(className))\" name=\"\(attribute(name))\" time=\"\(seconds(0))\">\n"
            + "      <failure message=\"\(attribute(firstLine(failure.message)))\" type=\"snapshot\">\(cdata(failure.message))</failure>\n"
            + "    </testcase>\n"
    }

    /// `name`, or `name (2)`, `name (3)`, ... when the suite has it already; then the suite has it.
    private func unique(_ name: String, among names: inout Set<String>) -> String {
        var candidate = name, count = 1
        while names.contains(candidate) {
            count += 1
            candidate = "\(name) (\(count))"
        }
        names.insert(candidate)
        return candidate
    }

    private func properties(path: String, seed: Int) -> String {
        "    <properties><property name=\"file\" value=\"\(attribute(path))\"/><property name=\"seed\" value=\"\(seed)\"/></properties>\n"
    }

    /// The message as it is when it starts with `file:line:` (Lua's, or a module's),
    /// else with `location: ` before it.
    private func located(_ message: String, at location: String) -> String {
        Format.failureLocation(message, fallback: "") == "" ? location + ": " + message : message
    }

    /// The first line as the body shows it (`"\r\n"` ends a line, a lone `"\r"` is
    /// `\x0d`); when it is empty, or only the place (`error("\nwhat", 0)` at a line), the
    /// first line with text follows it.
    private func firstLine(_ text: String) -> String {
        let lines = Format.printable(text).split(separator: "\n", omittingEmptySubsequences: false)
        let first = lines.first.map(String.init) ?? ""
        let bare = first.allSatisfy(\.isWhitespace) || first.hasSuffix(": ")
        guard bare, let next = lines.dropFirst().first(where: { !$0.allSatisfy(\.isWhitespace) }) else { return first }
        return first.allSatisfy(\.isWhitespace) ? String(next) : first + next
    }

    /// The class names two or more paths of the report would share.
    private var shared: Set<String> = []

    private func className(_ path: String) -> String {
        let name = Self.dotted(path)
        return shared.contains(name) ? (path.hasSuffix(".lua") ? String(path.dropLast(4)) : path) : name
    }

    private static func dotted(_ path: String) -> String {
        // A path outside the working folder (`/abs/x.lua`, `../x.lua`) starts with no dot.
        (path.hasSuffix(".lua") ? String(path.dropLast(4)) : path).split(separator: "/")
            .filter { $0 != "." && $0 != ".." }.joined(separator: ".")
    }

    private static func sharedClassNames(_ paths: [String]) -> Set<String> {
        var owner: [String: String] = [:], shared: Set<String> = []
        for path in paths {
            let name = dotted(path)
            if let first = owner[name], first != path { shared.insert(name) }
            owner[name] = path
        }
        return shared
    }

    private func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    private func attribute(_ text: String) -> String {
        Format.printable(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;").replacingOccurrences(of: "\n", with: "&#10;")
            .replacingOccurrences(of: "\r", with: "&#13;").replacingOccurrences(of: "\t", with: "&#9;")
    }

    private func cdata(_ text: String) -> String {
        "<![CDATA[" + Format.printable(text).replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>") + "]]>"
    }
}
