/// What a scenario's failure says of itself: whether it is an expectation's, and the frames
/// of its traceback worth showing.
extension ScenarioFileRunner {
    static func isExpectationFailure(_ message: String) -> Bool {
        message.contains(": expect(value)") || message.hasPrefix("expect(value)")
    }

    /// A failed expect's traceback when it says more than the message's `file:line`: the
    /// expect ran in a helper, and the frames name its callers (as Jest shows a stack). An
    /// expect written in the scenario itself shows none.
    static func helperFrames(_ traceback: String) -> String? {
        let frames = traceback.split(separator: "\n").filter { !$0.hasPrefix("\t[C]:") && $0 != "\t(...tail calls...)" }
        return frames.count > 1 ? frames.joined(separator: "\n") : nil
    }
}
