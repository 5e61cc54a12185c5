import Foundation
import ScreenKit

/// The snapshots of one scenario file, in a text file beside it: `chat.lua` keeps them in
/// `chat.lua.snap`. Each entry is a header line `== <scenario name> <n>` (or `== <scenario
/// name>: <given name>`) and the snapshot's lines, each after `| `, so that any text
/// round-trips and diffs read well.
///
/// A missing snapshot is written, except in CI mode, where it fails; a different one fails
/// with a diff, except in update mode, where it is rewritten. Entries no scenario used in
/// a full run of the file are obsolete, unless their scenario failed or was skipped:
/// reported, and removed in update mode.
public final class ScenarioSnapshots: @unchecked Sendable {
    /// What a snapshot check does with a missing or different snapshot.
    public enum Mode: Sendable {
        /// Write missing snapshots, fail on differences.
        case normal
        /// Rewrite snapshots that differ, and remove obsolete ones.
        case update
        /// Fail on missing snapshots instead of writing them (set when `CI` is).
        case ci
    }

    /// What one check gave: it matched, was written or rewritten, is missing (CI), differs from
    /// the stored text, or clashes with another scenario's key.
    public enum Outcome: Equatable {
        case matched
        case written
        case updated
        case missing
        case mismatched(expected: String)
        /// Checked by another scenario of this run first: their keys are one.
        case clash(with: String)
    }

    /// A check a scenario made, as a worker process reports it: the runner's own store
    /// applies it (`apply`), so that one process writes the file.
    public struct Check: Codable, Sendable, Equatable {
        /// The snapshot's key: `<scenario name> <n>`, or `<scenario name>: <given name>`.
        public let name: String
        /// The new text, when the check wrote or updated the snapshot.
        public let text: String?
    }

