import Foundation

extension ScenarioSnapshots {
    /// Snapshot files below `folder` whose scenario file is gone (`chat_spec.lua.snap` with no
    /// `chat_spec.lua` beside it), sorted by path: what Jest calls obsolete snapshot files.
    /// Hidden files and folders are left out, as discovery leaves them out; links are not
    /// followed. Paths are made from `folder` as given (macOS's enumerator may resolve
    /// `/var` to `/private/var`, which would show as a path outside the working folder).
    ///
    ///     ScenarioSnapshots.orphans(in: suite)   -- navscript run suite: "1 obsolete file"
    public static func orphans(in folder: URL) -> [URL] {
        let base = folder.standardizedFileURL
        guard let walk = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var found: [URL] = []
        while let relative = walk.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walk.skipDescendants()
                continue
            }
            guard name.hasSuffix(".lua.snap"), walk.fileAttributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            let url = base.appendingPathComponent(relative)
            if !FileManager.default.fileExists(atPath: url.deletingPathExtension().path) {
                found.append(url)
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
