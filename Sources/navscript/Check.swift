import ArgumentParser
import Foundation
import LuaKit
import NavScript

/// `navscript check <paths>`: loads route scripts and scenario files and reports every
/// error with `file:line`, running no scenario.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load route scripts and scenario files and report every error, without running scenarios.",
        discussion: """
            Scenario files are loaded as `run` loads them (their describe blocks run, their \
            scenarios do not). Every other `.lua` file under a folder is loaded as a route \
            script, as the engine loads it. Exit status: 0 when everything loads, 2 otherwise.
            """
    )

    @OptionGroup var suite: SuiteOptions

    func run() throws {
        var errors: [String] = []
        var checked = 0
        let scenarioFiles = try suite.scenarioFiles()
        let scenarioPaths = Set(scenarioFiles.map(\.url.path))
        let loaded = ScenarioSuite(files: scenarioFiles, limits: suite.limits, seed: suite.seed ?? 0)
        loaded.load(jobs: ProcessInfo.processInfo.activeProcessorCount)
        checked += scenarioFiles.count
        for (file, error) in loaded.loadErrors {
            errors.append("\(file.displayPath): \(Format.loadError(error))")
        }
        for folder in suite.locations().paths where isFolder(folder) {
            let root = URL(fileURLWithPath: folder, relativeTo: suite.workingDirectory).standardizedFileURL
            for path in ScriptWatcher.scripts(in: root) where !scenarioPaths.contains(root.appendingPathComponent(path).standardizedFileURL.path) {
                checked += 1
                if let error = loadRouteScript(path, root: root) {
                    errors.append(error)
                }
            }
        }
        for error in errors {
            print(error)
        }
        print(errors.isEmpty ? "\(checked) file\(checked == 1 ? "" : "s") checked, no errors"
                             : "\(checked) file\(checked == 1 ? "" : "s") checked, \(errors.count) error\(errors.count == 1 ? "" : "s")")
        throw ExitCode(errors.isEmpty ? 0 : 2)
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: URL(fileURLWithPath: path, relativeTo: suite.workingDirectory).path, isDirectory: &folder) && folder.boolValue
    }

    /// Requires the script as the engine would; returns its error.
    private func loadRouteScript(_ path: String, root: URL) -> String? {
        let module = String(path.dropLast(4)).replacingOccurrences(of: "/", with: ".")
        let displayRoot = ScenarioDiscovery.display(root, in: suite.workingDirectory)
        do {
            let runtime = try NavRuntime(options: LuaOptions(limits: suite.limits, root: root, displayRoot: displayRoot == "." ? "" : displayRoot))
            _ = try runtime.lua.withStack { call in
                runtime.lua.pushGlobal("require", on: call)
                call.push(module)
                try runtime.lua.pcall(call, arguments: 1, results: 0)
            }
            return nil
        } catch let error as LuaError {
            return error.message
        } catch {
            return "\(path): \(error)"
        }
    }
}
