import ArgumentParser
import Foundation
import NavScript

/// `navscript run <paths>`: runs the scenarios, reports, exits 0, 1 or 2.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenarios (alias: test).",
        discussion: """
            Finds the scenario files under the paths, runs each scenario in a fresh sandboxed \
            state, and reports. `file.lua:LINE` runs the scenario defined at that line. \
            Scenarios run in --jobs worker processes: one that hangs past --timeout or crashes \
            is reported as a failure and its worker replaced.
            """,
        aliases: ["test"]
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var runOptions: RunOptions
    @OptionGroup var runOnly: RunOnlyOptions

    /// The options run and watch share, with run's own.
    var options: RunOptions {
        var options = runOptions
        options.runOnly = runOnly
        return options
    }

    func validate() throws {
        try options.checkReports()
    }

    func run() throws {
        // Worker processes can be stopped: from the files' loading on, an interrupt ends the
        // run with its reports written.
        try RunInterrupt.catching(if: !options.inProcess) { try loadAndRun() }
    }

    private func loadAndRun() throws {
        let session = try RunSession(suite: suite, run: options)
        // Interrupted while the files loaded: the reports say so, whatever was selected.
        let interrupted = RunInterrupt.signal != 0
        // The note goes to standard error, beside the reports a machine reads on standard output.
        let nothingAgain = !interrupted && options.lastFailed && session.selection.only?.isEmpty == true
        if nothingAgain {
            StandardStreams.error("navscript: the last run here had no failures; nothing to run again\n")
        }
        if options.list {
            if nothingAgain { throw ExitCode(0) }
            try session.listAndExit()
        }
        if nothingAgain {
            throw ExitCode(session.reportNothingToRun(reporters: options.makeReporters(workingDirectory: suite.workingDirectory)))
        }
        if !interrupted, let refusal = options.forbiddenOnly(in: session.suite) ?? session.nothingToRun() {
            StandardStreams.error(refusal + "\n")
            session.refuse(refusal, reporters: options.makeReporters(workingDirectory: suite.workingDirectory))
            throw ExitCode(2)
        }
        let reporters = options.makeReporters(workingDirectory: suite.workingDirectory)
        RunSession.removeEarlierReports(reporters)
        let report = session.runAll(reporters: reporters)
        var status = max(report.exitCode, Self.writeReports(reporters, coverage: session.coverage, failure: report.coverageFailure, in: suite.workingDirectory,
                                                             toStandardError: options.requestedReporters.contains { $0.kind.writesToStandardOutput(path: $0.path) }))
        // A signal while the reports were written (Graphviz drawing the map) ends the run as one.
        if RunInterrupt.signal != 0 { status = max(status, 128 + RunInterrupt.signal) }
        do {
            let listed = Dictionary(session.suite.listed.map { ($0.file.url.path, Set($0.scenarios.map(\.name))) }) { first, _ in first }
            try LastRun.record(report, listed: listed, in: suite.workingDirectory)
        } catch {
            // A warning only: the run's outcome does not depend on it (and on macOS the
            // plugin's sandbox refuses the write to a package's folder).
            StandardStreams.error("navscript: warning: \(error) (where --last-failed keeps the last run)\n")
        }
        throw ExitCode(status)   // 128 + the signal when one stopped the run (report.exitCode)
    }
}

extension Run {
    /// Writes the reports and, with coverage, coverage/lcov.info, together (`RunSession.flush`),
    /// with coverage's summary before and the run's coverage failure after, if it has one
    /// (the report's exit code counts it): 0, or 2 when a file cannot be written.
    static func writeReports(_ reporters: [Reporter], coverage: CoverageReport?, failure: String?, in folder: URL, toStandardError: Bool) -> Int32 {
        guard let coverage else { return RunSession.flush(reporters) }
        let say = { (text: String) in
            fflush(nil)   // after what print() has buffered
            toStandardError ? StandardStreams.error(text + "\n") : StandardStreams.output(text + "\n")
        }
        say(coverage.summary)
        if let problem = CoverageReport.problem(in: folder) {
            StandardStreams.error("navscript: \(problem)\n")
            return 2   // and no report: none says a run passed that exits 2
        }
        let status = RunSession.flush(reporters, with: [(Data(coverage.lcov.utf8), folder.appendingPathComponent(CoverageReport.path))])
        if status == 0 {
            say("Coverage written to \(CoverageReport.path)")
        }
        if let failure {
            StandardStreams.error("navscript: \(failure)\n")
        }
        return status
    }
}

