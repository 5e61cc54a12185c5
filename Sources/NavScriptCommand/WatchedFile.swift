import Foundation
import NavScript

/// One file whose saves are noticed as the watchers notice them, by its signature.
final class WatchedFile {
    let url: URL
    private var seen: ScriptWatcher.Signature??

    init(_ url: URL) {
        self.url = url
    }

    /// Whether it changed (or went) since the last call; never on the first.
    func changed() -> Bool {
        let now = ScriptWatcher.Signature(path: url.path)
        defer { seen = .some(now) }
        return seen.map { $0 != now } ?? false
    }
}
