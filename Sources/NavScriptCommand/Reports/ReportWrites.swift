import Foundation
import NavScript
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a run writes when it is over (its reports, `coverage/lcov.info`), written
/// together or not at all. Each file's bytes first wait beside it (`ScenarioFileWriter.prepare`);
/// `commit` then writes the ones that go in place (a FIFO, a device), and renames the others
/// into place. A folder made for a report is said once its files are there, and removed
/// again when they are discarded.
///
///     var writes = ReportWrites()
///     try writes.prepare(Data(xml.utf8), to: url, announcingFolder: true)
///     if let failure = writes.commit() { … }   // nothing was written
struct ReportWrites {
    private var writes: [ScenarioFileWriter.PreparedWrite] = []
    /// The outermost folder made for a file, the file it was made for, and whether it is said.
    private var madeFolders: [(outermost: URL, file: URL, announced: Bool)] = []

    /// Prepares `data` to be written to `url`, making the folder it goes in if missing.
    mutating func prepare(_ data: Data, to url: URL, announcingFolder: Bool) throws(ScenarioFileWriter.Failure) {
        if let outermost = try ReportOutput.makeFolder(for: url, announced: false) {
            madeFolders.append((outermost, url, announcingFolder))
        }
        writes.append(try ScenarioFileWriter.prepare(data, to: url.path))
    }

    /// Removes the file at `url` when the writes are committed.
    mutating func remove(_ url: URL) {
        writes.append(.removal(of: url.path))
    }

    /// Commits the writes, those in place first; at the first that fails, discards the rest
    /// and returns its failure.
    func commit() -> ScenarioFileWriter.Failure? {
        let ordered = writes.filter(\.isInPlace) + writes.filter { !$0.isInPlace }
        for (index, write) in ordered.enumerated() {
            do {
                try write.commit()
            } catch {
                ordered[(index + 1)...].forEach { $0.discard() }
                removeMadeFolders()
                return error
            }
        }
        for made in madeFolders where made.announced {
            ReportOutput.sayMadeFolder(for: made.file)
        }
        return nil
    }

    /// Drops the writes, and the folders made for them while they are empty.
    func discard() {
        writes.forEach { $0.discard() }
        removeMadeFolders()
    }

    /// Removes the folders made for the writes, while they are empty.
    private func removeMadeFolders() {
        for made in madeFolders.reversed() {
            var folder = made.file.deletingLastPathComponent().standardizedFileURL
            let outermost = made.outermost.standardizedFileURL.path
            while rmdir(folder.path) == 0, folder.path != outermost {
                folder.deleteLastPathComponent()
            }
        }
    }
}
