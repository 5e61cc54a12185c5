import Foundation
import NavScript
import Testing

/// One Lua scenario as a Swift Testing case: what `NavScenarios.discover` finds, to give a
/// parameterized test as its arguments. Each shows by its full name and `file:line` in the
/// test navigator and can be run again alone (it is `Codable`); a failure is recorded at
/// the `.lua` file and line, with the message and the hierarchy the console shows.
///
///     @Test(arguments: NavScenarios.discover("lua"))
///     func scenario(_ scenario: NavScenario) { scenario.run() }
public struct NavScenario: Sendable, Codable, Hashable, CustomTestStringConvertible {
    /// The scenario file, with its root.
    public let file: ScenarioFile
    /// The scenario as listed from its file: name, tags, `file:line`.
    public let info: ScenarioInfo
    /// Why the file does not load, for the one case that stands for such a file.
    public let loadError: String?
    /// The limits it runs under (`NavScenarios.discover(_:limits:)`).
    public var limits = LuaLimits()
    /// The Swift screen factories of its discovery (`NavScenarios.discover(_:screens:)`), if
    /// it was given any. Not encoded: Swift Testing finds a case again by the rest, among
    /// the cases a discovery gives anew.
    var screens: NavScenarioScreens?

    private enum CodingKeys: String, CodingKey {
        case file, info, loadError, limits
    }

    /// The full name: the `describe` blocks' names and the scenario's, joined by spaces.
    public var name: String { info.name }
    /// The scenario's tags.
    ///
    ///     -- Lua: scenario("opens a chat", { tags = { "smoke" } }, function() ... end)
    public var tags: [String] { info.tags }
    /// `file:line` of the scenario, as messages show it.
    public var location: String { info.location }

    /// How the test navigator shows it: `name [tags] (file:line)`.
    public var testDescription: String {
        let tags = info.tags.isEmpty ? "" : " [\(info.tags.joined(separator: ", "))]"
        return "\(info.name)\(tags) (\(info.location))"
    }

    /// Runs the scenario in a fresh state and records its failure, if any, as an issue at
    /// the Lua file and line; a pending scenario records nothing (the runner counts it as
    /// skipped). Snapshots are written beside
    /// the scenario file, except in CI (`CI` set), where a missing one fails.
    ///
    /// Only inside a Swift Testing test: outside one (in an XCTest test) an issue would be
    /// dropped without a word, so a failure stops the process there instead of passing.
    /// From XCTest, use `result()` and `XCTFail`.
    public func run() {
        let result = self.result()
        guard result.status == .failed else { return }
        var comment = result.message ?? "failed"
        if let traceback = result.traceback { comment += "\nstack traceback:\n" + traceback }
        if !result.output.isEmpty { comment += "\nprinted:\n" + result.output }
        guard Test.current != nil else {
            preconditionFailure("NavScenario.run() is Swift Testing's, and this is no Swift Testing test (XCTest: use result() and XCTFail). It failed:\n" + comment)
        }
        Issue.record(Comment(rawValue: comment), sourceLocation: sourceLocation(of: result.message))
    }

    /// Runs the scenario in a fresh state and gives its result, recording nothing. It runs on
    /// a thread with a main thread's stack (`ScriptThreads`): a test's thread has 512 KiB on
    /// macOS, where a script that nests navigations to Lua's limit would crash the test
    /// process instead of failing with Lua's "C stack overflow".
    public func result() -> ScenarioResult {
        ScriptThreads.run(resultHere)
    }

    private func resultHere() -> ScenarioResult {
        if let loadError {
            return failure(loadError)
        }
        do {
            return result(using: try NavScenarioRunners.shared.runner(for: file, limits: limits, screens: screens))
        } catch {
            return failure("\(error)")
        }
    }

    /// Runs the scenario with `runner` (its file's), and saves the snapshots it wrote.
    func result(using runner: ScenarioFileRunner) -> ScenarioResult {
        let result = runner.run(info)
        if !result.snapshots.isEmpty {
            do {
                _ = try runner.snapshots.save(fullRun: false)
            } catch {
                // The scenario may have passed; the snapshot it wrote is lost, so it fails.
                return failure("\(info.location): snapshot not saved: \(error)", output: result.output)
            }
        }
        return result
    }

    /// A failure of the scenario that is not one of its own expectations.
    private func failure(_ message: String, output: String = "") -> ScenarioResult {
        ScenarioResult(scenario: info, status: .failed, message: message, traceback: nil, isExpectationFailure: false,
                       output: output, expectations: 0, duration: 0)
    }

