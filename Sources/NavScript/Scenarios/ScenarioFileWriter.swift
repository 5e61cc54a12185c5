import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that it is either all there or not changed at all, and says in plain
/// words why when it cannot: snapshots, reports and the runner's state all go through here.
///
/// A regular file (or a new one) is written to a temporary file beside it and renamed over
/// it. A link is followed, so the link stays and its target changes. A FIFO or a device is
/// written in place, never replaced, and `/dev/stdout` and `/dev/stderr` are standard output
/// and standard error themselves, even redirected to a file (appended where it stands).
///
///     try ScenarioFileWriter.write("text", to: url)   // throws "cannot write x: Permission denied"
public enum ScenarioFileWriter {
    /// A file that could not be written, and the system's words for why.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        /// The path given to write.
        public let path: String
        /// Why, in the system's words (`Permission denied`) or plain ones (`it is a folder`).
        public let reason: String

        /// The path as messages name files: relative to the working folder when inside it.
        public var description: String { "cannot write \(ScenarioDiscovery.display(URL(fileURLWithPath: path))): \(reason)" }

        /// A failure to write `path`, for `reason`.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Writes `text` as UTF-8 to the file at `url`: a regular file all at once or not at all.
    public static func write(_ text: String, to url: URL) throws(Failure) {
        try write(Data(text.utf8), to: url.path)
    }

    /// Writes `data` to `path` (a regular file all at once or not at all): `prepare`, then `commit`.
    public static func write(_ data: Data, to path: String) throws(Failure) {
        try prepare(data, to: path).commit()
    }

    /// A write made in two steps, so that several files are written together or not at all
    /// (a run's reports): `prepare` writes a regular file's bytes to a temporary file beside
    /// it, and `commit` renames that into place; a FIFO, a device or a standard stream is
    /// written at `commit` (nothing there can be taken back). `discard` drops a prepared one.
    public struct PreparedWrite {
        enum Step {
            /// Bytes written at `commit`, in place.
            case inPlace(Data)
            /// Bytes waiting in a temporary file, renamed over the file (links followed).
            case rename(temporary: String, target: String)
            /// The file removed at `commit` (`removal(of:)`).
            case removal
        }

        let path: String
        let step: Step

        /// Whether committing writes in place (nothing waits to be renamed or removed).
        public var isInPlace: Bool {
            if case .inPlace = step { return true }
            return false
        }

        /// A write that removes the file at `path` when it is committed.
        public static func removal(of path: String) -> PreparedWrite {
            PreparedWrite(path: path, step: .removal)
        }

        /// Puts the write in place: renames the temporary file over the target, writes a FIFO,
        /// a device or a standard stream, or removes the file. A failed rename drops the temporary file.
        public func commit() throws(Failure) {
            switch step {
            case let .inPlace(data):
                // Standard output itself, wherever it goes: opening `/dev/stdout` anew would
                // start a file it is redirected to over (or replace it), losing what went
                // before. The same for standard error, where the console's failures may be.
                if standardStreamPaths.contains(path) {
                    fflush(nil)
                    return try writeAll(data, to: standardOutputPaths.contains(path) ? STDOUT_FILENO : STDERR_FILENO, path: path)
                }
                try writeInPlace(data, to: path, shownAs: path)
            case let .rename(temporary, target):
                guard rename(temporary, target) == 0 else {
                    let failure = Failure(path: path, reason: String(cString: strerror(errno)))
                    unlink(temporary)
                    throw failure
                }
            case .removal:
                guard unlink(path) == 0 || errno == ENOENT else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
            }
        }

        /// Drops a prepared write without touching its file (removes the temporary file, if any).
        public func discard() {
            if case let .rename(temporary, _) = step { unlink(temporary) }
        }
    }

