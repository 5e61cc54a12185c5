/// Where a navigator reports what it does (Nivelir's `ScreenLogger`).
public protocol ScreenLogger: AnyObject {
    func info(_ message: @autoclosure () -> String)
    func error(_ error: @autoclosure () -> Error)
}

/// Prints `Info: <message>` and `Error: <error>` lines, as Nivelir's `DefaultScreenLogger`.
public final class DefaultScreenLogger: ScreenLogger {
    public let isInfoEnabled: Bool
    public let isErrorsEnabled: Bool
    private let write: (String) -> Void

    public init(isInfoEnabled: Bool = true, isErrorsEnabled: Bool = true, write: @escaping (String) -> Void = { print($0) }) {
        self.isInfoEnabled = isInfoEnabled
        self.isErrorsEnabled = isErrorsEnabled
        self.write = write
    }

    public func info(_ message: @autoclosure () -> String) {
        if isInfoEnabled {
            write("Info: \(message())")
        }
    }

    public func error(_ error: @autoclosure () -> Error) {
        if isErrorsEnabled {
            write("Error: \(error())")
        }
    }
}

/// Keeps the lines a `DefaultScreenLogger` would print, for tests and for Lua's `app.log`.
public final class RecordingScreenLogger: ScreenLogger {
    public private(set) var lines: [String] = []
    /// The errors logged so far, each as its `Error:` line's text after the prefix.
    public private(set) var errors: [String] = []
    /// Called with each line as it is kept (a script's memory cap counts them).
    public var onLine: ((String) -> Void)?

    public init() {}

    public func info(_ message: @autoclosure () -> String) {
        keep("Info: \(message())")
    }

    public func error(_ error: @autoclosure () -> Error) {
        let text = "\(error())"
        errors.append(text)
        keep("Error: " + text)
    }

    private func keep(_ line: String) {
        lines.append(line)
        onLine?(line)
    }

    public func clear() {
        lines.removeAll()
        errors.removeAll()
    }
}
