/// A web page in Safari (Nivelir's `Safari`): only http and https URLs. `didFinish` runs
/// when the user taps Done, after Safari dismissed itself.
///
///     -- Lua: route:showSafari { url = "https://example.com", didFinish = function() end }
public struct Safari: CustomStringConvertible {
    public var url: String
    public var dismissButtonStyle: String
    public var didFinish: (() throws -> Void)?

    public init(url: String, dismissButtonStyle: String = "done", didFinish: (() throws -> Void)? = nil) {
        self.url = url
        self.dismissButtonStyle = dismissButtonStyle
        self.didFinish = didFinish
    }

    public var description: String {
        "Safari(\"\(url)\")"
    }
}

/// Presents Safari (Nivelir's `ScreenShowSafariAction`). Logs "Presenting Safari("url") on
/// <type>"; fails when the container presents something, then with "Safari does not
/// support the url scheme of" for a URL that is not http or https (case-sensitive, as
/// Nivelir compares). Completes with Safari's container, which a nested route gets.
public struct ScreenShowSafariAction: ScreenAction {
    public let safari: Safari
    public let animated: Bool
    public let containerKind: ScreenContainerKind

    public init(safari: Safari, animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.safari = safari
        self.animated = animated
        self.containerKind = containerKind
    }

    public var outputKind: ScreenContainerKind? { .modal }

    public var description: String {
        describeAction("ScreenShowSafariAction", [containerKind], ["safari": safari, "animated": animated])
    }

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
    public func showSafari(_ safari: Safari, animated: Bool = true, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "showSafari")
        return try step(ScreenShowSafariAction(safari: safari, animated: animated, on: currentKind), nested: nested, verb: "showSafari")
    }
}
