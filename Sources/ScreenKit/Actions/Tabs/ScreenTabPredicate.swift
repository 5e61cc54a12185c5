/// Which tab to select (Nivelir's `ScreenTabPredicate`). Searches use the *first* match,
/// unlike pop predicates. Indices are 0-based in Swift; Lua's are 1-based.
public struct ScreenTabPredicate: CustomStringConvertible {
    /// How the log names it: "index 1", "Chat container".
    public let description: String
    private let body: ([ScreenContainer]) throws -> Int?

    /// A predicate giving the index of the tab to select (0-based), or nil for none.
    ///
    ///     -- Lua: route:selectTab(function(tabs) return #tabs end)   (a 1-based index)
    public init(description: String, _ body: @escaping ([ScreenContainer]) throws -> Int?) {
        self.description = description
        self.body = body
    }

    /// The index of the tab to select; a predicate's failure (a script's function) fails
    /// the selection.
    public func tabIndex(in tabs: [ScreenContainer]) throws -> Int? {
        try body(tabs)
    }

    /// "index i": the index itself, checked against the tabs only when selecting.
    public static func index(_ index: Int) -> Self {
        Self(description: "index \(index)") { _ in index }
    }

    /// The given container, if it is one of the tabs.
    ///
    ///     .container(feedStack)   -- Lua: route:selectTab(container)
    public static func container(_ container: ScreenContainer) -> Self {
        Self(description: "given container") { $0.firstIndex { $0 === container } }
    }

    /// The first tab whose screen has that name.
    ///
    ///     .container(name: "Feed")   -- Lua: route:selectTab(nav.container{name = "Feed"})
    public static func container(name: String) -> Self {
        Self(description: "\(name) container") { $0.firstIndex { $0.searchKey?.name == name } }
    }

    /// The first tab with that key.
    ///
    ///     .container(key: feed.key)   -- Lua: route:selectTab(nav.container{key = feed})
    public static func container(key: ScreenKey) -> Self {
        Self(description: "\(key) container") { $0.firstIndex { $0.searchKey == key } }
    }

    /// The first tab a container predicate matches (`nav.stack{key = chat}`).
    public static func container(_ predicate: AnyScreenPredicate) -> Self {
        Self(description: predicate.description) { try $0.firstIndex(where: predicate.matches) }
    }
}
