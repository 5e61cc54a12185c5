/// Something that observes screens (Nivelir's `ScreenObserver`): registered with a
/// navigator for one observer type (Nivelir's observer protocol) and a predicate.
public protocol ScreenObserver: AnyObject {}

/// What a screen informs its observers through (Nivelir's `ScreenObservation`): made for
/// an observer type when the screen is built, and tied to its container after. The
/// container is held weakly, as Nivelir holds it: once it is gone, predicates that need it
/// fail. Observers stay registered whatever happens to the screen.
///
///     container.observation?.notify { ($0 as? ChatObserver)?.didSendMessage(text) }
///     -- Lua: chat:notify("didSendMessage", text)
public final class ScreenObservation: CustomStringConvertible {
    /// The observer type (Nivelir's `Observer`): only observers registered as it are told.
    public let type: String
    public private(set) weak var container: ScreenContainer?
    private weak var observatory: ScreenObservatory?
    private weak var navigator: ScreenNavigator?

    init(type: String, observatory: ScreenObservatory, navigator: ScreenNavigator) {
        self.type = type
        self.observatory = observatory
        self.navigator = navigator
    }

    /// Ties the observation to the container built with it (Nivelir does this after `build`).
    public func associate(with container: ScreenContainer) {
        self.container = container
        container.observation = self
    }

    /// Calls `body` with every observer of this type whose predicate holds for the
    /// container now, once each, in the order they registered.
    public func notify(_ body: (ScreenObserver) throws -> Void) rethrows {
        guard let observatory, let navigator else { return }
        for observer in observatory.observers(of: type, for: container, iterator: navigator.iterator) {
            try body(observer)
        }
    }

    /// `ScreenObservation<Type>`, with the observer type's name.
    public var description: String { "ScreenObservation<\(type)>" }
}

/// Keeps an observer registered (Nivelir's `ScreenObserverToken`) until `cancel()`, or
/// until the token goes away.
public final class ScreenObserverToken {
    private var cancellation: (() -> Void)?

    init(_ cancellation: @escaping () -> Void) {
        self.cancellation = cancellation
    }

    /// Unregisters the observer; a second call does nothing.
    ///
    ///     token.cancel()   -- Lua: token:cancel()
    public func cancel() {
        cancellation?()
        cancellation = nil
    }

    deinit {
        cancel()
    }
}

/// The observers of a navigator (Nivelir's `ScreenObservatory`), in registration order.
public final class ScreenObservatory {
    private struct Entry {
        let id: Int
        let type: String
        let predicate: ScreenObserverPredicate
        weak var weakObserver: ScreenObserver?
        let strongObserver: ScreenObserver?

        var observer: ScreenObserver? { strongObserver ?? weakObserver }
    }

    private var entries: [Entry] = []
    private var nextID = 0
    /// How many entries there were after dead ones last went: they go again once the list
    /// has doubled, so that a registration costs the same however many came before (each
    /// went over the whole list, a weak load an entry).
    private var pruned = 0

    /// An observatory with no observers.
    public init() {}

    /// Registers `observer` as an observer of `type` for the screens `predicate` admits.
    func add(_ observer: ScreenObserver, as type: String, where predicate: ScreenObserverPredicate, weakly: Bool) -> Int {
        nextID += 1
        if entries.count >= 2 * pruned {
            entries.removeAll { $0.observer == nil }
            pruned = max(entries.count, 8)
        }
        entries.append(Entry(id: nextID, type: type, predicate: predicate, weakObserver: observer, strongObserver: weakly ? nil : observer))
        return nextID
    }

    func remove(_ id: Int) {
        if let index = entries.firstIndex(where: { $0.id == id }) { entries.remove(at: index) }
    }

    /// How many observers are registered and alive.
    public var count: Int { entries.filter { $0.observer != nil }.count }

    func observers(of type: String, for container: ScreenContainer?, iterator: any ScreenIterator) -> [ScreenObserver] {
        var seen = Set<ObjectIdentifier>()
        return entries.compactMap { entry in
            guard entry.type == type, let observer = entry.observer,
                  entry.predicate.filter(observer, container, iterator),
                  seen.insert(ObjectIdentifier(observer)).inserted else { return nil }
            return observer
        }
    }
}

extension ScreenNavigator {
    /// Registers an observer until the token is cancelled or released (Nivelir's
    /// `observe(by:where:weakly:)`); `weakly` keeps it only while it lives elsewhere.
    public func observe(by observer: ScreenObserver, as type: String, where predicate: ScreenObserverPredicate = .any,
                        weakly: Bool = false) -> ScreenObserverToken {
        let id = observatory.add(observer, as: type, where: predicate, weakly: weakly)
        return ScreenObserverToken { [weak observatory] in observatory?.remove(id) }
    }

    /// Registers an observer for as long as it lives (Nivelir's `observeWeakly(by:where:)`).
    public func observeWeakly(by observer: ScreenObserver, as type: String, where predicate: ScreenObserverPredicate = .any) {
        _ = observatory.add(observer, as: type, where: predicate, weakly: true)
    }

    /// A new observation of `type`, for a screen being built (Nivelir's `observation(of:)`).
    public func observation(of type: String) -> ScreenObservation {
        ScreenObservation(type: type, observatory: observatory, navigator: self)
    }
}
