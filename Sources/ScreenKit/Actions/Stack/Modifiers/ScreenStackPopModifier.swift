/// Which screen a pop keeps as the new top (Nivelir's `ScreenStackPopPredicate`). Searches
/// by container use the *last* match, unlike tab predicates, which use the first.
public struct ScreenStackPopPredicate: CustomStringConvertible {
    /// How the log names it, after "Pop ": "to root", "to Chat container".
    public let description: String
    private let body: ([ScreenContainer]) throws -> Int?

    /// A predicate giving the index of the screen to keep on top (0-based; -1 empties the stack), or nil.
    ///
    ///     -- Lua: route:pop{to = function(stack) return 1 end}   (a 1-based index: the bottom screen)
    public init(description: String, _ body: @escaping ([ScreenContainer]) throws -> Int?) {
        self.description = description
        self.body = body
    }

    /// The index of the screen to keep on top; a predicate's failure (a script's function)
    /// fails the pop.
    public func containerIndex(in stack: [ScreenContainer]) throws -> Int? {
        try body(stack)
    }

    /// The bottom screen: "to root".
    public static var root: Self { Self(description: "to root") { _ in 0 } }

    /// The screen under the top. Its description is empty, so the log reads "Pop ". On a
    /// root-only stack the index is -1 and the pop leaves the stack empty, which UIKit then
    /// ignores (see `ScreenSimulation.setStack`).
    public static var previous: Self { Self(description: "") { $0.count - 2 } }

    /// The given container, if it is in the stack.
    ///
    ///     .container(chatContainer)   -- Lua: route:pop{to = container}
    public static func container(_ container: ScreenContainer) -> Self {
        Self(description: "to given container") { $0.lastIndex { $0 === container } }
    }

    /// The last screen with that name.
    ///
    ///     .container(name: "Chat")   -- Lua: route:pop{to = nav.container{name = "Chat"}}
    public static func container(name: String) -> Self {
        Self(description: "to \(name) container") { $0.lastIndex { $0.searchKey?.name == name } }
    }

    /// The last screen with that key.
    ///
    ///     .container(key: chat.key)   -- Lua: route:pop{to = nav.container{key = chat}}
    public static func container(key: ScreenKey) -> Self {
        Self(description: "to \(key) container") { $0.lastIndex { $0.searchKey == key } }
    }

    /// The last screen a container predicate matches (`nav.container{name = "Chat"}`).
    public static func container(_ predicate: AnyScreenPredicate) -> Self {
        Self(description: "to \(predicate.description)") { try $0.lastIndex(where: predicate.matches) }
    }
}

/// Keeps the screens up to the one the predicate picks: "Pop <predicate>". No such screen,
/// or an index out of range, fails with "No container of UIViewController type found".
public struct ScreenStackPopModifier: ScreenStackModifier {
    /// Which screen it keeps on top.
    public let predicate: ScreenStackPopPredicate

    /// A pop to the screen `predicate` picks.
    ///
    ///     ScreenStackPopModifier(predicate: .root)   -- Lua: route:popToRoot()
    public init(predicate: ScreenStackPopPredicate) {
        self.predicate = predicate
    }

    /// The line it logs: "Pop to root".
    public var description: String { "Pop \(predicate)" }

    /// The screens up to the one the predicate picks; fails when it picks none or one out of range.
    public func perform(stack: [ScreenContainer], navigator: ScreenNavigator) throws -> [ScreenContainer] {
        guard let index = try predicate.containerIndex(in: stack), index >= -1, index < stack.count else {
            throw ScreenContainerNotFoundError(type: .modal, for: self)
        }
        return Array(stack.prefix(index + 1))
    }
}
