import Foundation
import ArgumentParser
import NavScript

/// A report format `--reporter` names, and how its values are read and checked.
enum ReporterKind: String, CaseIterable {
    case console, tap, tap13, junit, json, html, map, blob

    /// Whether the report needs the scenarios' steps recorded.
    var recordsSteps: Bool { self == .html || self == .map || self == .blob }

    /// The html report's page, inside the folder it is given.
    static let htmlPage = "index.html"

    /// Where a report that never goes to standard output is written when no path is given.
    var defaultPath: String? {
        switch self {
        case .html: return "navscript-report"
        case .map: return "navscript-map.dot"
        case .blob: return "blob-report/report.json"
        default: return nil
        }
    }

    /// A name the report's file may take, for messages.
    var exampleName: String {
        switch self {
        case .console, .tap, .tap13: return "report.tap"
        case .junit: return "report.xml"
        case .json: return "report.json"
        case .html: return "navscript-report"
        case .map: return "navscript-map.dot"
        case .blob: return "blob-report/report.json"
        }
    }

    /// `--reporter` values with comma lists taken apart (`console,junit=out.xml,tap`, as
    /// Playwright and Cucumber take them). A comma starts a new reporter only where a kind
    /// follows it or no path comes before it, so a path may hold one (`junit=a,b.xml`).
    /// A value that names no reporter at all (`--reporter ""`, an unset `$REPORTER`) is
    /// refused: the report a pipeline expects would go unwritten without a word.
    static func split(_ texts: [String]) throws(ValidationError) -> [String] {
        if let empty = texts.first(where: { $0.allSatisfy { $0 == "," || $0.isWhitespace } }) {
            throw ValidationError("--reporter \(empty.isEmpty ? "''" : "'\(empty)'") names no reporter (\(allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return texts.flatMap { text -> [String] in
            var out: [String] = []
            for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
                // `console,,tap` and a trailing comma leave nothing between: no reporter.
                if piece.isEmpty { continue }
                let name = piece.prefix { $0 != "=" }
                if out.last?.contains("=") != true || ReporterKind(rawValue: String(name)) != nil {
                    out.append(String(piece))
                } else {
                    out[out.count - 1] += "," + piece
                }
            }
            return out
        }
    }

