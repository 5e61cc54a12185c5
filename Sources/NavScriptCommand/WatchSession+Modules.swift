import Foundation
import NavScript

extension WatchSession {
    /// The paths of `files` whose `require`s a save of `changed` (real paths) changes, by
    /// the modules each required (`dependencies`, real paths by the file's path).
    static func files(_ files: [ScenarioFile], requiring dependencies: [String: Set<String>], anyOf changed: Set<String>) -> Set<String> {
        var realRoots: [URL: String] = [:]   // a suite's files share a root or a few
        var found = Set<String>()
        for file in files {
            guard let modules = dependencies[file.url.path], !modules.isEmpty else { continue }
            let root = realRoots[file.root] ?? realPath(file.root.path)
            realRoots[file.root] = root
            if loads(modules, under: root, anyOf: changed) { found.insert(file.url.path) }
        }
        return found
    }

    /// Whether a save changes what the `require`s of a file that required `modules` (real
    /// paths) load: one of those scripts, or a script added or removed under `root` that
    /// `require` finds by one of their names (`routes/m.lua` put beside the
    /// `routes/m/init.lua` a file required takes its place).
    private static func loads(_ modules: Set<String>, under root: String, anyOf changed: Set<String>) -> Bool {
        guard modules.isDisjoint(with: changed) else { return true }
        let names = Set(modules.compactMap { moduleName(of: $0, under: root) })
        return !names.isEmpty && changed.contains { moduleName(of: $0, under: root).map(names.contains) ?? false }
    }

    /// The name `require` finds the script at `path` by, under `root`: `routes/m.lua` and
    /// `routes/m/init.lua` are both `routes.m`. Nil outside the root.
    private static func moduleName(of path: String, under root: String) -> String? {
        guard path.hasPrefix(root + "/") else { return nil }
        var relative = Substring(path.dropFirst(root.count + 1))
        if relative.hasSuffix("/init.lua") {
            relative = Substring(relative.dropLast("/init.lua".count) + ".lua")
        }
        return ScriptFile.moduleName(of: relative)
    }

    /// A path with its links resolved (its folder's, for a file that is gone): a save and a
    /// module a scenario file required are matched by it, whatever links lead to them (a
    /// module may be a link inside the suite; `/tmp` is `/private/tmp` on macOS).
    static func realPath(_ path: String) -> String {
        FileManager.default.fileExists(atPath: path) ? ScriptFile.real(URL(fileURLWithPath: path)).path : realPathOfName(path)
    }

    /// The path by its own name in its folder's real path: a link is named by itself, not by
    /// where it leads (a module replaced by a link changed as the module it was).
    static func realPathOfName(_ path: String) -> String {
        let url = URL(fileURLWithPath: path), folder = url.deletingLastPathComponent().path
        return folder == path ? path : realPath(folder) + "/" + url.lastPathComponent
    }
}