/// A loaded suite with its selection: what `run` and `watch` share.
final class RunSession {
    let suite: SuiteExecutor
    let suiteOptions: SuiteOptions
    let options: RunOptions
    private(set) var selection: ScenarioSelection
    let seed: Int
    /// The coverage of the last run, with --coverage.
    private(set) var coverage: CoverageReport?
    /// When the session began: a run's time counts its loading too.
    let start = DispatchTime.now().uptimeNanoseconds

    init(suite suiteOptions: SuiteOptions, run: RunOptions) throws {
        self.suiteOptions = suiteOptions
        let files = try suiteOptions.scenarioFiles()
        suiteOptions.noteSkipped()
        seed = suiteOptions.seed ?? (run.shuffle ? Int.random(in: 0...999_999) : 0)
        suite = run.executor(for: files, limits: suiteOptions.limits, seed: seed)
        self.options = run
        var selection = run.selection(lines: suiteOptions.locations().lines)
        if run.lastFailed {
            switch LastRun.readOrSayWhy(in: suiteOptions.workingDirectory) {
            case let .success(last):
                selection.only = last.failures(namedAs: files)
            case let .failure(why):
                StandardStreams.error("navscript: \(why.reason) (\(ScenarioDiscovery.display(LastRun.url(in: suiteOptions.workingDirectory), in: suiteOptions.workingDirectory))); running everything\n")
            }
        }
        self.selection = selection
        suite.load()
        // Failures recorded, none of them among the scenarios chosen (renamed, or of other
        // paths): everything chosen runs, as pytest's --last-failed runs its selection then.
        if let only = selection.only, !only.isEmpty, suite.loadErrors.isEmpty, RunInterrupt.signal == 0,
           suite.select(selection).isEmpty {
            StandardStreams.error("navscript: none of the \(Format.count(only.count, "failure")) recorded here is among the scenarios chosen now; running them all\n")
            self.selection.only = nil
        }
    }

    /// The selected scenarios, shuffled with the seed when asked.
    func selected() -> [(file: Int, scenario: ScenarioInfo)] {
        var chosen = suite.select(selection)
        if options.shuffle {
            var generator = SeededGenerator(seed: UInt64(truncatingIfNeeded: seed))
            chosen.shuffle(using: &generator)
        }
        return chosen
    }

    /// How a selection narrows a suite, as the messages of an empty one say it: "matching
    /// --filter x", "with --tag a", "without --exclude-tag b".
    static func selectionWords(filters: [String], tags: [String], excludedTags: [String]) -> [String] {
        var words: [String] = []
        if !filters.isEmpty { words.append("matching --filter " + filters.joined(separator: ", ")) }
        if !tags.isEmpty { words.append("with --tag " + tags.joined(separator: ", ")) }
        if !excludedTags.isEmpty { words.append("without --exclude-tag " + excludedTags.joined(separator: ", ")) }
        return words
    }

    /// Why there is nothing to run, when every file loaded and no scenario was selected
    /// (unless --pass-with-no-scenarios): an empty run is not a green one.
    func nothingToRun() -> String? {
        guard !options.passWithNoScenarios, suite.loadErrors.isEmpty, selected().isEmpty else { return nil }
        var searched = ["in " + suiteOptions.locations().paths.joined(separator: ", ")]
        let count = suite.listed.map(\.scenarios.count).reduce(0, +)
        if suite.listed.isEmpty {
            searched.append("(no scenario files there: \(ScenarioDiscovery.scenarioFilesAre))")
        } else {
            searched.append("(\(suite.listed.count) file\(suite.listed.count == 1 ? "" : "s"), \(count) scenario\(count == 1 ? "" : "s"))")
        }
        searched += Self.selectionWords(filters: options.filters, tags: options.tags, excludedTags: options.excludedTags)
        if !selection.lines.isEmpty {
            searched.append("at " + suiteOptions.paths.filter { $0.contains(".lua:") }.joined(separator: ", "))
        }
        if let shard = selection.shard { searched.append("in shard \(shard.index)/\(shard.count)") }
        return "navscript: no scenarios to run " + searched.joined(separator: " ") + " (--pass-with-no-scenarios makes this a success)"
    }

