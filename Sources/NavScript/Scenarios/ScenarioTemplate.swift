import Foundation
import LuaKit

/// A scenario file loaded once, every scenario recorded: the state each scenario of a big
/// file starts from in a copy of the process that loaded it (`navscript` workers fork one
/// per scenario), so that no scenario pays for loading the others.
///
/// Running a scenario changes the template's state: run one scenario per copy of it.
///
///     let template = try runner.template()
///     // in a copy of the process:
///     let result = runner.run(scenario, from: template)
public final class ScenarioTemplate {
    let runtime: NavRuntime
    let runner: LuaReference
    let context: ScenarioContext

    init(runtime: NavRuntime, runner: LuaReference, context: ScenarioContext) {
        self.runtime = runtime
        self.runner = runner
        self.context = context
    }

    deinit {
        runtime.lua.close()
    }
}

extension ScenarioFileRunner {
    /// Loads the file into a fresh state, recording every scenario; throws what loading it
    /// throws.
    public func template() throws -> ScenarioTemplate {
        let context = ScenarioContext(snapshots: snapshots, recordingSteps: recordsSteps, onPrint: onPrint)
        let runtime = try makeRuntime()
        do {
            let runner = try runtime.lua.withBudget { try prepare(runtime, context, target: nil) }
            try runtime.lua.withStack { call in
                try runner.push(on: call)
                call.field(-1, "index")
                try runtime.lua.pcall(call, arguments: 0, results: 0)
            }
            noteModules(of: runtime.lua)
            runtime.lua.collectGarbage()
            return ScenarioTemplate(runtime: runtime, runner: runner, context: context)
        } catch {
            runtime.lua.close()
            throw error
        }
    }

    /// Runs `scenario` in `template`'s state, as `run(_:afterHooksStart:)` runs it in a fresh
    /// one: what the file's loading printed and recorded comes first, the `before_each`
    /// hooks and the body share a budget, the `after_each` hooks get another (the loading
    /// had its own, once).
    public func run(_ scenario: ScenarioInfo, from template: ScenarioTemplate, afterHooksStart: (() -> Void)? = nil) -> ScenarioResult {
        let start = DispatchTime.now().uptimeNanoseconds
        let context = template.context
        context.scenarioName = scenario.name
        return outcome(of: scenario, context, since: start) {
            let (runtime, runner, lua) = (template.runtime, template.runner, template.runtime.lua)
            defer { noteModules(of: lua) }
            let found = try lua.withStack { call in
                try runner.push(on: call)
                call.field(-1, "select")
                call.push(scenario.name)
                call.push(scenario.location)
                call.push(value: scenario.bodyPrint.map(LuaValue.string) ?? .nil)
                try lua.pcall(call, arguments: 3, results: 1)
                return try call.integer(-1)
            }
            guard found == 1 else { throw Self.notFound(scenario, found) }
            var failure: LuaError?
            try lua.withBudget { failure = try runBefore(lua, runner: runner, context) }
            return try finish(runtime, runner, context, failure: failure, afterHooksStart: afterHooksStart)
        }
    }
}
