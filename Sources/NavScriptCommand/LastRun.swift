import Foundation
import NavScript

/// What the runs in a folder failed, for `--last-failed`: `.navscript/last-run.json` in the
/// working folder, written after every run (a write that fails is an error, as every write
/// is). As pytest's cache keeps them: a failure stays recorded until its scenario runs again
/// and passes (or is skipped), so a run stopped early, a filtered one or one shard forgets
/// nothing that it did not run.
struct LastRun: Codable {
    var version = 1
    var failed: [ScenarioID] = []

    static func url(in folder: URL) -> URL {
        folder.appendingPathComponent(".navscript/last-run.json")
    }

    static func read(in folder: URL) -> LastRun? {
        try? readOrSayWhy(in: folder).get()
    }

    /// The record, or why there is none to read: none written yet, or what is there is not
    /// one (cut short, a folder, a FIFO).
    static func readOrSayWhy(in folder: URL) -> Result<LastRun, ScriptFile.Failure> {
        let path = url(in: folder).path
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(ScriptFile.Failure(reason: "no last run is recorded here")) }
        struct Version: Decodable { let version: Int }
        do {
            let data = try ScriptFile.read(path)
            // Another version's record (a newer navscript's) may have other fields, or mean
            // something else by these: its version is read first.
            if let version = try? JSONDecoder().decode(Version.self, from: data).version, version != LastRun().version {
                return .failure(ScriptFile.Failure(reason: "the record of the last run is of version \(version), not \(LastRun().version)"))
            }
            return .success(try JSONDecoder().decode(LastRun.self, from: data))
        } catch let failure as ScriptFile.Failure {
            return .failure(ScriptFile.Failure(reason: "the record of the last run cannot be read (\(failure.reason))"))
        } catch {
            return .failure(ScriptFile.Failure(reason: "the record of the last run is not one navscript wrote"))
        }
    }

    /// Records `report`'s failures (a file that did not load counts as failed whole), with
    /// the failures recorded before of scenarios it did not run that are still there: in a
    /// file that is, and that defines them if the run listed it (`listed`, by file path: a
    /// file that loads clears its own failure to load, a renamed scenario its old name).
    /// Files are recorded by their real paths, so that a file named another way the next time
    /// (`/tmp/app` and `/private/tmp/app` on macOS, a link) is the same file.
    static func record(_ report: RunReport, listed: [String: Set<String>], in folder: URL) throws(ScenarioFileWriter.Failure) {
        var real = RealPaths()
        var ran = Set<ScenarioID>()
        for file in report.files {
            for result in file.results { ran.insert(ScenarioID(file: real[file.file.url.path], name: result.scenario.name)) }
        }
        let listed = Dictionary(listed.map { (real[$0.key], $0.value) }) { first, _ in first }
        let kept = (read(in: folder)?.failed ?? []).filter { failure in
            guard !ran.contains(failure) else { return false }
            guard let names = listed[failure.file] else { return FileManager.default.fileExists(atPath: failure.file) }
            return names.contains(failure.name)
        }
        let now = report.files.flatMap { file in
            file.results.filter { $0.status == .failed }.map { ScenarioID(file: real[file.file.url.path], name: $0.scenario.name) }
        } + report.loadErrors.map { ScenarioID.wholeFile(real[$0.file.url.path]) }
        var seen = Set<ScenarioID>()
        let failed = (kept + now).filter { seen.insert($0).inserted }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = (try? encoder.encode(LastRun(failed: failed))) ?? Data()
        let target = url(in: folder)
        try ReportOutput.makeFolder(for: target, announced: false)
        // The record is a file of the runner's own: what is there and is not one (a FIFO,
        // which would wait for a reader for ever) is refused, as a report is written in place.
        if let problem = ScriptFile.problem(at: target.path) {
            throw ScenarioFileWriter.Failure(path: target.path, reason: problem)
        }
        try ScenarioFileWriter.write(data, to: target.path)
    }
}

extension LastRun {
    /// The failures recorded, with each file named as `files` name it (the path this run was
    /// given) when one of them is the file recorded.
    func failures(namedAs files: [ScenarioFile]) -> Set<ScenarioID> {
        var real = RealPaths()
        let given = Dictionary(files.map { (real[$0.url.path], $0.url.path) }) { first, _ in first }
        return Set(failed.map { ScenarioID(file: given[$0.file] ?? $0.file, name: $0.name) })
    }
}

/// Real paths (links and `..` resolved, by `realpath`), each looked up once.
struct RealPaths {
    private var known: [String: String] = [:]

    subscript(path: String) -> String {
        mutating get {
            if let real = known[path] { return real }
            let real = ScriptFile.real(URL(fileURLWithPath: path)).path
            known[path] = real
            return real
        }
    }
}
