/// A route in the dynamic model: an immutable list of actions, rooted at one kind of
/// container and continuing from another (Nivelir's `ScreenRoute<Root, Current>` with the
/// types as values). Lua routes are these; typed Swift routes wrap them.
///
/// Actions added after a fold (`top(.stack)`) are nested inside it until the route is
/// resolved: `folds` are the open folds, innermost first, and `tail` the actions of the
/// innermost level. Both are shared, immutable lists, so every verb costs O(1) however long
/// or deep the route, and `actions` builds the nested actions in one pass. Appending merges
/// an action into the last one of the same level when they combine (stack edits).
///
/// Every DSL verb has a checked form here that throws `ScreenDSLError` when the current
/// container is of the wrong kind, which Lua reports at the line that builds the route:
///
///     try AnyScreenRoute(root: .window).top(.stack).push(chat)   -- Lua: nav.route():top(nav.stack):push(chat)
public struct AnyScreenRoute {
    /// The kind of container the route is performed on.
    public let rootKind: ScreenContainerKind

    /// The kind of container the next action will be performed on.
    public let currentKind: ScreenContainerKind

    let tail: ScreenActionList?
    let folds: ScreenRouteFold?

    /// An empty route rooted at `root` (Nivelir's `.initial`).
    public init(root: ScreenContainerKind = .window) {
        self.init(rootKind: root, currentKind: root, tail: nil, folds: nil)
    }

    init(rootKind: ScreenContainerKind, currentKind: ScreenContainerKind, tail: ScreenActionList?, folds: ScreenRouteFold?) {
        self.rootKind = rootKind
        self.currentKind = currentKind
        self.tail = tail
        self.folds = folds
    }

    /// The actions to perform on the root container: each open fold wraps the level inside
    /// it, innermost first.
    public var actions: [any ScreenAction] {
        var level: [any ScreenAction] = tail.array()
        var fold = folds
        while let current = fold {
            let nested = ScreenNavigateAction(containerKind: current.output, actions: level)
            level = current.before.appendingAction(ScreenFoldAction(action: current.action, nested: nested)).array
            fold = current.outer
        }
        return level
    }

    /// How many actions the route holds at its current level, and how many folds deep that
    /// level is: what hosts bound when they limit the routes scripts build.
    public var size: (actions: Int, depth: Int) {
        (tail.count(), folds?.depth ?? 0)
    }

    /// Appends actions on the current container, merging each into the previous one where
    /// they combine. Does not check kinds: the checked verbs do.
    public func then(_ actions: [any ScreenAction]) -> AnyScreenRoute {
        var newTail = tail
        for action in actions {
            newTail = newTail.appendingAction(action)
        }
        return AnyScreenRoute(rootKind: rootKind, currentKind: currentKind, tail: newTail, folds: folds)
    }

    /// Appends one action on the current container.
    public func then(_ action: any ScreenAction) -> AnyScreenRoute {
        AnyScreenRoute(rootKind: rootKind, currentKind: currentKind, tail: tail.appendingAction(action), folds: folds)
    }

    /// `then(_:)` of a stack edit, which the route holds without wrapping it.
    func then(_ edit: ScreenSetStackAction) -> AnyScreenRoute {
        AnyScreenRoute(rootKind: rootKind, currentKind: currentKind, tail: tail.appendingEdit(edit), folds: folds)
    }

    /// Appends a route rooted at the current container's kind (or a kind it conforms to).
    public func then(_ route: AnyScreenRoute) throws(ScreenDSLError) -> AnyScreenRoute {
        guard currentKind.conforms(to: route.rootKind) else {
            throw .nestedRoute(verb: "then", expected: currentKind, got: route.rootKind)
        }
        return then(route.actions)
    }

