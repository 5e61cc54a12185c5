import Foundation
@testable import NavScriptCommand
import NavScript
import Testing

/// A request written to a worker that has ended fails instead of raising SIGPIPE, which
/// ended the whole runner (`navscript exited with status 13`) when a worker was gone.
@Suite struct WorkerInputTests {
    /// A crash's report keeps the message and the top of the stack, which come first
    /// ("Fatal error: ..."), beside the last lines.
    @Test func aWorkersErrorsKeepTheirFirstLinesAndTheirLast() {
        let tail = WorkerTail()
        for line in 1...60 { tail.append("line \(line)") }
        let kept = tail.text.split(separator: "\n").map(String.init)
        #expect(kept == (1...12).map { "line \($0)" } + ["... (40 lines left out)"] + (53...60).map { "line \($0)" })
        let short = WorkerTail()
        for line in 1...15 { short.append("line \(line)") }
        #expect(short.text == (1...15).map { "line \($0)" }.joined(separator: "\n"))
    }

    /// A result line the runner cannot read is a failed result that says it is navscript's
    /// defect: it was skipped, and its scenario was reported "not run" with no reason.
    @Test func anUnreadableResultSaysSo() throws {
        let reply = try #require(WorkerReply.parse("R\u{E000}garbled".utf8[...], JSONDecoder(), CompactHierarchies()))
        #expect(reply.event == .result && reply.result == nil && reply.message == WorkerReply.unreadable)
        #expect(WorkerReply.parse("Pgarbled".utf8[...], JSONDecoder(), CompactHierarchies()) == nil)
    }

    /// A print goes as one line of compact text, whatever it holds, and comes back as printed.
    @Test func aPrintComesBackAsPrinted() throws {
        let hierarchies = CompactHierarchies()
        for text in ["", "one\n", "two\nlines\r\n", "\u{E000}\u{E001}\u{E002}n \u{E002}", "é🙂\t\0end"] {
            let line = WorkerReply(event: .printed, message: text).line(JSONEncoder(), hierarchies)
            #expect(line.filter { $0 == 0x0A }.count == 1 && line.last == 0x0A)
            let reply = try #require(WorkerReply.parse(line.dropLast().withUnsafeBytes { Substring(decoding: $0, as: UTF8.self) }.utf8,
                                                       JSONDecoder(), hierarchies))
            #expect(reply.event == .printed && reply.message == text)
        }
    }

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

/// A runner started with its standard input or output closed, or full: its workers' pipes took
/// those numbers, so every worker found its input closed and ended ("its worker crashed (exited
/// with status 0)" for every file: the command plugin's flake), and a closed output trapped.
@Suite struct ClosedDescriptorTests {
    private func run(_ redirection: String) throws -> (status: Int32, errors: String) {
        let fixture = try Fixture(["a_spec.lua": "it('a', function() end)", "b_spec.lua": "it('b', function() end)"])
        let status = try navscriptInShell("\"$0\" run . --jobs 2 --color never >out.txt 2>err.txt \(redirection)", in: fixture.root)
        let errors = try fixture.read("err.txt")
        return (status, redirection.hasPrefix(">") ? errors : try fixture.read("out.txt") + errors)
    }

    @Test func workersRunWhenTheRunnerHasNoStandardInput() throws {
        let (status, output) = try run("<&-")
        #expect(status == 0, "\(output)")
        #expect(output.contains("2 passed"), "\(output)")
    }

    @Test func theRunnerEndsNormallyWithoutStandardOutput() throws {
        let (status, errors) = try run(">&-")
        #expect(status == 0, "\(errors)")
    }

    /// A write that fails (a full disk) does not trap (`FileHandle.write` did), and the run
    /// says so and exits 2, as it does for a report file it cannot write: a CI job that keeps
    /// a report from standard output must not take a cut one for a green run.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func theRunnerSaysWhenStandardOutputIsFull() throws {
        let (status, errors) = try run(">/dev/full")
        #expect(status == 2, "\(errors)")
        #expect(errors.contains("navscript: cannot write standard output: No space left on device"), "\(errors)")
        #expect(!errors.contains("Fatal error"), "\(errors)")
        let fixture = try Fixture(["a_spec.lua": "it('a', function() end)"])
        let junit = try navscriptInShell("\"$0\" run . --reporter junit >/dev/full 2>err.txt", in: fixture.root)
        let junitErrors = try fixture.read("err.txt")
        #expect(junit == 2, "\(junitErrors)")
    }
}
