/// A route typed for Swift callers, as in Nivelir: `Root` is the container it is performed
/// on and `Current` the container the next action works on, so the compiler offers `push`
/// only where `Current` is a stack. It wraps the dynamic route that Lua uses.
///
///     let route = ScreenWindowRoute().top(.stack).push(chat)
///     navigator.navigate(to: route)
///     -- Lua: app:navigate(nav.route():top(nav.stack):push(chat))
public struct ScreenRoute<Root: ScreenContainerType, Current: ScreenContainerType> {
    /// The dynamic route underneath.
    public let route: AnyScreenRoute

    /// An empty route (Nivelir's `.initial`).
    public init() where Root == Current {
        route = AnyScreenRoute(root: Root.kind)
    }


    /// Wraps a dynamic route whose kinds the caller guarantees.
    init(_ route: AnyScreenRoute) {
        self.route = route
    }

    /// The actions to perform on the root container.
    public var actions: [any ScreenAction] { route.actions }

    /// Appends an action on the current container. One that needs another kind of
    /// container is refused where the route is built, as Nivelir's compiler refuses it.
    public func then(_ action: any ScreenAction) throws(ScreenDSLError) -> Self {
        try Self.require(action)
        return appending(action)
    }

    /// `then(_:)` for the typed builders, whose kinds are right by construction.
    func appending(_ action: any ScreenAction) -> Self {
        Self(route.then(action))
    }

    /// `appending(_:)` of a stack edit.
    func appending(_ edit: ScreenSetStackAction) -> Self {
        Self(route.then(edit))
    }

    /// Appends a route rooted at the current container.
    public func then<Next>(_ other: ScreenRoute<Current, Next>) -> Self {
        Self(route.then(other.actions))
    }

    /// Continues from what `action` produces. An action that needs another kind of
    /// container, or produces another than `Output`, is refused where the route is built.
    public func fold<Output: ScreenContainerType>(_ action: any ScreenAction, as output: Output.Type) throws(ScreenDSLError) -> ScreenRoute<Root, Output> {
        try Self.require(action)
        guard let produced = action.outputKind, produced.conforms(to: Output.kind) else {
            throw .invalidArgument(verb: "fold", message: "\(action) produces \(action.outputKind.map { "a \($0.typeName)" } ?? "no container"), not a \(Output.kind.typeName)")
        }
        return folding(action, as: output)
    }

    /// Throws unless `action` works on a `Current`, as the type says (the route underneath
    /// may know a narrower kind than the type; the compiler goes by the type).
    private static func require(_ action: any ScreenAction) throws(ScreenDSLError) {
        guard Current.kind.conforms(to: action.containerKind) else {
            throw .currentKind(verb: "\(action)", expected: action.containerKind, got: Current.kind)
        }
    }

    /// `fold(_:as:)` for the typed builders, whose kinds are right by construction.
    func folding<Output: ScreenContainerType>(_ action: any ScreenAction, as output: Output.Type) -> ScreenRoute<Root, Output> {
        ScreenRoute<Root, Output>(route.fold(action))
    }

    /// The same actions, with the root as the current container again.
    public func resolve() -> ScreenRootRoute<Root> {
        ScreenRootRoute<Root>(route.resolve())
    }

    /// Runs `action` and then `nested` on what it produces, staying on `Current`.
    func step<Output, Next>(_ action: any ScreenAction, _ nested: (ScreenRootRoute<Output>) -> ScreenRoute<Output, Next>) -> Self {
        Self(route.fold(action, nested: nested(ScreenRootRoute<Output>()).route))
    }
}

/// A route whose current container is its root.
public typealias ScreenRootRoute<Container: ScreenContainerType> = ScreenRoute<Container, Container>
/// Routes performed on the window: what `navigate(to:)` takes.
public typealias ScreenWindowRoute = ScreenRootRoute<WindowContainer>
/// Routes performed on a view controller, for composition.
public typealias ScreenModalRoute = ScreenRootRoute<ModalContainer>
/// Routes performed on a stack, for composition.
public typealias ScreenStackRoute = ScreenRootRoute<StackContainer>
/// Routes performed on tabs, for composition.
public typealias ScreenTabsRoute = ScreenRootRoute<TabsContainer>

extension ScreenRoute where Root == Current {
    /// An empty route, as Nivelir writes it: `ScreenWindowRoute.initial.top(.stack)...`.
    public static var initial: Self { Self() }
}
