/// A web page in Safari (Nivelir's `Safari`): only http and https URLs. `didFinish` runs
/// when the user taps Done, after Safari dismissed itself.
///
///     -- Lua: route:showSafari { url = "https://example.com", didFinish = function() end }
public struct Safari: CustomStringConvertible {
    /// The page's URL; only http and https open.
    public var url: String
    /// The dismiss button's style: "done", "close" or "cancel".
    public var dismissButtonStyle: String
    /// Runs when the user taps Done, after Safari dismissed itself.
    public var didFinish: (() throws -> Void)?

    /// A page at `url` with a `done` button, and `didFinish`, if given.
    ///
    ///     Safari(url: "https://example.com")   -- Lua: route:showSafari("https://example.com")
    public init(url: String, dismissButtonStyle: String = "done", didFinish: (() throws -> Void)? = nil) {
        self.url = url
        self.dismissButtonStyle = dismissButtonStyle
        self.didFinish = didFinish
    }

    /// `Safari("https://example.com")`.
    public var description: String {
        "Safari(\"\(url)\")"
    }
}

/// Presents Safari (Nivelir's `ScreenShowSafariAction`). Logs "Presenting Safari("url") on
/// <type>"; fails when the container presents something, then with "Safari does not
/// support the url scheme of" for a URL that is not http or https (case-sensitive, as
/// Nivelir compares). Completes with Safari's container, which a nested route gets.
public struct ScreenShowSafariAction: ScreenAction {
    /// The page to show.
    public let safari: Safari
    /// Whether the presentation animates.
    public let animated: Bool
    /// The kind of the container it presents from.
    public let containerKind: ScreenContainerKind

    /// An action presenting `safari` from a container of `containerKind`, animated unless told otherwise.
    public init(safari: Safari, animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.safari = safari
        self.animated = animated
        self.containerKind = containerKind
    }

    /// Safari's container, a view controller.
    public var outputKind: ScreenContainerKind? { .modal }

    /// Swift's print of Nivelir's action: `ScreenShowSafariAction<UIViewController>(safari: ..., animated: true)`.
    public var description: String {
        describeAction("ScreenShowSafariAction", [containerKind], ["safari": safari, "animated": animated])
    }

    /// Logs, checks the container and the URL's scheme, then presents Safari and completes with its container.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Presenting \(safari) on \(container.typeName)")
        guard container.presented == nil else {
            return completion(.failure(ScreenContainerAlreadyPresentingError(container: container, for: self)))
        }
        let scheme = safari.url.split(separator: ":", maxSplits: 1).first.map(String.init)
        guard safari.url.contains(":"), let scheme, ["http", "https"].contains(scheme) else {
            return completion(.failure(InvalidSafariURLError(for: self)))
        }
        navigator.presentSystemScreen(.safari(safari), from: container, animated: animated, for: self, completion: completion)
    }
}

extension AnyScreenRoute {
    /// The route, then presenting Safari from the current view controller; `nested` runs on Safari's container.
    ///
    ///     try route.showSafari(Safari(url: "https://example.com"))   -- Lua: route:showSafari("https://example.com")
    public func showSafari(_ safari: Safari, animated: Bool = true, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "showSafari")
        return try step(ScreenShowSafariAction(safari: safari, animated: animated, on: currentKind), nested: nested, verb: "showSafari")
    }
}
