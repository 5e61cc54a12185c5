/// A heads-up display over the window (Nivelir's `HUD`): an indicator and a message. It is
/// not a view controller: it leaves the modal chain alone.
///
///     -- Lua: route:showHUD({ indicator = "success", message = "Sent" }, { duration = 1 })
public struct HUD: CustomStringConvertible, Equatable {
    /// What the HUD shows above its message: Nivelir's indicators.
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

    /// The indicator.
    public var indicator: Indicator
    /// The message under the indicator (Nivelir's footer), if any.
    public var message: String?

    /// A HUD of `indicator` with `message`, if given.
    ///
    ///     HUD(indicator: .success, message: "Sent")   -- Lua: { indicator = "success", message = "Sent" }
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

/// The HUD's view over a window, as Nivelir's `HUDView`: one at a time. A show updates the
/// view already there (animated by the last show's animation), a hide fades it out and then
/// removes it, and a duration's timer hides whatever view is there when it fires: only a
/// later show invalidates it, as `HUDView.update` does, not a hide.
final class ScreenHUDView {
    var hud: HUD
    /// Whether the last show was animated (Nivelir's `view.animation != nil`).
    var animated: Bool
    var timer: ScreenHUDTimer?
    /// What the view lies over, and takes the touches of: the window's root and what was
    /// presented when it was added (a presentation made since adds its view above it).
    private let covered: [Covered]

    private struct Covered {
        weak var layer: ScreenContainer?
    }

    init(hud: HUD, animated: Bool, timer: ScreenHUDTimer?, over window: ScreenContainer) {
        self.hud = hud
        self.animated = animated
        self.timer = timer
        var layers: [Covered] = [], pending = window.children
        while let container = pending.popLast() {
            if container.parent == nil || container.parent === window { layers.append(Covered(layer: container)) }
            pending += container.children
            if let presented = container.presentedContainer { pending.append(presented) }
        }
        covered = layers
    }

    /// Whether the view lies over `container`: a full-window view pinned to the window's
    /// edges, as Nivelir's `HUDView` is, takes the touches of what it covers.
    func covers(_ container: ScreenContainer) -> Bool {
        var layer = container
        while let parent = layer.parent, parent.kind != .window { layer = parent }
        return covered.contains { $0.layer === layer }
    }
}

/// A duration's timer; a later show invalidates it.
final class ScreenHUDTimer {
    var isValid = true
}

extension ScreenSystem {
    /// Shows `hud` (Nivelir's `HUDView.showHUD(_:in:animation:duration:completion:)`).
    func showHUD(_ hud: HUD, animated: Bool, duration: Double?, over window: ScreenContainer, clock: ScreenClock, completion: @escaping () -> Void) {
        let timer = duration.map { duration -> ScreenHUDTimer in
            let timer = ScreenHUDTimer()
            clock.schedule(after: duration) { [weak self] in
                if timer.isValid { self?.hideHUD(clock: clock, completion: nil) }
            }
            return timer
        }
        if let view = hudView {
            view.animated = animated
            view.timer?.isValid = false
            view.timer = timer
            view.hud = hud
        } else {
            hudView = ScreenHUDView(hud: hud, animated: animated, timer: timer, over: window)
        }
        // An update of a view in the window animates; so does a new view's appearance.
        if animated {
            clock.schedule(after: ScreenShowHUDAction.animationDuration, completion)
        } else {
            completion()
        }
    }

