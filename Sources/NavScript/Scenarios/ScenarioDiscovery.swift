import Foundation

/// A scenario file to run, with the folder its `require`s load from.
public struct ScenarioFile: Sendable, Hashable, Codable {
    /// The scenario file's URL.
    public let url: URL
    /// The path messages show: relative to the working folder when below it.
    public let displayPath: String
    /// Where `require "routes.chat"` looks.
    public let root: URL
    /// How messages name the root: relative to the working folder when below it (`app`), `.` for it.
    public let displayRoot: String

    /// A file at `url` whose `require`s load from `root`, each with the path messages show.
    public init(url: URL, displayPath: String, root: URL, displayRoot: String) {
        self.url = url
        self.displayPath = displayPath
        self.root = root
        self.displayRoot = displayRoot
    }

    /// The options of a state that runs this file: its root, named as messages name it,
    /// and a module below the working folder named from it though the root is above it.
    public func luaOptions(limits: LuaLimits, seed: Int = 0) -> LuaOptions {
        var options = LuaOptions(limits: limits, root: root, displayRoot: displayRoot == "." ? "" : displayRoot, seed: seed)
        options.namesFromWorkingFolder = true
        return options
    }
}

/// Finds scenario files. A folder holds scenario files named `*_spec.lua`, and any `.lua`
/// file in a folder named `scenarios`; a file named on the command line is one whatever its
/// name. Hidden files and folders, and `*.d.lua` definition files, are left out.
///
/// The root of a file (where its `require`s look) is `--root` if given; else the folder its
/// first line names (`-- navscript: root = ../app`, relative to the file's folder: what
/// `navscript explore --save-failures` writes into a scenario saved away from its model);
/// else the parent of the `scenarios` folder the file is in; else the folder given on the
/// command line; else the file's own folder. So `navscript run app` and `navscript run app/scenarios/tabs.lua`
/// both let `tabs.lua` require `routes.chat` from `app/routes/chat.lua`.
public enum ScenarioDiscovery {
    /// Why a path given to run names no scenario file, or a root no folder.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        case missing(String)
        /// A link there that leads nowhere, or round in a loop: the system's words.
        case brokenLink(String, reason: String)
        /// A path the system will not follow (a folder on the way that cannot be searched).
        case unreachable(String, reason: String)
        /// A --root (or a project file's root) that is no folder.
        case rootNotFolder(String)
        /// A --root (or a project file's root) that names nothing, as `failure` says.
        indirect case root(Failure)
        /// A path that names a file or folder in another case than it is stored in, which a
        /// case-insensitive file system (macOS's) finds and Linux CI does not.
        case otherCase(String, stored: String)

