import ArgumentParser
import Foundation
import NavScript

/// A watch's project file: read again when it is saved, on a thread the watch can leave.
extension WatchSession {
    /// Whether a read of the project file, left running on its thread, has returned.
    final class StuckRead: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        var isDone: Bool { lock.withLock { done } }
        func finish() { lock.withLock { done = true } }
    }

    /// A saved project file is read again: one that does not load says why, at its line; one
    /// that does says that its settings apply from the next watch (they were read when this
    /// one started).
    func reportProjectFile(_ file: URL) {
        let working = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        guard FileManager.default.fileExists(atPath: file.path) else {
            // Deleted: the settings it had stay until the watch starts again, as an edit's wait.
            console.output.write(console.style.dim("\(ScenarioDiscovery.display(file, in: working)) was deleted: the watch keeps its settings until it starts again") + "\n")
            return
        }
        // On a thread the watch can leave: a save stuck in a C function (a pattern search)
        // would end the process under the watchdog, where the watch is to go on. One such
        // read at a time: saves while it runs are not read, so that no more pile up.
        let shown = ScenarioDiscovery.display(file, in: working)
        if let stuck = stuckRead, !stuck.isDone {
            return console.output.write(console.style.red("navscript: \(shown) changed, but its last read has still not returned: "
                + "it is read again at the first save after that one returns") + "\n")
        }
        let reading = StuckRead()
        guard let read = ScriptThreads.run(within: 6, {
            defer { reading.finish() }
            return Result { () throws(ValidationError) in try ProjectFile.read(file, relativeTo: working, watched: false) }
        }) else {
            stuckRead = reading
            return console.output.write(console.style.red("navscript: reading \(shown) has run for more than 6 s, in a C function that has not "
                + "returned (a pattern search?): the watch goes on with the settings it had, and that read keeps a core busy until it returns") + "\n")
        }
        switch read {
        case .success:
            console.output.write(console.style.dim("\(shown) changed: its settings apply when the watch starts again") + "\n")
        case let .failure(error):
            console.output.write(console.style.red("navscript: \(error.message)") + "\n")
        }
    }
}
