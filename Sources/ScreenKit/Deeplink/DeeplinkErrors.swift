/// The deeplink errors, with Nivelir's words.

/// A deeplink type failed to decode a URL's query, or a notification's or shortcut's data:
/// a warning, so the next type is tried.
public struct DeeplinkDecodingError: ScreenError {
    /// "Failed to decode data for <type> with error:" and the underlying error on an indented line.
    public let description: String

    /// A warning that the type `typeName` failed to decode, with `underlyingError` as the reason.
    public init(typeName: String, underlyingError: String) {
        description = "Failed to decode data for \(typeName) with error:\n  \(underlyingError)"
    }
}

/// No deeplink type matched, and some warned.
public struct DeeplinkWarningsError: ScreenError {
    /// "Failed to handle deeplink of <flavour> type with warnings:" and each warning indented.
    public let description: String

    /// The error for a deeplink from `type` that no type matched, listing `warnings`.
    public init(type: DeeplinkType, warnings: [Error]) {
        let lines = warnings.map { "\($0)" }.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        description = "Failed to handle deeplink of \(type.flavourName) type with warnings:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
    }
}

/// A URL that cannot be split into components.
public struct URLDeeplinkInvalidComponentsError: ScreenError {
    /// The error's text: the sentence quoting the URL, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`, which could not split `url`.
    public init(url: String, for trigger: Any) {
        description = Self.message("Failed to extract components from URL \"\(url)\"", for: trigger)
    }
}

/// A notification whose userInfo is not a dictionary.
public struct NotificationDeeplinkInvalidUserInfoError: ScreenError {
    /// The error's text: the sentence, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`, whose notification's userInfo is not a dictionary.
    public init(for trigger: Any) {
        description = Self.message("Failed to extract userInfo from response to the notification", for: trigger)
    }
}

/// The screens a scope was activated with are not what the deeplink needs.
public struct DeeplinkInvalidScreensError: ScreenError {
    /// The error's text: the sentence naming the screens, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`: the scope's `screens` are not of the type `type` the deeplink needs.
    public init(screens: ScreenValue?, type: String, for trigger: Any) {
        description = Self.message("The type of the screens \(screens.map { "\($0)" } ?? "nil") does not match the expected type \(type)", for: trigger)
    }
}
