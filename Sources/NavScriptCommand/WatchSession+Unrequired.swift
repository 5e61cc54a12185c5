import Foundation
import LuaKit
import NavScript

extension WatchSession {
    /// A saved script that no scenario file requires (a route module nothing uses yet) runs
    /// nothing: a syntax error in it is said, where it would otherwise pass unseen until a
    /// scenario requires it (`navscript check` also runs it), and then its fix.
    func compileUnrequired(_ changed: Set<String>, scenarioFiles: Set<String>) {
        let required = dependencies.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        // A folder named like a script (one put where a file was) is no script to compile.
        for path in changed.sorted() where path.hasSuffix(".lua") && FileManager.default.fileExists(atPath: path) && ScriptFile.problem(at: path) == nil {
            let real = Self.realPath(path)
            let shown = ScenarioDiscovery.display(URL(fileURLWithPath: path), in: suiteOptions.workingDirectory)
            // A script a scenario file requires is said by that file's run, and so is one a
            // file that did not load may have met (its modules are not known): an error said
            // here before is no longer this watch's to follow.
            guard !scenarioFiles.contains(real), !required.contains(real),
                  !unloaded.values.contains(where: { "\($0.error)".contains(shown + ":") }) else {
                uncompiled.remove(real)
                continue
            }
            do {
                _ = try LuaChunk(compiling: try ScenarioFileRunner.script(at: URL(fileURLWithPath: path), shownAs: shown), chunkName: "@" + shown)
                // A fix is said as the error was: silence would leave the error the last word.
                if uncompiled.remove(real) != nil {
                    console.output.write(console.style.green("\(shown) compiles again") + "\n")
                }
            } catch {
                uncompiled.insert(real)
                console.output.write(console.style.red("ERROR \(shown) does not compile (no scenario file requires it):") + "\n  \(Format.loadError(error))\n")
            }
        }
    }
}
