/// An immutable list that shares its prefix: a route is a value, and every verb makes a new
/// one, so appending must not copy what came before (a route of n pushes would cost n²
/// otherwise). The newest element is the head. A route's levels are lists of actions
/// (`ScreenActionList`), and a stack edit's modifiers a list of modifiers
/// (`ScreenModifierList`).
///
/// Releasing a long list is iterative: the default release of a linked list recurses once
/// per node, and a script can build lists long enough to overflow the stack.
///
/// The two lists are classes of their own, not one generic class: a generic class's deinit
/// and field destroyer are never specialized, and looked their element type up at run time
/// on every release (a fifth of a push from Lua). Their fields skip Swift's run-time
/// exclusivity checks (`@exclusivity(unchecked)`; 8 % of a push from Lua): only their own
/// initializers and deinits and `AnyScreenRoute.keep(_:)` write them, none of these reading
/// one while writing it.
protocol ScreenList: AnyObject {
    associatedtype Element
    /// The newest element.
    var last: Element { get }
    /// The list before `last`.
    var previous: Self? { get set }
    var count: Int { get }
    init(_ last: Element, after previous: Self?)
}

extension ScreenList {
    /// The elements, oldest first.
    var array: [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(count)
        var node: Self? = self
        while let current = node {
            elements.append(current.last)
            node = current.previous
        }
        elements.reverse()
        return elements
    }

    /// Lets go of the nodes behind this one, as far as this list alone holds them, one at a
    /// time rather than by recursion.
    func releasePrevious() {
        var next = previous.take()
        while var node = next {
            next = nil                                  // `node` alone holds it now
            guard isKnownUniquelyReferenced(&node) else { break }
            next = node.previous.take()                 // released with no list behind it
        }
    }
}

/// A level of a route: its actions. A stack edit is held as itself, not as `any
/// ScreenAction`, so that merging the next edit into it and `AnyScreenRoute.keep(_:)` need
/// no dynamic cast (a third of a push from Lua went to casting and copying it).
final class ScreenActionList: ScreenList {
    /// The newest action unless it is a stack edit; an optional only so that deinit can
    /// hand it to the release queue.
    @exclusivity(unchecked) private var element: (any ScreenAction)?
    /// The newest action when it is a stack edit.
    @exclusivity(unchecked) private(set) var edit: ScreenSetStackAction?
    @exclusivity(unchecked) var previous: ScreenActionList?
    let count: Int
    /// What a host keeps with this step while it lives (`AnyScreenRoute.keep(_:)`).
    @exclusivity(unchecked) var charge: AnyObject?

    var last: any ScreenAction { edit ?? element! }

    init(_ last: any ScreenAction, after previous: ScreenActionList?) {
        if type(of: last) == ScreenSetStackAction.self, let edit = last as? ScreenSetStackAction {
            self.edit = edit
        } else {
            element = last
        }
        self.previous = previous
        count = (previous?.count ?? 0) + 1
    }

    init(edit: ScreenSetStackAction, after previous: ScreenActionList?) {
        self.edit = edit
        self.previous = previous
        count = (previous?.count ?? 0) + 1
    }

    deinit {
        // An action may hold another route's list (a fallback, a nested route): released in
        // turn by the queue, not inside this deinit.
        ScreenReleaseQueue.current.take(&element)
        ScreenReleaseQueue.current.take(&edit)
        releasePrevious()
    }
}

/// A stack edit's modifiers.
final class ScreenModifierList: ScreenList {
    /// Held as an optional only so that deinit can hand it to the release queue.
    @exclusivity(unchecked) private var element: (any ScreenStackModifier)?
    @exclusivity(unchecked) var previous: ScreenModifierList?
    let count: Int
    /// What a host keeps with this step while it lives (`AnyScreenRoute.keep(_:)`).
    @exclusivity(unchecked) var charge: AnyObject?

    var last: any ScreenStackModifier { element! }

    init(_ last: any ScreenStackModifier, after previous: ScreenModifierList?) {
        element = last
        self.previous = previous
        count = (previous?.count ?? 0) + 1
    }

    deinit {
        ScreenReleaseQueue.current.take(&element)
        releasePrevious()
    }
}

extension Optional where Wrapped: ScreenList {
    /// This list with `element` appended (a list of one when there is none).
    func appending(_ element: Wrapped.Element) -> Wrapped {
        Wrapped(element, after: self)
    }

    /// This list with `elements` appended, oldest first.
    func appending(contentsOf elements: [Wrapped.Element]) -> Wrapped? {
        elements.reduce(self) { $0.appending($1) }
    }

    func array() -> [Wrapped.Element] {
        self?.array ?? []
    }

    func count() -> Int {
        self?.count ?? 0
    }
}

extension Optional where Wrapped == ScreenActionList {
    /// Appends `action`, merged into the newest action when the two combine (stack edits).
    func appendingAction(_ action: any ScreenAction) -> ScreenActionList {
        if type(of: action) == ScreenSetStackAction.self, let edit = action as? ScreenSetStackAction {
            return appendingEdit(edit)
        }
        // A stack edit combines with nothing but another.
        if let list = self, list.edit == nil, let merged = list.last.combine(with: action) {
            return ScreenActionList(merged, after: list.previous)
        }
        return ScreenActionList(action, after: self)
    }

    /// Appends `edit`, merged into the newest action when the two combine.
    func appendingEdit(_ edit: ScreenSetStackAction) -> ScreenActionList {
        guard let list = self else {
            return ScreenActionList(edit: edit, after: nil)
        }
        if let newest = list.edit {
            guard let merged = newest.merging(edit) else {
                return ScreenActionList(edit: edit, after: list)
            }
            return ScreenActionList(edit: merged, after: list.previous)
        }
        if let merged = list.last.combine(with: edit) {
            return ScreenActionList(merged, after: list.previous)
        }
        return ScreenActionList(edit: edit, after: list)
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
    @exclusivity(unchecked) private(set) var outer: ScreenRouteFold?
    let depth: Int
    /// What a host keeps with this step while it lives (`AnyScreenRoute.keep(_:)`).
    @exclusivity(unchecked) var charge: AnyObject?

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
