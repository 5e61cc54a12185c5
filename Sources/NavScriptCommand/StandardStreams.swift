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

    /// Writes `text` to standard output, as far as it takes it (`writeAsFarAsItGoes`).
    static func output(_ text: String) { writeAsFarAsItGoes(text, to: STDOUT_FILENO) }

    /// Writes `text` to standard error, as far as it takes it.
    static func error(_ text: String) { writeAsFarAsItGoes(text, to: STDERR_FILENO) }
}
