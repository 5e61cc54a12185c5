import ArgumentParser
import Foundation
import LuaKit
import NavScript

/// What every command that loads scripts takes: where they are, and their limits.
struct SuiteOptions: ParsableArguments {
    @Argument(help: "Scenario files or folders (folders are searched for scenario files).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("The folder `require` loads modules from.", discussion: "By default the parent of the `scenarios` folder a file is in, else the folder given.", valueName: "folder"))
    var root: String?

    @Option(help: ArgumentHelp("Wall-clock seconds each call into a scenario may take.", valueName: "seconds"))
    var timeout: Double = 10

    @Option(name: .customLong("memory-limit"), help: ArgumentHelp("Memory each scenario's state may use, in MiB.", valueName: "MiB"))
    var memoryLimit: Int = 64

    @Option(name: .customLong("instruction-limit"), help: ArgumentHelp("Lua instructions each call into a scenario may run.", valueName: "count"))
    var instructionLimit: Int = 100_000_000

    @Option(help: "The seed of math.random (and of --shuffle).")
    var seed: Int?

    func validate() throws {
        if paths.isEmpty {
            throw ValidationError("give at least one scenario file or folder")
        }
        if !(timeout > 0) { throw ValidationError("--timeout must be more than 0 seconds") }
        if memoryLimit <= 0 { throw ValidationError("--memory-limit must be more than 0 MiB") }
        if instructionLimit <= 0 { throw ValidationError("--instruction-limit must be more than 0") }
    }

    var limits: LuaLimits {
        LuaLimits(memory: memoryLimit << 20, instructions: instructionLimit, seconds: timeout)
    }

    var workingDirectory: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// The paths with any `file.lua:LINE` suffix taken off, and the lines asked for.
    func locations() -> (paths: [String], lines: [String: Set<Int>]) {
        var plain: [String] = []
        var lines: [String: Set<Int>] = [:]
        for path in paths {
            if let colon = path.lastIndex(of: ":"), let line = Int(path[path.index(after: colon)...]), path[..<colon].hasSuffix(".lua") {
                let file = String(path[..<colon])
                plain.append(file)
                lines[URL(fileURLWithPath: file, relativeTo: workingDirectory).standardizedFileURL.path, default: []].insert(line)
            } else {
                plain.append(path)
            }
        }
        return (plain, lines)
    }

    /// The scenario files the paths name.
    func scenarioFiles() throws -> [ScenarioFile] {
        do {
            return try ScenarioDiscovery.files(for: locations().paths, root: root.map { URL(fileURLWithPath: $0, relativeTo: workingDirectory) },
                                               workingDirectory: workingDirectory)
        } catch let failure as ScenarioDiscovery.Failure {
            throw ValidationError(failure.description)
        }
    }
}
