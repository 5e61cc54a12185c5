import Foundation
import ScreenKit

/// A host's Swift factory for the screens scripts name: it gets the screen's traits.
public typealias NavScreenFactory = @Sendable ([String: ScreenValue]) -> AnyScreen

/// Where the names scripts define are looked up: screen builders, custom actions,
/// decorators. Swift keeps no Lua reference beyond its state's life: a screen or an action
/// made by a script keeps only its name and this directory, and looks the name up again in
/// the runtime that is current when it runs. The engine points the directory at each new
/// runtime after a reload, so routes built before the reload use the new definitions.
public final class NavDirectory {
    /// The runtime names resolve in now.
    public internal(set) weak var runtime: NavRuntime?
    /// The engine that points it at its runtimes, if one does: only that engine does then.
    weak var engine: NavEngine?

    /// The runtime callbacks run in: the one loading, on the thread that loads it (an
    /// engine loads a reload's scripts off the main thread, and what they build while
    /// loading must use their own definitions), else `runtime`.
    var current: NavRuntime? {
        NavDirectory.loading?.runtime ?? runtime
    }

    /// The runtime being loaded by the running task, if any.
    @TaskLocal static var loading: NavLoadingRuntime?

    /// Screen factories registered by the host, by screen name. They win over the scripts'
    /// definitions of the same name. Locked: an engine's reload reads them off its thread.
    private var factories: [String: NavScreenFactory] = [:]
    private let lock = NSLock()

    /// An empty directory, with no runtime and no host factories.
    public init() {}

    /// A directory with `factories` registered, as `registerScreen` registers each.
    public convenience init(screens factories: [String: NavScreenFactory]) {
        self.init()
        self.factories = factories
    }

    /// Registers a Swift factory for the screens scripts create as `nav.screen(name)`. Its
    /// screen is named as the scripts name it (`var name: String { "Chat" }`), and it may run
    /// on a reload's task, off the main actor (a script that builds a screen while it loads).
    ///
    ///     directory.registerScreen("Chat") { traits in ChatScreen(traits).eraseToAnyScreen() }
    public func registerScreen(_ name: String, factory: @escaping NavScreenFactory) {
        lock.lock()
        factories[name] = factory
        lock.unlock()
    }

    private func factory(_ name: String) -> NavScreenFactory? {
        lock.lock()
        defer { lock.unlock() }
        return factories[name]
    }

    /// Builds the container of a script screen: the host's factory if there is one, else a
    /// container of `kind` set up by the script's build function, if it has one.
    func build(name: String, key: ScreenKey, kind: ScreenContainerKind, navigator: ScreenNavigator) throws -> ScreenContainer {
        if let factory = factory(name) {
            // The container stands for the script's screen: searched for by its key, it must
            // carry the script's name (a Swift type's own name would hide it from them).
            let screen = factory(key.traits)
            guard screen.key.name == name else {
                throw ScreenFailure("the Swift factory for '\(name)' made a screen named '\(screen.key.name)': "
                    + "name it as the scripts do (var name: String { \"\(name)\" }), or their searches for \(name) will not find it")
            }
            // The routes were checked against the kind the scripts declare (a push after it).
            let built = try screen.build(navigator: navigator)
            guard built.kind == kind else {
                throw ScreenFailure("the Swift factory for '\(name)' made a \(built.kind.rawValue) container, where the scripts declare "
                    + "'\(name)' a \(kind.rawValue) (nav.screen(\"\(name)\", { container = \"\(kind.rawValue)\" }))")
            }
            return built
        }
        guard let runtime = current else {
            throw LuaError(kind: .unavailable, message: "the scripts that define screen '\(name)' were unloaded")
        }
        if let declared = runtime.screenKinds[name], declared.kind != kind {
            throw ScreenFailure("screen '\(name)' was made as a \(kind.rawValue), and is declared again as a \(declared.kind.rawValue) at \(declared.place): "
                + "one name is one screen (declare it once, and require the module that does)")
        }
        let container = ScreenContainer(kind: kind, key: key)
        try runtime.keep(bytes: NavRuntime.containerBytes + key.traitBytes, for: container)
        try runtime.setUp(container, screen: name, navigator: navigator)
        return container
    }
}

/// A runtime being loaded off the thread that uses the engine: only that loading task sees
/// it, through `NavDirectory.loading`.
final class NavLoadingRuntime: @unchecked Sendable {
    weak var runtime: NavRuntime?

    init(_ runtime: NavRuntime) {
        self.runtime = runtime
    }
}

extension ScreenKey {
    /// About what its traits take in memory: a container keeps them as long as it lives.
    var traitBytes: Int {
        traits.reduce(name.utf8.count) { $0 + $1.key.utf8.count + $1.value.estimatedBytes }
    }
}

extension ScreenValue {
    var estimatedBytes: Int {
        switch self {
        case let .string(text): return 16 + text.utf8.count
        case let .array(items): return items.reduce(16) { $0 + $1.estimatedBytes }
        case let .object(fields): return fields.reduce(16) { $0 + $1.key.utf8.count + $1.value.estimatedBytes }
        case .bool, .int, .double: return 16
        }
    }
}
