import Foundation
import NavScript
import ScreenKit

/// How reports write what they show: visible control characters, counts, seconds, places.
enum Format {
    /// Control characters (a terminal's escapes, NUL) written as `\x1b`, tabs kept: YAML
    /// does not allow them in a block, and a terminal showing TAP or the console would obey them.
    static func visible(_ text: String) -> String {
        VisibleText.of(text, keepingTabs: true)
    }

    /// Whether `text` holds a C0 control character or DEL (a line break, a tab, an escape),
    /// which a one-line form (a Lua comment, an LCOV record) cannot hold.
    static func holdsControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// A failure's kind, as JUnit's `type` and JSON's `failure` give it: "expectation" (an
    /// `expect` that failed) or "error" (a script error, a broken limit).
    static func failureKind(_ result: ScenarioResult) -> String {
        result.isExpectationFailure ? "expectation" : "error"
    }

    /// Names joined by commas, the first `atMost - 1` and how many more when there are more
    /// than `atMost`: "a, b, c and 10 more".
    static func names(_ names: [String], atMost: Int) -> String {
        names.count > atMost ? names.prefix(atMost - 1).joined(separator: ", ") + " and \(names.count - atMost + 1) more"
                             : names.joined(separator: ", ")
    }

    /// `visible`, line by line, the newlines kept: a failure's text can carry a script's
    /// bytes (a CR, a terminal escape) that would garble the console.
    static func visibleLines(_ text: String) -> String {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { visible(String($0)) }.joined(separator: "\n")
    }

    /// Characters XML 1.0 does not allow, even escaped (and the ones it discourages), written
    /// as TAP writes them, `\x01`, so that `"n\1"` and `"n"` stay two names. They are the
    /// characters outside YAML's printable set too. A newline (or CR LF) is the one line
    /// break kept: XML reads a carriage return as one, and YAML a NEL and the Unicode
    /// separators too, so that a message would come back with lines it did not have.
    static func printable(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
            switch scalar.value {
            case 0x9, 0xA: out.append(scalar)
            case 0x0...0x1F, 0x7F...0x9F: out.append(contentsOf: String(format: "\\x%02x", scalar.value).unicodeScalars)
            case 0x2028, 0x2029, 0xFFFE, 0xFFFF: out.append(contentsOf: String(format: "\\u{%X}", scalar.value).unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// A limit as the user gave it: 10, 0.5.
    static func limit(_ value: Double) -> String {
        String(format: "%g", value)
    }

    /// A file's wall time: from its first scenario's start to its last one's end (its
    /// scenarios may run side by side, in several workers), and never more than their
    /// durations added up (results merged from shards started on other machines, whose
    /// clocks do not compare).
    static func wallTime(_ results: [ScenarioResult]) -> Double {
        guard let start = results.map(\.started).min() else { return 0 }
        let span = (results.map { $0.started + $0.duration }.max() ?? start) - start
        return min(span, results.reduce(0) { $0 + $1.duration })
    }

    /// "1 walk", "2 walks".
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    static func seconds(_ value: Double) -> String {
        value < 1 ? String(format: "%.0f ms", value * 1000) : String(format: "%.2f s", value)
    }

    /// "file:line" taken apart.
    static func location(_ text: String) -> (file: String, line: Int?) {
        guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) else {
            return (text, nil)
        }
        return (String(text[..<colon]), line)
    }

    /// Where a failure happened: the `file:line` its message starts with (the failing
    /// `expect`, or the line that raised), else `fallback` (the scenario's definition). A
    /// prefix with a space is a file only when it names a Lua file (`my suite/a_spec.lua:3`),
    /// so that a message such as `got 2: ...` is not taken for one.
    static func failureLocation(_ message: String, fallback: String) -> String {
        guard let colon = message.range(of: ": ") else { return fallback }
        let prefix = String(message[..<colon.lowerBound])
        let (file, line) = location(prefix)
        return line != nil && !file.isEmpty && (!file.contains(" ") || file.hasSuffix(".lua")) ? prefix : fallback
    }

    /// A file's load error, with file:line when it has one, and the traceback of a script
    /// error (a module that raised while it loaded names the line that required it there);
    /// cut at 1 MiB as a scenario's failure is (`error(string.rep(...))` at a file's top level
    /// would go whole into every report).
    static func loadError(_ error: Error) -> String {
        let failure = error as? ScenarioLoadFailure, error = failure?.error ?? error
        // A broken limit has no traceback (it is raised from the hook): no empty header; nor
        // one of C frames alone (`[C]: in function 'error'`), which says nothing of a script.
        let traceback = (error as? LuaError)?.traceback.flatMap { text in
            text.split(separator: "\n").allSatisfy { line in
                let frame = line.trimmingCharacters(in: .whitespaces)
                return frame.isEmpty || frame.hasPrefix("[C]:")
            } ? nil : tracebackHeader + text
        } ?? ""
        let printed = failure.map { printedHeader + $0.printed.trimmingCharacters(in: .newlines) } ?? ""
        return ScenarioResult.cut("\(error)" + traceback + printed, "message")
    }

    /// What comes between a load error's message and its traceback.
    static let tracebackHeader = "\nstack traceback:\n"

    /// What comes before what a file printed until its error, last.
    static let printedHeader = "\nprinted before it failed:\n"

    /// A load error's message, its traceback and what the file printed, apart (`text` as
    /// `loadError` writes it).
    static func loadErrorParts(_ text: String) -> (message: String, traceback: String?, printed: String?) {
        let printedAt = text.range(of: printedHeader)
        let error = printedAt.map { String(text[..<$0.lowerBound]) } ?? text
        let parts = error.components(separatedBy: tracebackHeader)
        return (parts[0], parts.count > 1 ? parts[1...].joined(separator: tracebackHeader) : nil,
                printedAt.map { String(text[$0.upperBound...]) })
    }

    /// Where a scenario failed when its message names no place (`error("boom", 0)`): the
    /// first script line of its traceback, else the scenario's definition.
    static func raisedAt(_ result: ScenarioResult) -> String {
        raisedAt(message: result.message ?? "", traceback: result.traceback) ?? result.scenario.location
    }

    /// Where a load error was raised: its message's own place, or, for one raised without a
    /// place (`error("boom", 0)`), the first script line of its traceback (`routes/a.lua:1`).
    static func raisedAt(message: String, traceback: String?) -> String? {
        if message.prefix(while: { $0 != " " }).contains(".lua:") { return nil }
        return traceback?.split(separator: "\n").lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.hasPrefix("[C]") && $0.contains(".lua:") }
            .flatMap { frame in frame.range(of: ": in ").map { String(frame[..<$0.lowerBound]) } }
    }
}
