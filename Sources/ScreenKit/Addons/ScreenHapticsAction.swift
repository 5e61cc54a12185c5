/// Haptic feedback (Nivelir's `impactOccurred`, `notificationOccurred`, `selectionChanged`),
/// from any container: recorded in `ScreenSystem.haptics` as `impact(style: medium)`,
/// `impact(intensity: 0.5)`, `notification(type: success)` or `selection`. Logs nothing,
/// never fails, and completes at once, as Nivelir's.
///
///     route.notificationOccurred(type: .success)   -- Lua: route:notificationOccurred("success")
public struct ScreenHapticsAction: ScreenAction {
    public enum Feedback: CustomStringConvertible, Equatable {
        /// UIKit's styles: light, medium, heavy, soft, rigid.
        case impact(style: String)
        case impactIntensity(Double)
        /// UIKit's types: success, warning, error.
        case notification(type: String)
        case selection

        public var description: String {
            switch self {
            case let .impact(style): return "impact(style: \(style))"
            case let .impactIntensity(intensity): return "impact(intensity: \(intensity))"
            case let .notification(type): return "notification(type: \(type))"
            case .selection: return "selection"
            }
        }
    }

    public static let impactStyles = ["light", "medium", "heavy", "soft", "rigid"]
    public static let notificationTypes = ["success", "warning", "error"]

    public let feedback: Feedback
    public let containerKind: ScreenContainerKind

    public init(_ feedback: Feedback, on containerKind: ScreenContainerKind = .container) {
        self.feedback = feedback
        self.containerKind = containerKind
    }

    public var description: String {
        describeAction("ScreenHapticsAction", [containerKind], ["feedback": feedback])
    }

    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.simulation.system.haptics.append(feedback.description)
        completion(.success(nil))
    }
}

extension AnyScreenRoute {
    public func haptics(_ feedback: ScreenHapticsAction.Feedback) -> AnyScreenRoute {
        then(ScreenHapticsAction(feedback, on: currentKind))
    }
}
