import Foundation
import Testing

@Suite struct CheckCommandTests {
    @Test func everythingLoads() throws {
        let result = try navscript(["check", "lua/examples/app"])
        #expect(result.status == 0)
        #expect(result.output.contains("checked, no errors"))
    }

    @Test func everyErrorIsReportedWithFileAndLine() throws {
        let fixture = try Fixture([
            "routes/ok.lua": "return {}",
            "routes/broken.lua": "return {\n  x = = 1\n}",
            "routes/fails.lua": "local t = nil\nreturn t.x",
            "scenarios/bad.lua": "describe('x', function()\n  nav.route():push()\nend)",
            "scenarios/good.lua": "scenario('runs not', function() error('never run') end)",
        ])
        let result = try navscript(["check", "."], in: fixture.root)
        #expect(result.status == 2)
        #expect(result.output.contains("routes/broken.lua:2: unexpected symbol near '='"))
        #expect(result.output.contains("routes/fails.lua:2: attempt to index a nil value (local 't')"))
        #expect(result.output.contains("scenarios/bad.lua:2: calling 'push' on bad self (stack route expected, got window route)"))
        #expect(!result.output.contains("never run"))
        #expect(result.output.contains("5 files checked, 3 errors"))
    }
}

@Suite struct WatchCommandTests {
    /// Reads the watch's output until `text` shows up, or fails after a while.
    final class Watch: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var buffer = ""

        init(_ arguments: [String], in folder: URL) throws {
            process.executableURL = Binary.url
            process.arguments = arguments
            process.currentDirectoryURL = folder
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let reader = pipe.fileHandleForReading
            Thread.detachNewThread { [weak self] in
                while true {
                    let data = reader.availableData
                    guard !data.isEmpty, let self else { return }
                    self.lock.lock()
                    self.buffer += String(decoding: data, as: UTF8.self)
                    self.lock.unlock()
                }
            }
        }

        var output: String {
            lock.lock()
            defer { lock.unlock() }
            return buffer
        }

        /// Waits until `text` appears `count` times.
        func waitFor(_ text: String, count: Int = 1, timeout: Double = 20) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if output.components(separatedBy: text).count - 1 >= count { return true }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return false
        }

        deinit {
            // SIGKILL: a child started from a test thread may inherit a mask blocking SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    @Test func rerunsOnASaveAndSurvivesABrokenOne() throws {
        let fixture = try Fixture([
            "routes/screens.lua": "return { Chat = nav.screen('Chat') }",
            "scenarios/chat.lua": "local s = require 'routes.screens'\nscenario('name', function() expect(tostring(s.Chat())):toBe('Chat') end)",
            "scenarios/other.lua": "scenario('other', function() end)",
        ])
        let watch = try Watch(["watch", ".", "--color", "never", "--interval", "0.01"], in: fixture.root)
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped"))

        // A change to a required module re-runs the file that requires it, and only it.
        try fixture.write("routes/screens.lua", "return { Chat = nav.screen('Message') }")
        #expect(watch.waitFor("1 passed, 1 failed, 0 skipped"))
        let afterModule = watch.output
        #expect(afterModule.contains("── routes/screens.lua changed"))
        #expect(afterModule.components(separatedBy: "other.lua").count - 1 == 1)

        // A broken save shows its error and keeps the last good results.
        try fixture.write("scenarios/chat.lua", "scenario('name', function()\n  expect(1):toBe(1)\n")
        #expect(watch.waitFor("does not load"))
        #expect(watch.waitFor("keeping the last good results of scenarios/chat.lua"))
        #expect(watch.output.contains("scenarios/chat.lua:3: 'end' expected"))

        // Fixing it runs it again.
        try fixture.write("scenarios/chat.lua", "scenario('name', function() expect(1):toBe(1) end)")
        #expect(watch.waitFor("2 passed, 0 failed, 0 skipped", count: 2))
    }
}
