/// What an iteration predicate answers for each container: go on (remembering the latest
/// suitable container) or stop with one.
public enum ScreenIterationResult {
    case shouldContinue(suitableContainer: ScreenContainer?)
    case shouldStop(suitableContainer: ScreenContainer)
}

/// Walks the hierarchy (Nivelir's `ScreenIterator`).
public protocol ScreenIterator {
    /// Checks containers from `container` on, in the iterator's order, and returns the
    /// last suitable one, or the one the predicate stopped at.
    func iterate(
        from container: ScreenContainer,
        while predicate: (ScreenContainer) -> ScreenIterationResult
    ) -> ScreenContainer?

    /// The last visible container that matches, in the iterator's order; the predicate is
    /// asked of every visible container the walk reaches, and of no other.
    func topContainer(in container: ScreenContainer, where predicate: (ScreenContainer) -> Bool) -> ScreenContainer?

    /// The same container as `topContainer(in:where:)`, for a predicate without side
    /// effects: an iterator may skip what cannot show (the navigator's `topContainer`,
    /// `topStackContainer` and `topTabsContainer` ask this).
    func topVisibleContainer(in container: ScreenContainer, where predicate: (ScreenContainer) -> Bool) -> ScreenContainer?
}

extension ScreenIterator {
    /// The first container that matches, in iteration order.
    public func firstContainer(in container: ScreenContainer, where predicate: (ScreenContainer) -> Bool) -> ScreenContainer? {
        iterate(from: container) { predicate($0) ? .shouldStop(suitableContainer: $0) : .shouldContinue(suitableContainer: nil) }
    }

    /// The last container that matches: with the default order, the deepest, front-most one.
    public func lastContainer(in container: ScreenContainer, where predicate: (ScreenContainer) -> Bool) -> ScreenContainer? {
        iterate(from: container) { .shouldContinue(suitableContainer: predicate($0) ? $0 : nil) }
    }

    /// The last visible container that matches: the predicate is asked of visible
    /// containers only, as Nivelir's iterator asks it (a predicate with side effects, or one
    /// that raises, sees nothing off screen).
    public func topContainer(in container: ScreenContainer, where predicate: (ScreenContainer) -> Bool) -> ScreenContainer? {
        iterate(from: container) { .shouldContinue(suitableContainer: $0.isVisible && predicate($0) ? $0 : nil) }
    }

    /// `topContainer(in:where:)` itself.
    public func topVisibleContainer(in container: ScreenContainer, where predicate: (ScreenContainer) -> Bool) -> ScreenContainer? {
        topContainer(in: container, where: predicate)
    }
}

/// Nivelir's `DefaultScreenIterator` order, pre-order and depth first:
/// 1. the container itself;
/// 2. for a window, its root and on from there;
/// 3. for a view controller, its nested tree (a stack bottom to top, tabs with the selected
///    tab last, recursively, without following presentations inside it), then the
///    container it presents, and on from there.
///
/// So `last(...)` prefers the selected tab and the front-most presentation. The walk keeps
/// its own stack instead of recursing, so a deep hierarchy cannot overflow the call stack.
public struct DefaultScreenIterator: ScreenIterator {
    /// The default iterator; it holds no state.
    public init() {}

    /// Walks from `container` in pre-order, asking `predicate` of each container, and returns the last
    /// suitable container it answered, or the one it stopped at.
    ///
    ///     navigator.iterator.iterate(from: window) { .shouldContinue(suitableContainer: $0) }
    ///     -- Lua: app.navigator:iterate(app.window, function(c) return "continue", c end)
    public func iterate(
        from container: ScreenContainer,
        while predicate: (ScreenContainer) -> ScreenIterationResult
    ) -> ScreenContainer? {
        enum Step {
            /// Check a container, then walk into it.
            case visit(ScreenContainer, followsPresentation: Bool)
            /// After a container's nested tree: go on to what it presents.
            case presentation(of: ScreenContainer)
        }
        var suitable: ScreenContainer?
        var pending: [Step] = [.visit(container, followsPresentation: true)]
        while let step = pending.popLast() {
            let next: ScreenContainer
            switch step {
            case let .visit(container, followsPresentation):
                switch predicate(container) {
                case let .shouldContinue(found):
                    suitable = found ?? suitable
                case let .shouldStop(found):
                    return found
                }
                if followsPresentation && container.kind != .window {
                    pending.append(.presentation(of: container))
                }
                let nested = container.kind == .window ? container.children : container.nestedContainers
                let followsNested = container.kind == .window
                for child in nested.reversed() {
                    pending.append(.visit(child, followsPresentation: followsNested))
                }
                continue
            case let .presentation(container):
                guard let presented = container.presented else { continue }
                next = presented
            }
            pending.append(.visit(next, followsPresentation: true))
        }
        return suitable
    }
}

