/// Switches the route to a known container (Nivelir's `ScreenFromAction`). A nil container
/// fails with "No container of <current type> type found": as in Nivelir, the error names
/// the type of the container the route was on, not the one it asked for. A container of
/// another application (another simulation's window) fails too.
public struct ScreenFromAction: ScreenAction {
    /// The container the route continues from; nil fails.
    public let output: ScreenContainer?
    /// The kind of container the route was on.
    public let containerKind: ScreenContainerKind
    /// The kind of `output`, or the kind asked for when it is nil.
    public let outputKind: ScreenContainerKind?

    /// `kind` is what the route continues as when `output` is nil.
    public init(output: ScreenContainer?, kind: ScreenContainerKind, on containerKind: ScreenContainerKind) {
        self.output = output
        self.containerKind = containerKind
        self.outputKind = output?.kind ?? kind
    }

    /// The action as Swift prints Nivelir's: `ScreenFromAction<...>(output: Optional(<UIViewController: Chat>))`.
    public var description: String {
        // Swift prints the optional field as `Optional(<UIViewController: Chat>)` or `nil`.
        describeAction("ScreenFromAction", [containerKind, outputKind], ["output": ScreenURLText(output.map { "Optional(\($0))" } ?? "nil")])
    }

    /// Completes with `output`; fails when it is nil or in another application's window.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        guard let output else {
            return completion(.failure(ScreenContainerNotFoundError(type: containerKind, for: self)))
        }
        // A container in another application's window (in Lua, another nav.app, with its own
        // clock and log) is not this navigator's to change.
        if let error = navigator.simulation.foreignError(output, for: self) {
            return completion(.failure(error))
        }
        completion(.success(output))
    }
}

extension AnyScreenRoute {
    /// Continues from `container` (of its own kind, or `kind` when nil), or runs `nested`
    /// on it and stays.
    ///
    ///     route.from(chat, kind: .modal)   -- Lua: route:from(container)
    public func from(_ container: ScreenContainer?, kind: ScreenContainerKind = .modal, nested: AnyScreenRoute? = nil) -> AnyScreenRoute {
        let action = ScreenFromAction(output: container, kind: nested?.rootKind ?? kind, on: currentKind)
        guard let nested else {
            return fold(action)
        }
        return fold(action, nested: nested)
    }
}

extension ScreenRoute {
    /// `route.from(container, as: StackContainer.self)`: the caller vouches for the kind;
    /// a container of another kind fails the next action with a type mismatch.
    public func from<Output>(_ container: ScreenContainer?, as output: Output.Type) -> ScreenRoute<Root, Output> {
        folding(ScreenFromAction(output: container, kind: Output.kind, on: Current.kind), as: Output.self)
    }

    /// Runs `route` from `container`, and stays on the current container.
    ///
    ///     route.from(stack, to: ScreenStackRoute().push(chat))
    ///     -- Lua: route:from(stack, function(r) return r:push(chat) end)
    public func from<Output, Next>(_ container: ScreenContainer?, to route: ScreenRoute<Output, Next>) -> Self {
        Self(self.route.fold(ScreenFromAction(output: container, kind: Output.kind, on: Current.kind), nested: route.route))
    }
}

extension ScreenNavigator {
    /// `navigator.navigate(from: stack, to: ScreenStackRoute().push(chat))`
    public func navigate<Output, Next>(from container: ScreenContainer?, to route: ScreenRoute<Output, Next>, completion: ((Result<Void, Error>) -> Void)? = nil) {
        navigate(from: container, to: route.route, completion: completion)
    }
}
