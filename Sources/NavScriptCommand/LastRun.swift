import Foundation
import NavScript

/// What the last run in a folder failed, for `--last-failed`: `.navscript/last-run.json` in
/// the working folder, written after every run (a write that fails is an error, as every
/// write is).
struct LastRun: Codable {
    var version = 1
    var failed: [ScenarioID]

    static func url(in folder: URL) -> URL {
        folder.appendingPathComponent(".navscript/last-run.json")
    }

    static func read(in folder: URL) -> LastRun? {
        guard let data = try? ScriptFile.read(url(in: folder).path) else { return nil }
        return try? JSONDecoder().decode(LastRun.self, from: data)
    }

    /// Records `report`'s failures (a file that did not load counts as failed whole).
    static func record(_ report: RunReport, in folder: URL) throws(ScenarioFileWriter.Failure) {
        let failed = report.files.flatMap { file in
            file.results.filter { $0.status == .failed }.map { ScenarioID(file: file.file.url.path, name: $0.scenario.name) }
        } + report.loadErrors.map { ScenarioID.wholeFile($0.file.url.path) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = (try? encoder.encode(LastRun(failed: failed))) ?? Data()
        let target = url(in: folder)
        try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ScenarioFileWriter.write(data, to: target.path)
    }
}
