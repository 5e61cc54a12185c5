/// Asks the current container to refresh its data (Nivelir's `ScreenRefreshAction`). A
/// container that cannot refresh fails with a type mismatch against
/// `ScreenRefreshableContainer`.
///
///     route.refresh()   -- Lua: route:refresh()
public struct ScreenRefreshAction: ScreenAction {
    public let containerKind: ScreenContainerKind

    public init(on containerKind: ScreenContainerKind) {
        self.containerKind = containerKind
    }

    public var description: String { describeAction("ScreenRefreshAction", [containerKind]) }

    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        guard let refresh = container.refreshHandler ?? container.laterRefreshHandler?() else {
            return completion(.failure(ScreenContainerTypeMismatchError(
                container: container, type: "ScreenRefreshableContainer", for: self)))
        }
        container.refreshCount += 1
        navigator.waitingAction = self
        refresh(container) { completion($0.map { nil }) }
    }
}

extension ScreenContainer {
    /// Makes the container refreshable: `refresh()` then counts, and succeeds.
    public func makeRefreshable() {
        refreshHandler = { _, completion in completion(.success(())) }
    }
}

extension AnyScreenRoute {
    public func refresh() -> AnyScreenRoute {
        then(ScreenRefreshAction(on: currentKind))
    }
}

extension ScreenRoute {
    public func refresh() -> Self {
        appending(ScreenRefreshAction(on: Current.kind))
    }
}
