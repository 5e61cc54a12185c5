/// An action defined by its caller, the way Nivelir's action layer is extended: a name,
/// the kind of container it needs, the kind it produces (nil: none, the route stays where
/// it is), and a body that completes once.
///
/// The body may complete later in virtual time (after its own navigation, say). If it
/// completes with success but no container while declaring an output, the container it
/// ran on is its output. The contract is enforced: a second completion is ignored and
/// reported; a body that never completes is reported when the simulation runs dry.
///
///     let authorize = ScreenCustomAction(name: "authorize", on: .modal, produces: .modal) { container, navigator, done in
///         done(.success(container))
///     }
///     -- Lua: nav.action("authorize", { on = "modal", produces = "modal", perform = function(c, n, done) done(true) end })
public struct ScreenCustomAction: ScreenAction {
    /// The body: it gets the container and the navigator, and must call the completion once.
    public typealias Body = (ScreenContainer, ScreenNavigator, @escaping ScreenActionCompletion) -> Void

    /// The name it is known by in its description and in errors (in Lua, its method: `route:authorize()`).
    public let name: String
    /// The kind of container it needs.
    public let containerKind: ScreenContainerKind
    /// The kind of container it produces, or nil when the route stays where it is.
    public let outputKind: ScreenContainerKind?
    /// What it does.
    public let body: Body

    /// A custom action named `name`, performed on `containerKind`, producing `outputKind` (nil: none).
    public init(name: String, on containerKind: ScreenContainerKind, produces outputKind: ScreenContainerKind? = nil, body: @escaping Body) {
        self.name = name
        self.containerKind = containerKind
        self.outputKind = outputKind
        self.body = body
    }

    /// Generic over the container it runs on only, as a Swift action whose `Output` is a
    /// typealias: `ScreenCustomAction<UINavigationController>(name: "authorize")`.
    public var description: String {
        describeAction("ScreenCustomAction", [containerKind], ["name": name])
    }

    /// Runs the body. Its first completion completes the action (with the container it ran on, when it
    /// declares an output and gives none); a second one is reported and ignored.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        let token = navigator.begin(self)
        var completed = false
        body(container, navigator) { [self] result in
            guard !completed else {
                return navigator.report(ScreenActionCompletionError(.completedTwice, for: self))
            }
            completed = true
            navigator.end(token)
            completion(output(of: result, from: container, navigator: navigator))
        }
    }

    private func output(of result: Result<ScreenContainer?, Error>, from container: ScreenContainer, navigator: ScreenNavigator) -> Result<ScreenContainer?, Error> {
        guard case let .success(output) = result, let outputKind else {
            return result.map { _ in nil }
        }
        let produced = output ?? container
        // As `from`: a container of another application's window is not this navigator's.
        if let error = navigator.simulation.foreignError(produced, for: self) {
            return .failure(error)
        }
        guard produced.kind.conforms(to: outputKind) else {
            return .failure(ScreenContainerTypeMismatchError(container: produced, type: outputKind.typeName, for: self))
        }
        return .success(produced)
    }
}

extension AnyScreenRoute {
    /// Appends a custom action. One that produces a container continues from it.
    public func perform(_ action: ScreenCustomAction, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(action.containerKind, for: action.name)
        guard action.outputKind != nil else {
            return then(action)
        }
        return try fold(action, nested: nested, verb: action.name)
    }
}
