/// Where a navigator reports what it does (Nivelir's `ScreenLogger`).
public protocol ScreenLogger: AnyObject {
    func info(_ message: @autoclosure () -> String)
    func error(_ error: @autoclosure () -> Error)
}

/// Prints `Info: <message>` and `Error: <error>` lines, as Nivelir's `DefaultScreenLogger`.
public final class DefaultScreenLogger: ScreenLogger {
    /// Whether `info` lines are printed.
    public let isInfoEnabled: Bool
    /// Whether `error` lines are printed.
    public let isErrorsEnabled: Bool
    private let write: (String) -> Void

    /// A logger that prints through `write` (`print` by default) the kinds of lines enabled.
    public init(isInfoEnabled: Bool = true, isErrorsEnabled: Bool = true, write: @escaping (String) -> Void = { print($0) }) {
        self.isInfoEnabled = isInfoEnabled
        self.isErrorsEnabled = isErrorsEnabled
        self.write = write
    }

    /// Prints `Info: <message>`, if info lines are enabled.
    public func info(_ message: @autoclosure () -> String) {
        if isInfoEnabled {
            write("Info: \(message())")
        }
    }

    /// Prints `Error: <error>`, if error lines are enabled.
    public func error(_ error: @autoclosure () -> Error) {
        if isErrorsEnabled {
            write("Error: \(error())")
        }
    }
}

/// Keeps the lines a `DefaultScreenLogger` would print, for tests and for Lua's `app.log`.
public final class RecordingScreenLogger: ScreenLogger {
    // The fields every step reads or writes skip Swift's run-time exclusivity checks
    // (`@exclusivity(unchecked)`; 7 % of a route built and performed from Lua): no access
    // to one spans a call out of this type.
    @exclusivity(unchecked) public private(set) var lines: [String] = []
    /// The errors logged so far, each as its `Error:` line's text after the prefix.
    @exclusivity(unchecked) public private(set) var errors: [String] = []
    /// Called with each line as it is kept (a script's memory cap counts them).
    @exclusivity(unchecked) public var onLine: ((String) -> Void)?

    /// An empty log.
    public init() {}

    /// Keeps `Info: <message>`.
    ///
    ///     navigator.logInfo("signed in")   -- Lua: app.navigator:logInfo("signed in")
    public func info(_ message: @autoclosure () -> String) {
        keep("Info: \(message())")
    }

    /// Keeps `Error: <error>` and the error's text in `errors`.
    ///
    ///     navigator.logError(ScreenFailure("offline"))   -- Lua: app.navigator:logError("offline")
    public func error(_ error: @autoclosure () -> Error) {
        let text = "\(error())"
        errors.append(text)
        keep("Error: " + text)
    }

    private func keep(_ line: String) {
        lines.append(line)
        onLine?(line)
    }

    /// Forgets every line and error kept so far.
    public func clear() {
        lines.removeAll()
        errors.removeAll()
    }
}
