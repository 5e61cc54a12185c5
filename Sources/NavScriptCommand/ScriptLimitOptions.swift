import ArgumentParser
import LuaKit

/// The limits of each script's state, as `run`, `watch`, `check`, `draw` and `explore` take
/// them: from the command line, else the project file, else a scenario's defaults.
///
///     navscript run --timeout 30 --memory-limit 128 --instruction-limit 500000000
///     -- navscript.lua: return { timeout = 30, memoryLimit = 128, instructionLimit = 500000000 }
struct ScriptLimitOptions: ParsableArguments {
    // Numbers are read unconditionally, so that a negative one meets its range check.
    @Option(name: .customLong("timeout"), parsing: .unconditional, help: ArgumentHelp("Wall-clock seconds a scenario or an explored walk may take (10); its file's loading, and a scenario's after_each hooks, get as much again.", valueName: "seconds"))
    var timeoutOption: Double?

    @Option(name: .customLong("memory-limit"), parsing: .unconditional, help: ArgumentHelp("Memory each scenario's or walk's state may use, in MiB (64).", valueName: "MiB"))
    var memoryLimitOption: Int?

    @Option(name: .customLong("instruction-limit"), parsing: .unconditional, help: ArgumentHelp("Lua instructions a scenario or a walk may run (100000000).", valueName: "count"))
    var instructionLimitOption: Int?

    var timeout: Double { timeoutOption ?? 10 }
    var memoryLimit: Int { memoryLimitOption ?? 64 }
    var instructionLimit: Int { instructionLimitOption ?? 100_000_000 }

    var limits: LuaLimits {
        LuaLimits(memory: memoryLimit << 20, instructions: instructionLimit, seconds: timeout)
    }

    /// Takes what the command line leaves out from the project file, and checks each limit.
    mutating func complete(from project: ProjectFile?) throws {
        if let project {
            timeoutOption = timeoutOption ?? project.timeout
            memoryLimitOption = memoryLimitOption ?? project.memoryLimit
            instructionLimitOption = instructionLimitOption ?? project.instructionLimit
        }
        if let rule = SuiteOptions.timeoutRule(timeout) { throw ValidationError("--timeout must be \(rule)") }
        if let rule = SuiteOptions.memoryRule(memoryLimit) { throw ValidationError("--memory-limit must be \(rule)") }
        if let rule = SuiteOptions.instructionRule(instructionLimit) { throw ValidationError("--instruction-limit must be \(rule)") }
    }
}
