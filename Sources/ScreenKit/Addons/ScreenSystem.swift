/// What iOS answers an app, in the simulation: which URLs it can open, what the user has
/// allowed, which media sources the device has, and what the app asked of the system (URLs
/// opened, haptics played, reviews requested, the HUD shown). A scenario sets the answers
/// and reads the record.
///
///     app.simulation.system.canOpenURL = { $0.hasPrefix("https:") }
///     -- Lua: nav.app { root = ..., system = { canOpenURL = function(url) return url:find("^https:") ~= nil end } }
public final class ScreenSystem {
    /// The device family: on a pad, action sheets and share sheets are popovers at their anchor.
    public enum Idiom: String, CaseIterable, Sendable {
        case phone, pad
    }

    /// What a user has allowed for a kind of media access (Photos' and AVFoundation's statuses).
    public enum Authorization: String, CaseIterable, Sendable {
        case notDetermined, restricted, denied, authorized, limited
    }

    /// The two permissions the media picker asks: the photo library, and the camera.
    public enum MediaAccess: String, CaseIterable, Sendable {
        case photos, camera
    }

    /// UIKit's `UIApplication.State`: deeplink managers navigate only while the app is active.
    public enum ApplicationState: String, CaseIterable, Sendable {
        case active, inactive, background
    }

    /// The device: a phone (by default) or a pad, where some sheets are popovers.
    ///
    ///     app.simulation.system.idiom = .pad   -- Lua: app:setSystem { idiom = "pad" }
    public var idiom: Idiom = .phone

    /// Becoming active tells the deeplink managers on a later turn of the run loop, as
    /// `didBecomeActiveNotification` does.
    public var applicationState: ApplicationState = .active {
        didSet {
            guard applicationState == .active, oldValue != .active else { return }
            let observers = whenActive
            clock?.schedule { observers.forEach { $0() } }
        }
    }

    /// Called when the app becomes active.
    var whenActive: [() -> Void] = []
    /// Held, not weak: a weakly referenced clock keeps its counts in a side table, which every
    /// navigation step's retain of it then goes through. The clock holds nothing of the system.
    var clock: ScreenClock?

    /// `UIApplication.canOpenURL`: by default web, phone, mail and settings URLs (the
    /// schemes every device opens); others, as an app that did not declare them.
    public var canOpenURL: (String) -> Bool = { url in
        ["http:", "https:", "tel:", "mailto:", "app-settings:"].contains { url.lowercased().hasPrefix($0) }
    }

    /// Whether `UIApplication.open` reports success for a URL it could open.
    public var openSucceeds: (String) -> Bool = { _ in true }

    /// The URLs the app opened (through `openURL`, `call`, `mail`, `openAppSettings`,
    /// `openStoreApp`), in order.
    public internal(set) var openedURLs: [String] = []

    /// What the user has allowed so far.
    public var authorization: [MediaAccess: Authorization] = [.photos: .authorized, .camera: .authorized]

    /// What the user answers when the app asks (a status other than `notDetermined`).
    public var authorizationAnswer: [MediaAccess: Authorization] = [.photos: .authorized, .camera: .authorized]

    /// How many times the system asked the user, by access.
    public internal(set) var authorizationRequests: [MediaAccess: Int] = [:]

    /// The media types each source offers (`UIImagePickerController.availableMediaTypes`);
    /// a source that is absent is not available on the device.
    public var mediaTypes: [MediaPickerSource.Kind: [MediaPickerType]] = [
        .photoLibrary: [.image, .movie], .savedPhotosAlbum: [.image, .movie], .camera: [.image, .movie],
    ]

    /// Haptic feedback played, in order: `impact(style: medium)`, `notification(type: success)`, `selection`.
    public internal(set) var haptics: [String] = []

    /// The HUD over the window, if one is shown (fading out included).
    public var hud: HUD? { hudView?.hud }

    /// The HUD's view in the window, as Nivelir's `HUDView` (see `ScreenHUDView`).
    var hudView: ScreenHUDView?

    /// Reviews the app asked the system for (`requestStoreReview`).
    public internal(set) var storeReviewRequests = 0


    /// A phone app, active, whose system answers as the defaults say.
    public init() {}
}
