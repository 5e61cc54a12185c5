import ArgumentParser
import Foundation
import NavScript

/// `navscript.lua`, a suite's project file: the defaults of `run` and `watch` for the
/// suite, so that a team runs `navscript run` with no arguments. It is a Lua chunk, run in
/// the sandbox, that returns a table:
///
///     return {
///       paths = { "scenarios" },                 -- what `navscript run` runs with no paths
///       root = ".",                              -- where require looks (the file's folder by default)
///       reporters = { "console", "junit=reports/junit.xml" },
///       timeout = 10, memoryLimit = 64, instructionLimit = 100000000, jobs = 4,
///       tags = { "smoke" }, excludeTags = { "slow" },
///     }
///
/// It is found in the working folder or the nearest folder above it that has one (not above
/// a repository's top). Paths in it are relative to its folder. What the command line says
/// wins over it.
struct ProjectFile {
    let folder: URL
    /// The file as its errors name it, from the working folder.
    var shown = ScenarioDiscovery.projectFileName
    var paths: [String] = []
    var root: String?
    var reporters: [String] = []
    var timeout: Double?
    var memoryLimit: Int?
    var instructionLimit: Int?
    var jobs: Int?
    var tags: [String] = []
    var excludeTags: [String] = []

    static let settings: Set<String> = ["paths", "root", "reporters", "timeout", "memoryLimit", "instructionLimit", "jobs", "tags", "excludeTags"]

    /// The project file of the working folder, read once; nil when there is none.
    static let current: Result<ProjectFile, ValidationError>? = {
        let start = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        guard let file = find(from: start) else { return nil }
        return Result { () throws(ValidationError) in try read(file, relativeTo: start) }
    }()

    /// The project file in use, or the error reading it.
    static func load() throws -> ProjectFile? {
        try current?.get()
    }

    static func find(from folder: URL) -> URL? {
        var folder = folder
        while folder.pathComponents.count > 1 {
            // By its exact name, as on Linux CI: on macOS `NavScript.lua` would be found too.
            if ScenarioDiscovery.holds(ScenarioDiscovery.projectFileName, in: folder) {
                return folder.appendingPathComponent(ScenarioDiscovery.projectFileName)
            }
            if ScenarioDiscovery.holds(".git", in: folder) { return nil }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Every command that loads scripts reads the project file: the message names the one given.
    private static let watchdog = Watchdog(command: CommandLine.arguments.dropFirst().first { !$0.hasPrefix("-") } ?? "run")

    /// Runs the file and reads its table; paths come back relative to `workingFolder`. A
    /// read stuck in a C function past its 5 s ends the process, unless `watched` is false
    /// (the caller waits for it on a thread it can leave).
    static func read(_ file: URL, relativeTo workingFolder: URL, watched: Bool = true) throws(ValidationError) -> ProjectFile {
        let shown = ScenarioDiscovery.display(file, in: workingFolder)
        let value: LuaValue
        do {
            let text = try ScenarioFileRunner.script(at: file, shownAs: shown)
            let state = try LuaState(options: LuaOptions(limits: LuaLimits(memory: 16 << 20, instructions: 10_000_000, seconds: 5)))
            // A pattern search stuck in C is past the limits' reach.
            value = try watchdog.watch("reading \(shown)", seconds: watched ? 5 : 0) {
                try state.execute(String(decoding: text, as: UTF8.self), chunkName: "@" + shown)
            }
        } catch {
            throw ValidationError("\(shown) does not load: \((error as? LuaError)?.message ?? "\(error)")")
        }
        guard case let .table(list, fields) = value, list.isEmpty else {
            throw ValidationError("\(shown) must return a table of settings (\(settings.sorted().joined(separator: ", ")))"
                + (value.array?.isEmpty == false ? ", not a list: paths = { ... }" : ""))
        }
        if let unknown = fields.keys.sorted().first(where: { !settings.contains($0) }) {
            throw ValidationError("\(shown): unknown setting '\(unknown)' (\(settings.sorted().joined(separator: ", ")))")
        }
        let folder = file.deletingLastPathComponent()
        func path(_ text: String) -> String {
            ScenarioDiscovery.display(URL(fileURLWithPath: text, relativeTo: folder).standardizedFileURL, in: workingFolder)
        }
        func strings(_ name: String) throws(ValidationError) -> [String] {
            guard let field = fields[name] else { return [] }
            guard let list = field.array, list.allSatisfy({ $0.string != nil }) else {
                throw ValidationError("\(shown): setting '\(name)' must be a list of strings")
            }
            return list.compactMap(\.string)
        }
        func number(_ name: String) throws(ValidationError) -> Double? {
            guard let field = fields[name] else { return nil }
            guard let number = field.number else { throw ValidationError("\(shown): setting '\(name)' must be a number") }
            return number
        }
        func integer(_ name: String) throws(ValidationError) -> Int? {
            guard let field = fields[name] else { return nil }
            guard let number = field.integer, let value = Int(exactly: number) else { throw ValidationError("\(shown): setting '\(name)' must be an integer") }
            return value
        }
        var project = ProjectFile(folder: folder)
        project.shown = shown
        let paths = try strings("paths")
        if paths.contains("") {   // an empty path names nothing, as on the command line
            throw ValidationError("\(shown): setting 'paths' has an empty path")
        }
        project.paths = paths.map(path)
        if let root = fields["root"] {
            guard let text = root.string else { throw ValidationError("\(shown): setting 'root' must be a string") }
            project.root = path(text)
        }
        // Comma lists taken apart first, so that every path in one is the folder's (checked as
        // written: a path made the folder's would show a NUL as %00).
        let reporters = try ReporterKind.split(try strings("reporters"))
        for reporter in reporters {
            do { _ = try ReporterKind.parse(reporter) } catch { throw ValidationError("\(shown): setting 'reporters': \(error.message)") }
        }
        project.reporters = reporters.map { reporter in
            let parts = reporter.split(separator: "=", maxSplits: 1).map(String.init)
            return parts.count == 2 ? "\(parts[0])=\(path(parts[1]))" : reporter
        }
        // Out of range, a setting is named as the file spells it, not as the flag.
        func check<T>(_ value: T?, _ name: String, _ rule: (T) -> String?) throws(ValidationError) -> T? {
            guard let value, let broken = rule(value) else { return value }
            throw ValidationError("\(shown): setting '\(name)' must be \(broken)")
        }
        project.timeout = try check(number("timeout"), "timeout", SuiteOptions.timeoutRule)
        project.memoryLimit = try check(integer("memoryLimit"), "memoryLimit", SuiteOptions.memoryRule)
        project.instructionLimit = try check(integer("instructionLimit"), "instructionLimit", SuiteOptions.instructionRule)
        project.jobs = try check(integer("jobs"), "jobs", SuiteOptions.jobsRule)
        project.tags = try strings("tags")
        project.excludeTags = try strings("excludeTags")
        return project
    }
}
