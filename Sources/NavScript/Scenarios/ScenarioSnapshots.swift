import Foundation

/// The snapshots of one scenario file, in a text file beside it: `chat.lua` keeps them in
/// `chat.lua.snap`. Each entry is a header line `== <scenario name> <n>` (or `== <scenario
/// name>: <given name>`) and the snapshot's lines, each after `| `, so that any text
/// round-trips and diffs read well.
///
/// A missing snapshot is written, except in CI mode, where it fails; a different one fails
/// with a diff, except in update mode, where it is rewritten. Entries no scenario used in
/// a full run of the file are obsolete: reported, and removed in update mode.
public final class ScenarioSnapshots: @unchecked Sendable {
    public enum Mode: Sendable {
        /// Write missing snapshots, fail on differences.
        case normal
        /// Rewrite snapshots that differ, and remove obsolete ones.
        case update
        /// Fail on missing snapshots instead of writing them (set when `CI` is).
        case ci
    }

    public enum Outcome: Equatable {
        case matched
        case written
        case updated
        case missing
        case mismatched(expected: String)
    }

    public let url: URL
    public let mode: Mode
    /// Scenarios of one file may run on several threads; every access takes the lock.
    private let lock = NSLock()
    private var entries: [String: String] = [:]
    private var order: [String] = []
    private var used: Set<String> = []
    private var changed = false
    public private(set) var written = 0, updated = 0

    public init(scenarioFile: URL, mode: Mode) {
        url = scenarioFile.appendingPathExtension("snap")
        self.mode = mode
        if let text = try? String(contentsOf: url, encoding: .utf8) {
            parse(text)
        }
    }

    private func parse(_ text: String) {
        var name: String?
        var lines: [String] = []
        func finish() {
            if let name {
                entries[name] = lines.joined(separator: "\n")
                order.append(name)
            }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("== ") {
                finish()
                name = String(line.dropFirst(3))
                lines = []
            } else if line.hasPrefix("| ") {
                lines.append(String(line.dropFirst(2)))
            } else if line == "|" {
                lines.append("")
            }
        }
        finish()
    }

    /// Compares `text` with the snapshot `name`, writing or updating it as the mode says.
    public func check(_ name: String, _ text: String) -> Outcome {
        lock.lock()
        defer { lock.unlock() }
        used.insert(name)
        guard let stored = entries[name] else {
            if mode == .ci { return .missing }
            entries[name] = text
            order.append(name)
            changed = true
            written += 1
            return .written
        }
        if stored == text { return .matched }
        if mode == .update {
            entries[name] = text
            changed = true
            updated += 1
            return .updated
        }
        return .mismatched(expected: stored)
    }

    /// Names of stored snapshots no scenario of this run used.
    public var obsolete: [String] {
        lock.lock()
        defer { lock.unlock() }
        return order.filter { !used.contains($0) }
    }

    /// Writes the file if anything changed (and, in update mode after a full run of the
    /// file, without the obsolete entries). Returns whether it wrote.
    @discardableResult
    public func save(fullRun: Bool) throws -> Bool {
        let stale = obsolete
        lock.lock()
        defer { lock.unlock() }
        var names = order
        if mode == .update && fullRun && !stale.isEmpty {
            names = order.filter { used.contains($0) }
            changed = true
        }
        guard changed else { return false }
        var text = "# NavScript snapshots of \(url.deletingPathExtension().lastPathComponent). Rewrite with: navscript run --update-snapshots\n"
        for name in names {
            text += "\n== \(name)\n"
            text += (entries[name] ?? "").split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "|" : "| \($0)" }.joined(separator: "\n") + "\n"
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
        changed = false
        return true
    }
}
