/// What a script may use. Each top-level call from Swift into Lua gets the whole budget of
/// instructions and time; memory is a cap on everything the state holds. Going past a
/// limit is an error that names it, at the script's `file:line`, and the host goes on.
///
/// Defaults suit scenarios: 64 MiB, 100 million instructions, 10 seconds per call.
public struct LuaLimits: Sendable, Hashable, Codable {
    /// Bytes the state may hold; 0 (or less) for no cap.
    public var memory: Int
    /// Lua VM instructions per call from Swift; 0 (or less) for no limit. Counted in steps of 1,000.
    public var instructions: Int
    /// Wall-clock seconds per call from Swift; 0 (or less, or NaN) for no limit.
    public var seconds: Double

    /// Limits of `memory` bytes, `instructions` VM instructions and `seconds` per call; 0 lifts one.
    public init(memory: Int = 64 << 20, instructions: Int = 100_000_000, seconds: Double = 10) {
        self.memory = memory
        self.instructions = instructions
        self.seconds = seconds
    }

    /// No limits at all, for trusted code.
    public static let none = LuaLimits(memory: 0, instructions: 0, seconds: 0)
}