    /// Hides the HUD (Nivelir's `HUDView.hideHUD(in:completion:)`): at once when its last
    /// show was not animated, else once it has faded out; it stays until then.
    func hideHUD(clock: ScreenClock, completion: (() -> Void)?) {
        guard let view = hudView else {
            completion?()
            return
        }
        guard view.animated else {
            hudView = nil
            completion?()
            return
        }
        clock.schedule(after: ScreenShowHUDAction.animationDuration) { [weak self] in
            if self?.hudView === view { self?.hudView = nil }
            completion?()
        }
    }
}

/// Shows a HUD over the navigator's window (Nivelir's `ScreenShowHUDAction`), from any
/// container. Logs "Presenting HUD(...) on <type>"; without a window it fails with "No
/// container of UIWindow type found". A HUD already shown is updated. With a duration, the
/// HUD there is hidden that long after the call (a later show cancels that; a hide does
/// not). Animated, it completes after its appearance or update (0.25 s), else at once.
public struct ScreenShowHUDAction: ScreenAction {
    /// The HUD to show.
    public let hud: HUD
    /// Whether its appearance or update animates.
    public let animated: Bool
    /// How long after the show the HUD is hidden, in virtual seconds; nil keeps it.
    public let duration: Double?
    /// The kind of the container it runs on (any).
    public let containerKind: ScreenContainerKind

    /// How long a HUD's appearance, update or fade-out animates: 0.25 s.
    public static let animationDuration = 0.25

    /// An action showing `hud`, animated unless told otherwise, hidden after `duration` if given.
    public init(hud: HUD, animated: Bool = true, duration: Double? = nil, on containerKind: ScreenContainerKind = .container) {
        self.hud = hud
        self.animated = animated
        self.duration = duration
        self.containerKind = containerKind
    }

    /// Swift's print of Nivelir's action: `ScreenShowHUDAction<...>(hud: ..., animated: true, duration: nil)`.
    public var description: String {
        describeAction("ScreenShowHUDAction", [containerKind], ["hud": hud, "animated": animated, "duration": duration as Any])
    }

    /// Logs, shows (or updates) the HUD over the navigator's window, and completes once it has appeared.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Presenting \(hud) on \(container.typeName)")
        guard let window = navigator.window else {
            return completion(.failure(ScreenContainerNotFoundError(type: .window, for: self)))
        }
        navigator.simulation.system.showHUD(hud, animated: animated, duration: duration, over: window, clock: navigator.simulation.clock) {
            completion(.success(nil))
        }
    }
}

/// Hides the HUD (Nivelir's `ScreenHideHUDAction`). Logs "Dismissing HUD presented by
/// <type>"; without a window it fails as `showHUD` does. With no HUD it succeeds at once;
/// it completes once the HUD has faded out (at once when its last show was not animated).
public struct ScreenHideHUDAction: ScreenAction {
    /// The kind of the container it runs on (any).
    public let containerKind: ScreenContainerKind

    /// An action hiding the HUD, run on a container of `containerKind`.
    public init(on containerKind: ScreenContainerKind = .container) {
        self.containerKind = containerKind
    }

    /// Swift's print of Nivelir's action: `ScreenHideHUDAction<...>()`.
    public var description: String {
        describeAction("ScreenHideHUDAction", [containerKind])
    }

    /// Logs, hides the HUD if there is one, and completes once it has faded out.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Dismissing HUD presented by \(container.typeName)")
        guard navigator.window != nil else {
            return completion(.failure(ScreenContainerNotFoundError(type: .window, for: self)))
        }
        navigator.simulation.system.hideHUD(clock: navigator.simulation.clock) { completion(.success(nil)) }
    }
}

extension AnyScreenRoute {
    /// The route, then showing `hud` over the window, from any container.
    ///
    ///     route.showHUD(HUD(indicator: .success, message: "Sent"), duration: 1)
    ///     -- Lua: route:showHUD({ indicator = "success", message = "Sent" }, { duration = 1 })
    public func showHUD(_ hud: HUD, animated: Bool = true, duration: Double? = nil) -> AnyScreenRoute {
        then(ScreenShowHUDAction(hud: hud, animated: animated, duration: duration, on: currentKind))
    }

    /// The route, then hiding the HUD.
    ///
    ///     route.hideHUD()   -- Lua: route:hideHUD()
    public func hideHUD() -> AnyScreenRoute {
        then(ScreenHideHUDAction(on: currentKind))
    }
}
