import LuaKit

/// How the failures of one scenario combine into the one it reports.
enum ScenarioFailure {
    /// What comes between the scenario's failure and its after hook's.
    static let afterHookSeparator = "\n\nand then an after hook failed:\n"

    /// The scenario's failure and an `after_each` failure after it: both are shown, the
    /// scenario's first (it says what went wrong; the hook's may follow from it), each with
    /// its own traceback: the scenario's goes in the message, the hook's is the traceback.
    static func combine(_ failure: LuaError?, _ afterFailure: LuaError?) -> LuaError? {
        guard let failure else { return afterFailure }
        guard let afterFailure else { return failure }
        // A failed expect shows its traceback only when it ran in a helper (its callers'
        // frames); the result then shows no traceback, so the hook's goes in the message.
        let expectation = ScenarioFileRunner.isExpectationFailure(failure.message)
        let shown = expectation ? ScenarioFileRunner.helperFrames(failure) : failure.traceback
        let first = failure.message + (shown.map { "\nstack traceback:\n" + $0 } ?? "")
        let second = afterFailure.message + (expectation ? afterFailure.traceback.map { "\nstack traceback:\n" + $0 } ?? "" : "")
        return LuaError(kind: failure.kind, message: first + afterHookSeparator + second,
                        traceback: expectation ? nil : afterFailure.traceback)
    }
}
