/// Always fails with the given error (Nivelir's `ScreenFailAction`).
///
///     route.fail(with: ScreenFailure("offline"))   -- Lua: route:fail("offline")
public struct ScreenFailAction: ScreenAction {
    /// The kind of container it is performed on.
    public let containerKind: ScreenContainerKind
    /// The error it fails with.
    public let error: Error

    /// An action failing with `error` on a container of `containerKind`.
    public init(error: Error, on containerKind: ScreenContainerKind) {
        self.error = error
        self.containerKind = containerKind
    }

    /// The action as Swift prints Nivelir's: `ScreenFailAction<UIViewController>(error: "...")`.
    public var description: String { describeAction("ScreenFailAction", [containerKind], ["error": "\(error)"]) }

    /// Fails at once with `error`.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        completion(.failure(error))
    }
}

extension AnyScreenRoute {
    /// Appends a step that fails the route with `error`.
    ///
    ///     route.fail(with: ScreenFailure("offline"))   -- Lua: route:fail("offline")
    public func fail(with error: Error) -> AnyScreenRoute {
        then(ScreenFailAction(error: error, on: currentKind))
    }
}

extension ScreenRoute {
    /// The same, for a typed route.
    ///
    ///     route.fail(with: ScreenFailure("offline"))   -- Lua: route:fail("offline")
    public func fail(with error: Error) -> Self {
        appending(ScreenFailAction(error: error, on: Current.kind))
    }
}
