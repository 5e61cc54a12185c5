/// Sets a stack's screens by running modifiers over them (Nivelir's `ScreenSetStackAction`),
/// the one action behind `push`, `pop`, `popToRoot`, `replace`, `clear` and `setStack`.
///
/// It logs "Setting stack of <container> with modifiers:" and a line per modifier, applies
/// them in order, and changes the stack in one transition (see `ScreenSimulation.setStack`).
/// Consecutive edits merge into one action unless the first is `separated`, with their
/// animations resolved by `ScreenStackAnimation.resolve`, so
/// `top(.stack).push(a).pop().push(b)` is one animated transition.
public struct ScreenSetStackAction: ScreenAction {
    /// The edits, oldest first.
    public var modifiers: [any ScreenStackModifier] { edits.array() }
    /// How the change is animated: UIKit's default, a custom animation, or nil for none.
    public let animation: ScreenStackAnimation?
    /// Whether the next stack edit stays a transition of its own instead of merging into this one.
    public let separated: Bool
    /// The kind of container it is performed on.
    public let containerKind: ScreenContainerKind
    /// The edits as a shared list, so that merging n edits one by one costs n, not n².
    let edits: ScreenModifierList?

    /// An edit of a stack of `containerKind` by `modifiers`, applied in order.
    public init(modifiers: [any ScreenStackModifier], animation: ScreenStackAnimation? = .default, separated: Bool = false, on containerKind: ScreenContainerKind = .stack) {
        self.init(edits: ScreenModifierList?.none.appending(contentsOf: modifiers),
                  animation: animation, separated: separated, on: containerKind)
    }

    init(edits: ScreenModifierList?, animation: ScreenStackAnimation?, separated: Bool, on containerKind: ScreenContainerKind) {
        self.edits = edits
        self.animation = animation
        self.separated = separated
        self.containerKind = containerKind
    }

    /// The action as Swift prints Nivelir's, with its modifiers, animation and `separated`.
    public var description: String {
        describeAction("ScreenSetStackAction", [containerKind], [
            "modifiers": ScreenURLText("[" + modifiers.map(\.description).joined(separator: ", ") + "]"),
            "animation": ScreenURLText.animation(animation), "separated": separated,
        ])
    }

    /// Merges a following edit of the same stack into this one, unless this one is `separated`.
    public func combine(with other: any ScreenAction) -> (any ScreenAction)? {
        (other as? ScreenSetStackAction).flatMap(merging)
    }

    /// `combine(with:)` of a stack edit.
    func merging(_ other: ScreenSetStackAction) -> ScreenSetStackAction? {
        guard !separated, other.containerKind == containerKind else {
            return nil
        }
        return ScreenSetStackAction(
            edits: edits.appending(contentsOf: other.modifiers),
            animation: ScreenStackAnimation.resolve(animation, other.animation),
            separated: other.separated,
            on: containerKind
        )
    }

    /// "Setting stack of <UINavigationController> with modifiers:" and a line per modifier,
    /// each part by its description: interpolating an existential looks up how to print it
    /// at run time.
    private static func logLine(_ container: ScreenContainer, _ modifiers: [any ScreenStackModifier]) -> String {
        // Nivelir's line breaks after the colon, also when no modifier follows.
        var line = "Setting stack of " + container.description + " with modifiers:\n"
        for (index, modifier) in modifiers.enumerated() { line += (index == 0 ? "  - " : "\n  - ") + modifier.description }
        return line
    }

