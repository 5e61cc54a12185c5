import Foundation

/// A scenario as listed from its file.
public struct ScenarioInfo: Sendable, Hashable, Codable {
    /// Position in the file's definition order, 1-based (for ordering reports: a
    /// scenario is run by its name and location).
    public internal(set) var index: Int
    /// The names of the enclosing `describe` blocks and the scenario's, joined by spaces.
    public let name: String
    /// The names of the enclosing `describe` blocks, outermost first (Jest's
    /// `ancestorTitles`); nil where the listing did not give them.
    ///
    ///     -- Lua: describe("chat", function() it("opens", ...) end)   --> ["chat"], title "opens"
    public var describePath: [String]?
    /// Its tags, as its options give them.
    ///
    ///     -- Lua: scenario("opens a chat", { tags = { "smoke" } }, function() ... end)
    public let tags: [String]
    /// "file:line" of the `scenario(...)` call.
    public let location: String
    /// Pending, skipped, or left out by another scenario's `.only`: not run.
    public internal(set) var isPending: Bool
    /// Marked with `.only` (itself or a `describe` around it).
    public var isFocused = false
    /// "file:line" of that `.only`, where the file was listed (results do not carry it).
    public var focusedAt: String?
    /// For one that another's `.only` leaves out, "file:line" of the file's first `.only`
    /// (where the file was listed): a `describe.only` with nothing in it focuses nothing
    /// and still leaves the rest out, as in Jest.
    public var leftOutAt: String?
    /// For one of several scenarios made under its name at its line (in a loop), what its
    /// body holds (its upvalues' values): how the state that runs it finds it, if the loop
    /// makes them in another order there (`pairs`).
    public var bodyPrint: String?
    /// Why a scenario that is not `pending(...)` does not run: "skipped" (`.skip`, itself or
    /// its describe), "todo" (`it.todo`), "not focused" (another's `.only`).
    public var skipReason: String?
    /// The lines of its file from its call to its body's `end`, and those of the `describe`
    /// blocks around it, innermost first: what a `file:LINE` inside a body or a block selects,
    /// as RSpec's does (nil where the listing did not know them).
    public var span: ClosedRange<Int>?
    /// The lines of the `describe` blocks around it, innermost first (nil where unknown).
    public var blocks: [ClosedRange<Int>]?

    /// Its own name, without the `describe` names before it (Jest's `title`): "opens" of
    /// "chat opens" (a name repeated at one line keeps its number: "opens (2)").
    public var title: String {
        guard let describePath, !describePath.isEmpty else { return name }
        let prefix = describePath.joined(separator: " ") + " "
        return name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
    }

    /// The line of its `scenario(...)` call.
    var line: Int? { location.split(separator: ":").last.flatMap { Int($0) } }

    /// A scenario listed at `index` (1-based) of its file; `focusedAt` marks it focused too.
    public init(index: Int, name: String, tags: [String], location: String, isPending: Bool, isFocused: Bool = false, focusedAt: String? = nil) {
        self.index = index
        self.name = name
        self.tags = tags
        self.location = location
        self.isPending = isPending
        self.isFocused = isFocused || focusedAt != nil
        self.focusedAt = focusedAt
    }
}

/// What running one scenario gave.
public struct ScenarioResult: Sendable, Codable {
    /// How a scenario ended: passed, failed, or skipped (pending, todo, `.skip`, not focused).
    public enum Status: String, Sendable, Codable {
        case passed, failed, skipped
    }

    /// The scenario that ran.
    public let scenario: ScenarioInfo
    /// How it ended.
    public let status: Status
    /// For a failure: the message, starting with `file:line:` where Lua knows it.
    public let message: String?
    /// For a failure, Lua's stack traceback, when there is one.
    public let traceback: String?
    /// Whether the failure is an expectation that did not hold (not a script error).
    public let isExpectationFailure: Bool
    /// What the scenario printed.
    public let output: String
    /// How many expectations it checked (held or not).
    public let expectations: Int
    /// Wall-clock seconds.
    public let duration: Double
    /// The snapshot checks it made, for the process that keeps the snapshot file.
    public var snapshots: [ScenarioSnapshots.Check] = []
    /// When it started, in seconds of the system's monotonic clock (the same in every
    /// process of a machine): what a file's wall time is measured with.
    public var started: Double = 0
    /// Its steps, when the run records them (for the HTML report and the navigation map).
    public var steps: [ScenarioStep]?
    /// The screen types its scripts defined, when steps are recorded.
    public var definedScreens: [String]?
    /// With coverage on, how often each line of each route script ran (by chunk name).
    public var coverage: [String: [Int: Int]]?
    /// With coverage on, how often each deeplink pattern, interceptor, fallback function
    /// and deeplink type the scripts declared ran.
    public var routeCoverage: [String: Int]?

    /// A result; a message or traceback too long for a report is cut (`cut(_:_:)`).
    public init(scenario: ScenarioInfo, status: Status, message: String?, traceback: String?, isExpectationFailure: Bool,
                output: String, expectations: Int, duration: Double, snapshots: [ScenarioSnapshots.Check] = []) {
        self.scenario = scenario
        self.status = status
        self.message = message.map { Self.cut($0, "message") }
        self.traceback = traceback.map { Self.cut($0, "traceback") }
        self.isExpectationFailure = isExpectationFailure
        self.output = output
        self.expectations = expectations
        self.duration = duration
        self.snapshots = snapshots
    }

    /// A scenario that would not run anyway (pending, todo, skipped, not focused) which a
    /// stopped run (--fail-fast) did not reach: skipped, as a whole run reports it.
    public static func skipped(_ scenario: ScenarioInfo) -> ScenarioResult {
        ScenarioResult(scenario: scenario, status: .skipped, message: nil, traceback: nil, isExpectationFailure: false,
                       output: "", expectations: 0, duration: 0)
    }

    /// A message or traceback longer than a scenario's printed output may be (an error
    /// raised with a 10 MB string) is cut there, with a line that says so: every report
    /// writes it, JUnit twice.
    public static func cut(_ text: String, _ what: String) -> String {
        guard text.utf8.count > ScenarioOutput.limit else { return text }
        return prefix(text, bytes: ScenarioOutput.limit) + "\n[\(what) cut at \(ScenarioOutput.limit >> 20) MiB]"
    }

    /// At most `bytes` of `text`'s UTF-8, ending on a whole character (a cut inside one
    /// would end in U+FFFD).
    static func prefix(_ text: String, bytes: Int) -> String {
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: bytes, limitedBy: text.utf8.endIndex) ?? text.utf8.endIndex
        while end.samePosition(in: text.unicodeScalars) == nil {
            end = text.utf8.index(before: end)
        }
        return String(text.unicodeScalars[..<end])
    }
}
