import Foundation

/// Notices changes to the `.lua` files of a folder by polling their size and modification
/// time: portable, cheap for hundreds of files, and blind to editors' atomic-rename tricks
/// that confuse event-based watchers.
public final class ScriptWatcher {
    public let root: URL
    private var signatures: [String: Signature]

    struct Signature: Equatable {
        let modified: Date
        let size: Int
    }

    public init(root: URL) {
        self.root = root
        signatures = Self.scan(root)
    }

    /// The `.lua` files below `root`, relative and sorted; hidden files and folders, and
    /// LuaCATS definition files (`*.d.lua`), are left out.
    public static func scripts(in root: URL) -> [String] {
        scan(root).keys.sorted()
    }

    /// The files added, removed or changed since the last call (or since `init`).
    public func changes() -> [String] {
        let now = Self.scan(root)
        let paths = Set(now.keys).union(signatures.keys)
        let changed = paths.filter { now[$0] != signatures[$0] }.sorted()
        signatures = now
        return changed
    }

    static func scan(_ root: URL) -> [String: Signature] {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else {
            return [:]
        }
        let base = root.standardizedFileURL.path
        var found: [String: Signature] = [:]
        for case let url as URL in enumerator where url.pathExtension == "lua" && !url.lastPathComponent.hasSuffix(".d.lua") {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : url.lastPathComponent
            found[relative] = Signature(modified: values.contentModificationDate ?? .distantPast, size: values.fileSize ?? 0)
        }
        return found
    }
}
