import Foundation
import LuaKit

/// A scenario's hooks around its body: the before hooks and the body, then the after hooks on
/// a budget of their own, and how their failures combine into the scenario's.
extension ScenarioFileRunner {
    /// The after hooks, on a budget of their own, then what the run recorded; the first
    /// failure of the scenario and its hooks.
    func finish(_ runtime: NavRuntime, _ runner: LuaReference, _ context: ScenarioContext, failure: LuaError?,
                afterHooksStart: (() -> Void)?) throws -> LuaError? {
        let lua = runtime.lua
        let afterFailure = try lua.withBudget { try runAll(lua, runner: runner, "after", context, starting: afterHooksStart) }
        if context.recorder != nil {
            context.definedScreens = runtime.definedScreens.sorted()
        }
        if options.coverage {
            var lines = lua.coverage
            lines[displayPath] = nil            // the scenario file itself is not covered
            context.coverage = lines
            context.routeCoverage = runtime.routeUsage
        }
        // A pending scenario stopped by `pending()` did not fail: a hook that then failed is
        // the failure, with its own traceback.
        if context.pendingReason(raising: failure?.message) != nil, afterFailure != nil {
            return afterFailure
        }
        // pending() in an after hook of a scenario that failed leaves the failure as it was: the
        // hook did not fail (and the scenario is not skipped).
        if let failure, context.pendingReason(raising: afterFailure?.message) != nil {
            return failure
        }
        return ScenarioFailure.combine(failure, afterFailure)
    }

    /// Whether `message` is what `pending(reason)` raised: as raised, or with the places that
    /// `coroutine.wrap` puts before a text error on its way out (`file.lua:2: pending: ...`).
    static func isPending(_ message: String?, _ reason: String) -> Bool {
        let raised = "pending: \(reason)"
        guard let message, message.hasSuffix(raised) else { return false }
        let places = message.dropLast(raised.count)
        return places.isEmpty || places.wholeMatch(of: /(?:[^\n]*?:\d+: )+/) != nil
    }

    /// The before functions, then the body unless one failed; the first failure.
    func runBefore(_ lua: LuaState, runner: LuaReference, _ context: ScenarioContext) throws -> LuaError? {
        if let failure = try runAll(lua, runner: runner, "before", context) {
            return failure
        }
        return try lua.withStack { call in
            try runner.push(on: call)
            call.field(-1, "body")
            try lua.pcall(call, arguments: 0, results: 1)
            do throws(LuaError) {
                try lua.pcall(call, arguments: 0, results: 0)
                return nil
            } catch {
                return error
            }
        }
    }

    /// Runs the hooks of the target of one kind ("before" or "after"): before hooks up to the
    /// first that fails, every after hook even when one fails; calls `starting` first if
    /// there is one; returns the first failure. A hook's failure says which hook it was
    /// (`(in before_each of "chat")`), but for a `pending()`, which stopped the scenario.
    private func runAll(_ lua: LuaState, runner: LuaReference, _ which: String, _ context: ScenarioContext,
                        starting: (() -> Void)? = nil) throws -> LuaError? {
        try lua.withStack { call in
            try runner.push(on: call)
            call.field(-1, "hooks")
            call.push(which)
            try lua.pcall(call, arguments: 1, results: 2)
            let (list, labels) = (call.top - 1, call.top)
            if call.length(list) > 0 {
                starting?()
            }
            var failure: LuaError?
            let count = call.length(list)
            for position in 0..<count {
                // After hooks past a limit their budget passed would each fail at once with
                // that limit's error: they are said not to have run.
                if let stopped = failure, lua.isStopped {
                    let left = count - position
                    let hooks = left == 1 ? "the hook" : "the \(left) hooks"
                    failure = LuaError(kind: stopped.kind, message: stopped.message + "\n(\(hooks) after it did not run: the budget of the after hooks is used up)",
                                       traceback: stopped.traceback)
                    break
                }
                call.element(list, position + 1)
                do throws(LuaError) {
                    try lua.pcall(call, arguments: 0, results: 0)
                } catch var error {
                    if context.pendingReason(raising: error.message) == nil {
                        call.element(labels, position + 1)
                        let label = call.optionalString(-1) ?? "a hook"
                        call.pop(1)
                        error = LuaError(kind: error.kind, message: error.message + "\n(in \(label))", traceback: error.traceback)
                    }
                    // A before hook that fails skips the rest, as in busted; every after hook
                    // runs, and each failure of theirs is shown.
                    failure = failure.map { ScenarioFailure.combine($0, error) } ?? error
                    if which == "before" { break }
                }
            }
            return failure
        }
    }
}
