/// Asks the current container to refresh its data (Nivelir's `ScreenRefreshAction`). A
/// container that cannot refresh fails with a type mismatch against
/// `ScreenRefreshableContainer`.
///
///     route.refresh()   -- Lua: route:refresh()
public struct ScreenRefreshAction: ScreenAction {
    /// The kind of container it is performed on.
    public let containerKind: ScreenContainerKind

    /// An action refreshing a container of `containerKind`.
    public init(on containerKind: ScreenContainerKind) {
        self.containerKind = containerKind
    }

    /// The action as Swift prints Nivelir's: `ScreenRefreshAction<UIViewController>()`.
    public var description: String { describeAction("ScreenRefreshAction", [containerKind]) }

    /// Counts the refresh and runs the container's refresh handler, which completes the step; a
    /// container without one fails.
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
    /// Appends a step asking the current container to refresh its data.
    ///
    ///     route.refresh()   -- Lua: route:refresh()
    public func refresh() -> AnyScreenRoute {
        then(ScreenRefreshAction(on: currentKind))
    }
}

extension ScreenRoute {
    /// The same, for a typed route.
    ///
    ///     route.refresh()   -- Lua: route:refresh()
    public func refresh() -> Self {
        appending(ScreenRefreshAction(on: Current.kind))
    }
}
