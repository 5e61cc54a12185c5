import ArgumentParser
import Foundation
import NavScript

/// How `run` and `watch` choose, order and report scenarios.
struct RunOptions: ParsableArguments {
    @Option(name: .customLong("filter"), help: ArgumentHelp("Run only scenarios whose full name contains this text (repeatable).", valueName: "text"))
    var filters: [String] = []

    @Option(name: .customLong("tag"), help: ArgumentHelp("Run only scenarios with this tag (repeatable: any of them).", valueName: "tag"))
    var tags: [String] = []

    @Option(name: .customLong("exclude-tag"), help: ArgumentHelp("Skip scenarios with this tag (repeatable).", valueName: "tag"))
    var excludedTags: [String] = []

    @Flag(help: "List the scenarios that would run (file:line: name [tags]) and run none.")
    var list = false

    @Option(name: [.customShort("j"), .long], help: ArgumentHelp("Scenarios to run at once (default: the number of cores).", valueName: "N"))
    var jobs: Int?

    @Option(help: ArgumentHelp("Run shard I of N (1-based): every Nth scenario of the sorted suite, for splitting CI.", valueName: "I/N"))
    var shard: String?

    @Flag(help: "Run scenarios in a random order (repeat it with --seed).")
    var shuffle = false

    @Flag(name: .customLong("fail-fast"), help: "Start no scenario after the first failure.")
    var failFast = false

    @Option(name: .customLong("reporter"), help: ArgumentHelp(
        "console, tap, junit or json; repeatable. Write a report to a file with kind=path, or with --output.",
        valueName: "kind[=path]"))
    var reporters: [String] = []

    @Option(name: .customLong("output"), help: ArgumentHelp(
        "A file for the next reporter given without one (repeatable, in order).", valueName: "path"))
    var outputs: [String] = []

    @Flag(name: .customLong("update-snapshots"), help: "Rewrite snapshots that differ, and remove obsolete ones.")
    var updateSnapshots = false

    @Flag(help: "CI mode (also when the CI variable is set): a missing snapshot fails instead of being written, and so do obsolete ones.")
    var ci = false

    @Option(help: ArgumentHelp("Color the console: auto (on a terminal, unless NO_COLOR is set), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    @Flag(name: .shortAndLong, help: "List every scenario in the console, not only failures.")
    var verbose = false

    func validate() throws {
        if let jobs, jobs < 1 {
            throw ValidationError("--jobs must be at least 1")
        }
        if shard != nil, parsedShard == nil {
            throw ValidationError("--shard takes I/N with 1 <= I <= N, like 2/4")
        }
        if let both = tags.first(where: excludedTags.contains) {
            throw ValidationError("tag '\(both)' is both included and excluded")
        }
        for reporter in reporters {
            let kind = reporter.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            guard ReporterKind(rawValue: kind) != nil else {
                throw ValidationError("unknown reporter '\(kind)' (console, tap, junit or json)")
            }
        }
        if updateSnapshots && isCI {
            throw ValidationError("--update-snapshots and CI mode cannot go together")
        }
    }

    var parsedShard: (index: Int, count: Int)? {
        guard let shard else { return nil }
        let parts = shard.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        return (index, count)
    }

    var isCI: Bool {
        ci || !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
    }

    var snapshotMode: ScenarioSnapshots.Mode {
        updateSnapshots ? .update : isCI ? .ci : .normal
    }

    var jobCount: Int {
        jobs ?? ProcessInfo.processInfo.activeProcessorCount
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
