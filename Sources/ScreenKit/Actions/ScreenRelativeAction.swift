/// A container related to the current one, as UIKit's properties find it.
public enum ScreenRelation: String, Sendable {
    /// What the container or its nearest presenting ancestor presents.
    case presented
    /// What presented the container or its nearest presented ancestor.
    case presenting
    /// The nearest ancestor stack.
    case stack
    /// The nearest ancestor tabs.
    case tabs
    /// The window, when the container's view is in it.
    case window
    /// A window's root.
    case root
    /// A stack's bottom screen.
    case stackRoot
    /// A stack's top screen.
    case stackTop
    /// What a stack shows: the modal presented over it, or its top screen.
    case stackVisible
    /// The selected tab.
    case selectedTab

    /// The Nivelir action that finds this relation.
    var actionName: String {
        switch self {
        case .presented: return "ScreenPresentedAction"
        case .presenting: return "ScreenPresentingAction"
        case .stack: return "ScreenStackAction"
        case .tabs: return "ScreenTabsAction"
        case .window: return "ScreenWindowAction"
        case .root: return "ScreenRootAction"
        case .stackRoot: return "ScreenStackRootAction"
        case .stackTop: return "ScreenStackTopAction"
        case .stackVisible: return "ScreenStackVisibleAction"
        case .selectedTab: return "ScreenSelectedTabAction"
        }
    }

    /// The kind of container the relation is asked of.
    public var containerKind: ScreenContainerKind {
        switch self {
        case .presented, .presenting, .stack, .tabs, .window: return .modal
        case .root: return .window
        case .stackRoot, .stackTop, .stackVisible: return .stack
        case .selectedTab: return .tabs
        }
    }

    /// The kind the relation yields before any narrowing (`stack` yields stacks).
    public var defaultOutputKind: ScreenContainerKind {
        switch self {
        case .stack: return .stack
        case .tabs: return .tabs
        case .window: return .window
        default: return .modal
        }
    }

    func find(from container: ScreenContainer) -> ScreenContainer? {
        switch self {
        case .presented: return container.presented
        case .presenting: return container.presenting
        case .stack: return container.stack
        case .tabs: return container.tabs
        case .window: return container.window
        case .root: return container.root
        case .stackRoot: return container.children.first
        case .stackTop: return container.children.last
        case .stackVisible: return container.presented ?? container.children.last
        case .selectedTab: return container.selectedChild
        }
    }
}

/// Continues from a container related to the current one (Nivelir's `ScreenPresentedAction`,
/// `ScreenPresentingAction`, `ScreenStackAction`, `ScreenTabsAction`, `ScreenWindowAction`,
/// `ScreenRootAction`, `ScreenStackRootAction`, `ScreenStackTopAction`,
/// `ScreenStackVisibleAction` and `ScreenSelectedTabAction`, which differ only in the
/// relation). None fails with "No container ... found"; one of another kind than asked
/// for fails with a type mismatch. None of them logs.
///
///     route.presented(of: StackContainer.self)   -- Lua: route:presented("stack")
public struct ScreenRelativeAction: ScreenAction {
    /// Which related container it continues from.
    public let relation: ScreenRelation
    /// The kind of container it is asked of.
    public let containerKind: ScreenContainerKind
    /// The kind the found container must be: the relation's own, or a narrower one.
    public let outputKind: ScreenContainerKind?

    /// An action finding `relation` from a container of `containerKind` (the relation's own kind by
    /// default), expecting one of `outputKind` (the relation's default output kind by default).
    public init(_ relation: ScreenRelation, as outputKind: ScreenContainerKind? = nil, on containerKind: ScreenContainerKind? = nil) {
        self.relation = relation
        self.containerKind = containerKind ?? relation.containerKind
        self.outputKind = outputKind ?? relation.defaultOutputKind
    }

    /// The action as Swift prints Nivelir's: `ScreenStackTopAction<UINavigationController, UIViewController>()`.
    public var description: String {
        describeAction(relation.actionName, [containerKind, outputKind])
    }

