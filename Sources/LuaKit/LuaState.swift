import CLua
import CLuaBridge
import Foundation

/// A Lua 5.4 state with the sandbox open and the limits set: the safe Swift layer over the
/// VM. It knows nothing of navigation.
///
///     let lua = try LuaState(options: LuaOptions(root: scripts))
///     try lua.execute("print(1 + 1)", chunkName: "@main.lua")
///
/// Every call into Lua is protected and comes back as a `LuaError`. A state is confined to
/// one thread at a time; only a `LuaReference` may be dropped on another (its registry slot
/// is given back by the state's own thread, on its next call). Closing it (or its deinit)
/// releases every Swift object its userdata held; references into it then answer
/// "unavailable".
///
/// The raw state, its stack and protected calls are for this package's own bindings
/// (`package`): a host calls scripts through `call(_:_:results:read:)`, with a reference
/// from `global(_:)`, which reserves the stack for what it pushes and reports every error
/// as a `LuaError`.
public final class LuaState {
    /// The main thread, nil once closed. Read by every binding's call, and written only by
    /// `init` and `close`, so without the run-time exclusivity check.
    @exclusivity(unchecked) @usableFromInline package private(set) var L: OpaquePointer?

    /// The thread running right now: inside a Swift function called from a coroutine, the
    /// coroutine. Calls back into Lua go there.
    @usableFromInline package var current: OpaquePointer? {
        L.map { lk_current($0) }
    }

    /// The options the state was opened with, its limits as `setLimits` last set them.
    public internal(set) var options: LuaOptions

    /// Where `print` writes; by default standard output (as far as it takes the text:
    /// `writeAsFarAsItGoes`).
    public var output: ((String) -> Void)? = { writeAsFarAsItGoes($0, to: STDOUT_FILENO) }

    /// Functions made for this state alone (closures), kept as long as it.
    private var functions: [LuaFunction] = []

    /// Registry slots of references dropped since the last call, maybe on other threads.
    private let released = LuaReleasedReferences()

    /// What memory charges refer to (`chargeMemory(refundable:)`), cleared when the state closes.
    let account = LuaMemoryAccount()

    /// Opens a state with the sandbox of LUA_API.md and the given limits.
    public init(options: LuaOptions = LuaOptions()) throws(LuaError) {
        self.options = options
        guard let L = lk_newstate() else {
            throw LuaError(kind: .memory, message: "cannot create a Lua state: out of memory")
        }
        self.L = L
        account.state = self
        // The headers are 5.4's (lua_version.h); a link line that found another Lua's
        // library (Homebrew's 5.5 beside the keg-only lua@5.4) is refused here, not crashed on.
        let version = Int(lua_version(L))
        guard version == Int(LUA_VERSION_NUM) else {
            close()
            throw LuaError(kind: .unavailable, message: "NavScript was built with Lua 5.4's headers but linked with Lua \(version / 100).\(version % 100)'s library: "
                           + "link lua@5.4's (brew --prefix lua@5.4) ahead of any other Lua")
        }
        lk_setoutput(L, luaOutput, Unmanaged.passUnretained(self).toOpaque())
        let status = lk_opensandbox(L, options.realRoot, options.displayRoot ?? "", options.workingFolderInRoot, lua_Integer(options.seed))
        if status != LUA_OK {
            let message = LuaCall(L).optionalString(-1) ?? "cannot open the sandbox"
            close()
            throw LuaError(status: status, message: message, stop: 0)
        }
        lk_setlimits(L, options.limits.memory, Int64(options.limits.instructions), options.limits.seconds)
        if let moduleFiles = options.moduleFiles {
            lk_setmodulefiles(L, moduleFiles.files)
        }
        if options.coverage {
            lk_setcoverage(L, 1)
        }
    }

    deinit {
        close()
    }

    /// Whether the state is closed (`close()`): its references then answer "unavailable".
    public var isClosed: Bool { L == nil }

    /// Closes the state: Lua collects everything and releases the Swift objects held.
    public func close() {
        guard let L else { return }
        account.state = nil
        self.L = nil
        lk_close(L)
        functions.removeAll()
        _ = released.take()
    }

