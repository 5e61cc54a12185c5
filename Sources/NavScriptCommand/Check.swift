import ArgumentParser
import Foundation
import NavScript

/// `navscript check <paths>`: loads route scripts and scenario files and reports every
/// error with `file:line`, running no scenario.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
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

    private static let watchdog = Watchdog(command: "check")

    func run() throws {
        // Each error is written as it is found, not buffered: a module stuck in C ends the
        // command (the watchdog), and what was found before it must not go with it.
        var errors = 0
        func report(_ error: String) {
            StandardStreams.output(error + "\n")
            errors += 1
        }
        let scenarioFiles = try suite.scenarioFiles()
        let scenarioPaths = Set(scenarioFiles.map(\.url.path))
        let loaded = WorkerSuite(files: scenarioFiles, settings: SuiteSettings(limits: suite.limits, seed: suite.seed ?? 0, snapshotMode: .normal,
                                                                                jobs: ProcessInfo.processInfo.activeProcessorCount))
        loaded.load()
        for (file, error) in loaded.loadErrors {
            report(Self.located(Format.loadError(error), in: file.displayPath))
        }
        let modules = routeModules(excluding: scenarioPaths)
        for module in modules {
            // A module stuck in a C function (a long pattern search) is past the limits' reach.
            if let error = Self.watchdog.watch("loading \(ScenarioDiscovery.display(module.file, in: suite.workingDirectory))",
                                               seconds: suite.limits.seconds, { load(module) }) {
                report(error)
            }
        }
        let checked = scenarioFiles.count + modules.count
        if checked == 0 && errors == 0 {
            // A wrong path checks nothing; that is not a pass (as a run with no scenarios).
            StandardStreams.error("navscript: no Lua files to check in \(suite.paths.joined(separator: ", "))\n")
            throw ExitCode(2)
        }
        StandardStreams.output(errors == 0 ? "\(checked) file\(checked == 1 ? "" : "s") checked, no errors\n"
                                           : "\(checked) file\(checked == 1 ? "" : "s") checked, \(errors) error\(errors == 1 ? "" : "s")\n")
        throw ExitCode(errors == 0 ? 0 : 2)
    }

    /// A route module: its file, the root `require` finds it from, and its name there.
    struct RouteModule {
        let file: URL
        let root: URL
        let name: String
    }

    /// The `.lua` files under the folders given that are not scenario files and are route
    /// modules: in a `routes` folder, or anywhere below `--root`.
    func routeModules(excluding scenarios: Set<String>) -> [RouteModule] {
        let explicitRoot = suite.root.map { URL(fileURLWithPath: $0, relativeTo: suite.workingDirectory).standardizedFileURL }
        var modules: [RouteModule] = []
        for folder in suite.locations().paths where isFolder(folder) {
            let base = URL(fileURLWithPath: folder, relativeTo: suite.workingDirectory).standardizedFileURL
            for path in ScriptWatcher.scripts(in: base) {
                let file = base.appendingPathComponent(path).standardizedFileURL
                guard !scenarios.contains(file.path) else { continue }
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

    /// Requires the module as a scenario would; returns its error, naming its file.
    private func load(_ module: RouteModule) -> String? {
        let displayRoot = ScenarioDiscovery.display(module.root, in: suite.workingDirectory)
        let displayFile = ScenarioDiscovery.display(module.file, in: suite.workingDirectory)
        do {
            let runtime = try NavRuntime(options: LuaOptions(limits: suite.limits, root: module.root, displayRoot: displayRoot == "." ? "" : displayRoot))
            _ = try runtime.require(module.name)
            return nil
        } catch let error as LuaError {
            return Self.located(error.message, in: displayFile)
        } catch {
            return "\(displayFile): \(error)"
        }
    }

    /// A message that names its file, or the file it is about put before it.
    static func located(_ message: String, in file: String) -> String {
        message.range(of: ".lua:") != nil && message.prefix(while: { $0 != " " }).contains(".lua:") ? message : "\(file): \(message)"
    }
}
