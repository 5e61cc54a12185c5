import Foundation
import NavScript

/// Finds Lua scenario suites for Swift Testing: the scenarios of the files under `paths`
/// (folders are searched as `navscript run` searches them), resolved against the package
/// the calling test file is in.
///
///     import NavScriptTesting
///     import Testing
///
///     @Suite struct NavigationScenarios {
///         @Test(arguments: NavScenarios.discover("lua/scenarios"))
///         func scenario(_ scenario: NavScenario) { scenario.run() }
///     }
///
/// `NAVSCRIPT_FILTER` (text in the full name) and `NAVSCRIPT_TAG` (one of the tags), both
/// comma-separated, narrow what is found, as `--filter` and `--tag` do for `navscript run`;
/// Swift Testing's own `--filter` and Xcode pick the test, and Xcode reruns one case alone.
public enum NavScenarios {
    /// `NAVSCRIPT_UPDATE_SNAPSHOTS` set rewrites snapshots that differ, as `navscript run
    /// --update-snapshots` does (and wins over CI mode, as it does); else CI mode (`CI` set):
    /// missing snapshots fail. Set means anything but empty, `false` or `0`.
    static var snapshotMode: ScenarioSnapshots.Mode { snapshotMode(in: ProcessInfo.processInfo.environment) }

    static func snapshotMode(in environment: [String: String]) -> ScenarioSnapshots.Mode {
        isSet("NAVSCRIPT_UPDATE_SNAPSHOTS", in: environment) ? .update : isSet("CI", in: environment) ? .ci : .normal
    }

    /// CI mode: `CI` set, as CI services set it.
    static var isCI: Bool { isSet("CI", in: ProcessInfo.processInfo.environment) }

    private static func isSet(_ name: String, in environment: [String: String]) -> Bool {
        let value = environment[name] ?? ""
        return !(value.isEmpty || value == "false" || value == "0")
    }

    /// What the snapshot messages of `swift test` say rewrites snapshots.
    static let updateAdvice = "run NAVSCRIPT_UPDATE_SNAPSHOTS=1 swift test"

    /// The scenarios under `paths` (relative to the package root of `file`, or absolute),
    /// each to run under `limits`, with the host's Swift `screens` winning over the
    /// scripts' screens of the same names, as `NavEngine.registerScreen` makes them. A file
    /// that does not load is one case that fails with its error, and so, as `navscript run`
    /// refuses them, are a `.only` left in a file in CI mode (`--forbid-only`) and paths that
    /// hold no scenario.
    ///
    ///     @Test(arguments: NavScenarios.discover("lua/scenarios", limits: LuaLimits(memory: 16 << 20),
    ///                                            screens: ["Chat": { traits in ChatScreen(traits).eraseToAnyScreen() }]))
    public static func discover(_ paths: String..., limits: LuaLimits = LuaLimits(), screens: [String: NavScreenFactory] = [:],
                                relativeTo file: String = #filePath) -> [NavScenario] {
        discover(paths, limits: limits, screens: screens, base: packageRoot(of: URL(fileURLWithPath: file)), ci: isCI)
    }

    /// `discover`, in or out of CI mode whatever the environment says.
    static func discover(_ paths: [String], limits: LuaLimits, screens: [String: NavScreenFactory] = [:], base: URL, ci: Bool) -> [NavScenario] {
        // The scenarios of one discovery share its screens, and runners of their own.
        let screens = screens.isEmpty ? nil : NavScenarioScreens(screens)
        let files: [ScenarioFile]
        do {
            files = try ScenarioDiscovery.files(for: paths, workingDirectory: base)
        } catch {
            let missing = ScenarioFile(url: base.appendingPathComponent(paths.first ?? "."), displayPath: paths.joined(separator: ", "),
                                       root: base, displayRoot: ".")
            return [NavScenario(file: missing, info: ScenarioInfo(index: 0, name: "\(error)", tags: [], location: missing.displayPath, isPending: false),
                                loadError: "\(error)", limits: limits)]
        }
        let filters = list("NAVSCRIPT_FILTER"), tags = list("NAVSCRIPT_TAG")
        var found: [NavScenario] = []
        for file in files {
            do {
                // On a thread with a main thread's stack, as the scenarios run (NavScenario.result).
                let scenarios = try ScriptThreads.run {
                    Result { try NavScenarioRunners.shared.runner(for: file, limits: limits, screens: screens).list() }
                }.get()
                if ci, let at = scenarios.lazy.compactMap({ $0.isFocused ? $0.focusedAt ?? $0.location : $0.leftOutAt }).first {
                    found.append(NavScenario(file: file, info: ScenarioInfo(index: 0, name: "\(file.displayPath) has .only", tags: [], location: at, isPending: false),
                                             loadError: "\(at): .only is left in, and CI mode refuses it (as --forbid-only): the rest of the file would not run", limits: limits))
                }
                found += scenarios.filter { scenario in
                    (filters.isEmpty || filters.contains { scenario.name.contains($0) })
                        && (tags.isEmpty || scenario.tags.contains(where: tags.contains))
                }.map { NavScenario(file: file, info: $0, loadError: nil, limits: limits, screens: screens) }
            } catch {
                let message = (error as? LuaError)?.message ?? "\(error)"
                let line = NavScenario.messageLocation(message)?.line ?? 1
                found.append(NavScenario(file: file, info: ScenarioInfo(index: 0, name: "\(file.displayPath) does not load", tags: [],
                                                                         location: "\(file.displayPath):\(line)", isPending: false),
                                         loadError: message, limits: limits))
            }
        }
        // The variables narrow every discovery of the process: one they leave empty is not
        // a mistake of its paths.
        if found.isEmpty, filters.isEmpty, tags.isEmpty {
            let place = ScenarioFile(url: base.appendingPathComponent(paths.first ?? "."), displayPath: paths.joined(separator: ", "), root: base, displayRoot: ".")
            let message = "no scenario selected in \(place.displayPath) (scenario files are *_spec.lua, or any .lua file in a folder named scenarios)"
            found.append(NavScenario(file: place, info: ScenarioInfo(index: 0, name: message, tags: [], location: place.displayPath, isPending: false),
                                     loadError: message, limits: limits))
        }
        return found
    }

    /// The folder of the nearest `Package.swift` above `file`, else the file's folder.
    static func packageRoot(of file: URL) -> URL {
        var folder = file.deletingLastPathComponent()
        while folder.pathComponents.count > 1 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return file.deletingLastPathComponent()
    }

    private static func list(_ variable: String) -> [String] {
        (ProcessInfo.processInfo.environment[variable] ?? "").split(separator: ",").map(String.init)
    }
}
