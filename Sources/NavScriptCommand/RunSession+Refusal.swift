import Foundation
import NavScript

/// Runs that run nothing: one refused before any scenario ran, and `--last-failed` with
/// nothing to run again. The reports asked for still say so.
extension RunSession {
    /// Wall seconds since the session started.
    var elapsed: Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// A run refused before any scenario ran: the test reports a CI reads (JUnit, TAP,
    /// JSON) say why; the console said it already, and a page, a map or a blob of no run
    /// is not written, and one an earlier run left there is removed (a CI job would publish
    /// it, or merge a stale blob: a missing one fails merge-reports, as it should).
    func refuse(_ refusal: String, reporters: [Reporter]) {
        Self.refuse(refusal, loadErrors: suite.loadErrors, seed: seed, isCI: options.isCI,
                    duration: elapsed, reporters: reporters)
    }

    /// Writes each report asked for but the console's, empty, for a run with nothing to run
    /// again (`--last-failed` after a green run): a CI step that publishes one must not find
    /// none, or an earlier run's. The exit status: 0, or 2 when one cannot be written.
    func reportNothingToRun(reporters: [Reporter]) -> Int32 {
        let written = reporters.filter { !($0 is ConsoleReporter) }
        let report = RunReport(files: [], loadErrors: [], duration: elapsed,
                               seed: seed, isCI: options.isCI)
        for reporter in written {
            reporter.finish(report)
        }
        return Self.flush(written)
    }

    /// Removes the files an earlier run left where `reporters` write (a map's picture too),
    /// and gives those it removed. A run does so before its first scenario: a run killed before it wrote
    /// its reports (SIGKILL at a CI job's time limit, or a signal with `--in-process`, which
    /// keeps the signals' default) leaves none, not an earlier run's green JUnit XML. Only
    /// regular files go: a link stays (the file it names goes), and so does a FIFO.
    @discardableResult
    static func removeEarlierReports(_ reporters: [Reporter]) -> [URL] {
        var removed: [URL] = []
        for reporter in reporters {
            guard case let .file(url) = reporter.output.target, !url.path.hasPrefix("/dev/"), !url.path.hasPrefix("/proc/") else { continue }
            let picture = reporter is MapReporter ? [url.deletingPathExtension().appendingPathExtension("svg")] : []
            for stale in [url] + picture where ScriptFile.isRegular(stale.path) {
                if (try? FileManager.default.removeItem(at: stale.resolvingSymlinksInPath())) != nil { removed.append(stale) }
            }
        }
        return removed
    }

    /// A refusal as machine reports carry it, without the command's name.
    static func reported(_ refusal: String) -> String {
        refusal.hasPrefix("navscript: ") ? String(refusal.dropFirst(11)) : refusal
    }

    /// The same for `watch`, which refuses each run as `run` does.
    static func refuse(_ refusal: String, loadErrors: [(file: ScenarioFile, error: Error)], seed: Int, isCI: Bool,
                       duration: Double, reporters: [Reporter]) {
        let isMachine = { (reporter: Reporter) in reporter is JUnitReporter || reporter is TAPReporter || reporter is JSONReporter }
        for stale in removeEarlierReports(reporters.filter { !isMachine($0) }) {
            StandardStreams.error("navscript: removed \(ScenarioDiscovery.display(stale)), an earlier run's report: this run was refused\n")
        }
        let machine = reporters.filter(isMachine)
        guard !machine.isEmpty else { return }
        var report = RunReport(files: [], loadErrors: loadErrors, duration: duration, seed: seed, isCI: isCI)
        report.refusal = reported(refusal)
        for reporter in machine {
            reporter.finish(report)
        }
        _ = flush(machine)
    }
}
