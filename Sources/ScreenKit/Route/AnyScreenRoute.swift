/// A route in the dynamic model: an immutable list of actions, rooted at one kind of
/// container and continuing from another (Nivelir's `ScreenRoute<Root, Current>` with the
/// types as values). Lua routes are these; typed Swift routes wrap them.
///
/// Actions added after a fold (`top(.stack)`) are nested inside it; `resolver` wraps the
/// current level's actions (`tail`) back into actions on the root. Appending merges an
/// action into the last one of the same level when they combine (stack edits).
///
/// Every DSL verb has a checked form here that throws `ScreenDSLError` when the current
/// container is of the wrong kind, which Lua reports at the line that builds the route:
///
///     try AnyScreenRoute(root: .window).top(.stack).push(chat)   -- Lua: nav.route():top(nav.stack):push(chat)
public struct AnyScreenRoute {
    public typealias Resolver = ([any ScreenAction]) -> [any ScreenAction]

    /// The kind of container the route is performed on.
    public let rootKind: ScreenContainerKind

    /// The kind of container the next action will be performed on.
    public let currentKind: ScreenContainerKind

    let tail: [any ScreenAction]
    let resolver: Resolver?

    /// An empty route rooted at `root` (Nivelir's `.initial`).
    public init(root: ScreenContainerKind = .window) {
        self.init(rootKind: root, currentKind: root, tail: [], resolver: nil)
    }

    init(rootKind: ScreenContainerKind, currentKind: ScreenContainerKind, tail: [any ScreenAction], resolver: Resolver?) {
        self.rootKind = rootKind
        self.currentKind = currentKind
        self.tail = tail
        self.resolver = resolver
    }

    /// The actions to perform on the root container.
    public var actions: [any ScreenAction] {
        resolver?(tail) ?? tail
    }

    /// Appends actions on the current container, merging each into the previous one where
    /// they combine. Does not check kinds: the checked verbs do.
    public func then(_ actions: [any ScreenAction]) -> AnyScreenRoute {
        var newTail = tail
        for action in actions {
            if let last = newTail.last, let merged = last.combine(with: action) {
                newTail[newTail.count - 1] = merged
            } else {
                newTail.append(action)
            }
        }
        return AnyScreenRoute(rootKind: rootKind, currentKind: currentKind, tail: newTail, resolver: resolver)
    }

    /// Appends one action on the current container.
    public func then(_ action: any ScreenAction) -> AnyScreenRoute {
        then([action])
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
        let outer = self
        let output = action.outputKind ?? currentKind
        return AnyScreenRoute(rootKind: rootKind, currentKind: output, tail: [], resolver: { nested in
            outer.then(ScreenFoldAction(action: action, nested: ScreenNavigateAction(containerKind: output, actions: nested))).actions
        })
    }

    /// Runs `nested` on the container that `action` produces, and stays on the current one.
    public func fold(_ action: any ScreenAction, nested: AnyScreenRoute) -> AnyScreenRoute {
        let output = action.outputKind ?? currentKind
        return then(ScreenFoldAction(action: action, nested: ScreenNavigateAction(containerKind: output, actions: nested.actions)))
    }

    /// The same actions as a route whose current container is the root again (Nivelir's
    /// `resolve()`): no effect when performed.
    public func resolve() -> AnyScreenRoute {
        AnyScreenRoute(rootKind: rootKind, currentKind: rootKind, tail: actions, resolver: nil)
    }

    /// Throws unless the current container is of a kind that `verb` needs.
    public func require(_ kind: ScreenContainerKind, for verb: String) throws(ScreenDSLError) {
        guard currentKind.conforms(to: kind) else {
            throw .currentKind(verb: verb, expected: kind, got: currentKind)
        }
    }

    /// Throws unless `nested`, run on a container of `output` kind, fits it.
    func checkNested(_ nested: AnyScreenRoute?, on output: ScreenContainerKind, for verb: String) throws(ScreenDSLError) {
        if let nested, !output.conforms(to: nested.rootKind) {
            throw .nestedRoute(verb: verb, expected: output, got: nested.rootKind)
        }
    }

    /// `fold(action)`, or `fold(action, nested:)` when there is a nested route.
    func fold(_ action: any ScreenAction, nested: AnyScreenRoute?, verb: String) throws(ScreenDSLError) -> AnyScreenRoute {
        guard let nested else {
            return fold(action)
        }
        try checkNested(nested, on: action.outputKind ?? currentKind, for: verb)
        return fold(action, nested: nested)
    }

    /// Performs `action` and stays on the current container, running `nested` on what it
    /// produces when given (Nivelir's overloads with a trailing `route:`).
    func step(_ action: any ScreenAction, nested: AnyScreenRoute?, verb: String) throws(ScreenDSLError) -> AnyScreenRoute {
        guard let nested else {
            return fold(action, nested: AnyScreenRoute(root: action.outputKind ?? currentKind))
        }
        try checkNested(nested, on: action.outputKind ?? currentKind, for: verb)
        return fold(action, nested: nested)
    }
}

extension AnyScreenRoute: CustomStringConvertible {
    /// `window route: ScreenTopAction<...>(...), ...`
    public var description: String {
        "\(currentKind.routeName) (root \(rootKind.rawValue)) with \(actions.count) action(s)"
    }
}
