/// A route or screen built wrongly: a verb used where the current container cannot do it,
/// a nested route rooted at a kind that does not fit, a decorator on the wrong kind of
/// screen. Thrown where the value is built (in Lua, raised at the line of the call), which
/// replaces Nivelir's compile-time checks. Each reads in Lua's own words.
public enum ScreenDSLError: Error, Equatable, CustomStringConvertible {
    /// `push` on a window route.
    case currentKind(verb: String, expected: ScreenContainerKind, got: ScreenContainerKind)
    /// A nested route (or `then` route) rooted at a kind the container does not conform to.
    case nestedRoute(verb: String, expected: ScreenContainerKind, got: ScreenContainerKind)
    /// `withStack` on a screen that does not build a stack.
    case screenKind(verb: String, expected: ScreenContainerKind, got: ScreenContainerKind)
    /// A value the verb cannot use (an index below 1, a negative wait, an unknown style).
    case invalidArgument(verb: String, message: String)
    /// A screen or route the verb cannot extend (a screen at its decorator limit).
    case badSelf(verb: String, message: String)

    /// The words in parentheses: what `luaL_argerror` gets.
    public var reason: String {
        switch self {
        case let .currentKind(_, expected, got):
            return "\(expected.routeName) expected, got \(got.routeName)"
        case let .nestedRoute(_, expected, got):
            return "route rooted at \(expected.acceptedRoots) expected, got route rooted at \(got.rawValue)"
        case let .screenKind(_, expected, got):
            return "\(expected.rawValue) screen expected, got \(got.rawValue) screen"
        case let .invalidArgument(_, message), let .badSelf(_, message):
            return message
        }
    }

    /// The whole message as Lua raises it, after the script's position: "calling 'push' on bad self (...)".
    public var description: String {
        switch self {
        case let .currentKind(verb, expected, got):
            return "calling '\(verb)' on bad self (\(expected.routeName) expected, got \(got.routeName))"
        case let .nestedRoute(verb, expected, got):
            return "bad nested route for '\(verb)' (route rooted at \(expected.acceptedRoots) expected, got route rooted at \(got.rawValue))"
        case let .screenKind(verb, expected, got):
            return "calling '\(verb)' on bad self (\(expected.rawValue) screen expected, got \(got.rawValue) screen)"
        case let .invalidArgument(verb, message):
            return "bad argument to '\(verb)' (\(message))"
        case let .badSelf(verb, message):
            return "calling '\(verb)' on bad self (\(message))"
        }
    }
}
