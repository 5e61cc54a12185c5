import Foundation
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
    public struct Failure: Error {
        public let reason: String
    }

    /// A script takes more memory as a state than as text, and a state has 64 MiB by default.
    public static let maximumSize = 64 << 20

    /// Whether `path` (links followed) is a regular file: opening anything else may wait.
    public static func isRegular(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    public static func read(_ path: String) throws(Failure) -> Data {
        // Non-blocking, so that opening a FIFO does not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Failure(reason: "it is a folder")
        case S_IFIFO: throw Failure(reason: "not a regular file (a FIFO)")
        case S_IFSOCK: throw Failure(reason: "not a regular file (a socket)")
        default: throw Failure(reason: "not a regular file (a device)")
        }
        let size = Int(info.st_size)
        guard size <= maximumSize else {
            throw Failure(reason: "\(size >> 20) MiB, more than a script may be (\(maximumSize >> 20) MiB)")
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
