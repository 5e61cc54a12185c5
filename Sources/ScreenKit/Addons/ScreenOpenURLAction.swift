import Foundation

/// Opens a URL outside the app (Nivelir's `ScreenOpenURLAction`), from any container: the
/// first of the URL and its fallbacks that the system can open (`ScreenSystem.canOpenURL`)
/// is opened and recorded (`ScreenSystem.openedURLs`). None, or an open the system reports
/// as failed, fails with "Failed to open URL". Logs nothing, as Nivelir; completes on a
/// later turn, as `UIApplication.open` calls back.
///
///     route.openURL("https://example.com")   -- Lua: route:openURL("https://example.com", { fallbackURLs = { ... } })
public struct ScreenOpenURLAction: ScreenAction {
    /// The URL tried first.
    public let url: String
    /// The URLs tried next, in order, when the system cannot open the one before.
    public let fallbackURLs: [String]
    /// The kind of the container it runs on (any).
    public let containerKind: ScreenContainerKind

    /// An action opening `url`, else the first of `fallbackURLs` the system can open.
    public init(url: String, fallbackURLs: [String] = [], on containerKind: ScreenContainerKind = .container) {
        self.url = url
        self.fallbackURLs = fallbackURLs
        self.containerKind = containerKind
    }

    /// Swift's print of Nivelir's action, the URLs unquoted as Swift prints a `URL`.
    public var description: String {
        describeAction("ScreenOpenURLAction", [containerKind], ["url": ScreenURLText(url), "fallbackURLs": fallbackURLs.map(ScreenURLText.init), "options": ScreenURLText("[:]")])
    }

    /// Opens and records the first URL the system can open; completes on a later turn, failing when
    /// none can be opened or the system reports the open as failed.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        let system = navigator.simulation.system
        guard let chosen = ([url] + fallbackURLs).first(where: system.canOpenURL) else {
            return completion(.failure(FailedToOpenURLError(url: url, for: self)))
        }
        system.openedURLs.append(chosen)
        let succeeded = system.openSucceeds(chosen)
        navigator.simulation.clock.schedule {
            completion(succeeded ? .success(nil) : .failure(FailedToOpenURLError(url: chosen, for: self)))
        }
    }
}

/// A URL in an action's description, unquoted as Swift prints a `URL`.
struct ScreenURLText: CustomStringConvertible {
    let description: String

    init(_ text: String) {
        description = text
    }
}

/// The URL addons that open a URL they make (Nivelir's `ScreenCallAction`,
/// `ScreenMailAction`, `ScreenOpenSettingsAction`, `ScreenOpenStoreAppAction`): each makes
/// its URL, then opens it as `openURL` does, so a failure names the inner
/// `ScreenOpenURLAction`, as in Nivelir.
public struct ScreenOpenMadeURLAction: ScreenAction {
    /// What to open: each case makes its URL as Nivelir's action does.
    public enum Target {
        /// `tel://<digits>`: only `+` and digits are kept, after percent-decoding.
        case call(phoneNumber: String)
        /// `mailto:<address>?subject=...&body=...`.
        case mail(emailAddress: String, subject: String?, body: String?)
        /// `app-settings:`, UIKit's `openSettingsURLString`.
        case openSettings
        /// `https://itunes.apple.com/app/id<ID>`, with `?action=write-review` for a review.
        case openStoreApp(appID: String, forReview: Bool)
    }

    /// What it opens.
    public let target: Target
    /// The kind of the container it runs on (any).
    public let containerKind: ScreenContainerKind

    /// An action opening the URL `target` makes.
    public init(_ target: Target, on containerKind: ScreenContainerKind = .container) {
        self.target = target
        self.containerKind = containerKind
    }

