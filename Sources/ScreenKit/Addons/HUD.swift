/// A heads-up display over the window (Nivelir's `HUD`): an indicator and a message. It is
/// not a view controller: it leaves the modal chain alone.
///
///     -- Lua: route:showHUD({ indicator = "success", message = "Sent" }, { duration = 1 })
public struct HUD: CustomStringConvertible, Equatable {
    public enum Indicator: Equatable {
        case activity, spinner, success, failure
        case image(String)
        case percentage(Double)

        /// Nivelir's log words: `.activity`, `.percentage(0.5)`.
        var logDescription: String {
            switch self {
            case .activity: return ".activity"
            case .spinner: return ".spinner"
            case .success: return ".success"
            case .failure: return ".failure"
            case .image: return ".image"
            case let .percentage(ratio): return ".percentage(\(ratio))"
            }
        }
    }

    public var indicator: Indicator
    public var message: String?

    public init(indicator: Indicator, message: String? = nil) {
        self.indicator = indicator
        self.message = message
    }

    /// `HUD(indicator: .success, footer: .message("Sent"))`: Nivelir's parts, always in
    /// this order (Nivelir's come from a dictionary, in no fixed order).
    public var description: String {
        var parts = ["indicator: \(indicator.logDescription)"]
        if let message {
            parts.append("footer: .message(\"\(message)\")")
        }
        return "HUD(" + parts.joined(separator: ", ") + ")"
    }
}

/// Shows a HUD over the navigator's window (Nivelir's `ScreenShowHUDAction`), from any
/// container. Logs "Presenting HUD(...) on <type>"; without a window it fails with "No
/// container of UIWindow type found". A HUD already shown is updated. With a duration, it
/// hides itself that long after the call (a later show cancels that). It completes after
/// its appearance animation (0.25 s), or at once with `animated: false`.
public struct ScreenShowHUDAction: ScreenAction {
    public let hud: HUD
    public let animated: Bool
    public let duration: Double?
    public let containerKind: ScreenContainerKind

    public static let animationDuration = 0.25

    public init(hud: HUD, animated: Bool = true, duration: Double? = nil, on containerKind: ScreenContainerKind = .container) {
        self.hud = hud
        self.animated = animated
        self.duration = duration
        self.containerKind = containerKind
    }

    public var description: String {
        describeAction("ScreenShowHUDAction", [containerKind], ["hud": hud, "animated": animated, "duration": duration as Any])
    }

    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Presenting \(hud) on \(container.typeName)")
        guard navigator.window != nil else {
            return completion(.failure(ScreenContainerNotFoundError(type: .window, for: self)))
        }
        let system = navigator.simulation.system, clock = navigator.simulation.clock
        let wasShown = system.hud != nil
        system.hud = hud
        system.hudGeneration += 1
        if let duration {
            let generation = system.hudGeneration
            clock.schedule(after: duration) { [weak system] in
                if let system, system.hudGeneration == generation {
                    system.hud = nil
                    system.hudGeneration += 1
                }
            }
        }
        clock.schedule(after: animated && !wasShown ? Self.animationDuration : 0) { completion(.success(nil)) }
    }
}

/// Hides the HUD (Nivelir's `ScreenHideHUDAction`). Logs "Dismissing HUD presented by
/// <type>"; without a window it fails as `showHUD` does. With no HUD it succeeds at once.
public struct ScreenHideHUDAction: ScreenAction {
    public let containerKind: ScreenContainerKind

    public init(on containerKind: ScreenContainerKind = .container) {
        self.containerKind = containerKind
    }

    public var description: String {
        describeAction("ScreenHideHUDAction", [containerKind])
    }

    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Dismissing HUD presented by \(container.typeName)")
        guard navigator.window != nil else {
            return completion(.failure(ScreenContainerNotFoundError(type: .window, for: self)))
        }
        let system = navigator.simulation.system
        guard system.hud != nil else {
            return completion(.success(nil))
        }
        system.hud = nil
        system.hudGeneration += 1
        navigator.simulation.clock.schedule(after: ScreenShowHUDAction.animationDuration) { completion(.success(nil)) }
    }
}

extension AnyScreenRoute {
    public func showHUD(_ hud: HUD, animated: Bool = true, duration: Double? = nil) -> AnyScreenRoute {
        then(ScreenShowHUDAction(hud: hud, animated: animated, duration: duration, on: currentKind))
    }

    public func hideHUD() -> AnyScreenRoute {
        then(ScreenHideHUDAction(on: currentKind))
    }
}
