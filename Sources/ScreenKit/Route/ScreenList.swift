/// An immutable list that shares its prefix: a route is a value, and every verb makes a new
/// one, so appending must not copy what came before (a route of n pushes would cost n²
/// otherwise). The newest element is the head. A route's levels are lists of actions, and
/// a stack edit's modifiers a list of modifiers.
///
/// Releasing a long list is iterative: the default release of a linked list recurses once
/// per node, and a script can build lists long enough to overflow the stack.
final class ScreenList<Element> {
    /// Held as an optional only so that deinit can hand it to the release queue.
    private var element: Element?
    private(set) var previous: ScreenList?
    let count: Int
    /// What a host keeps with this step while it lives (`AnyScreenRoute.keep(_:)`).
    var charge: AnyObject?

    /// The newest element (never nil while the list lives).
    var last: Element { element! }

    init(_ last: Element, after previous: ScreenList?) {
        element = last
        self.previous = previous
        count = (previous?.count ?? 0) + 1
    }

    deinit {
        Self.dismantle(self)
    }

    /// Takes `list` apart as it goes. A generic class's deinit is not specialized, and in
    /// one every use of `Element?` looked its type up at run time (a fifth of a push from
    /// Lua); the lists of a route's two element types dispatch here to specialized code.
    @_specialize(where Element == any ScreenAction)
    @_specialize(where Element == any ScreenStackModifier)
    private static func dismantle(_ list: ScreenList<Element>) {
        // An element may hold another route's list (a fallback, a nested route): released
        // in turn by the queue, not inside this deinit.
        ScreenReleaseQueue.current.take(&list.element)
        var next = list.previous
        list.previous = nil
        while var node = next {
            next = nil                                  // `node` alone holds it now
            guard isKnownUniquelyReferenced(&node) else { break }
            next = node.previous
            node.previous = nil                         // released with no list behind it
        }
    }

    /// The elements, oldest first.
    var array: [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(count)
        var node: ScreenList? = self
        while let current = node {
            elements.append(current.last)
            node = current.previous
        }
        elements.reverse()
        return elements
    }
}

extension Optional {
    /// This list with `element` appended (a list of one when there is none).
    func appending<Element>(_ element: Element) -> ScreenList<Element> where Wrapped == ScreenList<Element> {
        ScreenList(element, after: self)
    }

    /// This list with `elements` appended, oldest first.
    func appending<Element>(contentsOf elements: [Element]) -> ScreenList<Element>? where Wrapped == ScreenList<Element> {
        elements.reduce(self) { $0.appending($1) }
    }

    func array<Element>() -> [Element] where Wrapped == ScreenList<Element> {
        self?.array ?? []
    }

    func count<Element>() -> Int where Wrapped == ScreenList<Element> {
        self?.count ?? 0
    }
}

/// A level of a route: its actions.
typealias ScreenActionList = ScreenList<any ScreenAction>

extension Optional where Wrapped == ScreenActionList {
    /// Appends `action`, merged into the newest action when the two combine (stack edits).
    func appendingAction(_ action: any ScreenAction) -> ScreenActionList {
        if let list = self, let merged = list.last.combine(with: action) {
            return ScreenActionList(merged, after: list.previous)
        }
        return ScreenActionList(action, after: self)
    }
}

/// A fold a route is inside: later actions are nested in it until the route is resolved.
/// Folds are a linked list too, innermost first, so that folding is O(1) however deep.
final class ScreenRouteFold {
    /// The actions of the enclosing level, before the fold.
    let before: ScreenActionList?
    let action: any ScreenAction
    /// The kind of container the nested actions run on.
    let output: ScreenContainerKind
    private(set) var outer: ScreenRouteFold?
    let depth: Int
    /// What a host keeps with this step while it lives (`AnyScreenRoute.keep(_:)`).
    var charge: AnyObject?

    init(before: ScreenActionList?, action: any ScreenAction, output: ScreenContainerKind, outer: ScreenRouteFold?) {
        self.before = before
        self.action = action
        self.output = output
        self.outer = outer
        depth = (outer?.depth ?? 0) + 1
    }

    deinit {
        var next = outer
        outer = nil
        while var node = next {
            next = nil
            guard isKnownUniquelyReferenced(&node) else { break }
            next = node.outer
            node.outer = nil
        }
    }
}