    /// Writes `data` to a temporary file beside `path` (its link's target, for a link), to be
    /// renamed over it by `commit`; a FIFO, a device or a standard stream waits for `commit`
    /// instead. A folder at `path`, or a folder that takes no new file, throws.
    public static func prepare(_ data: Data, to path: String) throws(Failure) -> PreparedWrite {
        if standardStreamPaths.contains(path) {
            return PreparedWrite(path: path, step: .inPlace(data))
        }
        // What the path names, links followed by the system: a FIFO or a device (`/dev/fd/3`
        // on a pipe, whose link names no file) is written in place.
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw Failure(path: path, reason: "it is a folder")
            case S_IFREG:
                break
            default:
                return PreparedWrite(path: path, step: .inPlace(data))
            }
        }
        let target = try followLinks(path)
        let folder = Self.folder(of: target)
        guard let (descriptor, temporary) = makeTemporary(in: folder) else {
            throw Failure(path: path, reason: reason(errno, folder: folder))
        }
        do {
            try writeAll(data, to: descriptor, path: path)
            close(descriptor)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        chmod(temporary, 0o644)
        return PreparedWrite(path: path, step: .rename(temporary: temporary, target: target))
    }

    /// Where the links at `path` lead, the last one's target maybe not there yet.
    private static func followLinks(_ path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<32 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
            let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let base = Self.folder(of: current)
            current = destination.hasPrefix("/") || base.isEmpty ? destination : base.hasSuffix("/") ? base + destination : base + "/" + destination
        }
        throw Failure(path: path, reason: "too many links")
    }

    /// The folder part of a path, as `NSString.deletingLastPathComponent` gives it
    /// (`a/b/` → `a`, `/a` → `/`, `a` → empty), which Foundation on Linux cannot give for a
    /// one-letter name (it stops the process: `--reporter junit=x`).
    public static func folder(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        var folder = path[..<slash]
        while folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// What would make a later write under `path` fail, found before (the runner asks before
    /// a run, so that no report fails after the others are written): the nearest part of
    /// `path` that exists, from `start` (`path` or its folder) up, is a file, or that folder
    /// takes no new file (a read-only disk, `/proc`, no permission). nil when a write would
    /// go; a FIFO or a device at `path` is written in place and is not asked about.
    public enum Problem: Equatable {
        case underFile(String)
        case cannotCreate(reason: String)
    }

    /// What would make a later write of `path` fail, looked for from `start` up (see `Problem`);
    /// nil when a write would go.
    public static func problem(writing path: String, from start: String) -> Problem? {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR { return nil }
        var existing = start
        while !existing.isEmpty, stat(existing, &info) != 0 {
            existing = folder(of: existing)
        }
        if !existing.isEmpty, info.st_mode & S_IFMT != S_IFDIR { return .underFile(existing) }
        let folder = existing.isEmpty ? "." : existing
        guard let (descriptor, temporary) = makeTemporary(in: folder) else {
            return .cannotCreate(reason: "cannot create a file in \(folder): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        unlink(temporary)
        return nil
    }

    /// A new file of this process's in `folder` (the working folder when empty): its
    /// descriptor and path, or nil with errno set.
    private static func makeTemporary(in folder: String) -> (descriptor: Int32, path: String)? {
        var template = Array(((folder.isEmpty ? "." : folder) + "/.navscript-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        return (descriptor, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Names of standard output.
    public static let standardOutputPaths: Set<String> = ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]

    /// Names of standard error.
    public static let standardErrorPaths: Set<String> = ["/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"]

    /// Names of either.
    public static let standardStreamPaths = standardOutputPaths.union(standardErrorPaths)

    /// What a report or a picture named `path` would write over that is work of its own: a
    /// Lua script or a snapshot file, told by its name (`-o scenarios/chat.lua`) or by the
    /// name of what a link there leads to, or nil.
    public static func work(at path: String) -> String? {
        func named(_ url: URL) -> String? {
            switch url.pathExtension.lowercased() {
            case "lua": return "a Lua script"
            case "snap": return "a snapshot file"
            default: return nil
            }
        }
        var url = URL(fileURLWithPath: path)
        if let work = named(url) { return work }
        // Where a link leads, through links to links, and to nothing yet (writing makes it).
        for _ in 0..<8 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) else { return nil }
            url = URL(fileURLWithPath: destination, relativeTo: url.deletingLastPathComponent())
            if let work = named(url) { return "a link to " + work }
        }
        return nil
    }

    fileprivate static func writeInPlace(_ data: Data, to target: String, shownAs path: String) throws(Failure) {
        let descriptor = open(target, O_WRONLY)
        guard descriptor >= 0 else {
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, path: path)
    }

    fileprivate static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(Failure) {
        let failed: Int32? = data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failed {
            throw Failure(path: path, reason: String(cString: strerror(failed)))
        }
    }

    private static func reason(_ code: Int32, folder: String) -> String {
        var info = stat()
        return code == ENOENT && stat(folder.isEmpty ? "." : folder, &info) != 0 ? "no such folder: \(folder)" : String(cString: strerror(code))
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
