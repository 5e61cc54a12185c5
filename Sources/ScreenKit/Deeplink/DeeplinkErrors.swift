/// The deeplink errors, with Nivelir's words.

/// A deeplink type failed to decode a URL's query, or a notification's or shortcut's data:
/// a warning, so the next type is tried.
public struct DeeplinkDecodingError: ScreenError {
    public let description: String

    public init(typeName: String, underlyingError: String) {
        description = "Failed to decode data for \(typeName) with error:\n  \(underlyingError)"
    }
}

/// No deeplink type matched, and some warned.
public struct DeeplinkWarningsError: ScreenError {
    public let description: String

    public init(type: DeeplinkType, warnings: [Error]) {
        let lines = warnings.map { "\($0)" }.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        description = "Failed to handle deeplink of \(type.flavourName) type with warnings:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
    }
}

/// A URL that cannot be split into components.
public struct URLDeeplinkInvalidComponentsError: ScreenError {
    public let description: String

    public init(url: String, for trigger: Any) {
        description = Self.message("Failed to extract components from URL \"\(url)\"", for: trigger)
    }
}

/// A notification whose userInfo is not a dictionary.
public struct NotificationDeeplinkInvalidUserInfoError: ScreenError {
    public let description: String

    public init(for trigger: Any) {
        description = Self.message("Failed to extract userInfo from response to the notification", for: trigger)
    }
}

/// The screens a scope was activated with are not what the deeplink needs.
public struct DeeplinkInvalidScreensError: ScreenError {
    public let description: String

    public init(screens: ScreenValue?, type: String, for trigger: Any) {
        description = Self.message("The type of the screens \(screens.map { "\($0)" } ?? "nil") does not match the expected type \(type)", for: trigger)
    }
}