    /// Where a failure points: the `file:line` its message starts with when that is a
    /// file of the suite (the `expect` that failed, the line that raised), else the
    /// scenario's own line.
    func sourceLocation(of message: String?) -> SourceLocation {
        let own = Self.split(info.location)
        var (path, line) = (resolve(own.file) ?? file.url.path, own.line)
        if let named = message.flatMap(Self.messageLocation), let resolved = resolve(named.file) {
            (path, line) = (resolved, named.line)
        }
        return SourceLocation(fileID: "lua/\((path as NSString).lastPathComponent)", filePath: path, line: max(line, 1), column: 1)
    }

    /// A path as messages show it (below the script root as `displayRoot` shows it, or
    /// relative to the working folder), made absolute; the root first, so that the test's
    /// working folder does not decide.
    private func resolve(_ shown: String) -> String? {
        if shown == file.displayPath { return file.url.path }
        let prefix = file.displayRoot == "." || file.displayRoot.isEmpty ? "" : file.displayRoot + "/"
        let belowRoot = !prefix.isEmpty && shown.hasPrefix(prefix) ? String(shown.dropFirst(prefix.count)) : shown
        let candidates = [file.root.appendingPathComponent(belowRoot), URL(fileURLWithPath: shown),
                          URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(shown)]
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }?.standardizedFileURL.path
    }

    static func split(_ location: String) -> (file: String, line: Int) {
        guard let colon = location.lastIndex(of: ":"), let line = Int(location[location.index(after: colon)...]) else {
            return (location, 1)
        }
        return (String(location[..<colon]), line)
    }

    /// "a/b.lua:12: msg" → ("a/b.lua", 12), for a `.lua` file.
    static func messageLocation(_ message: String) -> (file: String, line: Int)? {
        let head = message.prefix { $0 != "\n" }
        guard let range = head.range(of: ".lua:") else { return nil }
        let digits = head[range.upperBound...].prefix { $0.isNumber }
        guard let line = Int(digits) else { return nil }
        return (String(head[..<range.lowerBound]) + ".lua", line)
    }
}

/// The runners of the files the process has run scenarios of: each file compiled once.
final class NavScenarioRunners: @unchecked Sendable {
    static let shared = NavScenarioRunners()

    private let lock = NSLock()
    private struct Key: Hashable {
        let path: String
        let limits: LuaLimits
        let screens: NavScenarioScreens?
    }

    private var runners: [Key: ScenarioFileRunner] = [:]
    /// One snapshot store a file, for all its runners (other limits, other screens): each
    /// store writes the whole file, so two would save over each other's entries.
    private var snapshots: [String: ScenarioSnapshots] = [:]

    func runner(for file: ScenarioFile, limits: LuaLimits, screens: NavScenarioScreens?,
                mode: ScenarioSnapshots.Mode = NavScenarios.snapshotMode) throws -> ScenarioFileRunner {
        lock.lock()
        defer { lock.unlock() }
        let key = Key(path: file.url.path, limits: limits, screens: screens)
        if let runner = runners[key] { return runner }
        // Named from the discovery's base (the root), not the process's working folder.
        let options = LuaOptions(limits: limits, root: file.root, displayRoot: file.displayRoot == "." ? "" : file.displayRoot)
        // By the file's real path: `/var/...` and `/private/var/...` are one file on macOS.
        let real = ScriptFile.real(file.url).path
        // Scenarios run one by one here: no suite fails two that share a key afterwards.
        let store = snapshots[real] ?? ScenarioSnapshots(scenarioFile: file.url, mode: mode, updateAdvice: NavScenarios.updateAdvice,
                                                         failsClashesWhenChecked: true)
        snapshots[real] = store
        let runner = try ScenarioFileRunner(file: file.url, displayPath: file.displayPath, options: options, snapshotMode: mode,
                                            updateAdvice: NavScenarios.updateAdvice, screens: screens?.factories ?? [:], snapshots: store)
        runners[key] = runner
        return runner
    }
}

/// The screen factories one discovery was given, which its scenarios share: equal only to
/// itself, so that each discovery's files get runners of their own.
final class NavScenarioScreens: Hashable, Sendable {
    let factories: [String: NavScreenFactory]

    init(_ factories: [String: NavScreenFactory]) {
        self.factories = factories
    }

    static func == (lhs: NavScenarioScreens, rhs: NavScenarioScreens) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
