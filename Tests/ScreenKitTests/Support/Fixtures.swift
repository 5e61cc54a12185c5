import ScreenKit
import Testing

/// Screens the tests build hierarchies from.
enum Screens {
    static func modal(_ name: String, _ traits: [String: ScreenValue] = [:]) -> AnyScreen {
        AnyScreen(name: name, traits: traits)
    }

    static func stack(_ name: String) -> AnyScreen {
        AnyScreen(name: name, kind: .stack)
    }

    static func tabs(_ name: String) -> AnyScreen {
        AnyScreen(name: name, kind: .tabs)
    }

    static var feed: AnyScreen { modal("Feed") }
    static var chatList: AnyScreen { modal("ChatList") }
    static var settings: AnyScreen { modal("Settings") }
    static var profile: AnyScreen { modal("Profile") }
    static func chat(_ id: Int) -> AnyScreen { modal("Chat", ["chatId": .int(id)]) }
}

/// A route in the dynamic model, built with `try` as Lua builds it.
func route(_ build: (AnyScreenRoute) throws -> AnyScreenRoute) rethrows -> AnyScreenRoute {
    try build(AnyScreenRoute(root: .window))
}

extension ScreenApplication {
    /// An app whose window shows `root`; fails the test if the hierarchy cannot be built.
    static func with(_ root: ScreenNode) throws -> ScreenApplication {
        try ScreenApplication(root: root)
    }

    /// The labels of a stack's screens.
    func labels(of container: ScreenContainer?) -> [String] {
        container?.children.map(\.label) ?? []
    }

    /// Transitions as lines, for comparison.
    var transitionLines: [String] { transitions.map(\.description) }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }

    /// The error's description, or nil on success.
    var errorMessage: String? {
        if case let .failure(error) = self { return "\(error)" }
        return nil
    }
}

/// A tab app: Feed stack, Chats stack (ChatList, Chat 7), selected the given tab, presenting
/// `presented` if given.
func tabApp(selected: Int = 1, presenting presented: AnyScreen? = nil) throws -> ScreenApplication {
    try ScreenApplication.with(.tabs([
        .stack([.screen(Screens.feed)]),
        .stack([.screen(Screens.chatList), .screen(Screens.chat(7))]),
    ], selected: selected, presented: presented.map { .screen($0) }))
}

/// Settings in a stack, presented full screen.
func fullScreenSettings() throws -> AnyScreen {
    try Screens.settings
        .decorated(by: ScreenStackContainerDecorator())
        .decorated(by: ScreenModalStyleDecorator(style: .default(presentation: .fullScreen)))
}