extension DefaultScreenIterator {
    /// The same walk as `iterate(from:while:)`, asking the predicate of the same visible
    /// containers, with each container's visibility worked out from its parent's on the way
    /// down (the top of a stack, the top a transition is taking out, and the selected tab
    /// are in the window when their container is; nothing else under them is) instead of by
    /// walking up from every container; and without walking into what is not in the window,
    /// where the predicate is asked of nothing (nested containers are walked without their
    /// presentations): a stack thousands of screens deep costs its top alone. `app:top()`,
    /// a route's `top` and explore's checks ask this several times an action.
    public func topContainer(in container: ScreenContainer, where predicate: (ScreenContainer) -> Bool) -> ScreenContainer? {
        struct Visit {
            let container: ScreenContainer
            let followsPresentation: Bool
            /// Whether the container's view is in a window that shows (`isInWindow`): its
            /// visibility.
            let isInWindow: Bool
            /// Whether the window it is attached to shows, so that what it presents may be in
            /// it. A flag, not the window: every reference a visit holds is retained and released.
            let windowShows: Bool

            /// Visibility asked of the container itself.
            init(_ container: ScreenContainer, followsPresentation: Bool) {
                self.container = container
                self.followsPresentation = followsPresentation
                isInWindow = container.isInWindow
                windowShows = container.shownWindow != nil
            }

            init(_ container: ScreenContainer, followsPresentation: Bool, isInWindow: Bool, windowShows: Bool) {
                self.container = container
                self.followsPresentation = followsPresentation
                self.isInWindow = isInWindow
                self.windowShows = windowShows
            }

            var isVisible: Bool {
                container.kind == .window ? !container.isHidden : isInWindow
            }
        }
        enum Step {
            case visit(Visit)
            /// What a container presents, in the same window: `windowShows` is the
            /// presenter's.
            case presentation(of: ScreenContainer, windowShows: Bool)
        }
        var top: ScreenContainer?
        var pending: [Step] = []
        pending.reserveCapacity(32)
        pending.append(.visit(Visit(container, followsPresentation: true)))
        while let step = pending.popLast() {
            switch step {
            case let .visit(visit):
                let container = visit.container
                if visit.isVisible && predicate(container) {
                    top = container
                }
                if visit.followsPresentation && container.kind != .window {
                    pending.append(.presentation(of: container, windowShows: visit.windowShows))
                }
                if container.kind == .window {
                    for child in container.children.reversed() {
                        // A root is in its window unless a full-screen presentation covers it.
                        pending.append(.visit(child.parent === container
                            ? Visit(child, followsPresentation: true, isInWindow: !container.isHidden && !child.isCoveredByPresentation, windowShows: !container.isHidden)
                            : Visit(child, followsPresentation: true)))
                    }
                    continue
                }
                if container.kind == .stack {
                    // Its top, and the old top a transition is taking out, are all of it in the
                    // window (every screen of a stack is its child): visited as the walk below
                    // would, the old top first, without a look at the screens under them.
                    guard container.isIterable, visit.isInWindow, let top = container.children.last else { continue }
                    pending.append(.visit(Visit(top, followsPresentation: false, isInWindow: true, windowShows: visit.windowShows)))
                    if let outgoing = container.outgoingTop, outgoing !== top, outgoing.parent === container {
                        pending.append(.visit(Visit(outgoing, followsPresentation: false, isInWindow: true, windowShows: visit.windowShows)))
                    }
                    continue
                }
                let shownChild = container.kind == .tabs ? container.shownTab : nil
                container.forEachNestedContainerReversed { child in
                    guard child.parent === container else {
                        pending.append(.visit(Visit(child, followsPresentation: false)))
                        return
                    }
                    let shown = container.kind != .tabs || shownChild === child
                    if !(shown && visit.isInWindow) {
                        return
                    }
                    pending.append(.visit(Visit(child, followsPresentation: false, isInWindow: shown && visit.isInWindow,
                                                windowShows: visit.windowShows)))
                }
            case let .presentation(container, windowShows):
                guard let presented = container.presented else { continue }
                // A presented container is its own presentation context: its view is in the
                // presenter's window unless a full-screen presentation covers it (where that
                // window is none, `windowShows` is false and it shows nowhere).
                pending.append(.visit(presented.presentingContainer === container
                    ? Visit(presented, followsPresentation: true, isInWindow: windowShows && !presented.isCoveredByPresentation, windowShows: windowShows)
                    : Visit(presented, followsPresentation: true)))
            }
        }
        return top
    }
}
