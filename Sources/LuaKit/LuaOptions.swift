import Foundation

/// How a state is set up.
public struct LuaOptions: Sendable {
    /// The limits; `LuaLimits()` by default.
    public var limits: LuaLimits
    /// The folder `require` may load `.lua` files from; nil lets it load only the modules
    /// the host set as loaded (`LuaState.setLoaded`).
    public var root: URL? {
        didSet { realRoot = Self.realPath(of: root) }
    }
    /// The root with its links resolved, as the sandbox checks paths against it: resolved
    /// once here rather than for each of the thousands of states a suite opens.
    private(set) var realRoot: String
    /// How chunk names show the root ("routes" makes `@routes/chat.lua`); empty for none.
    public var displayRoot: String?
    /// Whether a module below the working folder is named from it (`err.lua`, not
    /// `/abs/root/lim/err.lua`) when the root is above it, as the runner names files. The
    /// working folder is the one when this is set.
    public var namesFromWorkingFolder = false {
        didSet { realWorkingFolder = namesFromWorkingFolder ? Self.realPath(of: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) : "" }
    }
    private var realWorkingFolder = ""
    /// The seed of `math.random`, so that runs repeat.
    public var seed: Int
    /// Whether the state counts the lines that run (`LuaState.coverage`).
    public var coverage = false
    /// Module texts read once for every state opened with these options; nil reads a
    /// module's file at each `require`, so that an edit shows in the next state.
    public var moduleFiles: LuaModuleFiles?

    /// Options with the given limits, `require` root, name shown for the root and random seed.
    public init(limits: LuaLimits = LuaLimits(), root: URL? = nil, displayRoot: String? = nil, seed: Int = 0) {
        self.limits = limits
        self.root = root
        self.displayRoot = displayRoot
        self.seed = seed
        realRoot = Self.realPath(of: root)
    }

    /// With `namesFromWorkingFolder`, the working folder's path from the real root when it
    /// is below it ("lim"): what chunk names leave out. Empty otherwise.
    var workingFolderInRoot: String {
        guard !realRoot.isEmpty, realWorkingFolder.hasPrefix(realRoot + "/") else { return "" }
        return String(realWorkingFolder.dropFirst(realRoot.count + 1))
    }

    /// The root as C's `realpath` gives it, which is how the sandbox checks the paths of
    /// modules: Foundation's `resolvingSymlinksInPath` strips macOS's `/private` (of
    /// `/private/var`, `/private/tmp`) where `realpath` keeps it, and every `require` under
    /// a temporary folder would then look outside the root. A root that does not exist yet
    /// stays as given.
    package static func realPath(of root: URL?) -> String {
        guard let root else { return "" }
        guard let resolved = realpath(root.path, nil) else { return root.standardizedFileURL.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
