import ArgumentParser
import Foundation
import NavScript

/// `navscript run <paths>`: runs the scenarios, reports, exits 0, 1 or 2.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenarios (alias: test).",
        discussion: """
            Finds the scenario files under the paths, runs each scenario in a fresh sandboxed \
            state, and reports. `file.lua:LINE` runs the scenario defined at that line.
            """,
        aliases: ["test"]
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var options: RunOptions

    func run() throws {
        let session = try RunSession(suite: suite, run: options)
        if options.list {
            session.printList()
            throw ExitCode(session.suite.loadErrors.isEmpty ? 0 : 2)
        }
        let report = session.runAll(reporters: options.makeReporters(workingDirectory: suite.workingDirectory))
        throw ExitCode(report.exitCode)
    }
}

/// A loaded suite with its selection: what `run` and `watch` share.
final class RunSession {
    let suite: ScenarioSuite
    let options: RunOptions
    let selection: ScenarioSelection
    let seed: Int

    init(suite options: SuiteOptions, run: RunOptions) throws {
        let files = try options.scenarioFiles()
        seed = options.seed ?? (run.shuffle ? Int.random(in: 0...999_999) : 0)
        suite = ScenarioSuite(files: files, limits: options.limits, seed: seed, snapshotMode: run.snapshotMode)
        self.options = run
        selection = run.selection(lines: options.locations().lines)
        suite.load(jobs: run.jobCount)
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

    func printList() {
        for (file, scenario) in selected() {
            _ = file
            let tags = scenario.tags.isEmpty ? "" : " [\(scenario.tags.joined(separator: ", "))]"
            print("\(scenario.location): \(scenario.name)\(tags)\(scenario.isPending ? " (pending)" : "")")
        }
        for (file, error) in suite.loadErrors {
            FileHandle.standardError.write(Data("\(file.displayPath) does not load: \(Format.loadError(error))\n".utf8))
        }
    }

    @discardableResult
    func runAll(reporters: [Reporter]) -> RunReport {
        let start = DispatchTime.now().uptimeNanoseconds
        let results = suite.run(selected(), jobs: options.jobCount, failFast: options.failFast) { result in
            for reporter in reporters {
                reporter.fileFinished(result)
            }
        }
        let report = RunReport(files: results, loadErrors: suite.loadErrors,
                               duration: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                               seed: seed, isCI: options.isCI)
        for reporter in reporters {
            reporter.finish(report)
        }
        return report
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
