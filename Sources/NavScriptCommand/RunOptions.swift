import ArgumentParser
import Foundation
import NavScript

/// How `run` and `watch` choose, order and report scenarios.
struct RunOptions: ParsableArguments {
    @Option(name: .customLong("filter"), help: ArgumentHelp("Run only scenarios whose full name contains this text (repeatable).", valueName: "text"))
    var filters: [String] = []

    @Option(name: [.customLong("tag"), .customLong("tags")], help: ArgumentHelp("Run only scenarios with this tag (repeatable, or a comma list: any of them).", valueName: "tag"))
    var tags: [String] = []

    @Option(name: [.customLong("exclude-tag"), .customLong("exclude-tags")], help: ArgumentHelp("Skip scenarios with this tag (repeatable, or a comma list).", valueName: "tag"))
    var excludedTags: [String] = []

    @Flag(help: "List the scenarios that would run (file:line: name [tags]) and run none.")
    var list = false

    // Numbers are read unconditionally, so that a negative one meets its range check.
    @Option(name: [.customShort("j", allowingJoined: true), .long], parsing: .unconditional, help: ArgumentHelp("Worker processes, each running one scenario at a time (default: the cores this process may use).", valueName: "N"))
    var jobs: Int?

    /// `run`'s own options (`RunOnlyOptions`), which it sets after parsing; nil in `watch`.
    var runOnly: RunOnlyOptions? = nil
    /// Whether the reporters are the command line's, not the project file's.
    var reportersGiven = false

    var shuffle: Bool { runOnly?.shuffle ?? false }
    var lastFailed: Bool { runOnly?.lastFailed ?? false }
    var durations: Int? { runOnly?.durations }
    var coverageThreshold: Double? { runOnly?.coverageThreshold }
    var measuresCoverage: Bool { runOnly?.measuresCoverage ?? false }
    var parsedShard: (index: Int, count: Int)? { runOnly?.parsedShard }

    /// What chose the scenarios besides the files and the shard, as a blob keeps it for
    /// `merge-reports` to compare: each filter, tag and excluded tag, and `--last-failed`.
    var selectionOptions: [String] {
        filters.sorted().map { "--filter \($0)" } + tags.sorted().map { "--tag \($0)" }
            + excludedTags.sorted().map { "--exclude-tag \($0)" } + (lastFailed ? ["--last-failed"] : [])
    }

    @Flag(name: [.customLong("fail-fast"), .customLong("bail")], help: "Start no scenario after the first failure (--max-failures 1).")
    var failFast = false

    @Option(name: .customLong("max-failures"), parsing: .unconditional, help: ArgumentHelp(
        "Start no scenario once N have failed (Playwright's --max-failures, pytest's --maxfail; Jest's --bail=N counts failing files); a file that does not load counts as one.",
        valueName: "N"))
    var maxFailuresOption: Int?

    /// How many failures stop a run: 1 with --fail-fast; nil for no limit.
    var maxFailures: Int? { failFast ? 1 : maxFailuresOption }

    /// The option that stopped a run at its failures, as summaries name it.
    var failureLimitName: String? {
        failFast ? "--fail-fast" : maxFailuresOption.map { "--max-failures \($0)" }
    }

    /// What `run` of `selected` starts and the failures it may still take, when `loadErrors`
    /// files did not load: each is a failure found before any scenario starts.
    func stoppable(_ selected: [(file: Int, scenario: ScenarioInfo)], loadErrors: Int) -> (started: [(file: Int, scenario: ScenarioInfo)], maxFailures: Int?) {
        guard let maxFailures else { return (selected, nil) }
        return loadErrors >= maxFailures ? ([], maxFailures) : (selected, maxFailures - loadErrors)
    }

    @Option(name: .customLong("reporter"), help: ArgumentHelp(
        "console, tap (version 14; tap13 for prove), junit, json, html, map or blob; repeatable, or a comma list. Write a report to a file with kind=path, or with --output (html: a folder, navscript-report by default; map: a .dot file and an .svg beside it; blob: for merge-reports).",
        valueName: "kind[=path]"))
    var reporters: [String] = []

    @Option(name: .customLong("output"), help: ArgumentHelp(
        "A file for the next reporter given without one (repeatable, in order; the console takes one only when no other reporter does).", valueName: "path"))
    var outputs: [String] = []

    @Flag(name: [.customLong("update-snapshots"), .customShort("u")], help: "Rewrite snapshots that differ, and remove obsolete ones.")
    var updateSnapshots = false

    @Flag(help: "CI mode (also when the CI variable is set): a missing snapshot fails instead of being written, and so do obsolete ones; .only is refused.")
    var ci = false

