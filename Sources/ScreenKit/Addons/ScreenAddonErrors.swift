/// The errors of Nivelir's addons, with Nivelir's words. Each names its trigger, the action.

/// Safari opens only http and https URLs.
public struct InvalidSafariURLError: ScreenError {
    /// "Safari does not support the url scheme of:" with the action on the next line, as Nivelir words it.
    public let description: String

    /// An error for `trigger`, the Safari action.
    public init(for trigger: Any) {
        description = "Safari does not support the url scheme of:\n  \(trigger)"     // Nivelir's wording: no "for"
    }
}

/// A product page needs an integer item ID.
public struct InvalidStoreProductIDError: ScreenError {
    /// The error's text: the sentence, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`, the product page's action.
    public init(for trigger: Any) {
        description = Self.message("Invalid store product ID", for: trigger)
    }
}

/// No URL of `openURL` could be opened, or the system reported the open as failed.
public struct FailedToOpenURLError: ScreenError {
    /// The error's text: the sentence quoting the URL, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`, which failed to open `url`.
    public init(url: String, for trigger: Any) {
        description = Self.message("Failed to open URL (\"\(url)\")", for: trigger)
    }
}

/// `mail(to:)` could not make a `mailto:` URL of its arguments.
public struct InvalidMailParametersError: ScreenError {
    /// The error's text: the sentence, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`, the mail action.
    public init(for trigger: Any) {
        description = Self.message("Invalid mail parameters", for: trigger)
    }
}

/// `openStoreApp(id:)` could not make a URL of the ID.
public struct InvalidStoreAppIDError: ScreenError {
    /// The error's text: the sentence, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`, the store app action.
    public init(for trigger: Any) {
        description = Self.message("Invalid store app ID", for: trigger)
    }
}

/// The user does not allow the media source; `isRequested` says whether they were asked
/// during this action (else they had refused before).
public struct MediaPickerSourceAccessDeniedError: ScreenError {
    /// The error's text: the sentence, then the trigger on an indented line.
    public let description: String
    /// Whether the user was asked during this action (false: they had refused before).
    public let isRequested: Bool

    /// An error for `trigger`, the media picker's action; `isRequested` as above.
    public init(for trigger: Any, isRequested: Bool) {
        description = Self.message("User does not allow the app to access the media source", for: trigger)
        self.isRequested = isRequested
    }
}

/// The device has no such media source.
public struct UnavailableMediaPickerSourceError: ScreenError {
    /// The error's text: the sentence, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`, the media picker's action.
    public init(for trigger: Any) {
        description = Self.message("Media source is not available", for: trigger)
    }
}

/// The media source offers none of the types asked for.
public struct UnavailableMediaPickerTypesError: ScreenError {
    /// The error's text: the sentence, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`, the media picker's action.
    public init(for trigger: Any) {
        description = Self.message("Media types are not available", for: trigger)
    }
}

/// `changeBottomSheet` on a container that is not presented as a bottom sheet.
public struct InvalidBottomSheetContainerError: ScreenError {
    /// The error's text: the sentence, then the trigger on an indented line.
    public let description: String

    /// An error for `trigger`, which found `container` not presented as a bottom sheet.
    public init(container: ScreenContainer, for trigger: Any) {
        description = Self.message("The container \(container) is not presented as a bottom sheet", for: trigger)
    }
}