    /// Completes with the related container, or fails when there is none or it is of another kind.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        guard let found = relation.find(from: container) else {
            return completion(.failure(ScreenContainerNotFoundError(type: relation.defaultOutputKind, for: self)))
        }
        let expected = outputKind ?? relation.defaultOutputKind
        guard found.kind.conforms(to: expected) else {
            return completion(.failure(ScreenContainerTypeMismatchError(container: found, type: expected.typeName, for: self)))
        }
        completion(.success(found))
    }
}

extension AnyScreenRoute {
    /// Continues from the related container (of `kind`, if given, else the relation's own
    /// kind), or runs `nested` on it and stays.
    ///
    ///     route.related(.stackTop)   -- Lua: route:stackTop()
    public func related(_ relation: ScreenRelation, as kind: ScreenContainerKind? = nil, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(relation.containerKind, for: relation.rawValue)
        if let kind, !kind.conforms(to: relation.defaultOutputKind) {
            throw .invalidArgument(verb: relation.rawValue, message: "\(relation.defaultOutputKind.rawValue) kind expected, got \(kind.rawValue)")
        }
        return try fold(ScreenRelativeAction(relation, as: kind, on: currentKind), nested: nested, verb: relation.rawValue)
    }
}

extension AnyScreenRoute {
    /// The window's root.                       Lua: `route:root(kind?, nested?)`
    public func root(as kind: ScreenContainerKind? = nil, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try related(.root, as: kind, nested: nested)
    }

    /// What the container presents.             Lua: `route:presented(kind?, nested?)`
    public func presented(as kind: ScreenContainerKind? = nil, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try related(.presented, as: kind, nested: nested)
    }

    /// What presents the container.             Lua: `route:presenting(kind?, nested?)`
    public func presenting(as kind: ScreenContainerKind? = nil, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try related(.presenting, as: kind, nested: nested)
    }

    /// The nearest ancestor stack.              Lua: `route:stack(nested?)`
    public func stack(nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try related(.stack, nested: nested)
    }

    /// The nearest ancestor tabs.               Lua: `route:tabs(nested?)`
    public func tabs(nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try related(.tabs, nested: nested)
    }

    /// The window the container is in.          Lua: `route:window(nested?)`
    public func window(nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try related(.window, nested: nested)
    }

    /// A stack's bottom screen.                 Lua: `route:stackRoot(kind?, nested?)`
    public func stackRoot(as kind: ScreenContainerKind? = nil, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try related(.stackRoot, as: kind, nested: nested)
    }

    /// A stack's top screen.                    Lua: `route:stackTop(kind?, nested?)`
    public func stackTop(as kind: ScreenContainerKind? = nil, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try related(.stackTop, as: kind, nested: nested)
    }

    /// What a stack shows.                      Lua: `route:stackVisible(kind?, nested?)`
    public func stackVisible(as kind: ScreenContainerKind? = nil, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try related(.stackVisible, as: kind, nested: nested)
    }

    /// The selected tab.                        Lua: `route:selectedTab(kind?, nested?)`
    public func selectedTab(as kind: ScreenContainerKind? = nil, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try related(.selectedTab, as: kind, nested: nested)
    }
}

extension ScreenRoute where Current: ModalContainerType {
    /// What the container presents, as a view controller.
    ///
    ///     route.presented   -- Lua: route:presented()
    public var presented: ScreenRoute<Root, ModalContainer> { presented(of: ModalContainer.self) }
    /// What the container presents, as a container of `type`.
    ///
    ///     route.presented(of: StackContainer.self)   -- Lua: route:presented("stack")
    public func presented<Output: ModalContainerType>(of type: Output.Type) -> ScreenRoute<Root, Output> {
        folding(ScreenRelativeAction(.presented, as: Output.kind, on: Current.kind), as: Output.self)
    }

    /// What presents the container, as a view controller.
    ///
    ///     route.presenting   -- Lua: route:presenting()
    public var presenting: ScreenRoute<Root, ModalContainer> { presenting(of: ModalContainer.self) }
    /// What presents the container, as a container of `type`.
    ///
    ///     route.presenting(of: TabsContainer.self)   -- Lua: route:presenting("tabs")
    public func presenting<Output: ModalContainerType>(of type: Output.Type) -> ScreenRoute<Root, Output> {
        folding(ScreenRelativeAction(.presenting, as: Output.kind, on: Current.kind), as: Output.self)
    }

