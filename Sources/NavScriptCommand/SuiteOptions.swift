import ArgumentParser
import Foundation
import NavScript

/// What every command that loads scripts takes: where they are, and their limits.
struct SuiteOptions: ParsableArguments {
    @Argument(help: "Scenario files or folders (folders are searched for scenario files); by default the project file's paths, else this folder.")
    var paths: [String] = []

    @Option(help: ArgumentHelp("The folder `require` loads modules from.", discussion: "By default the suite's root: the folder of a navscript.lua, or the parent of the `scenarios` or `routes` folder a file is in, else the folder given.", valueName: "folder"))
    var root: String?

    @OptionGroup var limitOptions: ScriptLimitOptions

    @Option(parsing: .unconditional, help: "The seed of math.random (and of run's --shuffle); any integer, negative ones too.")
    var seed: Int?


    /// Takes what the command line leaves out from the project file (`navscript.lua`); with
    /// no paths from either, the working folder, as Jest and pytest search it.
    mutating func validate() throws {
        let project = try ProjectFile.load()
        if let project {
            if paths.isEmpty {
                paths = project.paths
                // Said as the file's setting, not as a path given on the command line (a
                // `file.lua:LINE` names its file).
                let working = workingDirectory
                for path in paths where !FileManager.default.fileExists(atPath: URL(fileURLWithPath: Self.fileAndLine(path)?.file ?? path, relativeTo: working).path) {
                    throw ValidationError("\(project.shown): setting 'paths': no such file or folder: \(path)")
                }
            }
            root = root ?? project.root
        }
        if paths.isEmpty { paths = ["."] }
        try limitOptions.complete(from: project)
    }

    // What each limit must be, when a value breaks it: one rule for the flag and for the
    // project file's setting, which each name the value their own way.
    static func timeoutRule(_ seconds: Double) -> String? {
        seconds > 0 && seconds <= maximumTimeout ? nil : "more than 0 and at most \(Int(maximumTimeout)) seconds"
    }

    static func memoryRule(_ mebibytes: Int) -> String? {
        (1...maximumMemory).contains(mebibytes) ? nil : "from 1 to \(maximumMemory) MiB"
    }

    static func instructionRule(_ count: Int) -> String? {
        count > 0 ? nil : "more than 0"
    }

    static func jobsRule(_ jobs: Int) -> String? {
        jobs < 1 ? "at least 1" : jobs > maximumJobs ? "at most \(maximumJobs) (each job is a thread, and in run a worker process)" : nil
    }

    /// More jobs than any machine has cores: a typo, which would fill the process table.
    static let maximumJobs = 1024

    /// A day: a longer limit is no limit, and a typo.
    static let maximumTimeout = 86_400.0
    /// 1 TiB, so that the limit in bytes cannot wrap around.
    static let maximumMemory = 1 << 20

    var limits: LuaLimits { limitOptions.limits }

    var workingDirectory: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// The paths with any `file.lua:LINE` suffix taken off, and the lines asked for.
    /// `path`'s real path, its `..` taken through the links before them as the system does
    /// (a URL would take them out as text first).
    private func realPath(_ path: String) -> String {
        ScriptFile.real(URL(fileURLWithPath: path.hasPrefix("/") ? path : workingDirectory.path + "/" + path)).path
    }

    func locations() -> (paths: [String], lines: [String: Set<Int>]) {
        var plain: [String] = []
        var lines: [String: Set<Int>] = [:]
        var whole: [String] = []
        for path in paths {
            if let (file, line) = Self.fileAndLine(path) {
                plain.append(file)
                // By real path, as discovery knows files: a link to it names the same file (and
                // `link/../x` is resolved through the link, not as text).
                let real = realPath(file)
                lines[real, default: []].insert(line)
            } else {
                plain.append(path)
                let url = URL(fileURLWithPath: path, relativeTo: workingDirectory)
                whole += [url.standardizedFileURL.path, realPath(path)]
            }
        }
        // A file named whole, or in a folder named, runs whole even if a line of it is named
        // too, through a link or not (by real path: a folder's scan leaves links out).
        lines = lines.filter { real, _ in
            !whole.contains { real == $0 || real.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        return (plain, lines)
    }

    /// `file.lua:LINE` (or `file.lua:LINE:COL`, as editors and compilers write a place: the
    /// column is left out) as the file and the line; nil for a path of no line. A line too
    /// large for an Int is a line past the file's end, not part of its name.
    static func fileAndLine(_ path: String) -> (file: String, line: Int)? {
        guard let match = path.wholeMatch(of: /(.*\.lua):([0-9]+)(:[0-9]+)?/) else { return nil }
        return (String(match.1), Int(match.2) ?? .max)
    }

    /// What the folders given hold that discovery leaves out, said on standard error.
    func noteSkipped() {
        for path in locations().paths {
            let url = URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for note in ScenarioDiscovery.skipped(in: url) {
                StandardStreams.error("navscript: skipped \(path == "." ? "" : path + "/")\(note)\n")
            }
        }
    }

    /// The scenario files the paths name.
    func scenarioFiles() throws -> [ScenarioFile] {
        do {
            return try ScenarioDiscovery.files(for: locations().paths, root: root.map { URL(fileURLWithPath: $0, relativeTo: workingDirectory) },
                                               workingDirectory: workingDirectory)
        } catch let failure as ScenarioDiscovery.Failure {
            throw Self.usageError(failure)
        }
    }

    /// A path discovery refused, as the usage error a command throws.
    static func usageError(_ failure: ScenarioDiscovery.Failure) -> ValidationError {
        if case let .missing(path) = failure, let shown = notUTF8Argument(decodingTo: path) {
            return ValidationError("\(shown) is a path that is not UTF-8: rename it")
        }
        return ValidationError(failure.description)
    }

    /// The command-line argument `path` was decoded from when its bytes are not UTF-8, with
    /// those bytes as \xNN (as a folder's listing names such a file). Swift decodes it with
    /// U+FFFD in their place, a path that names nothing: it was reported as missing.
    static func notUTF8Argument(decodingTo path: String) -> String? {
        guard path.unicodeScalars.contains("\u{FFFD}") else { return nil }
        for index in 0..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else { continue }
            guard String(decoding: UnsafeRawBufferPointer(start: argument, count: strlen(argument)), as: UTF8.self).hasPrefix(path) else { continue }
            return ScriptWatcher.shownName(argument)
        }
        return nil
    }
}
