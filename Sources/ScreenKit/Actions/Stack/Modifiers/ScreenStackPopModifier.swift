/// Which screen a pop keeps as the new top (Nivelir's `ScreenStackPopPredicate`). Searches
/// by container use the *last* match, unlike tab predicates, which use the first.
public struct ScreenStackPopPredicate: CustomStringConvertible {
    public let description: String
    private let body: ([ScreenContainer]) throws -> Int?

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

    public static func container(_ container: ScreenContainer) -> Self {
        Self(description: "to given container") { $0.lastIndex { $0 === container } }
    }

    public static func container(name: String) -> Self {
        Self(description: "to \(name) container") { $0.lastIndex { $0.searchKey?.name == name } }
    }

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
    public let predicate: ScreenStackPopPredicate

    public init(predicate: ScreenStackPopPredicate) {
        self.predicate = predicate
    }

    public var description: String { "Pop \(predicate)" }

    public func perform(stack: [ScreenContainer], navigator: ScreenNavigator) throws -> [ScreenContainer] {
        guard let index = try predicate.containerIndex(in: stack), index >= -1, index < stack.count else {
            throw ScreenContainerNotFoundError(type: .modal, for: self)
        }
        return Array(stack.prefix(index + 1))
    }
}
