import Foundation

extension ScenarioSnapshots {
    /// Snapshot files below `folder` whose scenario file is gone (`chat_spec.lua.snap` with no
    /// `chat_spec.lua` beside it), sorted by path: what Jest calls obsolete snapshot files.
    /// Hidden files and folders are left out, as discovery leaves them out; links are not
    /// followed.
    ///
    ///     ScenarioSnapshots.orphans(in: suite)   -- navscript run suite: "1 obsolete file"
    public static func orphans(in folder: URL) -> [URL] {
        let base = folder.standardizedFileURL
        guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey],
                                                        options: [.skipsHiddenFiles]) else { return [] }
        var found: [URL] = []
        for case let url as URL in walk where url.lastPathComponent.hasSuffix(".lua.snap") {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            if !FileManager.default.fileExists(atPath: url.deletingPathExtension().path) {
                found.append(url.standardizedFileURL)
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
