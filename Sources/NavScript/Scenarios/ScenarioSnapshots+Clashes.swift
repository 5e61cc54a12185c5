import Foundation

extension ScenarioSnapshots {
    /// What a clash of `key` with the scenarios `others` (quoted) says.
    static func clash(_ key: String, others: [String]) -> String {
        "snapshot '\(key)' is also the snapshot of \(others.joined(separator: " and ")): "
            + "they would write over each other's entry; give one of them another name (toMatchSnapshot(\"name\"))"
    }

    /// `results`, with every scenario that used a snapshot another scenario of the run used
    /// too failed, naming it: a key is made of a scenario's name and a number or a given
    /// name, so `it("a", ...)` naming one `"tbl 1"` and `it("a: tbl", ...)`'s first are both
    /// `a: tbl 1`, and the two would write over each other's entry in every run. What they
    /// wrote there is taken back.
    ///
    ///     expect(x):toMatchSnapshot("tbl 1")   -- in "a": fails, "is also the snapshot of 'a: tbl'"
    public func failingClashes(_ results: [ScenarioResult]) -> [ScenarioResult] {
        var users: [String: [String]] = [:]
        for result in results {
            for key in Set(result.snapshots.map(\.name)) {
                users[key, default: []].append(result.scenario.name)
            }
        }
        guard users.values.contains(where: { $0.count > 1 }) else { return results }
        discard(Set(users.filter { $0.value.count > 1 }.keys))
        return results.map { result in
            guard let key = result.snapshots.map(\.name).first(where: { (users[$0]?.count ?? 0) > 1 }) else { return result }
            let others = (users[key] ?? []).filter { $0 != result.scenario.name }.sorted().map { "'\($0)'" }
            let clash = "\(result.scenario.location): " + Self.clash(key, others: others)
            // A failure of that snapshot itself (a diff, a missing entry) depends on which
            // scenario checked it first, in which worker: the clash says what is wrong. What
            // failed after it (an after hook) stays.
            let own = result.message.map { message -> String in
                let parts = message.components(separatedBy: ScenarioFailure.afterHookSeparator)
                guard parts[0].contains("snapshot '\(key)' ") else { return "\n" + message }
                return parts.count > 1 ? "\n" + ScenarioFailure.afterHookSeparator.dropFirst(2) + parts.dropFirst().joined(separator: ScenarioFailure.afterHookSeparator) : ""
            } ?? ""
            var failed = ScenarioResult(scenario: result.scenario, status: .failed, message: clash + own,
                                        traceback: own.isEmpty ? nil : result.traceback, isExpectationFailure: true, output: result.output,
                                        expectations: result.expectations, duration: result.duration, snapshots: result.snapshots)
            (failed.started, failed.steps, failed.definedScreens) = (result.started, result.steps, result.definedScreens)
            (failed.coverage, failed.routeCoverage) = (result.coverage, result.routeCoverage)
            return failed
        }
    }
}
