import CWorkerCopy
import Foundation
import LuaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error: made sure of before anything else runs, and written
/// without ever stopping the process.
enum StandardStreams {
    /// Opens /dev/null on each of standard input, output and error that is closed, as a
    /// daemon does.
    ///
    /// A process can be started with any of them closed (`navscript run … <&-`, or a CI job or
    /// plugin host that closes its standard input). The first file or pipe it opens would then
    /// take the free number: a worker's request pipe became its standard input, was closed for
    /// the worker by the spawn itself, and every worker ended at once ("its worker crashed
    /// (exited with status 0)" for every file).
    static func openClosedOnes() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Writes `text` to standard output, as far as it takes it. The first write that fails is
    /// kept (`outputFailure`): a report on standard output that did not all get there (`navscript
    /// run --reporter junit > /dev/full`) makes the run exit 2, as a report file that cannot be
    /// written does.
    static func output(_ text: String) {
        var text = text
        if !text.withUTF8({ writeAll(UnsafeRawBufferPointer($0), to: STDOUT_FILENO) }) {
            noteFailure(errno)
        }
    }

    /// Why a write to standard output failed, the first time one did, written here or by
    /// `print` (whose buffer this flushes): `strerror`'s text.
    static var outputFailure: String? {
        let code = worker_copy_stdout_error()
        if code != 0 {
            noteFailure(code)
        }
        failureLock.lock()
        defer { failureLock.unlock() }
        return failedWith.map { String(cString: strerror($0)) }
    }

    private static func noteFailure(_ code: Int32) {
        failureLock.lock()
        if failedWith == nil { failedWith = code }
        failureLock.unlock()
    }

    private static let failureLock = NSLock()
    nonisolated(unsafe) private static var failedWith: Int32?

    /// Writes `text` to standard error, as far as it takes it.
    static func error(_ text: String) { writeAsFarAsItGoes(text, to: STDERR_FILENO) }
}
