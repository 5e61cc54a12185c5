/// Makes the current container the one on screen (Nivelir's `ScreenMakeVisibleAction`):
/// dismisses what is presented over it, then walks up its parents from the outermost:
/// a stack pops to the child, tabs select it. Any other parent (a custom container) fails
/// with "is not supported". It never dismisses the modal that contains the container.
///
///     route.last(.container(key: chat.key)).makeVisible()   -- Lua: route:last(chat):makeVisible()
public struct ScreenMakeVisibleAction: ScreenAction {
    public let containerKind: ScreenContainerKind
    public let stackAnimation: ScreenStackAnimation?
    public let tabsAnimation: ScreenTabAnimation?
    public let dismissAnimated: Bool

    public init(
        stackAnimation: ScreenStackAnimation? = .default,
        tabsAnimation: ScreenTabAnimation? = nil,
        dismissAnimated: Bool = true,
        on containerKind: ScreenContainerKind = .modal
    ) {
        self.stackAnimation = stackAnimation
        self.tabsAnimation = tabsAnimation
        self.dismissAnimated = dismissAnimated
        self.containerKind = containerKind
    }

    public var description: String {
        // As Swift prints Nivelir's struct: optional enums in full,
        // `Optional(Nivelir.ScreenStackAnimation.default)`.
        describeAction("ScreenMakeVisibleAction", [containerKind], [
            "stackAnimation": ScreenURLText.animation(stackAnimation),
            "tabsAnimation": ScreenURLText.animation("ScreenTabAnimation", tabsAnimation),
            "dissmissAnimated": dismissAnimated,
        ])
    }

    /// The route that shows `container` within its parents, outermost first.
    private func showRoute(for container: ScreenContainer) throws -> AnyScreenRoute {
        guard let parent = container.parent, parent.kind != .window else {
            return AnyScreenRoute(root: .modal)
        }
        let outer = try showRoute(for: parent)
        switch parent.kind {
        case .stack:
            let pop = ScreenSetStackAction(modifiers: [ScreenStackPopModifier(predicate: .container(container))],
                                           animation: stackAnimation, on: .stack)
            return outer.from(parent, nested: AnyScreenRoute(root: .stack).then(pop))
        case .tabs:
            let select = ScreenSelectTabAction(predicate: .container(container), animation: tabsAnimation, on: .tabs)
            return outer.from(parent, nested: AnyScreenRoute(root: .tabs).fold(select, nested: AnyScreenRoute(root: .modal)))
        default:
            throw ScreenContainerNotSupportedError(container: parent, for: self)
        }
    }

    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        let route: AnyScreenRoute
        do {
            let dismiss = AnyScreenRoute(root: .modal).then(ScreenDismissAction(animated: dismissAnimated, on: .modal))
            route = try dismiss.then(showRoute(for: container).actions)
        } catch {
            return completion(.failure(error))
        }
        navigator.perform(ScreenNavigateAction(containerKind: .modal, actions: route.actions), on: container, completion: completion)
    }
}

extension AnyScreenRoute {
    public func makeVisible(
        stackAnimation: ScreenStackAnimation? = .default,
        tabsAnimation: ScreenTabAnimation? = nil,
        dismissAnimated: Bool = true
    ) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "makeVisible")
        return then(ScreenMakeVisibleAction(stackAnimation: stackAnimation, tabsAnimation: tabsAnimation,
                                            dismissAnimated: dismissAnimated, on: currentKind))
    }
}

extension ScreenRoute where Current: ModalContainerType {
    /// Nivelir spells the last label `dissmissAnimated`; both spellings work here.
    public func makeVisible(
        stackAnimation: ScreenStackAnimation? = .default,
        tabsAnimation: ScreenTabAnimation? = nil,
        dismissAnimated: Bool = true
    ) -> Self {
        appending(ScreenMakeVisibleAction(stackAnimation: stackAnimation, tabsAnimation: tabsAnimation,
                                     dismissAnimated: dismissAnimated, on: Current.kind))
    }

    public func makeVisible(
        stackAnimation: ScreenStackAnimation? = .default,
        tabsAnimation: ScreenTabAnimation? = nil,
        dissmissAnimated: Bool
    ) -> Self {
        makeVisible(stackAnimation: stackAnimation, tabsAnimation: tabsAnimation, dismissAnimated: dissmissAnimated)
    }
}