    // MARK: The stack

    /// Runs `body` with a view of the running thread's stack, and restores its top after.
    /// The body has Lua's minimum of free slots (20); it reserves more before pushing more.
    @inlinable
    package func withStack<R>(_ body: (LuaCall) throws -> R) throws -> R {
        guard let L = current ?? L else {
            throw LuaError(kind: .unavailable, message: "the Lua state is closed")
        }
        let call = LuaCall(L)
        let top = call.top
        defer { call.setTop(top) }
        guard call.reserve(LuaCall.minimumStack) else {
            throw LuaError(kind: .runtime, message: "stack overflow (the host cannot call further into Lua)")
        }
        return try body(call)
    }

    /// Seeds `math.random` as a state opened with `seed` is seeded (`LuaOptions.seed`).
    package func seedRandom(_ seed: Int) throws {
        try withStack { call in
            guard lk_seedrandom(call.L, lua_Integer(truncatingIfNeeded: seed)) == LUA_OK else {
                throw LuaError(kind: .memory, message: "not enough memory")
            }
        }
    }

    // MARK: Loading and calling

    /// Loads a text chunk and pushes it as a function. `chunkName` is `@path` for a file,
    /// so that messages say `path:line:`.
    package func load(_ text: String, chunkName: String, on call: LuaCall) throws(LuaError) {
        var text = text
        try text.withUTF8 { bytes in
            Result { () throws(LuaError) in try load(UnsafeRawBufferPointer(bytes), chunkName: chunkName, on: call) }
        }.get()
    }

    /// Loads a text chunk given as bytes: Lua source need not be UTF-8 (a string literal may
    /// hold any byte).
    package func load(_ bytes: UnsafeRawBufferPointer, chunkName: String, on call: LuaCall) throws(LuaError) {
        let status = lk_load(call.L, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, chunkName)
        if status != LUA_OK {
            var message = call.optionalString(-1) ?? "cannot load \(chunkName)"
            call.pop()
            // The parser's own runtime error names no place: said with the file, and why.
            if status == LUA_ERRRUN && message == "C stack overflow" {
                message = "\(LuaChunk.shownName(chunkName)): C stack overflow (functions, tables or blocks nested too deep to compile)"
            }
            throw LuaError(status: status, message: message, stop: 0)
        }
    }

    /// Calls the function below the `arguments` on the top of `call`'s stack, protected,
    /// leaving `results` results (all of them for -1). The caller has reserved room for
    /// the results, and one slot more.
    package func pcall(_ call: LuaCall, arguments: Int32, results: Int32) throws(LuaError) {
        releaseDropped(call)
        let status = lk_pcall(call.L, arguments, results)
        if status != LUA_OK {
            let message = call.optionalString(-1) ?? "error"
            call.pop()
            throw LuaError(status: status, message: message, stop: lk_laststop(call.L))
        }
    }

    /// Where a script function is defined, `"routes/chat.lua:12"` (the line of its
    /// `function`), for messages about what it returned; nil for a C function.
    public func definition(of function: LuaReference) -> String? {
        try? withStack { call -> String? in
            try function.push(on: call)
            return call.definition(of: -1)
        }
    }

    /// Calls the script function `function` with `arguments`, protected, and reads its
    /// `results` (all of them for -1) from the top of the stack with `read`. Room for the
    /// arguments is reserved first, whatever their number.
    ///
    ///     let route = try lua.call(builder, [.object(container, containers), .value(.integer(7))]) { call in ... }
    public func call<R>(_ function: LuaReference, _ arguments: [LuaArgument] = [], results: Int32 = 1,
                        read: (LuaCall) throws -> R) throws -> R {
        try withStack { call in
            guard call.reserve(Int32(clamping: arguments.count) + max(results, 0) + LuaCall.minimumStack) else {
                throw LuaError(kind: .runtime, message: "stack overflow (\(arguments.count) arguments are too many)")
            }
            try function.push(on: call)
            for argument in arguments {
                argument.push(call)
            }
            try pcall(call, arguments: Int32(arguments.count), results: results)
            return try read(call)
        }
    }

