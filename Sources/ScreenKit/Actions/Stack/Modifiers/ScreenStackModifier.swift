/// One edit of a stack's screens (Nivelir's `ScreenStackModifier`): it takes the screens,
/// bottom to top, and returns the new ones. Edits run in order inside one
/// `ScreenSetStackAction`, so several of them make a single transition. Its description is
/// the line it logs ("Push Chat", "Pop to root").
///
/// Custom modifiers conform to this protocol; scripts give a function instead.
public protocol ScreenStackModifier: CustomStringConvertible {
    func perform(stack: [ScreenContainer], navigator: ScreenNavigator) throws -> [ScreenContainer]

    /// The same edit in place: what the action calls, so that the built-in edits cost
    /// nothing more than the change itself (thousands of pushes in one edit stay linear).
    func apply(to stack: inout [ScreenContainer], navigator: ScreenNavigator) throws
}

extension ScreenStackModifier {
    public func apply(to stack: inout [ScreenContainer], navigator: ScreenNavigator) throws {
        stack = try perform(stack: stack, navigator: navigator)
    }
}

/// Adds a built screen on top: "Push <screen>".
public struct ScreenStackPushModifier: ScreenStackModifier {
    public let screen: AnyScreen

    public init(screen: AnyScreen) {
        self.screen = screen
    }

    public var description: String { "Push \(screen)" }

    public func perform(stack: [ScreenContainer], navigator: ScreenNavigator) throws -> [ScreenContainer] {
        stack + [try screen.build(navigator: navigator)]
    }

    public func apply(to stack: inout [ScreenContainer], navigator: ScreenNavigator) throws {
        stack.append(try screen.build(navigator: navigator))
    }
}

/// Replaces the top with a built screen, or pushes it on an empty stack: "Replace with <screen>".
public struct ScreenStackReplaceModifier: ScreenStackModifier {
    public let screen: AnyScreen

    public init(screen: AnyScreen) {
        self.screen = screen
    }

    public var description: String { "Replace with \(screen)" }

    public func perform(stack: [ScreenContainer], navigator: ScreenNavigator) throws -> [ScreenContainer] {
        stack.dropLast() + [try screen.build(navigator: navigator)]
    }

    public func apply(to stack: inout [ScreenContainer], navigator: ScreenNavigator) throws {
        let built = try screen.build(navigator: navigator)
        stack.removeLast(stack.isEmpty ? 0 : 1)
        stack.append(built)
    }
}

/// Removes every screen: "Clear".
public struct ScreenStackClearModifier: ScreenStackModifier {
    public init() {}

    public var description: String { "Clear" }

    public func perform(stack: [ScreenContainer], navigator: ScreenNavigator) throws -> [ScreenContainer] {
        []
    }
}

/// A modifier given as a function, with the line it logs.
public struct ScreenStackCustomModifier: ScreenStackModifier {
    public let description: String
    public let body: ([ScreenContainer], ScreenNavigator) throws -> [ScreenContainer]

    public init(description: String, body: @escaping ([ScreenContainer], ScreenNavigator) throws -> [ScreenContainer]) {
        self.description = description
        self.body = body
    }

    public func perform(stack: [ScreenContainer], navigator: ScreenNavigator) throws -> [ScreenContainer] {
        try body(stack, navigator)
    }
}
