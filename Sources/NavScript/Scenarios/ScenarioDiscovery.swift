import Foundation

/// A scenario file to run, with the folder its `require`s load from.
public struct ScenarioFile: Sendable, Hashable {
    public let url: URL
    /// The path messages show: relative to the working folder when below it.
    public let displayPath: String
    /// Where `require "routes.chat"` looks.
    public let root: URL
    public let displayRoot: String
}

/// Finds scenario files. A folder holds scenario files named `*_spec.lua`, and any `.lua`
/// file in a folder named `scenarios`; a file named on the command line is one whatever its
/// name. Hidden files and folders, and `*.d.lua` definition files, are left out.
///
/// The root of a file (where its `require`s look) is `--root` if given; else the parent of
/// the `scenarios` folder the file is in; else the folder given on the command line; else
/// the file's own folder. So `navscript run app` and `navscript run app/scenarios/tabs.lua`
/// both let `tabs.lua` require `routes.chat` from `app/routes/chat.lua`.
public enum ScenarioDiscovery {
    public enum Failure: Error, CustomStringConvertible, Equatable {
        case missing(String)

        public var description: String {
            switch self {
            case let .missing(path): return "no such file or folder: \(path)"
            }
        }
    }

    public static func files(for paths: [String], root explicitRoot: URL? = nil, workingDirectory: URL) throws -> [ScenarioFile] {
        var found: [ScenarioFile] = []
        var seen = Set<String>()
        for path in paths {
            let url = URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw Failure.missing(path)
            }
            let candidates = isFolder.boolValue ? scenarioFiles(in: url) : [url]
            for file in candidates where seen.insert(file.path).inserted {
                let root = explicitRoot?.standardizedFileURL ?? scenariosParent(of: file) ?? (isFolder.boolValue ? url : file.deletingLastPathComponent())
                found.append(ScenarioFile(url: file, displayPath: display(file, in: workingDirectory),
                                          root: root, displayRoot: display(root, in: workingDirectory)))
            }
        }
        return found
    }

    /// Scenario files below `folder`, sorted by path.
    public static func scenarioFiles(in folder: URL) -> [URL] {
        let base = folder.standardizedFileURL
        let inScenarios = base.pathComponents.contains("scenarios")
        return ScriptWatcher.scripts(in: base).filter { path in
            path.hasSuffix("_spec.lua") || inScenarios || path.split(separator: "/").dropLast().contains("scenarios")
        }.map { base.appendingPathComponent($0) }
    }

    /// The parent of the nearest enclosing folder named `scenarios`.
    static func scenariosParent(of file: URL) -> URL? {
        var folder = file.deletingLastPathComponent()
        while folder.pathComponents.count > 1 {
            if folder.lastPathComponent == "scenarios" {
                return folder.deletingLastPathComponent()
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// `url` relative to `base` when below it, else absolute.
    public static func display(_ url: URL, in base: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = base.standardizedFileURL.path
        if path == prefix { return "." }
        return path.hasPrefix(prefix + "/") ? String(path.dropFirst(prefix.count + 1)) : path
    }
}
