import ArgumentParser
import Foundation
import NavScript

/// `navscript watch <paths>`: runs the scenarios, then, on every save, runs again the
/// scenario files the change affects: the saved scenario file, or every one that required
/// the saved module. A save that does not load shows its error and keeps the last good
/// results of that file.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenarios, then run the affected ones again on every save.",
        discussion: """
            Changes are noticed by polling every --interval seconds, so results follow a save \
            within a few tens of milliseconds. Stop with Ctrl-C.
            """
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var options: RunOptions

    @Option(help: ArgumentHelp("Seconds between checks for changes.", valueName: "seconds"))
    var interval: Double = 0.02

    func validate() throws {
        if !(interval > 0) { throw ValidationError("--interval must be more than 0") }
        if options.list { throw ValidationError("--list does not go with watch; use run --list") }
    }

    func run() throws {
        let session = WatchSession(suite: suite, run: options)
        try session.start()
        while true {
            Thread.sleep(forTimeInterval: interval)
            session.poll()
        }
    }
}

/// The state of a watch: the last good results of each file, and what each file requires.
final class WatchSession {
    let suiteOptions: SuiteOptions
    let runOptions: RunOptions
    let console: ConsoleReporter
    private var results: [String: ScenarioFileResult] = [:]
    private var dependencies: [String: Set<String>] = [:]
    private var watchers: [ScriptWatcher] = []

    init(suite: SuiteOptions, run: RunOptions) {
        suiteOptions = suite
        runOptions = run
        console = ConsoleReporter(output: .standardOutput, style: Style(run.color, output: .standardOutput), verbose: run.verbose)
    }

    func start() throws {
        let files = try suiteOptions.scenarioFiles()
        var roots = Set<URL>()
        for path in suiteOptions.locations().paths {
            let url = URL(fileURLWithPath: path, relativeTo: suiteOptions.workingDirectory).standardizedFileURL
            var folder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &folder), folder.boolValue {
                roots.insert(url)
            }
        }
        roots.formUnion(files.map(\.root))
        watchers = roots.sorted { $0.path < $1.path }.map(ScriptWatcher.init)
        runFiles(files, reason: nil)
    }

    /// Checks for saves and runs what they affect.
    func poll() {
        var changed = Set<String>()
        for watcher in watchers {
            for path in watcher.changes() {
                changed.insert(watcher.root.appendingPathComponent(path).standardizedFileURL.path)
            }
        }
        guard !changed.isEmpty, let files = try? suiteOptions.scenarioFiles() else { return }
        let current = Set(files.map(\.url.path))
        for gone in results.keys where !current.contains(gone) {
            results[gone] = nil
            dependencies[gone] = nil
        }
        let affected = files.filter { file in
            changed.contains(file.url.path) || results[file.url.path] == nil
                || !(dependencies[file.url.path] ?? []).isDisjoint(with: changed)
        }
        let names = changed.map { ScenarioDiscovery.display(URL(fileURLWithPath: $0), in: suiteOptions.workingDirectory) }.sorted()
        runFiles(affected, reason: names.joined(separator: ", "))
    }

    private func runFiles(_ files: [ScenarioFile], reason: String?) {
        let start = DispatchTime.now().uptimeNanoseconds
        if let reason {
            console.output.write(console.style.dim("\n── \(reason) changed " + String(repeating: "─", count: 40)) + "\n")
        }
        let suite = ScenarioSuite(files: files, limits: suiteOptions.limits, seed: suiteOptions.seed ?? 0, snapshotMode: runOptions.snapshotMode)
        suite.load(jobs: runOptions.jobCount)
        let fresh = suite.run(suite.select(runOptions.selection(lines: suiteOptions.locations().lines)), jobs: runOptions.jobCount) { [console] result in
            console.fileFinished(result)
        }
        for result in fresh {
            results[result.file.url.path] = result
        }
        for entry in suite.listed {
            dependencies[entry.file.url.path] = Set(entry.runner.dependencies.map(\.path))
        }
        for (file, _) in suite.loadErrors where results[file.url.path] != nil {
            console.output.write(console.style.dim("  (keeping the last good results of \(file.displayPath))") + "\n")
        }
        let all = results.values.sorted { $0.file.displayPath < $1.file.displayPath }
        let report = RunReport(files: all, loadErrors: suite.loadErrors,
                               duration: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                               seed: suite.seed, isCI: runOptions.isCI)
        console.finish(report)
    }
}
