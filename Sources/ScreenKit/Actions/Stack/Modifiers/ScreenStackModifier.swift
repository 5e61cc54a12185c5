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
    /// Replaces the stack with what `perform` returns.
    public func apply(to stack: inout [ScreenContainer], navigator: ScreenNavigator) throws {
        stack = try perform(stack: stack, navigator: navigator)
    }
}

/// Adds a built screen on top: "Push <screen>".
public struct ScreenStackPushModifier: ScreenStackModifier {
    /// The screen it builds and pushes.
    public let screen: AnyScreen

    /// A push of `screen`.
    public init(screen: AnyScreen) {
        self.screen = screen
    }

    /// The line it logs: "Push Chat(chatId=7)".
    public var description: String { "Push \(screen)" }

    /// The stack with the built screen on top.
    public func perform(stack: [ScreenContainer], navigator: ScreenNavigator) throws -> [ScreenContainer] {
        stack + [try screen.build(navigator: navigator)]
    }

    /// Builds the screen and appends it to the stack.
    public func apply(to stack: inout [ScreenContainer], navigator: ScreenNavigator) throws {
        stack.append(try screen.build(navigator: navigator))
    }
}

/// Replaces the top with a built screen, or pushes it on an empty stack: "Replace with <screen>".
public struct ScreenStackReplaceModifier: ScreenStackModifier {
    /// The screen it builds as the new top.
    public let screen: AnyScreen

    /// A replacement of the top with `screen`.
    public init(screen: AnyScreen) {
        self.screen = screen
    }

    /// The line it logs: "Replace with Chat(chatId=7)".
    public var description: String { "Replace with \(screen)" }

    /// The stack with its top replaced by the built screen.
    public func perform(stack: [ScreenContainer], navigator: ScreenNavigator) throws -> [ScreenContainer] {
        stack.dropLast() + [try screen.build(navigator: navigator)]
    }

    /// Builds the screen, then replaces the top with it (or appends it to an empty stack).
    public func apply(to stack: inout [ScreenContainer], navigator: ScreenNavigator) throws {
        let built = try screen.build(navigator: navigator)
        stack.removeLast(stack.isEmpty ? 0 : 1)
        stack.append(built)
    }
}

/// Removes every screen: "Clear".
public struct ScreenStackClearModifier: ScreenStackModifier {
    /// A modifier removing every screen.
    ///
    ///     ScreenStackClearModifier()   -- Lua: route:clear()
    public init() {}

    /// The line it logs: "Clear".
    public var description: String { "Clear" }

    /// An empty stack.
    public func perform(stack: [ScreenContainer], navigator: ScreenNavigator) throws -> [ScreenContainer] {
        []
    }
}

/// A modifier given as a function, with the line it logs.
public struct ScreenStackCustomModifier: ScreenStackModifier {
    /// The line it logs.
    public let description: String
    /// The edit: gets the screens, bottom to top, and returns the new ones.
    public let body: ([ScreenContainer], ScreenNavigator) throws -> [ScreenContainer]

    /// A modifier logging `description` and editing the stack with `body`.
    ///
    ///     ScreenStackCustomModifier(description: "Keep root") { stack, _ in Array(stack.prefix(1)) }
    ///     -- Lua: nav.modifier("Keep root", function(stack) return { stack[1] } end)
    public init(description: String, body: @escaping ([ScreenContainer], ScreenNavigator) throws -> [ScreenContainer]) {
        self.description = description
        self.body = body
    }

    /// What `body` returns for the stack.
    public func perform(stack: [ScreenContainer], navigator: ScreenNavigator) throws -> [ScreenContainer] {
        try body(stack, navigator)
    }
}
