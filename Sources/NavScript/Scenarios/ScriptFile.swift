import Foundation
import LuaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a script's text, refusing what is not one before reading it: a FIFO, a device or a
/// socket (reading one would wait for a writer, or never end: `run /dev/zero`), and a file
/// bigger than any script a state could hold (snapshot files and the runner's record are
/// read the same way). The reasons are the system's own words.
///
///     try ScriptFile.read("scenarios/chat.lua")   // "not a regular file (a FIFO)"
public enum ScriptFile {
    /// Why a script could not be read.
    public struct Failure: Error {
        /// In the system's words (`No such file or directory`) or plain ones (`it is a folder`).
        public let reason: String

        /// A failure for `reason`.
        public init(reason: String) {
            self.reason = reason
        }
    }

    /// A script takes more memory as a state than as text, and a state has 64 MiB by default.
    public static let maximumSize = 64 << 20

    /// Why what `info` describes is no script, or nil for a regular file.
    private static func kind(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a folder"
        case S_IFIFO: return "not a regular file (a FIFO)"
        case S_IFSOCK: return "not a regular file (a socket)"
        default: return "not a regular file (a device)"
        }
    }

    /// `url` with its links resolved as C's `realpath` resolves them, which keeps macOS's
    /// `/private` (Foundation's `resolvingSymlinksInPath` strips it, so that one folder had
    /// two spellings); as given when it does not exist.
    public static func real(_ url: URL) -> URL {
        URL(fileURLWithPath: LuaOptions.realPath(of: url))
    }

    /// `url` with its folder's real path and its own name: a file below a root compares with
    /// the root's real path (`/private/var/...` for `/var/...` on a Mac, a root a project
    /// file names resolved) whatever spelling either was given in, the file not followed.
    public static func realLocation(of url: URL) -> URL {
        real(url.deletingLastPathComponent()).appendingPathComponent(url.lastPathComponent)
    }

    /// Whether `path` (links followed) is a regular file: opening anything else may wait.
    public static func isRegular(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Why what is at `path` (links followed) is no file to read or replace (`it is a
    /// folder`, `not a regular file (a FIFO)`); nil for a regular file or nothing there.
    public static func problem(at path: String) -> String? {
        var info = stat()
        return stat(path, &info) == 0 ? kind(info) : nil
    }

    /// The bytes of the script at `path` (links followed); a folder, a FIFO, a device, a socket,
    /// or a file over `maximumSize`, throws without being read.
    public static func read(_ path: String) throws(Failure) -> Data {
        // What it is before opening it: a socket cannot be opened at all.
        var named = stat()
        if stat(path, &named) == 0, let kind = kind(named) {
            // A folder is read so when a scan could not list it (ScriptWatcher lists it then).
            if named.st_mode & S_IFMT == S_IFDIR, access(path, R_OK | X_OK) != 0 {
                throw Failure(reason: "\(String(cString: strerror(errno))): it is a folder, and the scripts in it cannot run")
            }
            throw Failure(reason: kind)
        }
        // Non-blocking, so that opening a FIFO does not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        if let kind = kind(info) { throw Failure(reason: kind) }
        let size = Int(info.st_size)
        guard size <= maximumSize else {
            let shown = size % (1 << 20) == 0 ? "\(size >> 20) MiB" : "\(size) bytes"
            throw Failure(reason: "\(shown), more than a script may be (\(maximumSize >> 20) MiB)")
        }
        var data = Data(count: size)
        var total = 0
        while total < size {
            let count = data.withUnsafeMutableBytes { bytes in
                systemRead(descriptor, bytes.baseAddress! + total, size - total)
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
            if count == 0 { break }   // the file shrank while it was read
            total += count
        }
        return data.prefix(total)
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Darwin.read
#endif

extension ScriptFile {
    /// The module `require` names a script by, from its path below the root
    /// (`routes/chat.lua` is `routes.chat`): each part letters, digits and `_`, not starting
    /// with a digit. Nil for a path that no name leads to (`chat copy.lua`, `chat.v2.lua`).
    public static func moduleName(of relativePath: Substring) -> String? {
        guard relativePath.hasSuffix(".lua") else { return nil }
        let parts = relativePath.dropLast(4).split(separator: "/", omittingEmptySubsequences: false)
        let named = parts.allSatisfy { part in
            part.first.map { $0 == "_" || $0.isASCII && $0.isLetter } == true && part.allSatisfy { $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
        return named ? parts.joined(separator: ".") : nil
    }
}

extension ScenarioFileRunner {
    /// A script file's bytes, as Lua reads them (any bytes in string literals); a file that
    /// is not text (a NUL byte in its first 8 KiB, or compiled Lua) is refused by name.
    public static func script(at file: URL, shownAs path: String) throws -> Data {
        let data: Data
        do {
            data = try ScriptFile.read(file.path)
        } catch {
            throw LuaError(kind: .unavailable, message: "\(path): cannot be read (\(error.reason))")
        }
        if data.prefix(4) == Data([0x1B, 0x4C, 0x75, 0x61]) || data.prefix(8192).contains(0) {
            throw LuaError(kind: .syntax, message: "\(path): not a text file (scripts are Lua source; compiled or binary files are refused)")
        }
        return sourceText(data)
    }

    /// A file's text as `lua` reads a file (`luaL_loadfilex`): without a UTF-8 byte order
    /// mark, and with a first line that starts with `#` (`#!/usr/bin/env navscript`) left
    /// empty, so that the lines keep their numbers.
    public static func sourceText(_ data: Data) -> Data {
        var text = data[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        if text.first == UInt8(ascii: "#") { text = text[(text.firstIndex(of: 0x0A) ?? text.endIndex)...] }
        return Data(text)
    }
}
