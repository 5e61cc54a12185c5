import CWorkerCopy
import Foundation
import LuaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, with pipes for its standard input, output and
/// error. Foundation's `Process` is not used: it keeps its objects in a cycle after the
/// child ends, and it reaps children itself, where the runner waits for each worker.
struct SpawnedProcess {
    let pid: pid_t
    /// Our ends of the pipes.
    let input: Int32, output: Int32, errors: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func spawn(_ path: String, arguments: [String], environment: [String: String]) throws -> SpawnedProcess {
        var pipes: [[Int32]] = []
        for _ in 0..<3 {
            var ends: [Int32] = [0, 0]
            guard worker_pipe(&ends) == 0 else {
                pipes.flatMap { $0 }.forEach { close($0) }
                throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            pipes.append(ends)
        }
        // The child reads the first pipe and writes the others. No end is inherited as it is
        // (close-on-exec): the child gets its own as copies at 0, 1 and 2, and a child started
        // at the same time by another thread gets none, so a worker's input closes when it ends.
        // Linux makes the pipes so (`worker_pipe`: pipe2); macOS has no pipe2, and its spawn
        // inherits only the three copies (POSIX_SPAWN_CLOEXEC_DEFAULT), whatever else is open.
        // No pipe end is 0, 1 or 2 (a copy onto itself, then closed), since `main` opens any
        // standard descriptor the runner was started without (`StandardStreams`).
        let (childIn, parentIn) = (pipes[0][0], pipes[0][1])
        let (parentOut, childOut) = (pipes[1][0], pipes[1][1])
        let (parentErr, childErr) = (pipes[2][0], pipes[2][1])
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #endif
        posix_spawn_file_actions_adddup2(&actions, childIn, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, childOut, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, childErr, STDERR_FILENO)
        for descriptor in [childIn, childOut, childErr] {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        #if canImport(Darwin)
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        #else
        let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
        #endif
        for descriptor in [childIn, childOut, childErr] {
            close(descriptor)
        }
        guard status == 0 else {
            [parentIn, parentOut, parentErr].forEach { close($0) }
            throw Failure(description: "cannot start \(path): \(String(cString: strerror(status)))")
        }
        return SpawnedProcess(pid: pid, input: parentIn, output: parentOut, errors: parentErr)
    }

    /// Writes all of `bytes` to the child's input; false once the child is gone.
    func writeInput(_ bytes: UnsafeRawBufferPointer) -> Bool {
        Self.write(bytes, toPipe: input)
    }

    /// Writes all of `bytes` to `descriptor`, a pipe to another process (a worker, Graphviz's
    /// `dot`); false once the reader is gone. The write then fails with EPIPE instead of
    /// raising SIGPIPE, which would end this process: on macOS the pipe says so
    /// (`F_SETNOSIGPIPE`); on Linux the signal is blocked in this thread for the write and,
    /// when the write raised it, taken back.
    static func write(_ bytes: UnsafeRawBufferPointer, toPipe descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
        #endif
        #if os(Linux)
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        #endif
        guard writeAll(bytes, to: descriptor) else {
            #if os(Linux)
            if errno == EPIPE {
                var now = timespec()
                while sigtimedwait(&pipeSignal, nil, &now) < 0 && errno == EINTR {}
            }
            #endif
            return false
        }
        return true
    }

    /// Waits for the child to end, without reaping it: its pid stays its own until `reap`.
    func waitForEnd() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
    }

    /// Reaps the child once it has ended, and says how it ended.
    func reap() -> WorkerEnding {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        if signal != 0 {
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
            return WorkerEnding(signal: signal, status: nil, description: "killed by signal \(signal) (\(name))")
        }
        let code = (status >> 8) & 0xff
        return WorkerEnding(signal: nil, status: code, description: "exited with status \(code)")
    }
}
