/// A scenario file that did not load, with what it printed before its error: the prints
/// that tell how far a file got, which the reports show beside the error.
///
///     navscript run: ERROR a_spec.lua does not load: ... printed: loading config
public struct ScenarioLoadFailure: Error, CustomStringConvertible {
    /// The error the file's loading raised (a `LuaError`, most often).
    public let error: Error
    /// What the file printed while it loaded, before its error.
    public let printed: String

    /// The error's own description; `printed` is shown apart.
    public var description: String { "\(error)" }
}
