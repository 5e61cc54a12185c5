import Foundation

/// How a state is set up.
public struct LuaOptions: Sendable {
    /// The limits; `LuaLimits()` by default.
    public var limits: LuaLimits
    /// The folder `require` may load `.lua` files from; nil lets it load only the modules
    /// the host set as loaded (`LuaState.setLoaded`).
    public var root: URL?
    /// How chunk names show the root ("routes" makes `@routes/chat.lua`); empty for none.
    public var displayRoot: String?
    /// The seed of `math.random`, so that runs repeat.
    public var seed: Int

    public init(limits: LuaLimits = LuaLimits(), root: URL? = nil, displayRoot: String? = nil, seed: Int = 0) {
        self.limits = limits
        self.root = root
        self.displayRoot = displayRoot
        self.seed = seed
    }
}
