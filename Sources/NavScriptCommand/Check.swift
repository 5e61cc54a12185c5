import ArgumentParser
import Foundation
import NavScript

/// `navscript check <paths>`: loads route scripts and scenario files and reports every
/// error with `file:line`, running no scenario.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Load route scripts and scenario files and report every error, without running scenarios.",
        discussion: """
            Scenario files are loaded as `run` loads them (their describe blocks run, their \
            scenarios do not, and the modules they require load). Every other `.lua` file in \
            a `routes` folder is required as a route module, as `require` finds it from its \
            suite's root (the folder above `routes`; --root to say another). Exit status: 0 \
            when everything loads, 2 otherwise.
            """
    )

    @OptionGroup var suite: SuiteOptions

    func run() throws {
        // One error reached through many files (a broken module they all require) is said
        // once, with the files that met it.
        var errors: [String] = [], through: [String: [String]] = [:]
        func report(_ error: String, from file: String) {
            if through[error] == nil { errors.append(error) }
            through[error, default: []].append(file)
        }
        let scenarioFiles = try suite.scenarioFiles()
        suite.noteSkipped()   // links, unreadable folders and names discovery leaves out, as run says them
        let scenarioPaths = Set(scenarioFiles.map(\.url.path))
        let loaded = WorkerSuite(files: scenarioFiles, settings: SuiteSettings(limits: suite.limits, seed: suite.seed ?? 0, snapshotMode: .normal,
                                                                                jobs: AvailableProcessors.count))
        loaded.load()
        for (file, error) in loaded.loadErrors {
            report(Self.placed("\(error)", in: file.displayPath), from: file.displayPath)
        }
        // Route modules load in the workers too: one stuck in a C function (a long pattern
        // search) is past the limits' reach, and only its worker goes with it.
        let modules = routeModules(excluding: scenarioPaths)
        let files = modules.map { module in
            let displayRoot = ScenarioDiscovery.display(module.root, in: suite.workingDirectory)
            return ScenarioFile(url: module.file, displayPath: ScenarioDiscovery.display(module.file, in: suite.workingDirectory),
                                root: module.root, displayRoot: displayRoot)
        }
        loaded.require(zip(files, modules.map(\.name)).map { ($0, $1) }) { index, error in
            if let error { report(Self.placed(error, in: files[index].displayPath), from: files[index].displayPath) }
        }
        for error in errors {
            let files = through[error] ?? []
            StandardStreams.output(Format.visibleLines(error) + (files.count > 1 ? "\n  (met loading \(Format.names(files, atMost: 4)))" : "") + "\n")
        }
        let checked = scenarioFiles.count + modules.count
        if checked == 0 && errors.isEmpty {
            // A wrong path checks nothing; that is not a pass (as a run with no scenarios).
            StandardStreams.error("navscript: no scenario files, nor route scripts (in a folder named routes), to check in \(suite.paths.joined(separator: ", "))\n")
            throw ExitCode(2)
        }
        StandardStreams.output(errors.isEmpty ? "\(Format.count(checked, "file")) checked, no errors\n"
                                              : "\(Format.count(checked, "file")) checked, \(Format.count(errors.count, "error"))\n")
        throw ExitCode(errors.isEmpty ? 0 : 2)
    }

    /// A route module: its file, the root `require` finds it from, and its name there.
    struct RouteModule {
        let file: URL
        let root: URL
        let name: String
    }

    /// The `.lua` files under the folders given that are not scenario files and are route
    /// modules: in a `routes` folder, or anywhere below `--root`; not explore models, nor
    /// project files.
    func routeModules(excluding scenarios: Set<String>) -> [RouteModule] {
        let explicitRoot = suite.root.map { URL(fileURLWithPath: $0, relativeTo: suite.workingDirectory).standardizedFileURL }
        var modules: [RouteModule] = []
        for folder in suite.locations().paths where isFolder(folder) {
            let base = URL(fileURLWithPath: folder, relativeTo: suite.workingDirectory).standardizedFileURL
            for path in ScriptWatcher.scripts(in: base) {
                let file = base.appendingPathComponent(path).standardizedFileURL
                // An explore model is no module (`navscript explore` gives it `explore`), nor
                // is the project file.
                guard !scenarios.contains(file.path), file.lastPathComponent != ScenarioDiscovery.projectFileName,
                      !ScenarioDiscovery.isExploreModel(at: file.path) else { continue }
                let root: URL
                if let explicitRoot {
                    root = explicitRoot
                } else if file.pathComponents.dropLast().contains("routes"), let suiteRoot = ScenarioDiscovery.suiteRoot(of: file) {
                    root = suiteRoot
                } else {
                    continue
                }
                let relative = ScenarioDiscovery.display(file, in: root)
                guard !relative.hasPrefix("/") else { continue }
                modules.append(RouteModule(file: file, root: root, name: String(relative.dropLast(4)).replacingOccurrences(of: "/", with: ".")))
            }
        }
        return modules
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: URL(fileURLWithPath: path, relativeTo: suite.workingDirectory).path, isDirectory: &folder) && folder.boolValue
    }

    /// A load error's message (`Format.loadError`'s), placed: one raised without a place
    /// (`error("boom", 0)` in a module) at the script line that raised it, its traceback's
    /// first, else at `file`. The traceback is left out: one error is said once for the files
    /// that met it.
    static func placed(_ text: String, in file: String) -> String {
        let (message, traceback, _) = Format.loadErrorParts(text)
        return located(message, in: Format.raisedAt(message: message, traceback: traceback) ?? file)
    }

    /// A message that names its file, or the file it is about put before it.
    static func located(_ message: String, in file: String) -> String {
        message.hasPrefix(file + ": ") || message.prefix(while: { $0 != " " }).contains(".lua:") ? message : "\(file): \(message)"
    }
}
