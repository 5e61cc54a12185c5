/// The error of `fail(message)`: a route that fails on purpose with the caller's message.
///
///     route.fail(with: ScreenFailure("not signed in"))   -- Lua: route:fail("not signed in")
public struct ScreenFailure: ScreenError {
    public let description: String

    public init(_ message: String) {
        description = message
    }
}