    /// Swift's print of the Nivelir action the target stands for: `ScreenCallAction<...>(phoneNumber: ...)`, ...
    public var description: String {
        switch target {
        case let .call(phoneNumber):
            return describeAction("ScreenCallAction", [containerKind], ["phoneNumber": phoneNumber])
        case let .mail(emailAddress, subject, body):
            return describeAction("ScreenMailAction", [containerKind], ["emailAddress": emailAddress, "subject": subject as Any, "body": body as Any])
        case .openSettings:
            return describeAction("ScreenOpenSettingsAction", [containerKind])
        case let .openStoreApp(appID, forReview):
            return describeAction("ScreenOpenStoreAppAction", [containerKind], ["appID": appID, "forReview": forReview])
        }
    }

    /// The URL to open, or the error when none can be made.
    func url() -> Result<String, Error> {
        switch target {
        case let .call(phoneNumber):
            let digits = (phoneNumber.removingPercentEncoding ?? "").filter { "+0123456789".contains($0) }
            return .success("tel://" + digits)
        case let .mail(emailAddress, subject, body):
            var components = URLComponents()
            components.scheme = "mailto"
            components.path = emailAddress
            components.queryItems = [subject.map { URLQueryItem(name: "subject", value: $0) },
                                     body.map { URLQueryItem(name: "body", value: $0) }].compactMap { $0 }
            guard let url = components.url else { return .failure(InvalidMailParametersError(for: self)) }
            return .success(url.absoluteString)
        case .openSettings:
            return .success("app-settings:")
        case let .openStoreApp(appID, forReview):
            let text = "https://itunes.apple.com/app/id\(appID)" + (forReview ? "?action=write-review" : "")
            // As `URL(string:)` reads it (iOS 17's rules: what is not allowed is percent-encoded).
            guard let url = URL(string: text) else { return .failure(InvalidStoreAppIDError(for: self)) }
            return .success(url.absoluteString)
        }
    }

    /// Makes the URL, then opens it as `ScreenOpenURLAction` does; a URL that cannot be made fails.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        switch url() {
        case let .success(url):
            ScreenOpenURLAction(url: url, on: containerKind).perform(container: container, navigator: navigator, completion: completion)
        case let .failure(error):
            completion(.failure(error))
        }
    }
}

extension AnyScreenRoute {
    /// The route, then opening `url` (or the first fallback the system can open), from any container.
    ///
    ///     route.openURL("https://example.com", fallbackURLs: ["https://example.org"])
    ///     -- Lua: route:openURL("https://example.com", { fallbackURLs = { "https://example.org" } })
    public func openURL(_ url: String, fallbackURLs: [String] = []) -> AnyScreenRoute {
        then(ScreenOpenURLAction(url: url, fallbackURLs: fallbackURLs, on: currentKind))
    }

    /// The route, then opening `tel://` with the number's `+` and digits.
    ///
    ///     route.call(to: "+1 555 0100")   -- Lua: route:call("+1 555 0100")
    public func call(to phoneNumber: String) -> AnyScreenRoute {
        then(ScreenOpenMadeURLAction(.call(phoneNumber: phoneNumber), on: currentKind))
    }

    /// The route, then opening a `mailto:` URL of the address, subject and body.
    ///
    ///     route.mail(to: "me@example.com", subject: "Hi")   -- Lua: route:mail("me@example.com", { subject = "Hi" })
    public func mail(to emailAddress: String, subject: String? = nil, body: String? = nil) -> AnyScreenRoute {
        then(ScreenOpenMadeURLAction(.mail(emailAddress: emailAddress, subject: subject, body: body), on: currentKind))
    }

    /// The route, then opening the app's settings (`app-settings:`).
    ///
    ///     route.openAppSettings()   -- Lua: route:openAppSettings()
    public func openAppSettings() -> AnyScreenRoute {
        then(ScreenOpenMadeURLAction(.openSettings, on: currentKind))
    }

    /// The route, then opening the app's App Store page, or its review page when `forReview`.
    ///
    ///     route.openStoreApp(id: "123", forReview: true)   -- Lua: route:openStoreApp("123", { forReview = true })
    public func openStoreApp(id: String, forReview: Bool = false) -> AnyScreenRoute {
        then(ScreenOpenMadeURLAction(.openStoreApp(appID: id, forReview: forReview), on: currentKind))
    }
}
