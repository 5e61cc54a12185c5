import NavScript
import Foundation

/// Benchmarks that run the `navscript` binary: a large generated suite against busted, and
/// the time from a save to new results in `navscript watch`.
enum ProcessBenchmarks {
    /// The navscript binary built beside this program.
    static var navscript: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("navscript")
    }

    static func scratch(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navscript-bench-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    /// Runs a program to its end; returns its exit status and the seconds it took.
    @discardableResult
    static func run(_ executable: URL, _ arguments: [String], in folder: URL) throws -> (status: Int32, seconds: Double) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        var status: Int32 = 0
        let seconds = try Measure.seconds {
            try process.run()
            process.waitUntilExit()
            status = process.terminationStatus
        }
        return (status, seconds)
    }

    static let files = 1000, perFile = 10

    /// 10,000 small scenarios (1,000 files of 10) through `navscript run --jobs 2`, against
    /// the same checks as busted specs run by `busted`; and what worker processes cost,
    /// against the same run on threads of one process (`--in-process`).
    static func scenarios() throws -> [Row] {
        let folder = try scratch("suite")
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in 0..<files {
            var lua = "local Feed, Chat = nav.screen(\"Feed\"), nav.screen(\"Chat\")\ndescribe(\"file \(file)\", function()\n"
            var busted = "describe(\"file \(file)\", function()\n"
            for index in 0..<perFile {
                lua += """
                      scenario("pushes chat \(index)", function()
                        local app = nav.app { root = nav.stack { Feed() } }
                        expect(app:navigate(nav.route():top(nav.stack):push(Chat { chatId = \(index) }))):toBe(true)
                        expect(app:top()):toShow(Chat { chatId = \(index) })
                      end)

                    """
                busted += """
                      it("pushes chat \(index)", function()
                        local stack = { "Feed" }
                        stack[#stack + 1] = "Chat(chatId=\(index))"
                        assert.are.equal(2, #stack)
                        assert.are.equal("Chat(chatId=\(index))", stack[#stack])
                      end)

                    """
            }
            try write(lua + "end)\n", to: folder.appendingPathComponent(String(format: "navscript/scenarios/s%04d.lua", file)))
            try write(busted + "end)\n", to: folder.appendingPathComponent(String(format: "busted/s%04d_spec.lua", file)))
        }
        let total = Double(files * perFile)
        let busted = which("busted")
        // They take turns, three times; the fastest run of each counts.
        var oursSeconds = Double.infinity, theirSeconds = Double.infinity, theirStatus: Int32 = 0
        var oursCPU = Double.infinity, theirCPU = Double.infinity
        var threadSeconds = Double.infinity
        for _ in 0..<3 {
            let cpuBefore = SuiteBenchmarks.childCPU()
            let ours = try run(navscript, ["run", "navscript", "--jobs", "2", "--color", "never"], in: folder)
            oursCPU = min(oursCPU, SuiteBenchmarks.childCPU() - cpuBefore)
            let threads = try run(navscript, ["run", "navscript", "--jobs", "2", "--in-process", "--color", "never"], in: folder)
            guard ours.status == 0, threads.status == 0 else {
                throw BenchError.failed("navscript run of the generated suite failed")
            }
            oursSeconds = min(oursSeconds, ours.seconds)
            threadSeconds = min(threadSeconds, threads.seconds)
            if let busted {
                let theirCPUBefore = SuiteBenchmarks.childCPU()
                let theirs = try run(busted, ["-o", "TAP", "busted"], in: folder)
                theirCPU = min(theirCPU, SuiteBenchmarks.childCPU() - theirCPUBefore)
                theirSeconds = min(theirSeconds, theirs.seconds)
                theirStatus = theirs.status
            }
        }
        let rate = total / oursSeconds, threadRate = total / threadSeconds
        let workers = Row(name: "worker processes, the same 10,000", measured: rate, baseline: threadRate, unit: "/s",
                          baselineName: "threads of one process (--in-process)", ratio: threadSeconds / oursSeconds,
                          target: "≥ 0.8× (at most a fifth slower)", met: threadSeconds / oursSeconds >= 0.8,
                          note: String(format: "workers %.2f s, threads %.2f s", oursSeconds, threadSeconds))
        guard busted != nil else {
            return [Row(name: "10,000 scenarios, navscript run --jobs 2", measured: rate, baseline: 0, unit: "/s",
                        baselineName: "busted (not installed)", ratio: 0, target: "≥ 5000/s and faster than busted",
                        met: false, note: Self.bustedHint), workers]
        }
        let theirRate = total / theirSeconds
        let cpu = Row(name: "10,000 scenarios, CPU seconds", measured: oursCPU, baseline: theirCPU, unit: "s",
                      baselineName: "busted on the same checks", ratio: oursCPU / theirCPU, target: "≤ 0.1×", met: oursCPU / theirCPU <= 0.1)
        return [cpu, Row(name: "10,000 scenarios, navscript run --jobs 2", measured: rate, baseline: theirRate, unit: "/s",
                    baselineName: "the same checks in busted", ratio: rate / theirRate,
                    target: "≥ 5000/s and faster than busted", met: rate >= 5000 && rate > theirRate,
                    note: String(format: "navscript %.2f s, busted %.2f s (exit %d)", oursSeconds, theirSeconds, theirStatus)), workers]
    }

    /// 2,000 scenarios (200 files of 10) that navigate through a route module, run with
    /// `--coverage --reporter html` (every line counted, every step recorded and drawn),
    /// against the same run without them. The fastest of three each.
    static func reports() throws -> Row {
        let folder = try scratch("reports")
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("""
            local M = {}
            M.Feed, M.Chat = nav.screen("Feed"), nav.screen("Chat")
            function M.showChat(id)
              local chat = M.Chat { chatId = id }
              return nav.route():top(nav.stack):push(chat)
            end
            function M.back()
              return nav.route():top(nav.stack):pop()
            end
            return M

            """, to: folder.appendingPathComponent("routes/routes.lua"))
        for file in 0..<200 {
            var lua = "local R = require \"routes.routes\"\ndescribe(\"file \(file)\", function()\n"
            for index in 0..<10 {
                lua += """
                      scenario("opens chat \(index)", function()
                        local app = nav.app { root = nav.stack { R.Feed() } }
                        expect(app:navigate(R.showChat(\(index)))):toBe(true)
                        expect(app:navigate(R.back())):toBe(true)
                        expect(app:top().name):toBe("Feed")
                      end)

                    """
            }
            try write(lua + "end)\n", to: folder.appendingPathComponent(String(format: "scenarios/s%03d.lua", file)))
        }
        var plain = Double.infinity, measured = Double.infinity
        for _ in 0..<3 {
            let without = try run(navscript, ["run", ".", "--jobs", "2", "--color", "never"], in: folder)
            let with = try run(navscript, ["run", ".", "--jobs", "2", "--coverage", "--reporter", "html=report", "--color", "never"], in: folder)
            guard without.status == 0, with.status == 0 else {
                throw BenchError.failed("navscript run of the reports suite failed")
            }
            plain = min(plain, without.seconds)
            measured = min(measured, with.seconds)
        }
        let ratio = measured / plain
        return Row(name: "2,000 scenarios, --coverage + HTML report", measured: measured * 1000, baseline: plain * 1000, unit: " ms",
                   baselineName: "the same run without them", ratio: ratio, target: "≤ 1.5×", met: ratio <= 1.5,
                   note: String(format: "with %.2f s, without %.2f s", measured, plain))
    }

    static func which(_ name: String) -> URL? {
        // Homebrew's lua@5.4 is keg-only: its bin is not on PATH.
        let kegs = ["/opt/homebrew/opt/lua@5.4/bin", "/usr/local/opt/lua@5.4/bin"]
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + kegs {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    /// A tree of 200 script files (100 route modules, 100 scenario files each requiring
    /// one); saves to one module, timed from the write to the new summary line of
    /// `navscript watch`. The median of 21 saves.
    static func hotReload() throws -> Row {
        let folder = try scratch("watch")
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<100 {
            try write("return { Screen = nav.screen('Screen\(index)') }\n", to: folder.appendingPathComponent(String(format: "routes/m%03d.lua", index)))
            try write("""
                local m = require 'routes.m\(String(format: "%03d", index))'
                scenario('screen \(index)', function()
                  local app = nav.app { root = nav.stack { m.Screen() } }
                  expect(app:top().name):toMatch('Screen')
                end)

                """, to: folder.appendingPathComponent(String(format: "scenarios/s%03d.lua", index)))
        }
        let watch = try WatchProcess(navscript, ["watch", ".", "--color", "never"], in: folder)
        defer { watch.stop() }
        guard watch.wait(forSummaries: 1, timeout: 60) else {
            throw BenchError.failed("navscript watch did not start")
        }
        var times: [Double] = []
        for save in 1...21 {
            let name = save % 2 == 0 ? "Screen" : "Other"
            let start = DispatchTime.now().uptimeNanoseconds
            try write("return { Screen = nav.screen('\(name)50') }\n", to: folder.appendingPathComponent("routes/m050.lua"))
            guard watch.wait(forSummaries: save + 1, timeout: 10) else {
                throw BenchError.failed("navscript watch did not report save \(save)")
            }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            Thread.sleep(forTimeInterval: 0.05)
        }
        let median = times.sorted()[times.count / 2]
        return Row(name: "hot reload: save to new results (200 files)", measured: median, baseline: 0, unit: "ms",
                   baselineName: "(absolute)", ratio: 0, target: "median < 50 ms", met: median < 50,
                   note: String(format: "min %.1f ms, max %.1f ms over %d saves", times.min() ?? 0, times.max() ?? 0, times.count))
    }
}

enum BenchError: Error, CustomStringConvertible {
    case failed(String)

    var description: String {
        switch self {
        case let .failed(message): return message
        }
    }
}

/// A `navscript watch` whose output is read as it comes.
final class WatchProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var summaries = 0

    init(_ executable: URL, _ arguments: [String], in folder: URL) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = pipe.fileHandleForReading
        Thread.detachNewThread { [weak self] in
            var pending = ""
            while true {
                let data = reader.availableData
                guard !data.isEmpty, let self else { return }
                pending += String(decoding: data, as: UTF8.self)
                let count = pending.components(separatedBy: " skipped in ").count - 1
                if count > 0 {
                    self.lock.lock()
                    self.summaries += count
                    self.lock.unlock()
                    pending = String(pending.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
                }
            }
        }
    }

    func wait(forSummaries count: Int, timeout: Double) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            lock.lock()
            let seen = summaries
            lock.unlock()
            if seen >= count { return true }
            usleep(200)
        }
        return false
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