    @Option(help: ArgumentHelp("Color the console: auto (on a terminal, unless NO_COLOR is set and not empty), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    @Flag(name: .shortAndLong, help: "List every scenario in the console, not only failures.")
    var verbose = false

    @Flag(name: .customLong("forbid-only"), inversion: .prefixedNo, help: ArgumentHelp(
        "Fail (exit 2) when a scenario or describe is marked .only (on in CI mode), so that a stray .only cannot pass a build."))
    var forbidOnlyFlag: Bool?

    @Flag(name: .customLong("show-output"), help: "Show what every scenario printed, in full (failed ones always show its last 50 lines; -v shows it all too).")
    var showOutput = false

    @Flag(name: .customLong("pass-with-no-scenarios"), help: "Succeed when no scenario is selected (by default that is a usage error, exit 2).")
    var passWithNoScenarios = false

    @Flag(name: .customLong("in-process"), help: ArgumentHelp(
        "Run scenarios on threads of this process instead of worker processes (for a debugger).",
        discussion: "A scenario stuck in a C function (a string pattern search) then cannot be stopped, and a crash ends the run."))
    var inProcess = false

    /// Takes what the command line leaves out from the project file (`navscript.lua`).
    mutating func validate() throws {
        reportersGiven = !reporters.isEmpty
        let project = try ProjectFile.load()
        if reporters.isEmpty { reporters = project?.reporters ?? [] }
        jobs = jobs ?? project?.jobs
        // Comma lists, as busted's --tags and Playwright's --reporter take them.
        reporters = try ReporterKind.split(reporters)
        // A tag may be written as in a name, "#slow".
        let list = { (texts: [String]) in
            texts.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map { part in
                let tag = part.trimmingCharacters(in: .whitespaces)
                return tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
            } }
        }
        // Each list given on the command line replaces the project's own, as every setting
        // does, and a tag asked for there is not excluded by the project.
        let given = (tags: list(tags), excluded: list(excludedTags))
        tags = given.tags.isEmpty ? list(project?.tags ?? []) : given.tags
        excludedTags = given.excluded.isEmpty ? list(project?.excludeTags ?? []).filter { !given.tags.contains($0) } : given.excluded
        if let rule = jobs.flatMap(SuiteOptions.jobsRule) { throw ValidationError("--jobs must be \(rule)") }
        if let maxFailuresOption {
            if maxFailuresOption < 1 { throw ValidationError("--max-failures must be at least 1") }
            if failFast && maxFailuresOption != 1 { throw ValidationError("--fail-fast is --max-failures 1: give one of them") }
        }
        if let blank = (tags + excludedTags).first(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError("a tag is a name: '\(blank)' selects nothing (--tag, --exclude-tag or the project file's tags)")
        }
        // A scenario's tag is one word (a file that gives one with a space, as Lua's %s has
        // them, does not load): one with a space selects nothing, and excluding it would
        // exclude nothing, unseen.
        if let spaced = (tags + excludedTags).first(where: { $0.unicodeScalars.contains { " \t\n\u{0B}\u{0C}\r".unicodeScalars.contains($0) } }) {
            throw ValidationError("a tag is one word: '\(spaced)' selects nothing (--tag, --exclude-tag or the project file's tags)")
        }
        if let both = tags.first(where: excludedTags.contains) {
            throw ValidationError("tag '\(both)' is both included and excluded")
        }
        for reporter in reporters {
            _ = try ReporterKind.parse(reporter)
        }
    }

    /// Refuses, before the run, reports that could not be written: an `--output` no
    /// reporter takes, two on one file, and a path that is a folder, goes under a file, or
    /// is in a folder that takes no new file. The commands ask this once their options are
    /// complete (`run`'s shard names its blob).
    func checkReports() throws {
        let requested = requestedReporters
        let unused = outputs.dropFirst(requested.filter(\.takesOutput).count)
        if let path = unused.first {
            throw ValidationError("--output \(path) has no reporter to take it (--reporter junit --output \(path), or --reporter junit=\(path))")
        }
        // A clash among the project file's reporters, which the command line neither replaced
        // nor gave an --output, is said as the file's.
        let commandLine = reportersGiven || !outputs.isEmpty
        let conflict = Result { () throws(ValidationError) in
            try ReporterKind.refuseConflicts(requested.map { ($0.kind, $0.path) }, files: commandLine ? "kind=path or --output path" : "kind=path")
        }
        if case let .failure(error) = conflict {
            let project = commandLine ? nil : (try? ProjectFile.load())?.map(\.shown)
            throw project.map { ValidationError("\($0): setting 'reporters': \(error.message)") } ?? error
        }
        // A report whose file is a folder, whose folder would go under a file, or whose
        // folder takes no new file fails only once the run is over, after the others were
        // written saying all went well: refused before the run instead.
        for (kind, path, _) in requested where kind != .console {
            // The html report is a folder (index.html and what it shows): not a stream or a device.
            if kind == .html, let path, ScenarioFileWriter.standardStreamPaths.contains(path) || path.hasPrefix("/dev/") {
                throw ValidationError("the html report is a folder (index.html and its pictures), and \(path) cannot be one; give it a folder")
            }
            guard let path = path ?? kind.defaultPath, !ScenarioFileWriter.standardStreamPaths.contains(path) else { continue }
            var isFolder: ObjCBool = false
            if kind != .html, path.hasSuffix("/") || FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue {
                throw ValidationError("the \(kind.rawValue) report's path \(path) is a folder; give it a file")
            }
            let picture = ReporterKind.mapPicture(of: path)
            if kind == .map, FileManager.default.fileExists(atPath: picture, isDirectory: &isFolder) && isFolder.boolValue {
                throw ValidationError("the map's picture \(picture) (beside its DOT \(path)) is a folder; give the map another file")
            }
            // The nearest part of the path that exists must be a folder (for html, the report's own folder may be).
            switch ScenarioFileWriter.problem(writing: path, from: kind == .html ? path : ScenarioFileWriter.folder(of: path)) {
            case let .underFile(file)?:
                throw ValidationError(file == path ? "the \(kind.rawValue) report's path \(path) is a file; give it a folder"
                                                   : "the \(kind.rawValue) report's path \(path) goes under \(file), which is a file")
            case let .cannotCreate(reason)?:
                throw ValidationError("\(ScenarioFileWriter.Failure(path: path, reason: reason))")
            case nil:
                break
            }
        }
    }

    /// The reporters asked for, in order, each with the file --output gave it, if any.
    /// Each reporter given without a path takes the next --output, the console last: in
    /// `--reporter console,junit --output j.xml` the file is JUnit's, and the console's only
    /// when no other reporter takes one (`--reporter console --output run.txt`).
    var requestedReporters: [(kind: ReporterKind, path: String?, takesOutput: Bool)] {
        let parsed = reporters.compactMap { try? ReporterKind.parse($0) }   // validate() refused the others
        let order = parsed.indices.filter { parsed[$0].kind != .console } + parsed.indices.filter { parsed[$0].kind == .console }
        var given: [Int: String] = [:]
        var outputs = self.outputs.makeIterator()
        for index in order where parsed[index].path == nil {
            guard let output = outputs.next() else { break }
            given[index] = output
        }
        return parsed.indices.map { index in
            let (kind, path) = parsed[index]
            if path != nil { return (kind, path, false) }
            guard let output = given[index] else {
                // A shard's blob is named for it, as Playwright names them: shards that share
                // a folder keep each its own.
                if kind == .blob, let (index, count) = parsedShard { return (kind, "blob-report/report-\(index)-of-\(count).json", false) }
                return (kind, nil, false)
            }
            return (kind, output, true)
        }
    }

    /// CI mode: --ci, or the CI variable set to anything but empty, `false` or `0` (as
    /// Jest reads it).
    var isCI: Bool {
        ci || Self.ciVariableIsSet
    }

    static var ciVariableIsSet: Bool {
        let value = (ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()
        return !value.isEmpty && value != "false" && value != "0"
    }

    /// --update-snapshots wins over CI mode, as Jest's -u does: asked for, it writes.
    var snapshotMode: ScenarioSnapshots.Mode {
        updateSnapshots ? .update : isCI ? .ci : .normal
    }

    var forbidOnly: Bool { forbidOnlyFlag ?? isCI }

    /// The refusal of scenarios marked `.only` under --forbid-only (on in CI mode), in `run`
    /// and in each run of `watch`.
    func forbiddenOnly(in suite: SuiteExecutor) -> String? {
        guard forbidOnly else { return nil }
        // The lines where `.only` is written, once each (a describe.only focuses many).
        var focused: [String] = []
        for scenario in suite.listed.flatMap(\.scenarios) {
            guard let place = scenario.isFocused ? scenario.focusedAt ?? scenario.location : scenario.leftOutAt else { continue }
            if !focused.contains(place) { focused.append(place) }
        }
        guard !focused.isEmpty else { return nil }
        return "navscript: scenarios are marked .only (\(focused.joined(separator: ", "))) and --forbid-only is on"
            + (forbidOnlyFlag == nil ? " (CI mode)" : "") + ": remove the .only, so that the whole suite runs"
    }

    var jobCount: Int {
        jobs ?? AvailableProcessors.count
    }

    /// What runs the scenarios: worker processes, or this process with --in-process.
    func executor(for files: [ScenarioFile], limits: LuaLimits, seed: Int,
                  updateAdvice: String = ScenarioSnapshots.runUpdateAdvice) -> SuiteExecutor {
        var settings = SuiteSettings(limits: limits, seed: seed, snapshotMode: snapshotMode, jobs: jobCount)
        settings.updateAdvice = updateAdvice
        settings.recordsSteps = requestedReporters.contains { $0.kind.recordsSteps }
        settings.coverage = measuresCoverage
        return inProcess ? InProcessSuite(files: files, settings: settings) : WorkerSuite(files: files, settings: settings)
    }

    func selection(lines: [String: Set<Int>]) -> ScenarioSelection {
        var selection = ScenarioSelection()
        selection.filters = filters
        selection.tags = tags
        selection.excludedTags = excludedTags
        selection.lines = lines
        selection.shard = parsedShard
        return selection
    }
}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}
