import Foundation
@testable import NavScriptCommand
import Testing

/// A request written to a worker that has ended fails instead of raising SIGPIPE, which
/// ended the whole runner (`navscript exited with status 13`) when a worker was gone.
@Suite struct WorkerInputTests {
    @Test func writingToAnEndedWorkerFailsWithoutSIGPIPE() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        close(ends[0])
        let worker = SpawnedProcess(pid: getpid(), input: ends[1], output: -1, errors: -1)
        let written = Data(repeating: 0x41, count: 4096).withUnsafeBytes(worker.writeInput)
        var pending = sigset_t()
        sigpending(&pending)
        close(ends[1])
        #expect(written == false)
        #expect(sigismember(&pending, SIGPIPE) == 0)
    }

    @Test func writingToALiveWorkerWritesEverything() throws {
        let child = try SpawnedProcess.spawn("/bin/sh", arguments: ["-c", "wc -c"], environment: [:])
        let request = Data(repeating: 0x41, count: 1 << 17)
        #expect(request.withUnsafeBytes(child.writeInput))
        close(child.input)
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 256)
        while case let count = read(child.output, &buffer, buffer.count), count > 0 { output.append(contentsOf: buffer[..<count]) }
        #expect(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "\(1 << 17)")
        _ = child.reap()
        [child.output, child.errors].forEach { close($0) }
    }
}