    /// `--list`: prints what would run, and exits 2 when nothing would or a file did not load.
    func listAndExit() throws -> Never {
        printList()
        // Only the list is written (as JSON with a json reporter): other reports would be
        // of a run that did not happen, so they are not made, and that is said of those the
        // command line asked for (a project file's are its every run's).
        let json = options.requestedReporters.first { $0.kind == .json }
        let unmade = options.requestedReporters.filter { $0.kind != .console && !($0.kind == json?.kind && $0.path == json?.path) }
        if options.reportersGiven, !unmade.isEmpty {
            StandardStreams.error("navscript: --list writes no report of a run: "
                + unmade.map { $0.kind.rawValue + ($0.path.map { "=" + $0 } ?? "") }.joined(separator: ", ") + " not written\n")
        }
        if let nothing = nothingToRun() {
            StandardStreams.error(nothing + "\n")
            throw ExitCode(2)
        }
        throw ExitCode(suite.loadErrors.isEmpty ? 0 : 2)
    }

    func printList() {
        // As JSON with a json reporter; the lines too when its JSON goes to a file.
        if let json = options.requestedReporters.first(where: { $0.kind == .json }) {
            printJSONList(to: json.path.map { ReportOutput(.file(URL(fileURLWithPath: $0, relativeTo: suiteOptions.workingDirectory))) } ?? .standardOutput)
            if json.path == nil { return }
        }
        // One line a scenario, its name's control characters written out as the console writes them.
        for (_, scenario) in selected() {
            let tags = scenario.tags.isEmpty ? "" : " [\(scenario.tags.joined(separator: ", "))]"
            // Why one will not run, as the console's run says it: pending, skipped, todo, not focused.
            let notRun = scenario.isPending ? " (\(scenario.skipReason ?? "pending"))" : ""
            print(Format.visible("\(scenario.location): \(scenario.name)\(tags)\(notRun)"))
        }
        for (file, error) in suite.loadErrors {
            StandardStreams.error("\(file.displayPath) does not load: \(Format.loadError(error))\n")
        }
        if options.shuffle {
            StandardStreams.error("navscript: shuffled with seed \(seed) (--seed \(seed) lists this order again)\n")
        }
    }

    @discardableResult
    func runAll(reporters: [Reporter]) -> RunReport {
        let chosen = selected()
        for case let console as ConsoleReporter in reporters {
            console.expected = chosen.count
        }
        let (started, maxFailures) = options.stoppable(chosen, loadErrors: suite.loadErrors.count)
        let results = suite.run(started, maxFailures: maxFailures) { result in
            for reporter in reporters {
                reporter.fileFinished(result)
            }
        }
        var report = RunReport(files: results, loadErrors: suite.loadErrors,
                               duration: elapsed,
                               seed: seed, isCI: options.isCI)
        report.notRun = chosen.count - report.results.count
        report.notLoaded = suite.notLoaded
        report.suite = Dictionary(suite.listed.map { ($0.file.displayPath, $0.scenarios.count) }) { first, _ in first }
            .merging(suite.loadErrors.map { ($0.file.displayPath, 0) }) { first, _ in first }
        report.failureLimit = options.failureLimitName
        report.maxFailures = options.maxFailures
        report.shuffled = options.shuffle
        report.selection = options.selectionOptions
        report.interruptedBy = RunInterrupt.signal
        report.command = Self.repeatCommand(seed: seed)
        report.findObsoleteFiles(in: suiteOptions.locations().paths, workingDirectory: suiteOptions.workingDirectory,
                                 update: options.snapshotMode == .update)
        if options.measuresCoverage {
            report.coverageModules = routeModules()
            coverage = CoverageReport(results: report.results, modules: report.coverageModules ?? [], folder: suiteOptions.workingDirectory)
                .shown(in: reporters)
            report.coverageThreshold = options.coverageThreshold
            // A shard's coverage is part of the suite's: the merge of its blob checks the
            // threshold (a shard that writes no blob is its own run, and checks it).
            if let threshold = options.coverageThreshold, let coverage {
                if options.parsedShard == nil || !options.requestedReporters.contains(where: { $0.kind == .blob }) {
                    report.coverageFailure = CoverageReport.failure(coverage, threshold: threshold)
                } else {
                    StandardStreams.error("navscript: a shard's coverage is part of the suite's: navscript merge-reports checks the threshold of \(Format.limit(threshold))%\n")
                }
            }
        }
        for reporter in reporters {
            reporter.finish(report)
        }
        return report
    }