extension ProcessBenchmarks {
    /// How to install busted for Lua 5.4 here: Homebrew's luarocks is built for its `lua`
    /// formula, a later Lua than the one measured.
    static var bustedHint: String {
        #if os(macOS)
        "install busted for Lua 5.4: luarocks --lua-dir=\"$(brew --prefix lua@5.4)\" install busted"
        #else
        "install busted: apt-get install lua-busted, or luarocks install busted"
        #endif
    }

    /// Explore's speed on one core: walks of the example app's model (lua/examples/app/
    /// explore.lua), each from a fresh state and learning from the ones before it in
    /// epochs, as `navscript explore` walks, for about two seconds; actions a second.
    static func explore() throws -> Row {
        let model = URL(fileURLWithPath: "lua/examples/app/explore.lua").standardizedFileURL
        let root = model.deletingLastPathComponent()
        let runner = try ExploreRunner(file: ScenarioFile(url: model, displayPath: "explore.lua", root: root, displayRoot: "."))
        var actions = 0, walks = 0
        var known = ExploreKnowledge(actions: try runner.actionNames()), learning = known
        let seconds = try Measure.seconds {
            let deadline = Date().addingTimeInterval(2 * Measure.scale)
            while Date() < deadline {
                let walk = try runner.walk(index: walks, seed: 1, depth: 20, start: 1, keys: false, knowledge: known)
                actions += walk.steps.count
                learning.learn(from: walk)
                walks += 1
                if walks % ExploreKnowledge.epoch == 0 { known = learning }
            }
        }
        let rate = Double(actions) / seconds
        return Row(name: "explore, the example app's model, one core", measured: rate, baseline: 50_000, unit: "/s",
                   baselineName: "the target", ratio: rate / 50_000, target: "≥ 50,000 actions/s", met: rate >= 50_000,
                   note: String(format: "%d walks, %d actions in %.2f s", walks, actions, seconds))
    }
}
