/// Which screens an observer hears from (Nivelir's `ScreenObserverPredicate`): a filter of
/// the observer and the container that informs (nil while it is being built).
///
///     .presented(on: chatList)   -- Lua: navigator:observe("ChatObserver", observer, { presentedOn = chatList })
public struct ScreenObserverPredicate: CustomStringConvertible {
    /// What the predicate admits, in words ("any", "screen Chat(chatId=7)").
    public let description: String
    /// Whether the observer hears from the container that informs (nil while it is being built).
    public let filter: (ScreenObserver, ScreenContainer?, any ScreenIterator) -> Bool

    /// A predicate described by `description` that admits what `filter` accepts.
    public init(description: String, filter: @escaping (ScreenObserver, ScreenContainer?, any ScreenIterator) -> Bool) {
        self.description = description
        self.filter = filter
    }

    /// Every screen.
    public static var any: Self { Self(description: "any") { _, _, _ in true } }

    /// A screen with this key.
    public static func screen(key: ScreenKey) -> Self {
        Self(description: "screen \(key)") { _, container, _ in container?.searchKey == key }
    }

    /// Any screen, while `container` is visible (the informing screen is not looked at).
    public static func visible(_ container: ScreenContainer) -> Self {
        Self(description: "visible \(container)") { [weak container] _, _, _ in container?.isVisible ?? false }
    }

    /// A screen `presenter` presents (directly, or within what it presents when recursive),
    /// while `presenter` is visible or not contained in anything. A window's root counts as
    /// contained in nothing, as UIKit's `rootViewController` has no `parent`: a full-screen
    /// presentation that covers it does not stop the match.
    public static func presented(on presenter: ScreenContainer, recursively: Bool = true) -> Self {
        Self(description: "presented on \(presenter)") { [weak presenter] _, container, iterator in
            guard let container, let presenter, presenter.isVisible || presenter.parent == nil || presenter.parent?.kind == .window,
                  let presented = presenter.presented else { return false }
            return presented === container || recursively && iterator.firstContainer(in: presented) { $0 === container } != nil
        }
    }

    /// A child of `parent` (or one inside a child, when recursive).
    public static func child(of parent: ScreenContainer, recursively: Bool = true) -> Self {
        Self(description: "child of \(parent)") { [weak parent] _, container, iterator in
            guard let container, let children = parent?.children, !children.isEmpty else { return false }
            return children.contains { $0 === container }
                || recursively && children.contains { iterator.firstContainer(in: $0) { $0 === container } != nil }
        }
    }

    /// One of `containers` (or one inside them, when recursive).
    public static func pushed(into containers: [ScreenContainer], recursively: Bool = true) -> Self {
        let references = containers.map(WeakContainer.init)
        return Self(description: "pushed into \(containers.count) containers") { _, container, iterator in
            guard let container else { return false }
            return references.contains { reference in
                guard let item = reference.container else { return false }
                return item === container || recursively && iterator.firstContainer(in: item) { $0 === container } != nil
            }
        }
    }

    /// A screen of `stack` (its screens when notified).
    public static func pushed(into stack: ScreenContainer, recursively: Bool = true) -> Self {
        Self(description: "pushed into \(stack)") { [weak stack] observer, container, iterator in
            guard let screens = stack?.children, !screens.isEmpty else { return false }
            return pushed(into: screens, recursively: recursively).filter(observer, container, iterator)
        }
    }

    /// A screen pushed after `screen` on its stack.
    public static func pushed(after screen: ScreenContainer, recursively: Bool = true) -> Self {
        Self(description: "pushed after \(screen)") { [weak screen] observer, container, iterator in
            guard var item = screen else { return false }
            while let parent = item.parent, parent.kind != .stack, parent.kind != .window {
                item = parent
            }
            guard let stack = item.parent, stack.kind == .stack, let index = stack.children.firstIndex(where: { $0 === item }) else { return false }
            let later = Array(stack.children[(index + 1)...])
            // Nivelir compares `stack[safe: index + 1] == container`: with nothing after
            // `screen` and a notifying container not known yet (one notifying while it is
            // built, before it is associated), nil equals nil and the observer is told.
            if later.first === container { return true }
            return recursively && pushed(into: later).filter(observer, container, iterator)
        }
    }

    /// Any of the predicates (none: false).
    public static func satisfiedAny(_ predicates: [Self]) -> Self {
        Self(description: "any of [" + predicates.map(\.description).joined(separator: ", ") + "]") { observer, container, iterator in
            predicates.contains { $0.filter(observer, container, iterator) }
        }
    }

    /// All of the predicates (none: true).
    public static func satisfiedAll(_ predicates: [Self]) -> Self {
        Self(description: "all of [" + predicates.map(\.description).joined(separator: ", ") + "]") { observer, container, iterator in
            predicates.allSatisfy { $0.filter(observer, container, iterator) }
        }
    }
}

private struct WeakContainer {
    weak var container: ScreenContainer?
}