    /// `--reporter kind[=path]`: the kind and the path; an unknown kind says which there are.
    static func parse(_ text: String) throws(ValidationError) -> (kind: ReporterKind, path: String?) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard let kind = ReporterKind(rawValue: parts.first ?? "") else {
            throw ValidationError("unknown reporter '\(parts.first ?? "")' (\(allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        // "junit=" names no file, as an empty path names nothing elsewhere.
        if text.hasSuffix("="), parts.count == 1 || parts[1].isEmpty {
            throw ValidationError("reporter '\(text)' has no path after '=' (\(kind.rawValue)=\(kind.exampleName), or \(kind.rawValue) alone)")
        }
        // A file name ends at a NUL: the rest would be written as `%00` or cut off.
        if parts.count > 1, parts[1].utf8.contains(0) {
            throw ValidationError("reporter \(kind.rawValue)'s path holds a NUL byte (\\0), which no file name can")
        }
        return (kind, parts.count > 1 ? parts[1] : nil)
    }

    /// Refuses two reporters left on standard output (their streams would interleave and
    /// neither would parse; `files` says how to give one a file), a reporter given twice,
    /// and two reporters given one file.
    static func refuseConflicts(_ requested: [(kind: ReporterKind, path: String?)],
                                           files: String = "kind=path") throws(ValidationError) {
        let onStandardOutput = requested.filter { $0.kind.writesToStandardOutput(path: $0.path) }.map(\.kind.rawValue)
        if onStandardOutput.count > 1 {
            throw ValidationError("reporters \(onStandardOutput.joined(separator: " and ")) would both write to standard output; give all but one a file (\(files))")
        }
        var kinds: Set<ReporterKind> = []
        // Each file a report writes, by what names it however it is spelled, with the spelling given.
        var files: [String: (kind: ReporterKind, path: String)] = [:]
        func claim(_ path: String, for kind: ReporterKind, what: String = "") throws(ValidationError) {
            guard let (other, given) = files.updateValue((kind, path), forKey: fileIdentity(of: path)) else { return }
            let both = given == path ? path : "\(given) and \(path), one file"
            throw ValidationError("reporters \(other.rawValue) and \(kind.rawValue) would both write \(both)\(what); give each its own file")
        }
        for (kind, path) in requested {
            guard kinds.insert(kind).inserted else { throw ValidationError("reporter \(kind.rawValue) is given twice") }
            guard let path = path ?? kind.defaultPath else { continue }
            if let work = ScenarioFileWriter.work(at: path) {
                throw ValidationError("reporter \(kind.rawValue) would write over \(path), which names \(work): give it a file of its own (\(kind.rawValue)=\(kind.exampleName))")
            }
            if kind == .html, path.lowercased().hasSuffix(".html") || path.lowercased().hasSuffix(".htm") {
                throw ValidationError("reporter html writes a folder, its page index.html inside: give it a folder (html=\(String(path[..<(path.lastIndex(of: ".") ?? path.endIndex)])))")
            }
            if kind == .map, path.lowercased().hasSuffix(".svg") {
                throw ValidationError("reporter map writes the DOT to \(path) and its picture beside it, as .svg: give it a .dot file (map=\(String(path.dropLast(4))).dot)")
            }
            let picture = Self.mapPicture(of: path)
            if kind == .map, let work = ScenarioFileWriter.work(at: picture) {
                throw ValidationError("reporter map would write its picture over \(picture), which names \(work): give it a file of its own (map=\(kind.exampleName))")
            }
            try claim(path, for: kind)
            // The map's picture is a file it writes too (none beside a stream), and the html report its page.
            if kind == .map, !ScenarioFileWriter.standardStreamPaths.contains(path) {
                try claim(picture, for: kind, what: " (the map's picture, beside its DOT)")
            }
            if kind == .html {
                try claim(path + "/" + Self.htmlPage, for: kind, what: " (the html report's page)")
            }
        }
    }

    /// What names one file however it is spelled: `r.xml`, `./r.xml`, `$PWD/r.xml`,
    /// `out//r.xml` and a link to it are one. A file that exists is its device and inode; one
    /// still to be written is its folder with the links in it followed, and its name, without
    /// case where the folder's volume compares names without it (macOS's by default; a
    /// case-sensitive APFS volume tells `R.xml` from `r.xml`, as Linux does).
    static func fileIdentity(of path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var info = stat()
        if stat(url.path, &info) == 0 { return "\(info.st_dev):\(info.st_ino)" }
        let folder = url.deletingLastPathComponent().resolvingSymlinksInPath().path
        let name = folder + "/" + url.lastPathComponent
        #if canImport(Darwin)
        // 1 case-sensitive, 0 not; -1 (a folder still to be made, an unknown volume) as macOS's default.
        return pathconf(folder, _PC_CASE_SENSITIVE) == 1 ? name : name.lowercased()
        #else
        return name
        #endif
    }

    /// The map's picture, beside its DOT: the path as given, its extension `.svg`.
    static func mapPicture(of path: String) -> String {
        let dotExtension = URL(fileURLWithPath: path).pathExtension
        return (dotExtension.isEmpty ? path : String(path.dropLast(dotExtension.count + 1))) + ".svg"
    }

    /// Whether the report writes to standard output, given no path or `/dev/stdout` (where
    /// the console's summary and the coverage table must then keep out of its way).
    func writesToStandardOutput(path: String?) -> Bool {
        guard self != .console else { return false }
        if let path { return ScenarioFileWriter.standardOutputPaths.contains(path) }
        return defaultPath == nil
    }
}
