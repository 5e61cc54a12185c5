/// Which tab to select (Nivelir's `ScreenTabPredicate`). Searches use the *first* match,
/// unlike pop predicates. Indices are 0-based in Swift; Lua's are 1-based.
public struct ScreenTabPredicate: CustomStringConvertible {
    public let description: String
    private let body: ([ScreenContainer]) -> Int?

    public init(description: String, _ body: @escaping ([ScreenContainer]) -> Int?) {
        self.description = description
        self.body = body
    }

    public func tabIndex(in tabs: [ScreenContainer]) -> Int? {
        body(tabs)
    }

    /// "index i": the index itself, checked against the tabs only when selecting.
    public static func index(_ index: Int) -> Self {
        Self(description: "index \(index)") { _ in index }
    }

    public static func container(_ container: ScreenContainer) -> Self {
        Self(description: "given container") { $0.firstIndex { $0 === container } }
    }

    public static func container(name: String) -> Self {
        Self(description: "\(name) container") { $0.firstIndex { $0.key?.name == name } }
    }

    public static func container(key: ScreenKey) -> Self {
        Self(description: "\(key) container") { $0.firstIndex { $0.key == key } }
    }
}
