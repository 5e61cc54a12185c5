import CLuaBridge

/// Module texts that `require` reads once and every state given them shares, on any
/// thread: `navscript explore` opens a fresh state for each walk, and each walk then loads
/// the same modules without touching the disk (and an edit made during a run cannot make
/// two walks of one seed differ). Without them, `require` reads a module's file every time.
///
///     var options = LuaOptions(root: routes)
///     options.moduleFiles = LuaModuleFiles()    // shared by the states opened with options
public final class LuaModuleFiles: @unchecked Sendable {
    // Sendable: the C set locks around its changes, and its texts never change once kept.
    let files: OpaquePointer?

    /// An empty set of module texts, filled by the first `require` of each module.
    public init() {
        files = lk_newmodulefiles()
    }

    deinit {
        lk_freemodulefiles(files)
    }
}
