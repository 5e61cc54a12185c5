/// What a scenario's failure says of itself: whether it is an expectation's, and the frames
/// of its traceback worth showing.
extension ScenarioFileRunner {
    static func isExpectationFailure(_ message: String) -> Bool {
        message.contains(": expect(value)") || message.hasPrefix("expect(value)")
    }

    /// A failed expect's traceback when it says more than the message's `file:line`: the
    /// expect ran in a helper, and the frames name its callers (as Jest shows a stack), also
    /// when the helper's own frame went in a tail call (`return expect(x):toBe(y)`). An expect
    /// written in the scenario itself shows none.
    static func helperFrames(_ error: LuaError) -> String? {
        guard let traceback = error.traceback else { return nil }
        let frames = traceback.split(separator: "\n").filter { !$0.hasPrefix("\t[C]:") && $0 != "\t(...tail calls...)" }
        let place = error.message.range(of: ": ").map { error.message[..<$0.lowerBound] }
        let framePlace = frames.first.flatMap { frame in frame.range(of: ": in ").map { frame.dropFirst()[..<$0.lowerBound] } }
        return frames.count > 1 || frames.count == 1 && place != nil && framePlace != place ? frames.joined(separator: "\n") : nil
    }
}