    /// Loads and runs a chunk; returns its first result as plain data. A result that cannot
    /// be copied (a cycle, a table past the copy limits, or nested past `resultDepth`) is an
    /// error, not nil.
    @discardableResult
    public func execute(_ text: String, chunkName: String) throws -> LuaValue {
        try withStack { call in
            try load(text, chunkName: chunkName, on: call)
            try pcall(call, arguments: 0, results: 1)
            return try Self.result(call, of: chunkName)
        }
    }

    /// How deep a chunk's result may nest: an app's snapshot of the deepest hierarchy
    /// ScreenKit builds (100 levels, each a node and its `children` list) fits.
    public static let resultDepth = 256

    /// The value on the top of the stack as plain data, or a `LuaError` saying why it is not.
    private static func result(_ call: LuaCall, of chunkName: String) throws -> LuaValue {
        do {
            return try call.value(-1, depth: resultDepth)
        } catch {
            let reason: String
            switch error {
            case let .message(text), let .plain(text), let .argument(_, text): reason = text
            case let .type(_, expected): reason = "\(expected) expected"
            case .value: reason = "it cannot be copied"
            }
            throw LuaError(kind: .runtime, message: "the result of \(LuaChunk.shownName(chunkName)) is not plain data: \(reason)")
        }
    }

    /// Converts the value at `index` to a string as an error message shows it: as
    /// `tostring` does, but a table by its fields and a function by its type, never by an
    /// address (`navigator:logError({code = 1})`); a `__tostring` that raises is said in the
    /// text, as a failure's message says it.
    package func errorText(_ index: Int32, on call: LuaCall) throws(LuaError) -> String {
        let index = lua_absindex(call.L, index)
        let status = lk_errortext(call.L, index)
        defer { call.pop() }
        let text = call.optionalString(-1) ?? "?"
        guard status == LUA_OK else {
            // The message without the traceback the protected call added.
            let message = text.range(of: "\nstack traceback:").map { String(text[..<$0.lowerBound]) } ?? text
            throw LuaError(kind: .runtime, message: message)
        }
        return text
    }

    /// The modules `require` has loaded so far, by name (those the host set as loaded included).
    public func loadedModules() -> [String] {
        names(in: lk_pushloaded)
    }

    /// The modules `require` found a file for so far, loaded or not (one that raised, or
    /// did not compile), with those loaded: what scripts of this state depend on.
    public func requiredModules() -> [String] {
        Array(Set(names(in: lk_pushloaded)).union(names(in: lk_pushrequired))).sorted()
    }

    /// The keys of the table `push` pushes that are names, sorted.
    private func names(in push: (OpaquePointer?) -> Void) -> [String] {
        guard let L else { return [] }
        let call = LuaCall(L)
        let top = call.top
        defer { call.setTop(top) }
        push(L)
        guard call.type(-1) == .table else { return [] }
        var names: [String] = []
        call.pushNil()
        while call.next(-2) {
            if let name = call.optionalString(-2) {
                names.append(name)
            }
            call.pop()
        }
        return names.sorted()
    }

    // MARK: Functions and classes

    /// Keeps a Swift closure alive as long as the state, as a function.
    func retain(_ body: @escaping LuaFunction.Body) -> LuaFunction {
        let function = LuaFunction(body)
        functions.append(function)
        return function
    }

    /// Pushes a Swift closure as a function. The closure must not hold the state strongly.
    package func pushFunction(on call: LuaCall, _ body: @escaping (LuaCall) throws -> Int32) {
        push(retain(body), on: call)
    }

    /// Pushes a shared function (which must outlive the state: a `static let`).
    package func push(_ function: LuaFunction, on call: LuaCall) {
        lk_pushfunction(call.L, luaSwiftEntry, function.context)
    }

