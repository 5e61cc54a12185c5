/// Makes the current container the one on screen (Nivelir's `ScreenMakeVisibleAction`):
/// dismisses what is presented over it, then walks up its parents from the outermost:
/// a stack pops to the child, tabs select it. Any other parent (a custom container) fails
/// with "is not supported". It never dismisses the modal that contains the container.
///
///     route.last(.container(key: chat.key)).makeVisible()   -- Lua: route:last(chat):makeVisible()
public struct ScreenMakeVisibleAction: ScreenAction {
    /// The kind of container it is performed on.
    public let containerKind: ScreenContainerKind
    /// How stacks pop to the container (nil: not animated).
    public let stackAnimation: ScreenStackAnimation?
    /// How tabs select it (nil: not animated, the default).
    public let tabsAnimation: ScreenTabAnimation?
    /// Whether dismissing what is presented over it is animated.
    public let dismissAnimated: Bool

    /// An action making a container of `containerKind` visible.
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

    /// The action as Swift prints Nivelir's, with its `dissmissAnimated` field.
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

    /// Dismisses what the container presents, then pops and selects its way to it from the outermost parent.
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
    /// Appends a step that makes the current container the one on screen.
    ///
    ///     try route.makeVisible(dismissAnimated: false)   -- Lua: route:makeVisible{dismissAnimated = false}
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

    /// The same, with Nivelir's spelling of the last label.
    ///
    ///     route.makeVisible(dissmissAnimated: false)   -- Lua: route:makeVisible{dissmissAnimated = false}
    public func makeVisible(
        stackAnimation: ScreenStackAnimation? = .default,
        tabsAnimation: ScreenTabAnimation? = nil,
        dissmissAnimated: Bool
    ) -> Self {
        makeVisible(stackAnimation: stackAnimation, tabsAnimation: tabsAnimation, dismissAnimated: dissmissAnimated)
    }
}
