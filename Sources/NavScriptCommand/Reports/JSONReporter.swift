import Foundation
import NavScript

/// A JSON report, versioned: `{"version": 1, "summary": ..., "files": [...], "loadErrors":
/// [...], "snapshots": ...}`. Fields are only ever added within a version.
final class JSONReporter: Reporter {
    let output: ReportOutput

    init(output: ReportOutput) {
        self.output = output
    }

    func fileFinished(_ result: ScenarioFileResult) {}

    struct Document: Encodable {
        struct Summary: Encodable {
            let passed, failed, skipped: Int
            /// Selected scenarios --max-failures (or an interrupt) stopped the run before.
            let notRun: Int
            let duration: Double
            let seed: Int
            let exitCode: Int32
        }

        struct Scenario: Encodable {
            /// The full name: the `describe` names and the scenario's own, joined by spaces.
            let name: String
            /// The `describe` names around it, outermost first, and its own name (Jest's
            /// `ancestorTitles` and `title`): what a dashboard groups by.
            let ancestorTitles: [String]
            let title: String
            let location: String
            let tags: [String]
            let status: String
            let duration: Double
            let expectations: Int
            let message: String?
            /// A failed scenario's kind of failure, as JUnit's `type`: "expectation" (an
            /// `expect` that failed) or "error" (a script error, a broken limit).
            let failure: String?
            /// A skipped scenario's reason: "pending", "skipped", "todo" or "not focused".
            let skipReason: String?
            let traceback: String?
            let output: String?
        }

        struct File: Encodable {
            let path: String
            let scenarios: [Scenario]
        }

        struct LoadError: Encodable {
            let path: String
            let message: String
            /// The script error's traceback, when it has one.
            let traceback: String?
            /// What the file printed before its error.
            let output: String?

            /// A file that did not load, as the run's report and `--list` write it.
            init(_ failed: (file: ScenarioFile, error: Error)) {
                path = failed.file.displayPath
                (message, traceback, output) = Format.loadErrorParts(Format.loadError(failed.error))
            }
        }

        struct Snapshots: Encodable {
            let written: Int
            let updated: Int
            let obsolete: [[String: String]]
            let removed: [[String: String]]
            /// Snapshot files whose scenario file is gone, and those an update removed.
            let obsoleteFiles: [String]
            let removedFiles: [String]
        }

        let version = 1
        let summary: Summary
        let files: [File]
        let loadErrors: [LoadError]
        let snapshots: Snapshots
        /// Why nothing ran, when the run was refused.
        var refusal: String?
    }

    func finish(_ report: RunReport) {
        let document = Document(
            summary: .init(passed: report.passed, failed: report.failed, skipped: report.skipped, notRun: report.notRun,
                           duration: report.duration, seed: report.seed, exitCode: report.exitCode),
            files: report.files.map { file in
                .init(path: file.file.displayPath, scenarios: file.results.map { result in
                    .init(name: result.scenario.name, ancestorTitles: result.scenario.describePath ?? [], title: result.scenario.title,
                          location: result.scenario.location, tags: result.scenario.tags,
                          status: result.status.rawValue, duration: result.duration, expectations: result.expectations,
                          message: result.message, failure: result.status == .failed ? Format.failureKind(result) : nil,
                          skipReason: result.status == .skipped ? result.skipText : nil,
                          traceback: result.traceback, output: result.output.isEmpty ? nil : result.output)
                })
            },
            loadErrors: report.loadErrors.map(Document.LoadError.init),
            snapshots: .init(written: report.written, updated: report.updated,
                             obsolete: report.obsolete.map { ["file": $0.file, "name": $0.name] },
                             removed: report.removed.map { ["file": $0.file, "name": $0.name] },
                             obsoleteFiles: report.obsoleteFiles, removedFiles: report.removedFiles),
            refusal: report.refusal
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        output.write(String(decoding: data, as: UTF8.self) + "\n")
    }
}
