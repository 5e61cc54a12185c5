import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 15's rows: a file of many scenarios against the same scenarios in many files, CPU
/// time against busted, start-up against the Lua interpreter, and the README's command.
enum SuiteBenchmarks {
    /// CPU seconds (user and system) the children of this process used so far.
    static func childCPU() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Runs a program with posix_spawn and waitpid (Foundation's Process waits in steps of
    /// tens of milliseconds, too coarse for start-up); returns its wall seconds.
    static func spawn(_ executable: URL, _ arguments: [String], in folder: URL) throws -> Double {
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(folder.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?   // an opaque pointer there
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        // This process's environment (macOS declares no `environ` to Swift).
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, executable.path, &actions, nil, argv, envp) == 0 else {
            throw BenchError.failed("cannot start \(executable.path)")
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Runs a program; returns its status, wall seconds and CPU seconds.
    static func run(_ executable: URL, _ arguments: [String], in folder: URL) throws -> (status: Int32, wall: Double, cpu: Double) {
        let before = childCPU()
        let (status, wall) = try ProcessBenchmarks.run(executable, arguments, in: folder)
        return (status, wall, childCPU() - before)
    }

    static func scenario(_ index: Int) -> String {
        """
          scenario("pushes chat \(index)", function()
            local app = nav.app { root = nav.stack { Feed() } }
            expect(app:navigate(nav.route():top(nav.stack):push(Chat { chatId = \(index) }))):toBe(true)
          end)

        """
    }

    /// 5,000 scenarios in one file against the same 5,000 in 50 files of 100.
    static func oneFile() throws -> Row {
        let folder = try ProcessBenchmarks.scratch("onefile")
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = "local Feed, Chat = nav.screen(\"Feed\"), nav.screen(\"Chat\")\n"
        let total = Measure.scale < 1 ? 1_000 : 5_000
        try ProcessBenchmarks.write(header + (0..<total).map(scenario).joined(), to: folder.appendingPathComponent("one/scenarios/all.lua"))
        for file in 0..<50 {
            let chunk = (file * total / 50)..<((file + 1) * total / 50)
            try ProcessBenchmarks.write(header + chunk.map(scenario).joined(),
                                        to: folder.appendingPathComponent(String(format: "many/scenarios/s%02d.lua", file)))
        }
        let one = try run(ProcessBenchmarks.navscript, ["run", "one", "--jobs", "2", "--color", "never"], in: folder)
        let many = try run(ProcessBenchmarks.navscript, ["run", "many", "--jobs", "2", "--color", "never"], in: folder)
        guard one.status == 0, many.status == 0 else { throw BenchError.failed("the one-file suite failed") }
        let ratio = one.wall / many.wall
        return Row(name: "\(total) scenarios in one file", measured: one.wall, baseline: many.wall, unit: "s",
                   baselineName: "the same in 50 files", ratio: ratio, target: "≤ 1.2×", met: ratio <= 1.2,
                   note: String(format: "CPU %.2f s against %.2f s", one.cpu, many.cpu))
    }

    /// `navscript --version` and a run of one tiny scenario, against the Lua interpreter
    /// running the same script (`lua5.4 -e`); and `scripts/navscript --version` once built.
    static func startUp() throws -> [Row] {
        let folder = try ProcessBenchmarks.scratch("startup")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ProcessBenchmarks.write("scenario('one', function() expect(1 + 1):toBe(2) end)\n", to: folder.appendingPathComponent("tiny_spec.lua"))
        var version = Double.infinity, tiny = Double.infinity, lua = Double.infinity, wrapper = Double.infinity
        let interpreter = ProcessBenchmarks.which("lua5.4")
        let script = URL(fileURLWithPath: "scripts/navscript").standardizedFileURL
        for _ in 0..<7 {
            version = min(version, try spawn(ProcessBenchmarks.navscript, ["--version"], in: folder))
            tiny = min(tiny, try spawn(ProcessBenchmarks.navscript, ["run", "tiny_spec.lua", "--color", "never"], in: folder))
            if let interpreter {
                lua = min(lua, try spawn(interpreter, ["-e", "assert(1 + 1 == 2)"], in: folder))
            }
            if FileManager.default.isExecutableFile(atPath: script.path) {
                wrapper = min(wrapper, try spawn(script, ["--version"], in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)))
            }
        }
        var rows = [
            Row(name: "navscript run, one tiny scenario", measured: tiny * 1000, baseline: lua.isFinite ? lua * 1000 : 0, unit: " ms",
                baselineName: interpreter == nil ? "lua5.4 (not installed)" : "lua5.4 -e, the same check", ratio: lua.isFinite ? tiny / lua : 0,
                target: "report the ratio", met: true, note: String(format: "navscript --version: %.1f ms", version * 1000)),
        ]
        if wrapper.isFinite {
            rows.append(Row(name: "scripts/navscript --version, nothing changed", measured: wrapper * 1000, baseline: 150, unit: " ms",
                            baselineName: "the target", ratio: wrapper / 0.15, target: "< 150 ms", met: wrapper < 0.15))
        }
        return rows
    }
}
