/// Haptic feedback (Nivelir's `impactOccurred`, `notificationOccurred`, `selectionChanged`),
/// from any container: recorded in `ScreenSystem.haptics` as `impact(style: medium)`,
/// `impact(intensity: 0.5)`, `notification(type: success)` or `selection`. Logs nothing,
/// never fails, and completes at once, as Nivelir's.
///
///     route.haptics(.notification(type: "success"))   -- Lua: route:notificationOccurred("success")
public struct ScreenHapticsAction: ScreenAction {
    /// The feedback to give: an impact of a style or an intensity, a notification, or a selection change.
    public enum Feedback: CustomStringConvertible, Equatable {
        /// UIKit's styles: light, medium, heavy, soft, rigid.
        case impact(style: String)
        case impactIntensity(Double)
        /// UIKit's types: success, warning, error.
        case notification(type: String)
        case selection

        /// How it is recorded: `impact(style: medium)`, `impact(intensity: 0.5)`,
        /// `notification(type: success)`, `selection`.
        public var description: String {
            switch self {
            case let .impact(style): return "impact(style: \(style))"
            case let .impactIntensity(intensity): return "impact(intensity: \(intensity))"
            case let .notification(type): return "notification(type: \(type))"
            case .selection: return "selection"
            }
        }
    }

    /// The impact styles UIKit has.
    public static let impactStyles = ["light", "medium", "heavy", "soft", "rigid"]
    /// The notification types UIKit has.
    public static let notificationTypes = ["success", "warning", "error"]

    /// The feedback it gives.
    public let feedback: Feedback
    /// The kind of the container it runs on (any).
    public let containerKind: ScreenContainerKind

    /// An action giving `feedback`.
    public init(_ feedback: Feedback, on containerKind: ScreenContainerKind = .container) {
        self.feedback = feedback
        self.containerKind = containerKind
    }

    /// Swift's print of the action: `ScreenHapticsAction<...>(feedback: ...)`.
    public var description: String {
        describeAction("ScreenHapticsAction", [containerKind], ["feedback": feedback])
    }

    /// Records the feedback in the system's haptics and completes at once.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.simulation.system.haptics.append(feedback.description)
        completion(.success(nil))
    }
}

extension AnyScreenRoute {
    /// The route, then giving `feedback`, from any container.
    ///
    ///     route.haptics(.impact(style: "medium"))           -- Lua: route:impactOccurred("medium")
    ///     route.haptics(.notification(type: "success"))     -- Lua: route:notificationOccurred("success")
    ///     route.haptics(.selection)                         -- Lua: route:selectionChanged()
    public func haptics(_ feedback: ScreenHapticsAction.Feedback) -> AnyScreenRoute {
        then(ScreenHapticsAction(feedback, on: currentKind))
    }
}