    /// The object that shared functions find with `call.host(_:)`; not retained, so it must
    /// outlive the state (an object that owns its state does).
    public var hostObject: AnyObject? {
        get { L.flatMap { lk_hostobject($0) }.map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() } }
        set {
            guard let L else { return }
            lk_sethostobject(L, newValue.map { Unmanaged.passUnretained($0).toOpaque() })
        }
    }

    /// Sets a global to a Swift function.
    public func register(_ name: String, _ body: @escaping (LuaCall) throws -> Int32) {
        guard let L else { return }
        let call = LuaCall(L)
        lua_rawgeti(L, clua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        pushFunction(on: call, body)
        call.setField(-2, name)
        call.pop()
    }

    /// Sets a global to the value on the top of the stack (popped).
    package func setGlobal(_ name: String, from call: LuaCall) {
        lua_rawgeti(call.L, clua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_rotate(call.L, -2, 1)
        call.setField(-2, name)
        call.pop()
    }

    /// Pushes the sandbox's `require`, which a script may have replaced as a global.
    package func pushRequire(on call: LuaCall) {
        lk_pushrequire(call.L)
    }

    /// Pushes the global `name` (raw: no metamethod runs) and returns its type.
    @discardableResult
    package func pushGlobal(_ name: String, on call: LuaCall) -> LuaType {
        lua_rawgeti(call.L, clua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        let type = call.field(-1, name)
        lua_rotate(call.L, -2, -1)
        call.pop()
        return type
    }

    /// Makes the value on the top of the stack (popped) what `require(name)` returns, as
    /// if the module had been loaded.
    package func setLoaded(_ name: String, from call: LuaCall) {
        lk_pushloaded(call.L)
        lua_rotate(call.L, -2, 1)
        call.setField(-2, name)
        call.pop()
    }

    /// Names the functions of the table on the top of the stack (popped) `name.field` where
    /// Lua names a function it has no name for from the calling code (an argument error of
    /// one called by `pcall`, a traceback's frame), as it names the standard libraries':
    /// the table goes in the registry's `_LOADED`, which scripts cannot reach.
    package func nameLibrary(_ name: String, from call: LuaCall) {
        luaL_getsubtable(call.L, clua_registryindex(), LUA_LOADED_TABLE)
        lua_rotate(call.L, -2, 1)
        call.setField(-2, name)
        call.pop()
    }

    /// Creates a class for Swift values of type `T` (objects or structs), known to Lua as
    /// `name`.
    public func makeClass<T>(_ name: String, of type: T.Type = T.self) -> LuaClass<T>? {
        makeClass(name, definition: nil)
    }

    /// Makes this state's class of a shared definition (which must outlive the state); nil
    /// for an incomplete one.
    public func makeClass<T>(_ definition: LuaClassDefinition, of type: T.Type = T.self) -> LuaClass<T>? {
        guard definition.isComplete else { return nil }
        return makeClass(definition.name, definition: definition)
    }

    private func makeClass<T>(_ name: String, definition: LuaClassDefinition?) -> LuaClass<T>? {
        guard let L else { return nil }
        let call = LuaCall(L)
        let top = call.top
        defer { call.setTop(top) }
        return LuaClass(state: self, L: L, name: name, definition: definition)
    }

    // MARK: References

    /// Takes the value on the top of the stack (popped) into the registry.
    package func reference(from call: LuaCall) -> LuaReference {
        // The slots of references dropped meanwhile go back first: a script that makes and
        // drops many (an app's `app.transitions` in a loop of apps) between calls into Lua
        // would keep every value they held until the next call.
        releaseDropped(call)
        return LuaReference(state: self, ref: luaL_ref(call.L, clua_registryindex()))
    }

    /// Notes that a reference was dropped, on whatever thread: its slot is given back on
    /// the state's own thread, before its next call.
    func unreference(_ ref: Int32) {
        released.add(ref)
    }

    /// Gives back the registry slots of the references dropped so far (done before every
    /// call into Lua; a binding that drops one and wants it collected now calls this).
    package func releaseDropped(_ call: LuaCall) {
        for ref in released.take() {
            luaL_unref(call.L, clua_registryindex(), ref)
        }
    }
}
