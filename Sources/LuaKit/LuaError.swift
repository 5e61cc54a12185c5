import CLua
import CLuaBridge
import Foundation

/// The one error type of LuaKit: what went wrong when Swift loaded or called Lua.
///
/// `message` reads as Lua writes it, with the chunk's `file:line:` where Lua knows it
/// (`routes/chat.lua:12: bad argument #1 to 'push' (Screen expected, got nil)`), and
/// `traceback` has Lua's stack traceback when there is one.
public struct LuaError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure it was: a syntax or runtime error, a broken limit, a closed state.
    public enum Kind: String, Sendable {
        /// The chunk does not parse.
        case syntax
        /// A runtime error: `error(...)`, a failed call, a bad argument.
        case runtime
        /// The memory limit was reached (or the system ran out of memory).
        case memory
        /// The instruction limit was reached.
        case instructionLimit
        /// The time limit was reached.
        case timeLimit
        /// The error handler itself failed (an error object whose `__tostring` fails).
        case errorHandler
        /// The state was closed (a reference used after its script was unloaded), or a
        /// file could not be read.
        case unavailable
    }

    /// What kind of failure it was.
    public let kind: Kind
    /// The message as Lua writes it, with the `file:line:` it starts with where Lua knows it.
    public let message: String
    /// Lua's stack traceback, when there is one.
    public let traceback: String?

    /// An error of `kind` with `message`, for host code that fails as a script call would.
    public init(kind: Kind, message: String, traceback: String? = nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

    /// The message, as Lua writes it.
    public var description: String { message }

    /// Whether it is a script limit that was broken: the instructions, the time or the memory.
    public var breaksALimit: Bool {
        kind == .instructionLimit || kind == .timeLimit || kind == .memory
    }

    /// The `file:line` the message starts with, if it has one.
    public var location: (file: String, line: Int)? {
        LuaError.location(in: message)
    }

    /// "a/b.lua:12: msg" → ("a/b.lua", 12).
    static func location(in message: String) -> (file: String, line: Int)? {
        var rest = Substring(message)
        var file = ""
        while let colon = rest.firstIndex(of: ":") {
            file += rest[..<colon]
            let after = rest[rest.index(after: colon)...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, after.dropFirst(digits.count).first == ":", let line = Int(digits) {
                return file.isEmpty ? nil : (file, line)
            }
            file += ":"
            rest = after
        }
        return nil
    }

    /// Builds the error for a failed status, from the message lk_pcall left on the stack.
    init(status: Int32, message full: String, stop: Int32) {
        let marker = "\nstack traceback:\n"
        if let range = full.range(of: marker) {
            message = String(full[..<range.lowerBound])
            // Frames of stripped chunks (the runner's own prelude) say only `?: in function
            // <?:573>`: left out, as they tell a script's author nothing.
            traceback = full[range.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("\t?:") }.joined(separator: "\n")
        } else {
            message = full
            traceback = nil
        }
        switch status {
        case LUA_ERRSYNTAX: kind = .syntax
        case LUA_ERRMEM: kind = .memory
        case LUA_ERRERR: kind = .errorHandler
        default:
            switch stop {
            case Int32(LK_STOP_INSTRUCTIONS): kind = .instructionLimit
            case Int32(LK_STOP_TIME): kind = .timeLimit
            default: kind = .runtime
            }
        }
    }
}

extension LuaError: LocalizedError {
    /// The message, as `description` gives it, for hosts that show `localizedDescription`.
    public var errorDescription: String? { description }
}
