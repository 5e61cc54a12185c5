import ArgumentParser
import Foundation
import NavScript

/// `navscript merge-reports <blobs…> --reporter html`: the blobs of a sharded run (each
/// shard's `--reporter blob=path`) as one report, one map and one JUnit file, as if the
/// suite had run in one go.
struct MergeReports: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Merge the blob reports of sharded runs into one report.",
        discussion: """
            Each shard runs with `--shard I/N --reporter blob=blob-report/shard-I.json`; a \
            last job merges them: `navscript merge-reports blob-report/*.json --reporter \
            html --reporter junit=report.xml`. A folder given is read for its .json files. Exit \
            status: as the merged run's (0, 1 when a scenario failed, 2 when a script did not \
            load or a blob cannot be read).
            """
    )

    @Argument(help: "Blob files, or folders of them.")
    var blobs: [String]

    @Option(name: .customLong("reporter"), help: ArgumentHelp("As run's --reporter: console, tap, tap13, junit, json, html, map or blob (kind=path); repeatable.", valueName: "kind[=path]"))
    var reporters: [String] = []

    @Option(help: "Color the console report: auto, always or never.")
    var color: ColorChoice = .auto

    @Option(name: .customLong("coverage-threshold"), parsing: .unconditional, help: ArgumentHelp("Exit 1 when the suite's merged coverage is below P percent (the shards' own --coverage-threshold by default).", valueName: "P"))
    var coverageThreshold: Double?

    mutating func validate() throws {
        reporters = try ReporterKind.split(reporters)
        try ReporterKind.refuseConflicts(try reporters.map { try ReporterKind.parse($0) })
        if let threshold = coverageThreshold, !(0...100).contains(threshold) {
            throw ValidationError("--coverage-threshold is a percentage, from 0 to 100")
        }
    }

    /// What a decoding error of `data` says, in a few words: `no field 'seed'`,
    /// `field 'files[0].results[2].output' is corrupted`.
    static func describe(_ error: DecodingError, of data: Data) -> String {
        func path(_ keys: [CodingKey]) -> String {
            keys.enumerated().map { position, key in
                key.intValue.map { "[\($0)]" } ?? (position == 0 ? key.stringValue : "." + key.stringValue)
            }.joined()
        }
        switch error {
        case let .keyNotFound(key, context):
            return "no field '\(path(context.codingPath + [key]))'"
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return "field '\(path(context.codingPath))' is not what a blob holds"
        case let .dataCorrupted(context):
            guard context.codingPath.isEmpty else { return "field '\(path(context.codingPath))' is corrupted" }
            // Foundation on Linux calls a number past a whole number's range no JSON.
            return (try? JSONSerialization.jsonObject(with: data)) == nil ? "not JSON" : "a number out of range"
        @unknown default:
            return "\(error)"
        }
    }

    func run() throws {
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var files: [URL] = []
        for path in blobs {
            let url = URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw ValidationError("\(path): no such file or folder")
            }
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                files += names.filter { $0.hasSuffix(".json") }.sorted().map { url.appendingPathComponent($0) }
            } else {
                files.append(url)
            }
        }
        guard !files.isEmpty else { throw ValidationError("no blob files in \(blobs.joined(separator: " "))") }
        var records: [(record: RunRecord, file: URL)] = []
        // The same blob twice (a path given twice, or a copy) is one shard's results: counted once.
        var seen: [Data: URL] = [:]
        for file in files {
            do {
                // What is no file (a FIFO would wait for a writer) says so, before it is opened.
                if let problem = ScriptFile.problem(at: file.path) { throw ScriptFile.Failure(reason: problem) }
                let data = try Data(contentsOf: file)
                if let first = seen[data] {
                    StandardStreams.error("navscript: \(file.path) is the same blob as \(first.path); counted once\n")
                    continue
                }
                seen[data] = file
                let record = try JSONDecoder().decode(RunRecord.self, from: data)
                guard record.version == 1 else {
                    throw ValidationError("\(file.path): blob version \(record.version) is newer than this navscript reads (1)")
                }
                records.append((record, file))
            } catch let error as ValidationError {
                throw error
            } catch let error as DecodingError {
                StandardStreams.error("navscript: \(ScenarioDiscovery.display(file)) is not a blob report (\(Self.describe(error, of: (try? Data(contentsOf: file)) ?? Data())))\n")
                throw ExitCode(2)
            } catch let error as CompactReader.Failure {
                StandardStreams.error("navscript: \(ScenarioDiscovery.display(file)) is not a blob report (\(error))\n")
                throw ExitCode(2)
            } catch let error as ScriptFile.Failure {
                StandardStreams.error("navscript: \(ScenarioDiscovery.display(file)) cannot be read (\(error.reason))\n")
                throw ExitCode(2)
            } catch {
                StandardStreams.error("navscript: \(ScenarioDiscovery.display(file)) cannot be read (\(error.localizedDescription))\n")
                throw ExitCode(2)
            }
        }
        try Self.checkShards(records, workingDirectory: workingDirectory)
        var report = RunRecord.merge(records.map(\.record))
        let requested = try reporters.map { try ReporterKind.parse($0) }
        let made = RunOptions.makeReporters(requested, workingDirectory: workingDirectory, color: color, verbose: false,
                                            showOutput: false, durations: 0)
        // Coverage, when the shards measured it: one coverage/lcov.info for them all.
        let coverage = report.coverageModules.map { modules in
            CoverageReport(results: report.results, modules: modules, folder: workingDirectory).shown(in: made)
        }
        // Coverage needs the scripts it counted (which lines are code): elsewhere it would
        // say 100 % of nothing.
        if let unread = coverage?.unread, let first = unread.first {
            StandardStreams.error("navscript: the shards measured coverage of \(first)\(unread.count > 1 ? " and \(unread.count - 1) more" : ""), "
                                  + "which cannot be read from \(workingDirectory.path): merge the reports in the folder the shards ran in\n")
            throw ExitCode(2)
        }
        // The shards' threshold (one for them all), unless one is given here.
        if coverage == nil, coverageThreshold != nil {
            StandardStreams.error("navscript: --coverage-threshold: the blobs measured no coverage (run the shards with --coverage)\n")
            throw ExitCode(2)
        }
        let threshold = coverageThreshold ?? records.compactMap(\.record.coverageThreshold).max()
        if let coverage, let threshold {
            report.coverageFailure = CoverageReport.failure(coverage, threshold: threshold)
        }
        for reporter in made {
            for file in report.files {
                reporter.fileFinished(file)
            }
            reporter.finish(report)
        }
        // A shard that was stopped leaves the suite not run whole: a failure (exit 1), as the
        // report's exit code says, not the signal's status.
        let status = max(report.exitCode, Run.writeReports(made, coverage: coverage, failure: report.coverageFailure, in: workingDirectory,
                                                           toStandardError: requested.contains { $0.kind.writesToStandardOutput(path: $0.path) }))
        throw ExitCode(status)
    }

    /// Refuses blobs that are not the shards of one run, each once: a scenario in two blobs
    /// (a retried shard beside the first, a merged blob among its shards) would count twice,
    /// and a shard left out would pass what never ran. Warns of runs with other settings.
    static func checkShards(_ records: [(record: RunRecord, file: URL)], workingDirectory: URL) throws {
        func shown(_ url: URL) -> String { ScenarioDiscovery.display(url, in: workingDirectory) }
        func refuse(_ message: String) throws -> Never {
            StandardStreams.error("navscript: \(message)\n")
            throw ExitCode(2)
        }
        struct Scenario: Hashable {
            let file: String
            let name: String
        }
        // Shards of one run list one suite: said first, as two suites may share scenarios.
        let suites = records.compactMap { record in record.record.suite.map { (suite: $0, file: record.file) } }
        if let first = suites.first, let other = suites.first(where: { $0.suite != first.suite }) {
            let differing = Set(first.suite.keys).union(other.suite.keys).filter { first.suite[$0] != other.suite[$0] }.sorted()
            try refuse("\(shown(first.file)) and \(shown(other.file)) are of runs of different suites (\(Format.names(differing, atMost: 3)) "
                + "\(differing.count == 1 ? "differs" : "differ")): run every shard on the same files, or a merge would pass what some never ran")
        }
        // Shards that chose otherwise (a matrix entry with a stray --tag) ran parts of other
        // selections: together they are neither.
        let selections = records.compactMap { record in record.record.selection.map { (selection: $0, file: record.file) } }
        if let first = selections.first, let other = selections.first(where: { $0.selection != first.selection }) {
            let said = { (selection: [String]) in selection.isEmpty ? "all scenarios" : selection.joined(separator: " ") }
            try refuse("\(shown(first.file)) and \(shown(other.file)) are of runs that chose other scenarios (\(said(first.selection)), "
                + "\(said(other.selection))): run every shard with the same --filter, --tag, --exclude-tag and --last-failed, "
                + "or a merge would pass what some never ran")
        }
        var owner: [Scenario: URL] = [:]
        for (record, file) in records {
            for entry in record.files {
                for result in entry.results {
                    let key = Scenario(file: entry.file.url.path, name: result.scenario.name)
                    if let first = owner[key], first != file {
                        try refuse("\(entry.file.displayPath) › \(Format.visible(result.scenario.name)) is in two blobs, \(shown(first)) and \(shown(file)): "
                            + "give each shard's blob once (a retried shard's in place of the first)")
                    }
                    // A run names each scenario once (a repeated name gets " (2)"): a blob
                    // with one twice was not written by one run.
                    if owner[key] == file {
                        try refuse("\(entry.file.displayPath) › \(Format.visible(result.scenario.name)) is in \(shown(file)) twice: that blob is not one run's")
                    }
                    owner[key] = file
                }
            }
        }
        let shards = records.map { shard(of: $0.record.command) }
        let counts = Set(shards.compactMap { $0?.count })
        if counts.count > 1 {
            try refuse("the blobs are of runs split in different numbers of shards (\(counts.sorted().map(String.init).joined(separator: ", ")))")
        }
        if let count = counts.first {
            let present = Set(shards.compactMap { $0?.index })
            let missing = (1...count).filter { !present.contains($0) }
            if !missing.isEmpty {
                try refuse("shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) "
                    + "\(missing.count == 1 ? "is" : "are") missing: a merge of some shards would pass what never ran")
            }
        }
        // All measure coverage or none does.
        let measured = records.filter { $0.record.coverageModules != nil }
        if let with = measured.first, let without = records.first(where: { $0.record.coverageModules == nil }) {
            try refuse("\(shown(with.file)) measured coverage and \(shown(without.file)) did not: run every shard with --coverage, "
                + "or the merged coverage would leave out what the others ran")
        }
        // Lines are counted in the route scripts as they are now: one read otherwise by two
        // shards, or changed since, would be counted at the wrong lines. (One that cannot be
        // read here is refused with the coverage.)
        var fingerprints: [String: (print: String, blob: URL)] = [:]
        for (record, file) in records {
            for (path, print) in (record.coverageFingerprints ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let other = fingerprints[path] else {
                    fingerprints[path] = (print, file)
                    continue
                }
                if other.print != print {
                    try refuse("\(path) differs between \(shown(other.blob)) and \(shown(file)): the shards ran on different checkouts")
                }
            }
        }
        for (path, measured) in fingerprints.sorted(by: { $0.key < $1.key }) {
            if let now = Fingerprint.ofFile(URL(fileURLWithPath: path, relativeTo: workingDirectory).path), now != measured.print {
                try refuse("\(path) changed since \(shown(measured.blob)) measured its coverage: merge the reports in the checkout the shards ran on")
            }
        }
        let seeds = Set(records.map(\.record.seed))
        if seeds.count > 1 {
            StandardStreams.error("navscript: warning: the blobs come from runs with different seeds (\(seeds.sorted().map(String.init).joined(separator: ", "))); the report names \(records[0].record.seed)\n")
        }
        let interrupted = records.filter { ($0.record.interruptedBy ?? 0) != 0 }
        if let first = interrupted.first {
            StandardStreams.error("navscript: warning: \(shown(first.file)) is of a run that was interrupted; the merged report says what did not run\n")
        }
        if Set(records.map(\.record.isCI)).count > 1 {
            StandardStreams.error("navscript: warning: some blobs come from runs in CI mode and some not; the report is in CI mode\n")
        }
    }

    /// The shard a blob's run took, as ArgumentParser read its command line: `--shard I/N` or
    /// `--shard=I/N`, the last one given; nil for a run of the whole suite.
    static func shard(of command: String) -> (index: Int, count: Int)? {
        let words = command.split(separator: " ").map(String.init)
        var value: String?
        for (position, word) in words.enumerated() {
            if word == "--shard", position + 1 < words.count { value = words[position + 1] }
            if word.hasPrefix("--shard=") { value = String(word.dropFirst("--shard=".count)) }
        }
        let parts = value?.split(separator: "/").compactMap { Int($0) } ?? []
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
}