    /// Continues from the container that `action` produces: later actions are nested
    /// inside a fold of it, and the current kind becomes its output kind.
    public func fold(_ action: any ScreenAction) -> AnyScreenRoute {
        let output = action.outputKind ?? currentKind
        return AnyScreenRoute(rootKind: rootKind, currentKind: output, tail: nil,
                              folds: ScreenRouteFold(before: tail, action: action, output: output, outer: folds))
    }

    /// Runs `nested` on the container that `action` produces, and stays on the current one.
    public func fold(_ action: any ScreenAction, nested: AnyScreenRoute) -> AnyScreenRoute {
        let output = action.outputKind ?? currentKind
        return then(ScreenFoldAction(action: action, nested: ScreenNavigateAction(containerKind: output, actions: nested.actions)))
    }

    /// The same actions as a route whose current container is the root again (Nivelir's
    /// `resolve()`): no effect when performed.
    public func resolve() -> AnyScreenRoute {
        folds == nil ? AnyScreenRoute(rootKind: rootKind, currentKind: rootKind, tail: tail, folds: nil)
                     : AnyScreenRoute(root: rootKind).then(actions)
    }

    /// Gives the route's newest step `charge` to keep for as long as the step lives, unless
    /// it keeps one already (the route added no step to the one it was made from); returns
    /// whether it took it. A host charges what a step holds this way, and gives it back
    /// when the step goes:
    ///
    ///     let (charge, _) = lua.chargeMemory(refundable: 64)
    ///     _ = route.keep(charge)   -- Lua: nav.route():push(chat), charged while it lives
    public func keep(_ charge: @autoclosure () -> AnyObject) -> Bool {
        // A stack edit merged into the one before it adds a node to the edits that later
        // routes share, and a new action that lives only as long as this route: the step is
        // the edit, kept while any route holds it.
        if let newest = tail?.edit?.edits {
            guard newest.charge == nil else { return false }
            newest.charge = charge()
            return true
        }
        if let tail {
            guard tail.charge == nil else { return false }
            tail.charge = charge()
            return true
        }
        if let folds {
            guard folds.charge == nil else { return false }
            folds.charge = charge()
            return true
        }
        return false
    }

    /// Throws unless the current container is of a kind that `verb` needs.
    public func require(_ kind: ScreenContainerKind, for verb: String) throws(ScreenDSLError) {
        guard currentKind.conforms(to: kind) else {
            throw .currentKind(verb: verb, expected: kind, got: currentKind)
        }
    }

    /// Throws unless `nested`, run on a container of `output` kind, fits it.
    public static func checkNested(_ nested: AnyScreenRoute?, on output: ScreenContainerKind, for verb: String) throws(ScreenDSLError) {
        if let nested, !output.conforms(to: nested.rootKind) {
            throw .nestedRoute(verb: verb, expected: output, got: nested.rootKind)
        }
    }

    /// `fold(action)`, or `fold(action, nested:)` when there is a nested route.
    func fold(_ action: any ScreenAction, nested: AnyScreenRoute?, verb: String) throws(ScreenDSLError) -> AnyScreenRoute {
        guard let nested else {
            return fold(action)
        }
        try Self.checkNested(nested, on: action.outputKind ?? currentKind, for: verb)
        return fold(action, nested: nested)
    }

    /// Performs `action` and stays on the current container, running `nested` on what it
    /// produces when given (Nivelir's overloads with a trailing `route:`).
    func step(_ action: any ScreenAction, nested: AnyScreenRoute?, verb: String) throws(ScreenDSLError) -> AnyScreenRoute {
        guard let nested else {
            return fold(action, nested: AnyScreenRoute(root: action.outputKind ?? currentKind))
        }
        try Self.checkNested(nested, on: action.outputKind ?? currentKind, for: verb)
        return fold(action, nested: nested)
    }
}

extension AnyScreenRoute: CustomStringConvertible {
    /// `window route: ScreenTopAction<...>(...), ...`
    public var description: String {
        "\(currentKind.routeName) (root \(rootKind.rawValue)) with \(actions.count) action(s)"
    }
}
