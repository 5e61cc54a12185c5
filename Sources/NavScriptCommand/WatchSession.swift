import ArgumentParser
import Foundation
import LuaKit
import NavScript

/// The state of a watch: the last good results of each file, and what each file requires.
final class WatchSession {
    let suiteOptions: SuiteOptions
    let runOptions: RunOptions
    let console: ConsoleReporter
    private var results: [String: ScenarioFileResult] = [:]
    private(set) var dependencies: [String: Set<String>] = [:]
    /// The files that loaded and gave no results last time (nothing selected in them, or not
    /// reached under --max-failures): run again when they or what they require change, as the
    /// others, not on every save.
    private var withoutResults: Set<String> = []
    /// The files --forbid-only refused (their `.only`), by path, with the refusal: every
    /// summary says so, and the reports fail, until a run of the file is not refused.
    private var refused: [String: String] = [:]
    /// The files that did not load when they last ran, with why: every save runs them again
    /// (what they lack may be the file just saved), and the summary and reports keep saying
    /// so until they load.
    private(set) var unloaded: [String: (file: ScenarioFile, error: Error)] = [:]
    private var watchers: [ScriptWatcher] = []
    /// The snapshot files (`X.lua.snap`): an edit of one runs `X.lua` again, as Jest does;
    /// what a run writes itself is taken as seen.
    private var snapshotWatchers: [ScriptWatcher] = []
    /// What the scans leave out (links, names not UTF-8), by watcher root, as said last.
    private var skippedSaid: Set<String> = []
    /// The terminal keys are read from, if any: the usage line follows each run, and `q`
    /// quits during one.
    var terminal: WatchTerminal? {
        didSet {
            // On a terminal, the u key rewrites snapshots, as Jest's watch says.
            console.updateHint = keys ? "the u key" : "--update-snapshots"
            updateAdvice = keys ? "press u in the watch" : ScenarioSnapshots.runUpdateAdvice
        }
    }
    /// What the snapshot messages of a run say rewrites snapshots.
    private var updateAdvice = ScenarioSnapshots.runUpdateAdvice
    private var keys: Bool { terminal?.isActive == true }
    /// What the keys narrowed the runs to: text in a file's path, in a scenario's name,
    /// only what failed last; and whether the next run updates snapshots.
    private(set) var fileFilter = "", nameFilter = "", failedOnly = false
    private var updateOnce = false

    init(suite: SuiteOptions, run: RunOptions) {
        suiteOptions = suite
        // -u updates the first run's snapshots, as the u key does one run's: updating every
        // run would take whatever a save produces (or a spec briefly moved away during a
        // branch switch) as the new baseline.
        var run = run
        updateOnce = run.updateSnapshots
        run.updateSnapshots = false
        runOptions = run
        console = ConsoleReporter(output: .standardOutput, style: Style(run.color, output: .standardOutput), verbose: run.verbose,
                                  showOutput: run.showOutput || run.verbose)
    }

