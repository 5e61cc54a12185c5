/// Always fails with the given error (Nivelir's `ScreenFailAction`).
///
///     route.fail(with: ScreenFailure("offline"))   -- Lua: route:fail("offline")
public struct ScreenFailAction: ScreenAction {
    public let containerKind: ScreenContainerKind
    public let error: Error

    public init(error: Error, on containerKind: ScreenContainerKind) {
        self.error = error
        self.containerKind = containerKind
    }

    public var description: String { describeAction("ScreenFailAction", [containerKind], ["error": "\(error)"]) }

    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        completion(.failure(error))
    }
}

extension AnyScreenRoute {
    public func fail(with error: Error) -> AnyScreenRoute {
        then(ScreenFailAction(error: error, on: currentKind))
    }
}

extension ScreenRoute {
    public func fail(with error: Error) -> Self {
        appending(ScreenFailAction(error: error, on: Current.kind))
    }
}