    /// The nearest ancestor stack (UIKit's `navigationController`).
    ///
    ///     route.stack   -- Lua: route:stack()
    public var stack: ScreenRoute<Root, StackContainer> { folding(ScreenRelativeAction(.stack, on: Current.kind), as: StackContainer.self) }
    /// The nearest ancestor tabs (UIKit's `tabBarController`).
    ///
    ///     route.tabs   -- Lua: route:tabs()
    public var tabs: ScreenRoute<Root, TabsContainer> { folding(ScreenRelativeAction(.tabs, on: Current.kind), as: TabsContainer.self) }
    /// The window the container is in.
    ///
    ///     route.window   -- Lua: route:window()
    public var window: ScreenRoute<Root, WindowContainer> { folding(ScreenRelativeAction(.window, on: Current.kind), as: WindowContainer.self) }
}

extension ScreenRoute where Current == WindowContainer {
    /// The window's root, as a view controller.
    ///
    ///     ScreenWindowRoute().root   -- Lua: nav.route():root()
    public var root: ScreenRoute<Root, ModalContainer> { root(of: ModalContainer.self) }
    /// The window's root, as a container of `type`.
    ///
    ///     ScreenWindowRoute().root(of: TabsContainer.self)   -- Lua: nav.route():root("tabs")
    public func root<Output: ModalContainerType>(of type: Output.Type) -> ScreenRoute<Root, Output> {
        folding(ScreenRelativeAction(.root, as: Output.kind), as: Output.self)
    }
}

extension ScreenRoute where Current == StackContainer {
    /// The stack's bottom screen, as a view controller.
    ///
    ///     route.stackRoot   -- Lua: route:stackRoot()
    public var stackRoot: ScreenRoute<Root, ModalContainer> { stackRoot(of: ModalContainer.self) }
    /// The stack's bottom screen, as a container of `type`.
    ///
    ///     route.stackRoot(of: TabsContainer.self)   -- Lua: route:stackRoot("tabs")
    public func stackRoot<Output: ModalContainerType>(of type: Output.Type) -> ScreenRoute<Root, Output> {
        folding(ScreenRelativeAction(.stackRoot, as: Output.kind), as: Output.self)
    }

    /// The stack's top screen, as a view controller.
    ///
    ///     route.stackTop   -- Lua: route:stackTop()
    public var stackTop: ScreenRoute<Root, ModalContainer> { stackTop(of: ModalContainer.self) }
    /// The stack's top screen, as a container of `type`.
    ///
    ///     route.stackTop(of: TabsContainer.self)   -- Lua: route:stackTop("tabs")
    public func stackTop<Output: ModalContainerType>(of type: Output.Type) -> ScreenRoute<Root, Output> {
        folding(ScreenRelativeAction(.stackTop, as: Output.kind), as: Output.self)
    }

    /// What the stack shows (the modal presented over it, or its top screen), as a view controller.
    ///
    ///     route.stackVisible   -- Lua: route:stackVisible()
    public var stackVisible: ScreenRoute<Root, ModalContainer> { stackVisible(of: ModalContainer.self) }
    /// What the stack shows, as a container of `type`.
    ///
    ///     route.stackVisible(of: StackContainer.self)   -- Lua: route:stackVisible("stack")
    public func stackVisible<Output: ModalContainerType>(of type: Output.Type) -> ScreenRoute<Root, Output> {
        folding(ScreenRelativeAction(.stackVisible, as: Output.kind), as: Output.self)
    }
}

extension ScreenRoute where Current == TabsContainer {
    /// The selected tab, as a view controller.
    ///
    ///     route.selectedTab   -- Lua: route:selectedTab()
    public var selectedTab: ScreenRoute<Root, ModalContainer> { selectedTab(of: ModalContainer.self) }
    /// The selected tab, as a container of `type`.
    ///
    ///     route.selectedTab(of: StackContainer.self)   -- Lua: route:selectedTab("stack")
    public func selectedTab<Output: ModalContainerType>(of type: Output.Type) -> ScreenRoute<Root, Output> {
        folding(ScreenRelativeAction(.selectedTab, as: Output.kind), as: Output.self)
    }
}