    /// `--list --reporter json`: what would run, as JSON (`{"version": 1, "scenarios": [...],
    /// "loadErrors": [...]}`).
    func printJSONList(to output: ReportOutput) {
        struct Listed: Encodable {
            let file, name, location: String
            /// The `describe` names around it and its own, as the run's JSON gives them.
            let ancestorTitles: [String]
            let title: String
            let tags: [String]
            let pending: Bool
            /// Why a pending one will not run: "pending", "skipped", "todo", "not focused", as a
            /// run's JSON says it.
            let skipReason: String?
        }
        struct Document: Encodable {
            var version = 1
            let scenarios: [Listed]
            let loadErrors: [JSONReporter.Document.LoadError]
        }
        let document = Document(
            scenarios: selected().map { item in
                Listed(file: suite.listed[item.file].file.displayPath, name: item.scenario.name, location: item.scenario.location,
                       ancestorTitles: item.scenario.describePath ?? [], title: item.scenario.title,
                       tags: item.scenario.tags, pending: item.scenario.isPending,
                       skipReason: item.scenario.isPending ? item.scenario.skipReason ?? "pending" : nil)
            },
            loadErrors: suite.loadErrors.map(JSONReporter.Document.LoadError.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        output.write(String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n")
        do {
            try output.flush()
        } catch {
            StandardStreams.error("navscript: \(error)\n")
        }
    }

    /// The route scripts and modules of the suite: the `.lua` files below the roots of its
    /// scenario files that are not scenario files, named as their chunks are.
    func routeModules() -> [String] {
        let scenarioFiles = Set(suite.listed.map(\.file.url.standardizedFileURL.path) + suite.loadErrors.map(\.file.url.standardizedFileURL.path))
        var roots: [URL] = []
        for file in suite.listed.map(\.file) where !roots.contains(file.root) {
            roots.append(file.root)
        }
        let modules = roots.flatMap { ScenarioDiscovery.routeScripts(in: $0, excluding: scenarioFiles) }
        return Set(modules.map { ScenarioDiscovery.display($0, in: suiteOptions.workingDirectory) }).sorted()
    }

    /// The command line of this run, with its seed: what repeats it.
    static func repeatCommand(seed: Int) -> String {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if !arguments.contains("--seed") && !arguments.contains(where: { $0.hasPrefix("--seed=") }) {
            arguments += ["--seed", String(seed)]
        }
        return (["navscript"] + arguments.map(shellQuoted)).joined(separator: " ")
    }

    static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@%+".contains($0) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Writes the reports that go to files, and `files` (coverage/lcov.info), together
    /// (`ReportWrites`): 0, or 2 with each failure said on standard error and no file
    /// written. So no report file says a run passed that exits 2 because another could not
    /// be written (a full disk, which no check before the run can see).
    static func flush(_ reporters: [Reporter], with files: [(data: Data, url: URL)] = []) -> Int32 {
        var writes = ReportWrites(), status: Int32 = 0
        func prepare(_ write: (inout ReportWrites) throws -> Void) {
            do {
                try write(&writes)
            } catch {
                StandardStreams.error("navscript: \(error)\n")
                status = 2
            }
        }
        for reporter in reporters {
            prepare { try reporter.output.prepare(into: &$0) }
        }
        for file in files {
            prepare { try $0.prepare(file.data, to: file.url, announcingFolder: false) }
        }
        guard status == 0 else {
            writes.discard()
            return status
        }
        guard let failure = writes.commit() else { return 0 }
        StandardStreams.error("navscript: \(failure)\n")
        return 2
    }
}

/// SplitMix64: a small seeded generator, so that `--shuffle --seed N` repeats everywhere.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