    /// Logs the modifiers, applies them to the stack's screens, checks the new stack, and changes the
    /// stack in one transition; completes with no container.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        let modifiers = modifiers
        navigator.logInfo(Self.logLine(container, modifiers))
        var newStack = container.children
        do {
            for modifier in modifiers {
                try navigator.simulation.charge(steps: 1)
                try modifier.apply(to: &newStack, navigator: navigator)
                try navigator.simulation.checkCount(of: newStack, in: container, for: self)
            }
        } catch {
            return completion(.failure(error))
        }
        // What the new stack shares with the old from the bottom is the stack's own, each
        // screen once: only what is above it is checked, so that a push onto a deep stack
        // does not hash every screen (one of those may still be there again above).
        let old = container.children
        let common = old.sharedPrefixCount(with: newStack, by: ===)
        var seen = Set<ObjectIdentifier>()
        for child in newStack[common...] {
            let again = !seen.insert(ObjectIdentifier(child)).inserted || child.parent === container && old[..<common].contains { $0 === child }
            guard !again else {
                return completion(.failure(ScreenContainerPlacementError(twice: child, target: container, for: self)))
            }
            if child.parent !== container, let error = navigator.simulation.placementError(child, in: container, for: self)
                ?? navigator.simulation.stackChildError(child, in: container, for: self) {
                return completion(.failure(error))
            }
        }
        navigator.simulation.setStack(container, to: newStack, common: common, animation: animation) {
            completion(.success(nil))
        }
    }
}

extension AnyScreenRoute {
    /// Applies `modifiers` to the current stack in one transition.
    ///
    ///     route.setStack([ScreenStackClearModifier()])   -- Lua: route:setStack({ function(stack) return {} end })
    public func setStack(_ modifiers: [any ScreenStackModifier], animation: ScreenStackAnimation? = .default, separated: Bool = false) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.stack, for: "setStack")
        return then(ScreenSetStackAction(modifiers: modifiers, animation: animation, separated: separated, on: currentKind))
    }

    /// Pushes `screen`. With `nested`, runs it on the stack's new top, which stops later
    /// edits from merging with this one.
    ///
    ///     route.push(chat)   -- Lua: route:push(chat)
    public func push(_ screen: AnyScreen, animation: ScreenStackAnimation? = .default, separated: Bool = false, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try edit("push", ScreenStackPushModifier(screen: screen), animation: animation, separated: separated, top: screen.kind, nested: nested)
    }

    /// Pops to the screen `predicate` picks, by default the one under the top.
    ///
    ///     route.pop()   -- Lua: route:pop() / route:pop{to = Chat}
    public func pop(to predicate: ScreenStackPopPredicate = .previous, animation: ScreenStackAnimation? = .default, separated: Bool = false) throws(ScreenDSLError) -> AnyScreenRoute {
        try edit("pop", ScreenStackPopModifier(predicate: predicate), animation: animation, separated: separated)
    }

    /// Pops to the bottom screen.
    public func popToRoot(animation: ScreenStackAnimation? = .default, separated: Bool = false) throws(ScreenDSLError) -> AnyScreenRoute {
        try edit("popToRoot", ScreenStackPopModifier(predicate: .root), animation: animation, separated: separated)
    }

    /// Replaces the top screen with `screen` (pushes it on an empty stack).
    public func replace(with screen: AnyScreen, animation: ScreenStackAnimation? = .default, separated: Bool = false, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try edit("replace", ScreenStackReplaceModifier(screen: screen), animation: animation, separated: separated, top: screen.kind, nested: nested)
    }

    /// Removes every screen. As in Nivelir, it takes no `separated`.
    public func clear(animation: ScreenStackAnimation? = .default) throws(ScreenDSLError) -> AnyScreenRoute {
        try edit("clear", ScreenStackClearModifier(), animation: animation, separated: false)
    }

    private func edit(
        _ verb: String,
        _ modifier: any ScreenStackModifier,
        animation: ScreenStackAnimation?,
        separated: Bool,
        top: ScreenContainerKind = .modal,
        nested: AnyScreenRoute? = nil
    ) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.stack, for: verb)
        let route = then(ScreenSetStackAction(edits: ScreenModifierList(modifier, after: nil), animation: animation,
                                              separated: separated, on: currentKind))
        guard let nested else {
            return route
        }
        return try route.step(ScreenRelativeAction(.stackTop, as: top, on: currentKind), nested: nested, verb: verb)
    }
}