    func start() throws {
        let files = try suiteOptions.scenarioFiles()
        suiteOptions.noteSkipped()   // links and names discovery leaves out, as run says them
        var roots = Set<URL>()
        for path in suiteOptions.locations().paths {
            let url = URL(fileURLWithPath: path, relativeTo: suiteOptions.workingDirectory).standardizedFileURL
            var folder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &folder), folder.boolValue {
                roots.insert(url)
            }
        }
        roots.formUnion(files.map(\.root))
        let sortedRoots = roots.sorted { $0.path < $1.path }
        watchers = sortedRoots.map { ScriptWatcher(root: $0) }
        snapshotWatchers = sortedRoots.map { ScriptWatcher(root: $0, suffix: ".lua.snap") }
        skippedSaid = skippedNotes()    // said above, by noteSkipped
        _ = projectFile.changed()
        runFiles(files, reason: nil)
    }

    /// Does what a key says, then runs what it chose.
    func answer(_ key: WatchKey, terminal: WatchTerminal) {
        followWorkingFolder()
        switch key {
        case .all:
            (fileFilter, nameFilter, failedOnly) = ("", "", false)
        case .failed:
            failedOnly = true
        case .fileFilter:
            guard let text = terminal.line("file path contains (Enter for all): ") else { return }
            fileFilter = text
        case .nameFilter:
            guard let text = terminal.line("scenario name contains (Enter for all): ") else { return }
            nameFilter = text
        case .updateSnapshots:
            updateOnce = true
        case .rerun, .quit:
            break
        }
        guard let files = try? suiteOptions.scenarioFiles() else { return }
        runFiles(files, reason: nil)
    }

    /// What the watchers' last scans left out, each once with its path from the working
    /// folder (a folder given and the suite's root above it both see what is in the first).
    private func skippedNotes() -> Set<String> {
        Set(watchers.flatMap { watcher in
            let folder = ScenarioDiscovery.display(watcher.root, in: suiteOptions.workingDirectory)
            return watcher.skipped.map { (folder == "." ? "" : folder + "/") + $0 }
        })
    }

    /// Whether the last `poll` did more than scan: ran what changes affect, or read a saved
    /// project file (its time is then no measure of a scan's).
    private(set) var ranLastPoll = false

    /// The snapshot files saved since the last look, by path.
    private func snapshotChanges() -> Set<String> {
        Self.scan(snapshotWatchers)
    }

    /// What is gone of the paths watched, as said last: said again only once it changes.
    private var missingSaid: String?
    /// The folder the watch started in, and whether it was said to be gone.
    var workingFolder = (path: FileManager.default.currentDirectoryPath, saidGone: false)

    /// Snapshot files edited while a run went on, which the next poll runs again.
    private var editedDuringRun: Set<String> = []
    /// Scripts saved while a run went on (its monitor scanned them), for the next poll; and
    /// the files of a run a save stopped, which it runs again.
    private var savedDuringRun: Set<String> = [], stoppedRun: Set<String> = []

    /// After a save stopped a run of `chosen` (their loading or their scenarios): the next poll
    /// runs them again with what the save affects (updating snapshots if this run was to).
    private func stopped(_ chosen: [ScenarioFile], by monitor: WatchRunMonitor, updating: Bool) {
        stoppedRun = Set(chosen.map(\.url.path))
        updateOnce = updateOnce || updating
        let names = monitor.end().filter(monitor.affects).map { ScenarioDiscovery.display(URL(fileURLWithPath: $0), in: suiteOptions.workingDirectory) }
        console.output.write(console.style.dim("run stopped: \(Format.names(names.sorted(), atMost: 5)) saved") + "\n")
    }

    /// Seconds between scans while a run goes on (the watch's --interval).
    var interval = 0.02

    /// The files saved since the last scan, by path.
    private static func scan(_ watchers: [ScriptWatcher]) -> Set<String> {
        Set(watchers.flatMap { watcher in watcher.changes().map { watcher.root.appendingPathComponent($0).standardizedFileURL.path } })
    }

    /// Checks for saves and runs what they affect.
    func poll() {
        ranLastPoll = false
        followWorkingFolder()
        var changed = Self.scan(watchers).union(savedDuringRun)
        savedDuringRun = []
        let skipped = skippedNotes()
        for note in skipped.subtracting(skippedSaid).sorted() {
            StandardStreams.error("navscript: skipped \(note)\n")
        }
        skippedSaid = skipped
        var saved = changed
        for snapshot in snapshotChanges().union(editedDuringRun) {
            saved.insert(snapshot)
            changed.insert(String(snapshot.dropLast(".snap".count)))
        }
        editedDuringRun = []
        if projectFile.changed() {
            reportProjectFile(projectFile.url)
            ranLastPoll = true   // its reading is no measure of a scan
        }
        // The project file is read on its own (above), and no scenario depends on it.
        let project = projectFile.url.standardizedFileURL.path
        changed.remove(project)
        saved.remove(project)
        guard !changed.isEmpty else { return }
        ranLastPoll = true
        let files: [ScenarioFile]
        do {
            files = try suiteOptions.scenarioFiles()
        } catch {
            // A watched folder or file gone: said once, and watched for until it is back.
            let reason = (error as? ValidationError)?.message ?? "\(error)"
            if reason != missingSaid {
                console.output.write(console.style.red("navscript: \(reason); watching for it to come back") + "\n")
            }
            missingSaid = reason
            // What was saved meanwhile runs once the path is back, not never.
            savedDuringRun.formUnion(changed)
            return
        }
        missingSaid = nil
        let current = Set(files.map(\.url.path))
        var dropped = false
        for gone in Set(results.keys).union(unloaded.keys).union(withoutResults) where !current.contains(gone) {
            dropped = true
            results[gone] = nil
            dependencies[gone] = nil
            unloaded[gone] = nil
            withoutResults.remove(gone)
            refused[gone] = nil
        }
        // A path by what it leads to and by its own name in its real folder: a module
        // replaced by a link changed as the module it was (the link leads elsewhere).
        let changedReal = Set(changed.flatMap { [Self.realPath($0), Self.realPathOfName($0)] })
        let requiring = Self.files(files, requiring: dependencies, anyOf: changedReal)
        let affected = files.filter { file in
            changed.contains(file.url.path) || results[file.url.path] == nil && !withoutResults.contains(file.url.path) || unloaded[file.url.path] != nil
                || stoppedRun.contains(file.url.path)
                || requiring.contains(file.url.path)
        }
        // "a.lua changed", "b.lua removed", "a.lua changed, b.lua removed".
        var reasons: [String] = []
        for (exists, word) in [(true, "changed"), (false, "removed")] {
            let names = saved.filter { FileManager.default.fileExists(atPath: $0) == exists }
                .map { ScenarioDiscovery.display(URL(fileURLWithPath: $0), in: suiteOptions.workingDirectory) }.sorted()
            // A folder of thousands removed is a line of a few names, not of all of them.
            if !names.isEmpty { reasons.append(Format.names(names, atMost: 5) + " " + word) }
        }
        // A save that affects none of the files watched (a file outside the paths named, a
        // module nothing requires), or none the `p` key left, runs nothing and leaves the
        // summary as it was.
        if affected.contains(where: { fileFilter.isEmpty || $0.displayPath.contains(fileFilter) }) || dropped {
            runFiles(affected, reason: reasons.joined(separator: ", "))
        }
        compileUnrequired(changed, scenarioFiles: Set(files.map { Self.realPath($0.url.path) }))
    }

    /// The scripts no scenario file requires whose syntax error was said last, by real path.
    var uncompiled: Set<String> = []

    /// The project file the watch started with, watched on its own: it is often above the
    /// folders watched (`navscript.lua` beside `app/`). Without one, the one a save would
    /// make in the working folder.
    private lazy var projectFile: WatchedFile = {
        let working = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return WatchedFile(ProjectFile.find(from: working) ?? working.appendingPathComponent(ScenarioDiscovery.projectFileName))
    }()

    /// A read of the project file that has not returned (stuck in a C function), if any.
    var stuckRead: StuckRead?

    /// The reporters asked for with a file, made anew for each run.
    private func fileReporters() -> [Reporter] {
        runOptions.makeReporters(workingDirectory: suiteOptions.workingDirectory).filter {
            if case .file = $0.output.target { return true } else { return false }
        }
    }

    /// The reports asked for with a file (`--reporter junit=path`, the project file's), written
    /// again after each run, of what the watch shows; standard output is the watch's own.
    private func writeFileReports(_ report: RunReport) {
        let reporters = fileReporters()
        for reporter in reporters {
            report.files.forEach(reporter.fileFinished)
            reporter.finish(report)
        }
        _ = RunSession.flush(reporters)
    }

    private func runFiles(_ files: [ScenarioFile], reason: String?) {
        let start = DispatchTime.now().uptimeNanoseconds
        if let reason {
            console.output.write(console.style.dim("\n── \(reason) " + String(repeating: "─", count: 40)) + "\n")
        }
        var options = runOptions
        options.updateSnapshots = updateOnce
        updateOnce = false
        var selection = options.selection(lines: suiteOptions.locations().lines)
        if !nameFilter.isEmpty {
            selection.filters = [nameFilter]
        }
        if failedOnly {
            selection.only = Set(results.values.flatMap { file in
                file.results.filter { $0.status == .failed }.map { ScenarioID(file: file.file.url.path, name: $0.scenario.name) }
            })
        }
        let chosen = fileFilter.isEmpty ? files : files.filter { $0.displayPath.contains(fileFilter) }
        let suite = options.executor(for: chosen, limits: suiteOptions.limits, seed: suiteOptions.seed ?? 0, updateAdvice: updateAdvice)
        // While the files load and run, keys are read (q quits at once) and saves looked for:
        // one that affects the files running (they, or what they required) stops the run.
        nonisolated(unsafe) let watchers = watchers
        let project = projectFile.url.standardizedFileURL.path
        let running = chosen.reduce(into: Set<String>()) { paths, file in
            paths.formUnion([file.url.path, Self.realPath(file.url.path)])
            paths.formUnion(dependencies[file.url.path] ?? [])
        }
        let monitor = WatchRunMonitor(terminal: terminal, interval: interval, scan: { Self.scan(watchers).subtracting([project]) },
                                      affects: { running.contains($0) || running.contains(Self.realPath($0)) || running.contains(Self.realPathOfName($0)) })
        defer { savedDuringRun.formUnion(monitor.end()) }
        // A save also stops the files' loading: a module stuck at its top level, saved fixed.
        suite.stopRequested = { monitor.stop() }
        suite.load()
        if monitor.stopped { return stopped(chosen, by: monitor, updating: options.updateSnapshots) }
        // --forbid-only (CI mode) refuses a run with .only, as run does; the watch goes on.
        if let refusal = options.forbiddenOnly(in: suite) {
            console.output.write(refusal + "\n")
            RunSession.refuse(refusal, loadErrors: suite.loadErrors, seed: suiteOptions.seed ?? 0, isCI: runOptions.isCI,
                              duration: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, reporters: fileReporters())
            // The files with .only keep no results: their last ones would count as green.
            for entry in suite.listed where entry.scenarios.contains(where: \.isFocused) {
                results[entry.file.url.path] = nil
                withoutResults.insert(entry.file.url.path)
                refused[entry.file.url.path] = refusal
            }
            if keys { console.output.write(console.style.dim(WatchKey.usage) + "\n") }
            return
        }
        for entry in suite.listed { refused[entry.file.url.path] = nil }
        let selected = suite.select(selection)
        // A selection that leaves nothing of these files says so, where run refuses it.
        if let nothing = nothingToRun(files: files, chosen: chosen, suite: suite, selected: selected.isEmpty, selection: selection, options: options) {
            console.output.write(console.style.dim(nothing) + "\n")
        }
        let (started, maxFailures) = options.stoppable(selected, loadErrors: suite.loadErrors.count)
        let fresh = suite.run(started, maxFailures: maxFailures) { [console] result in console.fileFinished(result) }
        _ = monitor.end()
        // The run's own writes are seen, a stopped run's too; an edit made meanwhile (a
        // checkout) runs next poll.
        let wrote = Set(fresh.filter { $0.snapshotsWritten > 0 || $0.snapshotsUpdated > 0 || !$0.removedSnapshots.isEmpty }
            .map { $0.file.url.standardizedFileURL.path + ".snap" })
        editedDuringRun.formUnion(snapshotChanges().subtracting(wrote))
        stoppedRun = []
        if monitor.stopped && fresh.map(\.results.count).reduce(0, +) < started.count {
            return stopped(chosen, by: monitor, updating: options.updateSnapshots)
        }
        for result in fresh {
            results[result.file.url.path] = result
        }
        // A file that loaded and gave no results this time (its scenarios removed, renamed
        // past --filter or untagged; or not reached, with --max-failures) keeps none: earlier
        // ones would be ghosts in the summary.
        let narrowed = !fileFilter.isEmpty || !nameFilter.isEmpty || failedOnly
        if !narrowed {
            let ran = Set(fresh.map(\.file.url.path))
            for entry in suite.listed {
                if ran.contains(entry.file.url.path) {
                    withoutResults.remove(entry.file.url.path)
                } else {
                    results[entry.file.url.path] = nil
                    withoutResults.insert(entry.file.url.path)
                }
            }
        }
        for entry in suite.listed {
            // By real path and by a link's own (`routes/m.lua` leading to `shared/m.lua`).
            var modules = Set(suite.dependencies(of: entry.file).flatMap { [Self.realPath($0), Self.realPathOfName($0)] })
            // A worker that died took with it what its scenario required: what was seen stands.
            if suite.lostModules(of: entry.file) { modules.formUnion(dependencies[entry.file.url.path] ?? []) }
            dependencies[entry.file.url.path] = modules
        }
        chosen.forEach { unloaded[$0.url.path] = nil }
        for (file, error) in suite.loadErrors {
            unloaded[file.url.path] = (file, error)
        }
        let loadErrors = unloaded.values.sorted { $0.file.displayPath < $1.file.displayPath }.map { ($0.file, $0.error) }
        // Narrowed by a key, the summary is of what ran; else of the last results of every file.
        let shown = narrowed ? fresh + suite.loadErrors.compactMap { results[$0.file.url.path] } : Array(results.values)
        var report = RunReport(files: shown.sorted { $0.file.displayPath < $1.file.displayPath }, loadErrors: narrowed ? suite.loadErrors : loadErrors,
                               duration: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                               seed: suiteOptions.seed ?? 0, isCI: runOptions.isCI)
        report.notRun = selected.count - fresh.map(\.results.count).reduce(0, +)
        // Every file watched, for what the reports decide over the suite (JUnit's class names).
        report.suite = Dictionary(results.values.map { ($0.file.displayPath, $0.scenarioCount) }) { first, _ in first }
            .merging(loadErrors.map { ($0.0.displayPath, 0) }) { first, _ in first }
        report.failureLimit = options.failureLimitName
        report.maxFailures = options.maxFailures
        let refusal = refused.values.sorted().first
        report.refusal = refusal.map(RunSession.reported)
        report.findObsoleteFiles(in: suiteOptions.locations().paths, workingDirectory: suiteOptions.workingDirectory,
                                 update: options.snapshotMode == .update)
        console.finish(report)
        if let refusal {
            console.output.write(console.style.red(refusal) + "\n")
        }
        writeFileReports(report)
        for (file, _) in report.loadErrors where results[file.url.path] != nil {
            console.output.write(console.style.dim("\(file.displayPath) did not load: its last good results are kept") + "\n")
        }
        if keys {
            var filters: [String] = []
            if !fileFilter.isEmpty { filters.append("files matching \"\(fileFilter)\"") }
            if !nameFilter.isEmpty { filters.append("scenarios matching \"\(nameFilter)\"") }
            if failedOnly { filters.append("only what failed") }
            // One write: a reader that sees the first line sees the run's end.
            let watching = narrowed ? console.style.dim("Watching " + filters.joined(separator: ", ") + " (a for all)") + "\n" : ""
            console.output.write(watching + console.style.dim(WatchKey.usage) + "\n")
        }
    }
}
