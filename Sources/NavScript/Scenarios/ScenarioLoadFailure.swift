/// A scenario file that did not load, with what it printed before its error: the prints
/// that tell how far a file got, which the reports show beside the error.
///
///     navscript run: ERROR a_spec.lua does not load: ... printed: loading config
public struct ScenarioLoadFailure: Error, CustomStringConvertible {
    public let error: Error
    public let printed: String

    public var description: String { "\(error)" }
}
