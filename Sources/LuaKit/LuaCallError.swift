/// How a Swift function called from Lua fails. It is thrown in Swift, caught at the bridge,
/// and raised by C once the Swift frames are gone, in Lua's own formats (any other Swift
/// error is raised as `.message` of its description):
///
///     throw .argument(2, "index out of range")   -- bad argument #2 to 'selectTab' (index out of range)
///     throw .type(1, expected: "Screen")         -- bad argument #1 to 'push' (Screen expected, got nil)
///     throw .message("no such route")            -- routes/chat.lua:12: no such route
public enum LuaCallError: Error {
    /// `bad argument #n to 'f' (message)`; for argument 1 of a method call, Lua writes
    /// `calling 'f' on bad self (message)`.
    case argument(Int32, String)
    /// `bad argument #n to 'f' (T expected, got U)`, where U is the value's type or `__name`.
    case type(Int32, expected: String)
    /// The message, prefixed with the calling script's `file:line:`.
    case message(String)
    /// The message as it is (it already says where).
    case plain(String)
    /// The error value the function pushed on the stack.
    case value
}
