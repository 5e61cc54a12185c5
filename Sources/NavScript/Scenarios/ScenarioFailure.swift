import LuaKit

/// How the failures of one scenario combine into the one it reports.
enum ScenarioFailure {
    /// The scenario's failure and an `after_each` failure after it: both are shown, the
    /// scenario's first (it says what went wrong; the hook's may follow from it).
    static func combine(_ failure: LuaError?, _ afterFailure: LuaError?) -> LuaError? {
        guard let failure else { return afterFailure }
        guard let afterFailure else { return failure }
        return LuaError(kind: failure.kind, message: failure.message + "\n\nand then an after hook failed:\n" + afterFailure.message,
                        traceback: failure.traceback)
    }
}
