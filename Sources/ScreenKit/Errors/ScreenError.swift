import Foundation

/// A navigation error: Nivelir's `ScreenError`. Every error has one shape, a sentence that
/// names what went wrong, then the trigger (the action, modifier or predicate) on an
/// indented line:
///
///     No container of UINavigationController type found for:
///       ScreenTopAction<UIWindow, UINavigationController>(predicate: container of UINavigationController type)
///
/// Lua receives the same text: `local ok, err = app:navigate(route)`, and a Swift host the
/// same as `localizedDescription`.
public protocol ScreenError: LocalizedError, CustomStringConvertible {}

extension ScreenError {
    /// The description, so that `localizedDescription` gives the same text Lua receives.
    public var errorDescription: String? { description }
}

/// A route built wrongly, and a restore refused, read by a host as Lua reads them: their
/// `localizedDescription` was "The operation could not be completed. (ScreenKit.ScreenDSLError error 3.)".
extension ScreenDSLError: LocalizedError {
    public var errorDescription: String? { description }
}

extension URLQueryDecoder.Failure: LocalizedError {
    public var errorDescription: String? { description }
}

extension ScreenError {
    /// Formats "<sentence> for:\n  <trigger>".
    static func message(_ sentence: String, for trigger: Any) -> String {
        "\(sentence) for:\n  \(trigger)"
    }
}