extension ScreenRoute where Current == StackContainer {
    /// Applies `modifiers` to the stack in one transition.
    ///
    ///     route.setStack([ScreenStackClearModifier()])   -- Lua: route:setStack({ function(stack) return {} end })
    public func setStack(_ modifiers: [any ScreenStackModifier], animation: ScreenStackAnimation? = .default, separated: Bool = false) -> Self {
        appending(ScreenSetStackAction(modifiers: modifiers, animation: animation, separated: separated))
    }

    /// Applies one modifier to the stack (Nivelir's `setStack(modifier:)`).
    ///
    ///     route.setStack(modifier: ScreenStackClearModifier())   -- Lua: route:setStack(function(stack) return {} end)
    public func setStack(modifier: any ScreenStackModifier, animation: ScreenStackAnimation? = .default, separated: Bool = false) -> Self {
        setStack([modifier], animation: animation, separated: separated)
    }

    /// Pushes `screen` onto the stack.
    ///
    ///     route.push(chat, animation: .crossDissolve)   -- Lua: route:push(chat, {animation = "crossDissolve"})
    public func push<S: Screen>(_ screen: S, animation: ScreenStackAnimation? = .default, separated: Bool = false) -> Self {
        setStack(modifier: ScreenStackPushModifier(screen: screen.eraseToAnyScreen()), animation: animation, separated: separated)
    }

    /// The same, with a nested route run on the pushed screen.
    ///
    ///     route.push(chat) { $0.refresh() }   -- Lua: route:push(chat, function(r) return r:refresh() end)
    public func push<S: Screen, Next>(_ screen: S, animation: ScreenStackAnimation? = .default, separated: Bool = false, route: (ScreenRootRoute<S.Container>) -> ScreenRoute<S.Container, Next>) -> Self {
        push(screen, animation: animation, separated: separated)
            .step(ScreenRelativeAction(.stackTop, as: S.Container.kind), route)
    }

    /// Pops to the screen `predicate` picks, by default the one under the top.
    ///
    ///     route.pop(to: .container(name: "Chat"))   -- Lua: route:pop{to = nav.container{name = "Chat"}}
    public func pop(to predicate: ScreenStackPopPredicate = .previous, animation: ScreenStackAnimation? = .default, separated: Bool = false) -> Self {
        setStack(modifier: ScreenStackPopModifier(predicate: predicate), animation: animation, separated: separated)
    }

    /// Pops to the bottom screen.
    ///
    ///     route.popToRoot(animation: nil)   -- Lua: route:popToRoot{animation = false}
    public func popToRoot(animation: ScreenStackAnimation? = .default, separated: Bool = false) -> Self {
        pop(to: .root, animation: animation, separated: separated)
    }

    /// Replaces the top screen with `screen` (pushes it on an empty stack).
    ///
    ///     route.replace(with: chat)   -- Lua: route:replace(chat)
    public func replace<S: Screen>(with screen: S, animation: ScreenStackAnimation? = .default, separated: Bool = false) -> Self {
        setStack(modifier: ScreenStackReplaceModifier(screen: screen.eraseToAnyScreen()), animation: animation, separated: separated)
    }

    /// The same, with a nested route run on the new top.
    ///
    ///     route.replace(with: chat) { $0.refresh() }   -- Lua: route:replace(chat, function(r) return r:refresh() end)
    public func replace<S: Screen, Next>(with screen: S, animation: ScreenStackAnimation? = .default, separated: Bool = false, route: (ScreenRootRoute<S.Container>) -> ScreenRoute<S.Container, Next>) -> Self {
        replace(with: screen, animation: animation, separated: separated)
            .step(ScreenRelativeAction(.stackTop, as: S.Container.kind), route)
    }

    /// Removes every screen.
    ///
    ///     route.clear()   -- Lua: route:clear()
    public func clear(animation: ScreenStackAnimation? = .default) -> Self {
        setStack(modifier: ScreenStackClearModifier(), animation: animation)
    }
}