        /// The message the runner prints: `no such file or folder: scenarios/chat.lua`.
        public var description: String {
            switch self {
            case let .missing(path): return "no such file or folder: \(path)"
            case let .brokenLink(path, reason): return "a link that leads to no file or folder (\(reason)): \(path)"
            case let .unreachable(path, reason): return "cannot reach (\(reason)): \(path)"
            case let .rootNotFolder(path): return "the root is not a folder: \(path) (the folder `require` loads modules from)"
            case let .root(failure): return "the root (the folder `require` loads modules from): \(failure)"
            case let .otherCase(path, stored):
                return "\(path) names \(stored) in another case: write it as it is stored (a case-sensitive file system, Linux CI's, has no \(path))"
            }
        }
    }

    /// Why `path` (at `url`) names nothing: a missing entry, a link that leads nowhere or
    /// round in a loop (anywhere along it), or a folder on the way that cannot be searched.
    static func notFound(_ path: String, at url: URL) -> Failure {
        var target = stat(), info = stat()
        guard stat(url.path, &target) != 0 else { return .missing(path) }
        let error = errno, reason = String(cString: strerror(error))
        switch error {
        case ELOOP: return .brokenLink(path, reason: reason)
        case ENOENT: return lstat(url.path, &info) == 0 ? .brokenLink(path, reason: reason) : .missing(path)
        default: return .unreachable(path, reason: reason)
        }
    }

    /// The scenario files `paths` name, in order, each with its root (see the type): a folder
    /// gives the scenario files below it, a file itself. A file reached twice (through a link
    /// too) is listed once. A path that names nothing, or a `root` that is no folder, throws.
    ///
    ///     let files = try ScenarioDiscovery.files(for: ["app"], workingDirectory: cwd)   // app/scenarios/*.lua, ...
    ///     -- Lua, app/scenarios/tabs.lua: local Chat = require("routes.chat")
    public static func files(for paths: [String], root explicitRoot: URL? = nil, workingDirectory: URL) throws -> [ScenarioFile] {
        if let explicitRoot {
            var isFolder: ObjCBool = false
            let path = display(explicitRoot.standardizedFileURL, in: workingDirectory)
            guard FileManager.default.fileExists(atPath: explicitRoot.standardizedFileURL.path, isDirectory: &isFolder) else {
                throw Failure.root(notFound(path, at: explicitRoot.standardizedFileURL))
            }
            guard isFolder.boolValue else { throw Failure.rootNotFolder(path) }
        }
        var found: [ScenarioFile] = []
        var seen: [String: Int] = [:]   // a file's place in `found`, by its real path
        for path in paths {
            // Below the working folder even when its URL has no trailing slash (`relativeTo:`
            // would then take its parent).
            let url = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : workingDirectory.appendingPathComponent(path)).standardizedFileURL
            var isFolder: ObjCBool = false
            // An empty path names nothing (Foundation would take it for the working folder).
            guard !path.isEmpty, FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw path.isEmpty ? Failure.missing("'' (an empty path)") : notFound(path, at: url)
            }
            if let stored = storedCase(of: path, in: workingDirectory) { throw Failure.otherCase(path, stored: stored) }
            let candidates = isFolder.boolValue ? scenarioFiles(in: url) : [url]
            // A file is known by its real path: one reached again through a link runs once
            // (its lines are named by real path too, `SuiteOptions.locations`), by its real
            // file when it is named too, not a link to it (its suite's root, what a watch's
            // saves name).
            for file in candidates {
                let real = ScriptFile.real(file).path
                if let place = seen[real], !isLink(found[place].url) || isLink(file) { continue }
                let root = explicitRoot?.standardizedFileURL ?? declaredRoot(of: file) ?? suiteRoot(of: file)
                    ?? (isFolder.boolValue ? url : file.deletingLastPathComponent())
                let entry = ScenarioFile(url: file, displayPath: display(file, in: workingDirectory),
                                         root: root, displayRoot: display(root, in: workingDirectory))
                if let place = seen[real] { found[place] = entry } else { seen[real] = found.count; found.append(entry) }
            }
        }
        return found
    }

    /// Scenario files below `folder`, sorted by path.
    public static func scenarioFiles(in folder: URL) -> [URL] {
        scripts(in: folder, scenarios: true)
    }

    /// The route scripts and modules below a suite's `root`: its `.lua` files that are not
    /// scenario files (by name, as `scenarioFiles(in:)` finds them, or named in
    /// `scenarios`, standardized paths), nor the project file at the root, nor explore
    /// models (files that make an `explore.model`): sorted by path.
    public static func routeScripts(in root: URL, excluding scenarios: Set<String> = []) -> [URL] {
        let project = root.appendingPathComponent(projectFileName).standardizedFileURL.path
        return scripts(in: root, scenarios: false).filter { url in
            guard !scenarios.contains(url.path), url.path != project else { return false }
            return !isExploreModel(at: url.path)
        }
    }

    private static func scripts(in folder: URL, scenarios: Bool) -> [URL] {
        let base = folder.standardizedFileURL
        let inScenarios = base.pathComponents.contains("scenarios")
        // A folder that cannot be read ("locked/") may hold either: it is in both lists.
        return ScriptWatcher.scripts(in: base).filter { path in
            path.hasSuffix("/") || (inScenarios || isScenario(path)) == scenarios
        }.map { base.appendingPathComponent($0).standardizedFileURL }
    }

    /// What a folder given to run or check holds that discovery leaves out, in
    /// `ScriptWatcher.skipped(in:)`'s words. A link to a module is not named: `require`
    /// follows it; a link to a scenario file is, since discovery does not.
    public static func skipped(in folder: URL) -> [String] {
        let inScenarios = folder.standardizedFileURL.pathComponents.contains("scenarios")
        return ScriptWatcher.skipped(in: folder) { inScenarios || isScenario($0) }
    }

    /// Whether a script's path below a folder names a scenario file: `*_spec.lua`, or a
    /// file in a folder named `scenarios`.
    static func isScenario(_ relativePath: String) -> Bool {
        relativePath.hasSuffix("_spec.lua") || relativePath.split(separator: "/").dropLast().contains("scenarios")
    }

    /// Whether the file at `path` makes an `explore.model` (false for one that cannot be read).
    public static func isExploreModel(at path: String) -> Bool {
        isExploreModel((try? ScriptFile.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? "")
    }

    /// The first line of a file that declares its root.
    public static let rootDeclaration = "-- navscript: root = "

    /// The root a file's first line declares (`-- navscript: root = ../app`), relative to
    /// the file's folder; nil when it declares none.
    public static func declaredRoot(of file: URL) -> URL? {
        // Relative to the folder as explore wrote it: with its links resolved.
        declaredRootText(of: file).map { URL(fileURLWithPath: $0, relativeTo: ScriptFile.real(file.deletingLastPathComponent())).standardizedFileURL }
    }

    /// The root a file's first line declares, as written (`../app`); nil when it declares none.
    public static func declaredRootText(of file: URL) -> String? {
        guard ScriptFile.isRegular(file.path), let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1024),
              let line = String(decoding: head, as: UTF8.self).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first,
              line.hasPrefix(rootDeclaration) else { return nil }
        let path = line.dropFirst(rootDeclaration.count).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : path
    }

    /// `folder` as a path relative to `base` (both folders): `../app`, or `.`.
    public static func relativePath(of folder: URL, from base: URL) -> String {
        let to = folder.standardizedFileURL.pathComponents, from = base.standardizedFileURL.pathComponents
        let common = zip(to, from).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: from.count - common) + to.dropFirst(common)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Whether a script makes an explore model: a line, not a comment, that calls
    /// `explore.model` (with `{` or `(`).
    static func isExploreModel(_ text: String) -> Bool {
        text.split(separator: "\n").contains { line in
            let code = line.drop { $0 == " " || $0 == "\t" }
            guard !code.hasPrefix("--"), let call = code.range(of: "explore.model") else { return false }
            return code[call.upperBound...].drop { $0 == " " }.first.map { $0 == "{" || $0 == "(" } ?? false
        }
    }

    /// The project file a suite's root may hold.
    public static let projectFileName = "navscript.lua"

    /// What a scenario file is, as messages about a folder with none say it.
    public static let scenarioFilesAre = "*_spec.lua files, or any .lua file in a scenarios folder"

    /// The root of the suite a file is in, found the same way whether the file was named
    /// or found in a folder: looking up from the file, the nearest folder that holds a
    /// project file (`navscript.lua`), is the parent of a `scenarios` or `routes` folder the
    /// file is in, or holds a `routes` folder; not above a repository's top (`.git`). Nil
    /// when there is none: the caller then takes the folder it was given.
    public static func suiteRoot(of file: URL) -> URL? {
        var folder = file.deletingLastPathComponent().standardizedFileURL
        while folder.pathComponents.count > 1 {
            if holds(projectFileName, in: folder) {
                return folder
            }
            if folder.lastPathComponent == "scenarios" || folder.lastPathComponent == "routes" {
                return folder.deletingLastPathComponent()
            }
            if holds("routes", in: folder, folderOnly: true) {
                return folder
            }
            if holds(".git", in: folder) {
                return nil
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Whether `url` names a symbolic link itself.
    static func isLink(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// Whether `folder` holds an entry named exactly `name` (a folder, with `folderOnly`).
    /// On a case-insensitive file system (macOS's) `fileExists` also finds `Routes` for
    /// `routes`, which Linux CI would not: a suite rooted one way on a Mac and another in CI.
    /// The entry's real path ends in its name as stored (Darwin's `realpath` gives the stored
    /// case); a link's leads elsewhere, and is taken as named.
    public static func holds(_ name: String, in folder: URL, folderOnly: Bool = false) -> Bool {
        let entry = folder.appendingPathComponent(name)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: entry.path, isDirectory: &isFolder),
              !folderOnly || isFolder.boolValue else { return false }
        return isLink(entry) || ScriptFile.real(entry).lastPathComponent == name
    }

    /// `path` as stored when a name in it is written in another case (`Lua/scenarios` for
    /// `lua/scenarios`), as `holds` tells; nil when it is written as stored. Checked by
    /// reading only: a case-sensitive file system (this one) finds no such path at all.
    static func storedCase(of path: String, in workingDirectory: URL) -> String? {
        var folder = path.hasPrefix("/") ? URL(fileURLWithPath: "/") : workingDirectory.standardizedFileURL
        var stored: [String] = [], differs = false
        for name in path.split(separator: "/").map(String.init) {
            let entry = folder.appendingPathComponent(name)
            if name == "." || name == ".." || holds(name, in: folder) {
                stored.append(name)
            } else {
                stored.append(ScriptFile.real(entry).lastPathComponent)
                differs = true
            }
            folder = entry.standardizedFileURL
        }
        return differs ? (path.hasPrefix("/") ? "/" : "") + stored.joined(separator: "/") : nil
    }

    /// `url` as messages name files: relative to the working folder when inside it.
    public static func display(_ url: URL) -> String {
        display(url, in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    }

    /// `url`'s path relative to `base` when below it (`.` for `base` itself), else absolute.
    public static func display(_ url: URL, in base: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = base.standardizedFileURL.path
        if path == prefix { return "." }
        return path.hasPrefix(prefix + "/") ? String(path.dropFirst(prefix.count + 1)) : path
    }
}
