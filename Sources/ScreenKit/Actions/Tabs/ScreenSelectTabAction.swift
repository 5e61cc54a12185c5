/// Selects a tab (Nivelir's `ScreenSelectTabAction`). Logs "Selecting tab of <type> type
/// in <type> with <predicate>". No tab for the predicate, or an index out of range, fails
/// with "No container of UIViewController type found"; a tab of another kind than asked
/// for fails with a type mismatch. Selecting the selected tab succeeds. The animation runs
/// only when given, a tab was selected before and the new one differs. It completes with
/// the tab on a later turn of the run loop.
///
///     route.selectTab(with: .index(1))   -- Lua: route:selectTab(2)
public struct ScreenSelectTabAction: ScreenAction {
    /// Which tab it selects.
    public let predicate: ScreenTabPredicate
    /// The custom animation of the change, or nil for none.
    public let animation: ScreenTabAnimation?
    /// The kind the selected tab must be; the action completes with it.
    public let outputKind: ScreenContainerKind?
    /// The kind of container it is performed on.
    public let containerKind: ScreenContainerKind

    /// A selection of the tab `predicate` picks, expected of `outputKind`, on tabs of `containerKind`.
    public init(predicate: ScreenTabPredicate, animation: ScreenTabAnimation? = nil, as outputKind: ScreenContainerKind = .modal, on containerKind: ScreenContainerKind = .tabs) {
        self.predicate = predicate
        self.animation = animation
        self.outputKind = outputKind
        self.containerKind = containerKind
    }

    /// The action as Swift prints Nivelir's: `ScreenSelectTabAction<UITabBarController, UIViewController>(...)`.
    public var description: String {
        describeAction("ScreenSelectTabAction", [containerKind, outputKind], ["predicate": predicate, "animation": ScreenURLText.animation("ScreenTabAnimation", animation)])
    }

    /// Logs, selects the tab `predicate` picks and completes with it; fails when there is none or it is
    /// of another kind.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        let expected = outputKind ?? .modal
        navigator.logInfo("Selecting tab of \(expected.typeName) type in \(container.typeName) with \(predicate)")
        let found: Int?
        do {
            found = try predicate.tabIndex(in: container.children)
        } catch {
            return completion(.failure(error))
        }
        guard let index = found, container.children.indices.contains(index) else {
            return completion(.failure(ScreenContainerNotFoundError(type: .modal, for: self)))
        }
        let tab = container.children[index]
        guard tab.kind.conforms(to: expected) else {
            return completion(.failure(ScreenContainerTypeMismatchError(container: tab, type: expected.typeName, for: self)))
        }
        navigator.simulation.selectTab(container, at: index, animation: animation) {
            completion(.success(tab))
        }
    }
}

extension AnyScreenRoute {
    /// Selects a tab and runs `nested` on it; the route stays on the tabs.
    public func selectTab(with predicate: ScreenTabPredicate, as kind: ScreenContainerKind = .modal, animation: ScreenTabAnimation? = nil, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.tabs, for: "selectTab")
        return try step(ScreenSelectTabAction(predicate: predicate, animation: animation, as: kind, on: currentKind), nested: nested, verb: "selectTab")
    }
}

extension ScreenRoute where Current == TabsContainer {
    /// Selects the tab `predicate` picks; the route stays on the tabs.
    ///
    ///     route.selectTab(with: .index(1))   -- Lua: route:selectTab(2)
    public func selectTab(with predicate: ScreenTabPredicate, animation: ScreenTabAnimation? = nil) -> Self {
        selectTab(of: ModalContainer.self, with: predicate, animation: animation) { $0 }
    }

    /// The same, with a nested route run on the selected tab, typed as `type`.
    ///
    ///     route.selectTab(of: StackContainer.self, with: .index(0)) { $0.popToRoot() }
    ///     -- Lua: route:selectTab(1, {kind = "stack"}, function(r) return r:popToRoot() end)
    public func selectTab<Output: ModalContainerType, Next>(of type: Output.Type = Output.self, with predicate: ScreenTabPredicate, animation: ScreenTabAnimation? = nil, route: (ScreenRootRoute<Output>) -> ScreenRoute<Output, Next>) -> Self {
        step(ScreenSelectTabAction(predicate: predicate, animation: animation, as: Output.kind), route)
    }
}
