import LuaKit

/// What the host helpers of one scenario share: its output, counts and snapshot names.
final class ScenarioContext {
    let snapshots: ScenarioSnapshots
    var scenarioName = ""
    /// Where steps go, when they are recorded.
    var recorder: ScenarioStepRecorder?
    /// The screen types the scenario's scripts defined, when steps are recorded.
    var definedScreens: [String]?
    /// The lines of route scripts that ran, with coverage on.
    var coverage: [String: [Int: Int]]?
    var routeCoverage: [String: Int]?
    private(set) var printed = ScenarioOutput()
    /// What the scenario printed, as kept.
    var output: String { printed.text }
    var expectations = 0
    /// What `expect.assertions(count)` (a count) or `expect.hasAssertions()` (nil) asked
    /// for, and where, if the scenario called either: the last call counts, as in Jest.
    var expectedAssertions: (count: Int?, location: String?)?

    /// Why the scenario checked too few or too many expectations for `expectedAssertions`,
    /// when it did: "a_spec.lua:3: expect.assertions(2) failed …".
    var assertionsFailure: String? {
        guard let (count, place) = expectedAssertions else { return nil }
        let location = place.map { $0 + ": " } ?? ""
        func counted(_ n: Int) -> String { n == 1 ? "1 expectation" : "\(n) expectations" }
        if let count {
            guard expectations != count else { return nil }
            return "\(location)expect.assertions(\(count)) failed\n  expected: \(counted(count))\n  received: \(counted(expectations))"
        }
        guard expectations == 0 else { return nil }
        return "\(location)expect.hasAssertions() failed\n  expected: at least 1 expectation\n  received: none"
    }

    /// Why the scenario called `pending(reason)` while running, each time it did, in order:
    /// one may be caught and another end it.
    var pendingReasons: [String] = []

    /// The reason of the `pending(reason)` whose error `message` is, if it is one's.
    func pendingReason(raising message: String?) -> String? {
        pendingReasons.last { ScenarioFileRunner.isPending(message, $0) }
    }
    private var snapshotCount = 0
    private(set) var snapshotChecks: [ScenarioSnapshots.Check] = []

    init(snapshots: ScenarioSnapshots) {
        self.snapshots = snapshots
    }

    /// The context of a run of a file's scenarios: its steps recorded when asked, its prints
    /// passed on as they are made (a listing's are its own).
    convenience init(snapshots: ScenarioSnapshots, recordingSteps: Bool, onPrint: ((String) -> Void)?) {
        self.init(snapshots: snapshots)
        recorder = recordingSteps ? ScenarioStepRecorder() : nil
        self.onPrint = onPrint
    }

    /// Called with what is kept of each print, as it is printed.
    var onPrint: ((String) -> Void)?

    /// Keeps what the scenario printed (`ScenarioOutput`), and passes it on.
    func print(_ text: String) {
        printed.append(text)
        onPrint?(text)
    }

    /// The first expectation that failed inside a callback, which fails the scenario.
    var callbackFailure: String?

    /// How many times the scenario used each snapshot name so far, and the keys it used.
    private var namedSnapshots: [String: Int] = [:]
    private var snapshotKeys: Set<String> = []

    /// host.snapshot(name, text) → ok, message, expected
    func snapshot(name: String?, text: String, call: LuaCall) -> Int32 {
        var key: String
        if let name {
            // A name used again in the scenario gets a number, as Jest numbers its hints; the
            // next free one, so that `b` twice and then `b 2` make three keys.
            var uses = namedSnapshots[name] ?? 0
            repeat {
                uses += 1
                key = uses == 1 ? "\(scenarioName): \(name)" : "\(scenarioName): \(name) \(uses)"
            } while snapshotKeys.contains(key)
            namedSnapshots[name] = uses
            snapshotKeys.insert(key)
        } else {
            snapshotCount += 1
            key = "\(scenarioName) \(snapshotCount)"
        }
        let outcome = snapshots.check(key, text, by: scenarioName)
        snapshotChecks.append(ScenarioSnapshots.Check(name: key, text: outcome == .written || outcome == .updated ? text : nil))
        switch outcome {
        case .matched, .written, .updated:
            call.push(true)
            return 1
        case .missing:
            call.push(false)
            call.push("snapshot '\(ScenarioSnapshots.escape(key))' is missing from \(snapshots.url.lastPathComponent), and CI mode writes none: \(snapshots.updateAdvice) to write it (CI mode allows that), then commit the file")
            return 2
        case let .clash(other):
            // A suite fails both afterwards, the same way whichever checked first.
            guard snapshots.failsClashesWhenChecked else {
                call.push(true)
                return 1
            }
            call.push(false)
            call.push(ScenarioSnapshots.clash(key, others: ["'\(other)'"]))
            return 2
        case let .mismatched(expected):
            call.push(false)
            call.push("snapshot '\(key)' differs from \(snapshots.url.lastPathComponent) (\(snapshots.updateAdvice) if the change is right)")
            call.push(expected)
            return 3
        }
    }
}
