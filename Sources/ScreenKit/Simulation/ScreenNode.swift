/// A hierarchy to start an application with (Lua: `nav.app { root = nav.tabs { ... } }`):
/// a screen stands for the container built from it; stack and tabs nodes make containers
/// without a key unless given one; any node may present one node.
public struct ScreenNode {
    /// What a node stands for: a screen's container, or a stack or tabs made from child nodes.
    public enum Content {
        case screen(AnyScreen)
        case stack(key: ScreenKey?, children: [ScreenNode])
        /// `selected` is 0-based; nil selects the first tab.
        case tabs(key: ScreenKey?, children: [ScreenNode], selected: Int?)
    }

    /// What the node builds.
    public let content: Content
    /// The node it presents: none or one.
    public let presented: [ScreenNode]

    /// A node of `content` that presents `presented`, if given.
    public init(_ content: Content, presented: ScreenNode? = nil) {
        self.content = content
        self.presented = presented.map { [$0] } ?? []
    }

    /// The container built from `screen`, presenting `presented`, if given.
    ///
    ///     .screen(chat)   -- Lua: nav.app { root = Chat() }
    public static func screen(_ screen: AnyScreen, presented: ScreenNode? = nil) -> ScreenNode {
        ScreenNode(.screen(screen), presented: presented)
    }

    /// A stack of `children`, keyed with `key` if given (a stack may not hold a stack).
    ///
    ///     .stack([.screen(feed)])   -- Lua: nav.app { root = nav.stack { Feed() } }
    public static func stack(_ children: [ScreenNode], key: ScreenKey? = nil, presented: ScreenNode? = nil) -> ScreenNode {
        ScreenNode(.stack(key: key, children: children), presented: presented)
    }

    /// Tabs of `children`, with the 0-based `selected` tab (the first when nil), keyed with `key` if given.
    ///
    ///     .tabs([.stack([.screen(feed)]), .screen(chats)], selected: 1)
    ///     -- Lua: nav.app { root = nav.tabs { selected = 2, nav.stack { Feed() }, ChatList() } }
    public static func tabs(_ children: [ScreenNode], selected: Int? = nil, key: ScreenKey? = nil, presented: ScreenNode? = nil) -> ScreenNode {
        ScreenNode(.tabs(key: key, children: children, selected: selected), presented: presented)
    }

    /// Builds the containers. Presentations attach to the presentation context once the
    /// tree stands, already complete.
    func build(navigator: ScreenNavigator) throws -> ScreenContainer {
        var presentations: [(ScreenContainer, ScreenNode)] = []
        let container = try build(navigator: navigator, presentations: &presentations)
        while !presentations.isEmpty {
            let (presenter, node) = presentations.removeFirst()
            let context = presenter.presentationContext
            guard context.presentedContainer == nil else {
                throw ScreenDSLError.invalidArgument(verb: "app", message: "\(context) already presents a container")
            }
            let presented = try node.build(navigator: navigator, presentations: &presentations)
            context.presentedContainer = presented
            presented.presentingContainer = context
            presented.presentationPhase = .presented
        }
        return container
    }

    private func build(navigator: ScreenNavigator, presentations: inout [(ScreenContainer, ScreenNode)]) throws -> ScreenContainer {
        let container: ScreenContainer
        switch content {
        case let .screen(screen):
            container = try screen.build(navigator: navigator)
        case let .stack(key, children):
            container = ScreenContainer(kind: .stack, key: key)
            let built = try children.map { try $0.build(navigator: navigator, presentations: &presentations) }
            if built.contains(where: { $0.kind == .stack }) {
                throw ScreenDSLError.invalidArgument(verb: "stack", message: "a stack cannot hold a stack (UIKit: pushing a navigation controller is not supported)")
            }
            navigator.simulation.replaceChildren(of: container, with: built)
        case let .tabs(key, children, selected):
            container = ScreenContainer(kind: .tabs, key: key)
            let built = try children.map { try $0.build(navigator: navigator, presentations: &presentations) }
            navigator.simulation.setTabs(container, to: built)
            if let selected {
                guard built.indices.contains(selected) else {
                    throw ScreenDSLError.invalidArgument(verb: "tabs", message: built.isEmpty ? "selected tab \(selected + 1) of none: the tabs are empty"
                                                         : "selected tab \(selected + 1) out of range 1...\(built.count)")
                }
                container.selectedIndex = selected
            }
        }
        presentations += presented.map { (container, $0) }
        return container
    }
}
