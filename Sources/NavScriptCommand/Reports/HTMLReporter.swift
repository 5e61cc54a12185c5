import Foundation
import NavScript

/// `--reporter html[=folder]`: a static report in one folder (`index.html`, nothing else to
/// load: no network, no external scripts or fonts). The suite with filters by status, tag
/// and text, the command that repeats the run, and for each scenario its steps in order,
/// each with its line, virtual time, transitions and log lines, and the hierarchy after it
/// drawn; the navigation map; route coverage when it was measured.
final class HTMLReporter: Reporter {
    let output: ReportOutput
    /// The coverage of the run's route scripts, as JSON, when it was measured.
    var coverage: Data?

    init(output: ReportOutput) {
        self.output = output
    }

    func fileFinished(_ result: ScenarioFileResult) {}

    /// The page's data. It is written by hand (`writeFields`); its `Encodable` conformance is
    /// what a test holds that writing to (`PageDataTests`).
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
            /// Its number in the scenario: its place, unless steps before it were not kept.
            let number: Int
            /// How many steps right before it were not kept.
            let omitted: Int
        }

        struct Scenario: Encodable {
            let name: String
            let location: String
            let tags: [String]
            let status: String
            let duration: Double
            let message: String?
            /// A script error's stack traceback, shown folded under the message.
            let traceback: String?
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
            /// Whether any scenario showed a screen: an empty map is not drawn.
            let isEmpty: Bool
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
        // Graphviz draws the map in its own process while the steps are read.
        let map = MapReporter.map(report)
        let dot = map.dot()
        let mapDrawing: () -> (svg: String?, problem: String) = map.screens.isEmpty ? { (nil, "") } : Graphviz.draw(dot)
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
                Page.Scenario(name: Format.visible(result.scenario.name), location: result.scenario.location, tags: result.scenario.tags.map(Format.visible),
                              status: result.status.rawValue, duration: result.duration,
                              message: (result.status == .skipped ? result.skipText : result.message).map(Format.visibleLines),
                              traceback: result.traceback.map(Format.visibleLines),
                              output: Format.visibleLines(result.output),
                              steps: zip(result.steps ?? [], (result.steps ?? []).numbers).map { step, number in
                                  Page.Step(kind: step.kind.rawValue, location: step.location, time: step.time, ok: step.ok,
                                            message: step.message.map(Format.visibleLines), transitions: step.transitions.map(\.description),
                                            log: step.log.map(Format.visibleLines),
                                            picture: picture(step.hierarchy), number: number, omitted: step.omitted)
                              })
            })
        }
        return Page(summary: Page.Summary(passed: report.passed, failed: report.failed, skipped: report.skipped, notRun: report.notRun,
                                          duration: report.duration, seed: report.seed, command: report.command),
                    files: files,
                    loadErrors: report.loadErrors.map { Page.LoadError(path: $0.file.displayPath, message: Format.visibleLines(Format.loadError($0.error))) },
                    pictures: pictures,
                    map: Page.Map(isEmpty: map.screens.isEmpty, svg: mapDrawing().svg, dot: dot, uncovered: map.uncovered))
    }

    func finish(_ report: RunReport) {
        var json = JSONText()
        json.object { json in
            Self.page(report).writeFields(&json)
            if let coverage {
                json.key("coverage")
                json.raw(String(decoding: coverage, as: UTF8.self))
            }
        }
        output.write(HTMLPage.render(data: json.text, title: report.failed > 0 || !report.loadErrors.isEmpty ? "✗ NavScript report" : "✓ NavScript report"))
    }
}

/// The page's data written by hand (`JSONText`), with the keys JSONEncoder gives it, sorted.
extension HTMLReporter.Page {
    /// The page's fields, into the object being written.
    func writeFields(_ json: inout JSONText) {
        json.key("files")
        json.array(files) { json, file in
            json.object { json in
                json.field("path", file.path)
                json.key("scenarios")
                json.array(file.scenarios) { $0.object($1.write) }
            }
        }
        json.key("loadErrors")
        json.array(loadErrors) { json, error in
            json.object { json in
                json.field("message", error.message)
                json.field("path", error.path)
            }
        }
        json.key("map")
        json.object { json in
            json.field("dot", map.dot)
            json.field("isEmpty", map.isEmpty)
            json.field("svg", map.svg)
            json.field("uncovered", map.uncovered)
        }
        json.field("pictures", pictures)
        json.key("summary")
        json.object { json in
            json.field("command", summary.command)
            json.field("duration", summary.duration)
            json.field("failed", summary.failed)
            json.field("notRun", summary.notRun)
            json.field("passed", summary.passed)
            json.field("seed", summary.seed)
            json.field("skipped", summary.skipped)
        }
    }
}

extension HTMLReporter.Page.Scenario {
    func write(_ json: inout JSONText) {
        json.field("duration", duration)
        json.field("location", location)
        json.field("message", message)
        json.field("name", name)
        json.field("output", output)
        json.field("status", status)
        json.key("steps")
        json.array(steps) { json, step in
            json.object { json in
                json.field("kind", step.kind)
                json.field("location", step.location)
                json.field("log", step.log)
                json.field("message", step.message)
                json.field("number", step.number)
                json.field("ok", step.ok)
                json.field("omitted", step.omitted)
                json.field("picture", step.picture)
                json.field("time", step.time)
                json.field("transitions", step.transitions)
            }
        }
        json.field("tags", tags)
        json.field("traceback", traceback)
    }
}
