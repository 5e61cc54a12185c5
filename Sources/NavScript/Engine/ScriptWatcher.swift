import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices changes to the `.lua` files of a folder (or its snapshot files, `.lua.snap`) by
/// polling their size and modification time: portable, cheap for hundreds of files, and
/// blind to editors' atomic-rename tricks that confuse event-based watchers.
public final class ScriptWatcher {
    /// The folder watched; the files in the folders below it are watched too.
    public let root: URL
    /// What the watched files' names end with: `.lua` (not `.d.lua`), or `.lua.snap`.
    public let suffix: String
    private var signatures: [String: Signature]

    /// What tells a save of a file: its modification time and size, and its status change
    /// time and inode, which no tool sets back: a same-size edit whose modification time is
    /// kept (`cp -p`, rsync, `touch -r`) or falls in the same tick of a coarse clock still
    /// changes them, as an editor's save through a new file does the inode.
    public struct Signature: Equatable {
        let seconds: Int
        let nanoseconds: Int
        let size: Int
        let changeSeconds: Int
        let changeNanoseconds: Int
        let inode: UInt64

        init(_ info: stat) {
            #if os(Linux)
            let (modified, changed) = (info.st_mtim, info.st_ctim)
            #else
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
            #endif
            (seconds, nanoseconds, size) = (Int(modified.tv_sec), Int(modified.tv_nsec), Int(info.st_size))
            (changeSeconds, changeNanoseconds, inode) = (Int(changed.tv_sec), Int(changed.tv_nsec), UInt64(info.st_ino))
        }

        /// The file's signature, or nil when it is not there.
        public init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(info)
        }
    }

    /// What the last scan left out, in `skipped(in:)`'s words: a link or a name that is not
    /// UTF-8 that appears during a watch is said as one there at its start is.
    public private(set) var skipped: [String] = []

    /// Watches the files under `root` whose names end with `suffix`, as they are now: the
    /// first `changes()` reports what changed after this.
    public init(root: URL, suffix: String = ".lua") {
        self.root = root
        self.suffix = suffix
        signatures = Self.scan(root, suffix: suffix, skipping: &skipped, forWatch: true)
    }

    /// A file name (or a path) whose bytes are not UTF-8, with those bytes as \xNN, so that
    /// it can be found to rename: `caf\xe9_spec.lua`.
    public static func shownName(_ name: UnsafePointer<CChar>) -> String {
        UnsafeRawBufferPointer(start: name, count: strlen(name))
            .map { $0 < 0x80 ? String(UnicodeScalar($0)) : String(format: "\\x%02x", $0) }.joined()
    }

    /// The `.lua` files below `root`, relative and sorted; hidden files and folders, and
    /// LuaCATS definition files (`*.d.lua`), are left out.
    public static func scripts(in root: URL) -> [String] {
        var skipped: [String] = []
        return scripts(in: root, skipping: &skipped)
    }

    /// The same, and what the scan passed over in `skipped(in:)`'s words (by path).
    public static func scripts(in root: URL, skipping skipped: inout [String]) -> [String] {
        scan(root, suffix: ".lua", skipping: &skipped).keys.sorted()
    }

    /// The files added, removed or changed since the last call (or since `init`).
    public func changes() -> [String] {
        let now = Self.scan(root, suffix: suffix, skipping: &skipped, forWatch: true)
        let paths = Set(now.keys).union(signatures.keys)
        let changed = paths.filter { now[$0] != signatures[$0] }.sorted()
        signatures = now
        return changed
    }

    /// One `lstat` per entry, straight from the system: `navscript watch` scans every 20 ms (an engine every 50 ms), and
    /// Foundation's enumerator took half a core to do it for 200 files. `skipped` gets what
    /// it leaves out, in `skipped(in:)`'s words.
    /// `forWatch`: a link with a watched file's name is listed too, by its own signature (a
    /// link made to lead elsewhere changed), and so is a folder at a snapshot file's path.
    static func scan(_ root: URL, suffix: String, skipping skipped: inout [String], forWatch: Bool = false) -> [String: Signature] {
        var found: [String: Signature] = [:]
        skipped = []
        scan(folder: root.standardizedFileURL.path, relative: "", suffix: suffix, into: &found, skipping: &skipped, forWatch: forWatch)
        skipped.sort()
        return found
    }

    /// What a scan leaves out that a user may have meant to include, in words: links to
    /// `.lua` files (links are not followed: one may lead out of the suite, or in a loop),
    /// and names that are not UTF-8.
    /// `notingLink` says which links to files (by relative path) to name.
    public static func skipped(in root: URL, notingLink: (String) -> Bool = { _ in true }) -> [String] {
        var skipped: [String] = []
        var found: [String: Signature] = [:]
        scan(folder: root.standardizedFileURL.path, relative: "", suffix: ".lua", into: &found, skipping: &skipped, notingLink: notingLink)
        return skipped
    }

    private static func scan(folder: String, relative: String, suffix: String, into found: inout [String: Signature], skipping skipped: inout [String],
                             forWatch: Bool = false, notingLink: (String) -> Bool = { _ in true }) {
        func watched(_ name: String) -> Bool { name.hasSuffix(suffix) && !name.hasSuffix(".d.lua") }
        guard let directory = opendir(folder) else {
            // Not passed over: the scripts in it would go unrun without a word. It is listed
            // as a script of its own ("locked/"), which fails to load saying why, so a run, a
            // check and a watch fail on it (a file that cannot be read fails so too).
            var info = stat()
            if lstat(folder, &info) == 0 { found[relative + "/"] = Signature(info) }
            return
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            // Read in place up to its NUL: the bytes after it are not initialized.
            let decoded = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { String(validatingCString: $0) }
            }
            guard let name = decoded else {
                let shown = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                    tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee), Self.shownName)
                }
                skipped.append("\(relative.isEmpty ? "" : relative + "/")\(shown) (a file whose name is not UTF-8: rename it)")
                continue
            }
            guard !name.hasPrefix(".") else { continue }
            let path = folder + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                // A folder at a snapshot file's path (`a_spec.lua.snap/`) fails its scenario
                // file: for a watch, its coming and going are saves of that path. (A folder
                // named like a script, a vendored `json.lua/`, is only a folder.)
                if forWatch && suffix.hasSuffix(".snap") && watched(name) { found[relativePath] = Signature(info) }
                scan(folder: path, relative: relativePath, suffix: suffix, into: &found, skipping: &skipped, forWatch: forWatch,
                     notingLink: notingLink)
            case S_IFLNK where watched(name):
                // A module may be a link: one made to lead elsewhere is a save of its path.
                if forWatch { found[relativePath] = Signature(info) }
                guard notingLink(relativePath) else { break }
                skipped.append("\(relativePath), a link (links are not followed: name the file it leads to)")
            case S_IFLNK where stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR:
                skipped.append("\(relativePath)/, a link to a folder (links are not followed: name the folder it leads to)")
            case S_IFREG where watched(name):
                found[relativePath] = Signature(info)
            case S_IFIFO where watched(name), S_IFSOCK where watched(name), S_IFCHR where watched(name), S_IFBLK where watched(name):
                skipped.append("\(relativePath), not a regular file (a FIFO, a socket or a device: scripts are files)")
            default:
                break
            }
        }
    }
}
