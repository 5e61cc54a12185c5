import Foundation
import NavScript
import ScreenKit

/// Line coverage of the route scripts and modules a suite's scenarios ran (`--coverage`):
/// the counts of every scenario added up, per file, with the lines that could run found
/// as luacov finds them (every line but blank ones, comments, long strings' inner lines and
/// lines with only `end`, `else`, `}` and the like) and kept where Lua's compiler put
/// instructions (as luacov does with cluacov's active lines), plus every line that ran. Written as
/// LCOV (`coverage/lcov.info`: genhtml, Codecov and editors read it), summed up per file.
struct CoverageReport {
    struct File: Encodable {
        let path: String
        /// Every line that could run, with how often it ran.
        let lines: [String: Int]
        let hit: Int
        let total: Int
        let source: [String]
    }

    /// A deeplink pattern, interceptor, fallback function or deeplink type a script
    /// declared, with how often it ran across the run.
    struct Route: Encodable {
        let kind: String
        let name: String
        let count: Int
    }

    let files: [File]
    let routes: [Route]
    /// Files the runs counted lines of that cannot be read here (a merge run in another folder).
    private(set) var unread: [String] = []
    /// Files whose path holds a control character, such as a line break, escaped: LCOV has
    /// no way to write one (and `require`, which takes names like `routes.chat`, none to load one).
    private(set) var leftOut: [String] = []

    var hit: Int { files.map(\.hit).reduce(0, +) }
    var total: Int { files.map(\.total).reduce(0, +) }
    var percent: Double { total == 0 ? 100 : 100 * Double(hit) / Double(total) }

    /// Where coverage is written, in the working folder.
    static let path = "coverage/lcov.info"

    /// What a run or a merge says when coverage is below `threshold`, or nil. No line to
    /// count meets no threshold, as Jest's "coverage data ... was not found" fails.
    static func failure(_ coverage: CoverageReport, threshold: Double) -> String? {
        if coverage.total == 0 {
            return String(format: "coverage has no line of a route script to count, so it cannot meet the threshold of %g%%", threshold)
        }
        return coverage.percent < threshold ? "coverage \(shown(coverage.percent))% is below the threshold of \(String(format: "%g", threshold))%" : nil
    }

    /// A share as the summary and the threshold's message write it: cut, not rounded, to
    /// a tenth, so that 2,004 lines of 2,005 are 99.9 %, not the 100.0 % the threshold refuses.
    static func shown(_ percent: Double) -> String {
        String(format: "%.1f", (percent * 10).rounded(.down) / 10)
    }

