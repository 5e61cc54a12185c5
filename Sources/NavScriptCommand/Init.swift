import ArgumentParser
import Foundation
import NavScript

/// `navscript init [folder]`: a starter suite (the tutorial's route script and scenarios)
/// and the editor set-up for it: the definitions, `.luarc.json` for LuaLS and `.luacheckrc`.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter suite and editor set-up into a folder.",
        discussion: """
            Writes routes/chat.lua, scenarios/chat.lua, types/nav.d.lua (the editor \
            definitions), .luarc.json (LuaLS) and .luacheckrc (luacheck). Refuses to replace \
            a file that is there already, unless --force. Then: navscript run <folder>.
            """
    )

    @Argument(help: "The folder (made if missing; the current one by default).")
    var folder: String = "."

    @Flag(help: "Replace files that are there already.")
    var force = false

    func run() throws {
        let root = URL(fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
        let there = StarterSuite.files.map(\.path).filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
        if folder.isEmpty {
            StandardStreams.error("navscript: give a folder (. for this one)\n")
            throw ExitCode(2)
        }
        if !force && !there.isEmpty {
            StandardStreams.error("navscript: \(folder) has \(there.joined(separator: ", ")) already; nothing written (--force replaces them)\n")
            throw ExitCode(2)
        }
        // Even with --force, a folder where a file goes is not replaced: refused before any file is written.
        let folders = there.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder) && isFolder.boolValue
        }
        if !folders.isEmpty {
            StandardStreams.error("navscript: \(folders.joined(separator: ", ")) in \(folder) \(folders.count == 1 ? "is a folder" : "are folders") where the starter suite writes a file; nothing written\n")
            throw ExitCode(2)
        }
        // So is a file where the suite makes a folder (`types` as a file): half a suite
        // written would refuse the next init.
        for file in StarterSuite.files {
            let path = root.appendingPathComponent(file.path).path
            if case let .underFile(blocking)? = ScenarioFileWriter.problem(writing: path, from: ScenarioFileWriter.folder(of: path)) {
                StandardStreams.error("navscript: \(ScenarioDiscovery.display(URL(fileURLWithPath: blocking))) is a file where the starter suite makes a folder; nothing written\n")
                throw ExitCode(2)
            }
        }
        for file in StarterSuite.files {
            let url = root.appendingPathComponent(file.path)
            do {
                try ReportOutput.makeFolder(for: url, announced: false)
                try ScenarioFileWriter.write(file.text, to: url)
            } catch {
                StandardStreams.error("navscript: \(error)\n")
                throw ExitCode(2)
            }
            print("wrote \(ScenarioDiscovery.display(url))")
        }
        // A command that can be pasted: quoted, and `./` before a name that reads as an option.
        print("\nnext: navscript run \(RunSession.shellQuoted(folder.hasPrefix("-") ? "./" + folder : folder))")
    }
}

/// `navscript types --output <folder>`: the editor definitions, for a suite set up by hand.
struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Write the editor definitions (nav.d.lua) for LuaLS.",
        discussion: "Point LuaLS at the folder: \"workspace.library\": [\"<folder>\"] in .luarc.json."
    )

    @Option(help: ArgumentHelp("The folder to write nav.d.lua into; standard output when left out.", valueName: "folder"))
    var output: String?

    func run() throws {
        guard let output else {
            print(NavDefinitions.text)
            return
        }
        let url = URL(fileURLWithPath: output).appendingPathComponent("nav.d.lua")
        do {
            try ReportOutput.makeFolder(for: url, announced: false)
            try ScenarioFileWriter.write(NavDefinitions.text + "\n", to: url)
        } catch {
            StandardStreams.error("navscript: \(error)\n")
            throw ExitCode(2)
        }
        print("wrote \(ScenarioDiscovery.display(url))")
    }
}
