import Foundation
import NavScript

/// `--reporter html[=folder]`: a static report in one folder (`index.html`, nothing else to
/// load: no network, no external scripts or fonts). The suite with filters by status, tag
/// and text, the command that repeats the run, and for each scenario its steps in order,
/// each with its line, virtual time, transitions and log lines, and the hierarchy after it
/// drawn; the navigation map; route coverage when it was measured.
final class HTMLReporter: Reporter {
    let output: ReportOutput
    /// Extra sections a run adds (coverage), as already-encoded JSON values by name.
    var extras: [String: Data] = [:]

    init(output: ReportOutput) {
        self.output = output
    }

    func fileFinished(_ result: ScenarioFileResult) {}

    struct Page: Encodable {
        struct Summary: Encodable {
            let passed, failed, skipped, notRun: Int
            let duration: Double
            let seed: Int
            let command: String
        }

        struct Step: Encodable {
            let kind: String
            let location: String?
            let time: Double
            let ok: Bool
            let message: String?
            let transitions: [String]
            let log: [String]
            /// The index of the step's picture in `pictures`, if it has one.
            let picture: Int?
        }

        struct Scenario: Encodable {
            let name: String
            let location: String
            let tags: [String]
            let status: String
            let duration: Double
            let message: String?
            let output: String
            let steps: [Step]
        }

        struct File: Encodable {
            let path: String
            let scenarios: [Scenario]
        }

        struct LoadError: Encodable {
            let path: String
            let message: String
        }

        struct Map: Encodable {
            let svg: String?
            let dot: String
            let uncovered: [String]
        }

        let summary: Summary
        let files: [File]
        let loadErrors: [LoadError]
        /// Every distinct drawing once; steps refer to them by index.
        let pictures: [String]
        let map: Map
    }

    static func page(_ report: RunReport) -> Page {
        var pictures: [String] = []
        var pictureIndex: [ScenarioHierarchy: Int] = [:]
        func picture(_ hierarchy: ScenarioHierarchy?) -> Int? {
            guard let hierarchy else { return nil }
            if let index = pictureIndex[hierarchy] { return index }
            pictures.append(HierarchyDrawing.svg(hierarchy))
            pictureIndex[hierarchy] = pictures.count - 1
            return pictures.count - 1
        }
        let files = report.files.map { file in
            Page.File(path: file.file.displayPath, scenarios: file.results.map { result in
                Page.Scenario(name: result.scenario.name, location: result.scenario.location, tags: result.scenario.tags,
                              status: result.status.rawValue, duration: result.duration, message: result.message,
                              output: result.output,
                              steps: (result.steps ?? []).map { step in
                                  Page.Step(kind: step.kind.rawValue, location: step.location, time: step.time, ok: step.ok,
                                            message: step.message, transitions: step.transitions.map(\.description), log: step.log,
                                            picture: picture(step.hierarchy))
                              })
            })
        }
        let map = MapReporter.map(report)
        let dot = map.dot()
        return Page(summary: Page.Summary(passed: report.passed, failed: report.failed, skipped: report.skipped, notRun: report.notRun,
                                          duration: report.duration, seed: report.seed, command: report.command),
                    files: files,
                    loadErrors: report.loadErrors.map { Page.LoadError(path: $0.file.displayPath, message: Format.loadError($0.error)) },
                    pictures: pictures,
                    map: Page.Map(svg: map.screens.isEmpty ? nil : Graphviz.svg(dot), dot: dot, uncovered: map.uncovered))
    }

    func finish(_ report: RunReport) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var json = (try? encoder.encode(Self.page(report))) ?? Data("{}".utf8)
        if !extras.isEmpty, json.last == UInt8(ascii: "}") {
            json.removeLast()
            for (name, value) in extras.sorted(by: { $0.key < $1.key }) {
                json += Data(",\"\(name)\":".utf8) + value
            }
            json += Data("}".utf8)
        }
        // Inside <script>, "</" would end the element: JSON allows "<\/".
        let data = String(decoding: json, as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
        output.write(HTMLPage.render(data: data, title: report.failed > 0 ? "✗ NavScript report" : "✓ NavScript report"))
    }
}