    /// Why coverage could not be written in `folder` (checked before a run, so that no
    /// report says a run passed that then fails on its coverage), or nil.
    static func problem(in folder: URL) -> String? {
        let file = folder.appendingPathComponent(path).path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
            return "coverage is written to \(path), which is a folder here"
        }
        switch ScenarioFileWriter.problem(writing: file, from: ScenarioFileWriter.folder(of: file)) {
        case let .underFile(blocking)?:
            return "coverage is written to \(path), and \(ScenarioDiscovery.display(URL(fileURLWithPath: blocking), in: folder)) is a file"
        case let .cannotCreate(reason)?:
            return "cannot write \(path): \(reason)"
        case nil:
            return nil
        }
    }

    /// `counts` by chunk name; `modules` are the route scripts the suite has (by the same
    /// names), so that one no scenario required shows at 0 %; `folder` resolves the names.
    init(results: [ScenarioResult], modules: [String], folder: URL) {
        var routeCounts: [String: Int] = [:]
        for result in results {
            routeCounts.merge(result.routeCoverage ?? [:], uniquingKeysWith: +)
        }
        self.init(lines: results.compactMap(\.coverage), routes: routeCounts, modules: modules, folder: folder)
    }

    /// Line counts by chunk name, from several runs, added up.
    init(lines runs: [[String: [Int: Int]]], routes routeCounts: [String: Int] = [:], modules: [String], folder: URL) {
        var counts: [String: [Int: Int]] = [:]
        for module in modules { counts[module] = [:] }
        routes = routeCounts.keys.sorted().map { key in
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            return Route(kind: parts[0], name: parts.count > 1 ? parts[1] : "", count: routeCounts[key] ?? 0)
        }
        for run in runs {
            for (file, lines) in run {
                counts[file, default: [:]].merge(lines, uniquingKeysWith: +)
            }
        }
        // One file by its real path: a root reached through a link names it otherwise. It
        // keeps the name discovery gave it, else its shortest.
        let listed = Set(modules)
        var named: [String: String] = [:]
        for path in counts.keys.sorted(by: { (listed.contains($0) ? 0 : 1, $0.count, $0) < (listed.contains($1) ? 0 : 1, $1.count, $1) }) {
            let real = LuaOptions.realPath(of: URL(fileURLWithPath: path, relativeTo: folder))
            guard let kept = named[real] else {
                named[real] = path
                continue
            }
            counts[kept, default: [:]].merge(counts.removeValue(forKey: path) ?? [:], uniquingKeysWith: +)
        }
        var unread: [String] = [], leftOut: [String] = []
        files = counts.keys.sorted().compactMap { path in
            if Format.holdsControl(path) {
                leftOut.append(VisibleText.of(path))
                return nil
            }
            let url = URL(fileURLWithPath: path, relativeTo: folder)
            guard let data = try? Data(contentsOf: url) else {
                unread.append(path)
                return nil
            }
            // Lines as Lua counts them (CRLF too); bytes that are not UTF-8 read as U+FFFD.
            let source = LuaLines.split(Array(data))
            // The code as Lua read it: a `#!` first line is no code.
            let read = ScenarioFileRunner.sourceText(data)
            let code = LuaLines.split(Array(read))
            // Of the lines the scanner finds, those Lua's compiler gave instructions: a
            // statement over several lines runs at the line its instructions have (`x = [[`
            // ... `]]` at the `]]`), so its other lines could never be counted.
            let active = (try? LuaChunk(compiling: read, chunkName: "=coverage"))?.activeLines
            var lines: [String: Int] = [:]
            let scanned = LineScanner.executableLines(code)
            for line in scanned.lines where active?.contains(line) ?? true { lines[String(line)] = 0 }
            for (line, count) in counts[path] ?? [:] where line <= source.count && !scanned.codeless.contains(line) { lines[String(line)] = count }
            // Shown as the report shows names: a control that reorders the text (U+202E, the
            // "Trojan Source" trick) as `\u{202E}`, so that a line reads as Lua reads it.
            return File(path: path, lines: lines, hit: lines.values.filter { $0 > 0 }.count, total: lines.count,
                        source: source.map { VisibleText.of($0, keepingTabs: true) })
        }
        self.unread = unread
        self.leftOut = leftOut
    }

    /// LCOV's tracefile format.
    var lcov: String {
        var out = ""
        for file in files {
            out += "TN:\nSF:\(file.path)\n"
            for (line, count) in file.lines.map({ (Int($0.key) ?? 0, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
                out += "DA:\(line),\(count)\n"
            }
            out += "LF:\(file.total)\nLH:\(file.hit)\nend_of_record\n"
        }
        return out
    }

    /// The per-file summary the console prints.
    var summary: String {
        let width = max(files.map(\.path.count).max() ?? 0, 5)
        var lines = ["Coverage of route scripts:"]
        for file in files {
            let share = file.total == 0 ? 100 : 100 * Double(file.hit) / Double(file.total)
            lines.append("  " + file.path.padding(toLength: width, withPad: " ", startingAt: 0) + Self.column(share, file.hit, file.total))
        }
        if total == 0 {
            lines.append(files.isEmpty ? "  no route script to measure (scenario files and explore models are not counted)" : "  no line in them that can run")
        } else {
            lines.append("  " + "total".padding(toLength: width, withPad: " ", startingAt: 0) + Self.column(percent, hit, total))
        }
        for path in leftOut {
            lines.append("  left out: \(path) (LCOV cannot write a control character, such as a line break, in a path)")
        }
        if !routes.isEmpty {
            lines.append("Routes: \(routes.filter { $0.count > 0 }.count) of \(routes.count) ran (deeplink patterns, interceptors, fallbacks, deeplink types)")
            for route in routes where route.count == 0 {
                lines.append("  never ran: \(route.kind) \(route.name)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func column(_ share: Double, _ hit: Int, _ total: Int) -> String {
        let text = shown(share)
        return String(repeating: " ", count: max(0, 7 - text.count)) + text + "%  \(hit)/\(total) lines"
    }

    /// For the HTML report.
    var json: Data {
        struct Document: Encodable {
            let percent: Double
            let hit, total: Int
            let files: [File]
            let routes: [Route]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(Document(percent: percent, hit: hit, total: total, files: files, routes: routes))) ?? Data("null".utf8)
    }
}

/// Which lines of a Lua file hold code that can run, as luacov's line scanner decides.
enum LineScanner {
    /// Lines (1-based) that are not blank, a comment, inside a long string or comment, or
    /// only closing words and brackets; and of the others, those that hold no code at all
    /// (blank or a comment, not inside a long string), which never count as run: Lua puts
    /// a chunk's own closing `return` at its last line, whatever that line holds.
    static func executableLines(_ source: [String]) -> (lines: [Int], codeless: Set<Int>) {
        var result: [Int] = [], codeless: Set<Int> = []
        var longLevel: Int?          // inside a long string or comment with this many '='
        for (index, raw) in source.enumerated() {
            var line = Substring(raw)
            let inside = longLevel != nil
            if let level = longLevel {
                guard let close = line.range(of: "]" + String(repeating: "=", count: level) + "]") else { continue }
                line = line[close.upperBound...]
                longLevel = nil
            }
            let code = stripped(line, longLevel: &longLevel)
            if !code.isEmpty && !closers.contains(code) {
                result.append(index + 1)
            } else if code.isEmpty && !inside {
                codeless.insert(index + 1)
            }
        }
        return (result, codeless)
    }

    static let closers: Set<String> = ["end", "else", "}", ")", "]", "end)", "end,", "},", "})", "end))", "end)()", "do", "then",
                                       "repeat", "{", "(", "end;", "};", "),", "}))"]

    /// The code of a line: comments, long strings and spaces taken out; sets `longLevel`
    /// when a long bracket opens and does not close on the line.
    static func stripped(_ line: Substring, longLevel: inout Int?) -> String {
        var code = ""
        var rest = line
        var quote: Character?
        while let character = rest.first {
            if let open = quote {
                rest = rest.dropFirst()
                if character == "\\" { rest = rest.dropFirst() } else if character == open { quote = nil }
                code.append("s")
                continue
            }
            if character == "\"" || character == "'" {
                quote = character
                rest = rest.dropFirst()
                code.append("s")
                continue
            }
            if rest.hasPrefix("--") {
                let after = rest.dropFirst(2)
                if let level = longBracket(after) {
                    let body = after.dropFirst(level + 2)
                    if let close = body.range(of: "]" + String(repeating: "=", count: level) + "]") {
                        rest = body[close.upperBound...]
                        continue
                    }
                    longLevel = level
                }
                break
            }
            if character == "[", let level = longBracket(rest) {
                let body = rest.dropFirst(level + 2)
                code.append("s")
                if let close = body.range(of: "]" + String(repeating: "=", count: level) + "]") {
                    rest = body[close.upperBound...]
                    continue
                }
                longLevel = level
                break
            }
            if !character.isWhitespace { code.append(character) }
            rest = rest.dropFirst()
        }
        return code
    }

    /// The level of a long bracket opening at the start of `text` (`[[` is 0, `[==[` is 2).
    static func longBracket(_ text: Substring) -> Int? {
        guard text.first == "[" else { return nil }
        let equals = text.dropFirst().prefix { $0 == "=" }.count
        return text.dropFirst(1 + equals).first == "[" ? equals : nil
    }
}

extension CoverageReport {
    /// This report, given to the HTML reports among `reporters` to show.
    func shown(in reporters: [Reporter]) -> CoverageReport {
        for case let html as HTMLReporter in reporters {
            html.coverage = json
        }
        return self
    }
}
