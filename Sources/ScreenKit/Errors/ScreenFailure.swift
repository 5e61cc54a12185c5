/// The error of `fail(message)`: a route that fails on purpose with the caller's message.
///
///     route.fail(with: ScreenFailure("not signed in"))   -- Lua: route:fail("not signed in")
public struct ScreenFailure: ScreenError {
    /// The caller's message, as given.
    public let description: String

    /// A failure whose text is `message` alone (no trigger line).
    ///
    ///     ScreenFailure("not signed in")   -- Lua: route:fail("not signed in")
    public init(_ message: String) {
        description = message
    }
}
