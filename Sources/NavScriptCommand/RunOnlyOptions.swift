import ArgumentParser
import Foundation
import NavScript

/// What `run` takes and `watch` has no use for: a watch runs what each save affects, so it
/// neither lists these in its help nor parses them.
struct RunOnlyOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Run shard I of N (1-based): every Nth scenario of the sorted suite, for splitting CI.", valueName: "I/N"))
    var shard: String?

    @Flag(help: "Run scenarios in a random order (repeat it with --seed).")
    var shuffle = false

    @Flag(help: "Count the lines of route scripts and modules that run; write coverage/lcov.info and a summary.")
    var coverage = false

    // Numbers are read unconditionally, so that a negative one meets its range check.
    @Option(name: .customLong("coverage-threshold"), parsing: .unconditional, help: ArgumentHelp("Fail the run (exit 1) when coverage is below this percentage (implies --coverage).", valueName: "percent"))
    var coverageThreshold: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Before the summary, list the N slowest scenarios (0: all of them, as pytest's).", valueName: "N"))
    var durations: Int?

    @Flag(name: .customLong("last-failed"), help: "Run only the scenarios that failed in the last run here (kept in .navscript/last-run.json).")
    var lastFailed = false

    func validate() throws {
        if shard != nil, parsedShard == nil {
            throw ValidationError("--shard takes I/N with 1 <= I <= N, like 2/4")
        }
        if let threshold = coverageThreshold, !(0...100).contains(threshold) {
            throw ValidationError("--coverage-threshold is a percentage, from 0 to 100")
        }
        if let durations, durations < 0 { throw ValidationError("--durations must be at least 0") }
        if measuresCoverage, let problem = CoverageReport.problem(in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
            throw ValidationError(problem)
        }
    }

    /// Whether the run counts lines.
    var measuresCoverage: Bool { coverage || coverageThreshold != nil }

    var parsedShard: (index: Int, count: Int)? {
        guard let shard else { return nil }
        let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        return (index, count)
    }
}
