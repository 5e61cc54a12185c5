import Foundation
import NavScript

/// JUnit XML as Jenkins, GitLab and Surefire read it: a `testsuite` per scenario file, a
/// `testcase` per scenario (`classname` the file, `name` the full name, `time` in seconds),
/// `failure` with `file:line` first in its message, `skipped` for pending ones. A file that
/// does not load is a suite with one `error`.
final class JUnitReporter: Reporter {
    let output: ReportOutput

    init(output: ReportOutput) {
        self.output = output
    }

    func fileFinished(_ result: ScenarioFileResult) {}

    func finish(_ report: RunReport) {
        let timestamp = ISO8601DateFormatter().string(from: Date())
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"navscript\" tests=\"\(report.results.count + report.loadErrors.count)\" failures=\"\(report.failed)\" errors=\"\(report.loadErrors.count)\" skipped=\"\(report.skipped)\" time=\"\(seconds(report.duration))\">\n"
        for file in report.files {
            let results = file.results
            let failed = results.filter { $0.status == .failed }.count
            let skipped = results.filter { $0.status == .skipped }.count
            let time = results.map(\.duration).reduce(0, +)
            xml += "  <testsuite name=\"\(attribute(file.file.displayPath))\" tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(seconds(time))\" timestamp=\"\(timestamp)\">\n"
            xml += "    <properties><property name=\"seed\" value=\"\(report.seed)\"/></properties>\n"
            for result in results {
                let head = "    <testcase classname=\"\(attribute(className(file.file.displayPath)))\" name=\"\(attribute(result.scenario.name))\" file=\"\(attribute(file.file.displayPath))\" time=\"\(seconds(result.duration))\""
                switch result.status {
                case .passed:
                    xml += head + "/>\n"
                case .skipped:
                    xml += head + "><skipped message=\"pending\"/></testcase>\n"
                case .failed:
                    let message = result.message ?? "failed"
                    let firstLine = message.split(separator: "\n").first.map(String.init) ?? message
                    let type = result.isExpectationFailure ? "expectation" : "error"
                    var body = message
                    if let traceback = result.traceback { body += "\nstack traceback:\n" + traceback }
                    xml += head + ">\n      <failure message=\"\(attribute(firstLine))\" type=\"\(type)\">\(cdata(body))</failure>\n"
                    if !result.output.isEmpty {
                        xml += "      <system-out>\(cdata(result.output))</system-out>\n"
                    }
                    xml += "    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        for (file, error) in report.loadErrors {
            let message = Format.loadError(error)
            xml += "  <testsuite name=\"\(attribute(file.displayPath))\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0\" timestamp=\"\(timestamp)\">\n"
            xml += "    <testcase classname=\"\(attribute(className(file.displayPath)))\" name=\"load\" file=\"\(attribute(file.displayPath))\" time=\"0\">\n"
            xml += "      <error message=\"\(attribute(message.split(separator: "\n").first.map(String.init) ?? message))\" type=\"load\">\(cdata(message))</error>\n"
            xml += "    </testcase>\n  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        output.write(xml)
    }

    private func className(_ path: String) -> String {
        (path.hasSuffix(".lua") ? String(path.dropLast(4)) : path).replacingOccurrences(of: "/", with: ".")
    }

    private func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    /// Characters XML 1.0 does not allow, even escaped.
    private func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x9, 0xA, 0xD: return true
            case 0x0...0x1F, 0x7F...0x84, 0x86...0x9F, 0xFFFE, 0xFFFF: return false
            default: return true
            }
        }))
    }

    private func attribute(_ text: String) -> String {
        clean(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;").replacingOccurrences(of: "\n", with: "&#10;")
    }

    private func cdata(_ text: String) -> String {
        "<![CDATA[" + clean(text).replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>") + "]]>"
    }
}