    /// The snapshot file: the scenario file's path with `.snap` added (`chat.lua.snap`).
    public let url: URL
    /// Whether missing snapshots are written, differing ones rewritten, or both refused (CI).
    public let mode: Mode
    /// What rewrites snapshots where these run, for the messages that say so: "run navscript
    /// run --update-snapshots", under `swift test` its environment variable, in a watch on a
    /// terminal its `u` key.
    public let updateAdvice: String
    /// Scenarios of one file may run on several threads; every access takes the lock.
    private let lock = NSLock()
    private var entries: [String: String] = [:]
    /// The entries' names: those read from the file, in its order, then those this run
    /// wrote, in the order their checks came (which depends on the runner's jobs).
    private var order: [String] = []
    /// How many of `order` were read from the file.
    private var storedCount = 0
    private var used: Set<String> = []
    private var changed = false
    /// The entries as the file had them, and the names this run wrote and rewrote.
    private var stored: [String: String] = [:]
    private var writtenNames: Set<String> = [], updatedNames: Set<String> = []
    /// The scenario that first checked each key this run.
    private var checkers: [String: String] = [:]
    /// Whether a scenario's check of a key another one checked first fails at once, where
    /// no suite fails both afterwards (`failingClashes`), as under `swift test`.
    public let failsClashesWhenChecked: Bool
    /// How many snapshots this run wrote that the file did not have.
    public var written: Int { locked { writtenNames.count } }
    /// How many stored snapshots this run rewrote (update mode).
    public var updated: Int { locked { updatedNames.subtracting(writtenNames).count } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Why the snapshot file cannot be read, with its line: a file that is not one, a merge
    /// conflict left in it, an entry twice. The runner refuses the scenario file then, except
    /// in update mode (see `save`).
    public private(set) var readError: String?
    /// The line of the file that could not be read (`readError`), 0 for a whole file, and why.
    private var unreadLine = 0, unreadReason = ""

    /// `navscript run`'s advice.
    public static let runUpdateAdvice = "run navscript run --update-snapshots"

    /// Reads the snapshots of `scenarioFile` from the `.snap` file beside it (none when it is
    /// not there; a file that cannot be read or parsed sets `readError`).
    public init(scenarioFile: URL, mode: Mode, updateAdvice: String = ScenarioSnapshots.runUpdateAdvice, failsClashesWhenChecked: Bool = false) {
        url = scenarioFile.appendingPathExtension("snap")
        self.mode = mode
        self.updateAdvice = updateAdvice
        self.failsClashesWhenChecked = failsClashesWhenChecked
        let data: Data
        do {
            data = try ScriptFile.read(url.path)
        } catch {
            // No file is no snapshots yet; anything else there that cannot be read (a folder,
            // a FIFO that would hang, a link that leads nowhere or round in a loop) says why.
            var info = stat()
            if lstat(url.path, &info) == 0 {
                readError = "\(ScenarioDiscovery.display(url)): cannot be read (\(error.reason))"
                unreadReason = error.reason
            }
            return
        }
        // An editor's byte order mark is no part of the first line, as in a script.
        readError = parse(String(decoding: data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data, as: UTF8.self))
        storedCount = order.count
        stored = entries
    }

    /// The names in the order the file lists them: those it had, then those written since in
    /// natural order (`x 2` before `x 10`), as Jest sorts a snapshot file's keys, so that a
    /// new file is the same whatever the jobs and the shuffle. Under the lock.
    private var fileOrder: [String] {
        order[..<storedCount] + order[storedCount...].sorted(by: Self.naturallyBefore)
    }

    /// Reads the entries; the first problem, if any. Only `navscript run` on the whole file
    /// can rewrite a file that cannot be read (`save`), whatever runs the scenarios.
    private func parse(_ text: String) -> String? {
        var name: String?
        var lines: [String] = []
        func finish() {
            if let name {
                entries[name] = lines.joined(separator: "\n")
                order.append(name)
            }
        }
        let file = ScenarioDiscovery.display(url)
        // A file an editor or git's core.autocrlf gave Windows line ends: a header line never
        // ends with a CR of its own (a name's is written `\r`), so when every one does, every
        // line gained one. (A converter that leaves a line already ending in CR alone makes a
        // text's own CR at a line's end look the same: it is then lost.)
        let all = Self.lines(text)
        let headers = all.filter { $0.hasPrefix("== ") }
        let windows = !headers.isEmpty && headers.allSatisfy { $0.hasSuffix("\r") }
        for (number, read) in all.enumerated() {
            unreadLine = number + 1
            let line = windows && read.hasSuffix("\r") ? read.dropLast() : read
            if line.hasPrefix("== ") {
                finish()
                let next = Self.unescape(line.dropFirst(3))
                if entries[next] != nil || name == next {
                    unreadReason = "snapshot '\(next)' is there twice"
                    return "\(file):\(number + 1): \(unreadReason) (remove one, or \(Self.runUpdateAdvice) on the whole file)"
                }
                name = next
                lines = []
            } else if line.hasPrefix("| ") {
                lines.append(String(line.dropFirst(2)))
            } else if line == "|" {
                lines.append("")
            } else if line.hasPrefix("<<<<<<<") || line.hasPrefix("=======") || line.hasPrefix(">>>>>>>") {
                unreadReason = "a merge conflict is left in the file"
                return "\(file):\(number + 1): \(unreadReason): resolve it, or \(Self.runUpdateAdvice) on the whole file"
            } else if !(line.isEmpty || (name == nil && line.hasPrefix("#"))) {
                unreadReason = "not a line of a snapshot file"
                return "\(file):\(number + 1): \(unreadReason) (entries are '== name' and lines after '| ')"
            }
        }
        finish()
        return nil
    }

    /// Records a check made by another process's store of the same file.
    public func apply(_ check: Check) {
        lock.lock()
        defer { lock.unlock() }
        used.insert(check.name)
        guard let text = check.text else { return }
        if entries[check.name] == nil {
            order.append(check.name)
            writtenNames.insert(check.name)
        } else {
            updatedNames.insert(check.name)
        }
        entries[check.name] = text
        changed = true
    }

    /// Compares `text` with the snapshot `name`, writing or updating it as the mode says.
    /// A key another scenario of the run checked first (`scenario` names the one checking)
    /// is a clash: it is neither compared nor written, so that the suite fails both the same
    /// way whichever ran first (`failingClashes`).
    public func check(_ name: String, _ text: String, by scenario: String) -> Outcome {
        lock.lock()
        defer { lock.unlock() }
        used.insert(name)
        if let checker = checkers[name], checker != scenario { return .clash(with: checker) }
        checkers[name] = scenario
        guard let stored = entries[name] else {
            if mode == .ci { return .missing }
            entries[name] = text
            order.append(name)
            changed = true
            writtenNames.insert(name)
            return .written
        }
        // Byte for byte: Swift's == takes "é" and "e\u{301}" as one, which Lua does not.
        if stored.utf8.elementsEqual(text.utf8) { return .matched }
        if mode == .update {
            entries[name] = text
            changed = true
            updatedNames.insert(name)
            return .updated
        }
        return .mismatched(expected: stored)
    }

    /// Takes back what this run wrote under `names`: two scenarios that reach one name (a
    /// clash) leave neither's text there; a stored entry keeps its stored text.
    public func discard(_ names: Set<String>) {
        lock.lock()
        defer { lock.unlock() }
        for name in names where writtenNames.contains(name) || updatedNames.contains(name) {
            entries[name] = stored[name]
            if stored[name] == nil { order.removeAll { $0 == name } }
            writtenNames.remove(name)
            updatedNames.remove(name)
        }
        changed = !writtenNames.isEmpty || !updatedNames.isEmpty
    }

    /// Counts the stored snapshots of these scenarios as used: a scenario that failed or was
    /// skipped may not have reached its snapshots, and they are not obsolete for that (as
    /// Jest keeps them), nor removed by an update.
    public func keep(scenarios names: Set<String>) {
        guard !names.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        // An entry is `<scenario> <n>` or `<scenario>: <name>`.
        for entry in order where !used.contains(entry) {
            let owned = names.contains { scenario in
                entry.hasPrefix(scenario + ": ")
                    || entry.hasPrefix(scenario + " ") && entry.dropFirst(scenario.count + 1).allSatisfy(\.isNumber)
            }
            if owned { used.insert(entry) }
        }
    }

    /// The names of the stored snapshots in file order, and those this run used or kept:
    /// what a blob report carries, so that merging the shards of a run finds the obsolete.
    public var names: (stored: [String], used: [String]) {
        lock.lock()
        defer { lock.unlock() }
        let names = fileOrder
        return (names, names.filter(used.contains))
    }

    /// Names of stored snapshots no scenario of this run used.
    public var obsolete: [String] {
        lock.lock()
        defer { lock.unlock() }
        return Self.unused(order, used: used)
    }

    /// The stored names, in order, that are not among the used: the obsolete entries, of one
    /// run or of the shards of one merged.
    public static func unused(_ stored: [String], used: Set<String>) -> [String] {
        stored.filter { !used.contains($0) }
    }

    /// The scenario file a snapshot file's path is beside: `chat.lua.snap` → `chat.lua`.
    public static func scenarioPath(of snapshotPath: String) -> String {
        snapshotPath.hasSuffix(".snap") ? String(snapshotPath.dropLast(".snap".count)) : snapshotPath
    }

    /// Writes the file if anything changed (and, in update mode after a full run of the
    /// file, without the obsolete entries; when none is left, removes the file, as Jest
    /// does). Returns whether it wrote.
    ///
    /// A file that could not be read is rewritten in update mode only after a run in which
    /// every scenario of its file ran and passed (`allPassed`), so that what the scenarios
    /// checked is the whole file: the entries after a merge conflict belong to scenarios
    /// that may not have run. Any other update throws, and the file stays as it is.
    @discardableResult
    public func save(fullRun: Bool, allPassed: Bool = false) throws(ScenarioFileWriter.Failure) -> Bool {
        let stale = obsolete
        lock.lock()
        defer { lock.unlock() }
        var names = fileOrder
        if readError != nil && mode == .update {
            guard fullRun && allPassed else {
                let scenarioFile = url.deletingPathExtension().lastPathComponent
                throw ScenarioFileWriter.Failure(path: url.path, reason: (unreadLine > 0 ? "its line \(unreadLine)" : "it") + " cannot be read (\(unreadReason)), and an"
                    + " update rewrites it only from a run of all of \(scenarioFile) in which every scenario passed, so that no entry is lost"
                    + " (resolve the file by hand, or update it with navscript run --update-snapshots \(scenarioFile) once every scenario passes)")
            }
            changed = true
        }
        if mode == .update && fullRun && !stale.isEmpty {
            names = names.filter { used.contains($0) }
            changed = true
        }
        guard changed else { return false }
        // Only a snapshot file read whole goes: what could not be read (a merge conflict, a
        // FIFO, a link to a folder) is named, and left for a person to look at.
        if names.isEmpty && mode == .update && fullRun {
            guard readError == nil else {
                throw ScenarioFileWriter.Failure(path: url.path, reason: "it cannot be read (\(unreadReason)), and no scenario of its file checks a snapshot: remove it by hand")
            }
            if ScriptFile.isRegular(url.path) {
                try ScenarioFileWriter.PreparedWrite.removal(of: url.path).commit()
                changed = false
                return true
            }
        }
        var text = "# NavScript snapshots of \(url.deletingPathExtension().lastPathComponent). Rewrite with: navscript run --update-snapshots\n"
        for name in names {
            text += "\n== \(Self.escape(name))\n"
            text += Self.lines(entries[name] ?? "").map { $0.isEmpty ? "|" : "| \($0)" }.joined(separator: "\n") + "\n"
        }
        try ScenarioFileWriter.write(text, to: url)
        changed = false
        return true
    }
}
