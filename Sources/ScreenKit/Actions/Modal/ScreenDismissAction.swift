/// Dismisses what the current container, or its nearest presenting ancestor, presents,
/// with everything presented above it (Nivelir's `ScreenDismissAction`). Logs "Dismissing
/// screen presented by <type>". With nothing presented it succeeds at once and does
/// nothing. It never dismisses the current container itself.
///
///     route.dismiss()   -- Lua: route:dismiss()
public struct ScreenDismissAction: ScreenAction {
    /// Whether the dismissal is animated.
    public let animated: Bool
    /// The kind of container it is performed on.
    public let containerKind: ScreenContainerKind

    /// A dismissal from a container of `containerKind`.
    public init(animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.animated = animated
        self.containerKind = containerKind
    }

    /// The action as Swift prints Nivelir's: `ScreenDismissAction<UIViewController>(animated: true)`.
    public var description: String {
        describeAction("ScreenDismissAction", [containerKind], ["animated": animated])
    }

    /// Logs, then dismisses what the container presents and completes when the dismissal ends;
    /// with nothing presented, it completes at once.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Dismissing screen presented by \(container.typeName)")
        guard container.presented != nil else {
            return completion(.success(nil))
        }
        // Refused mid-transition, it never completes, as Nivelir's waits for UIKit's callback.
        let accepted = navigator.simulation.dismiss(from: container, animated: animated) {
            completion(.success(nil))
        }
        if !accepted {
            navigator.waitingAction = self   // the never-completed error names it
        }
    }
}

extension AnyScreenRoute {
    /// Appends a dismissal of what the current container presents.
    ///
    ///     try route.dismiss(animated: false)   -- Lua: route:dismiss{animated = false}
    public func dismiss(animated: Bool = true) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "dismiss")
        return then(ScreenDismissAction(animated: animated, on: currentKind))
    }
}

extension ScreenRoute where Current: ModalContainerType {
    /// The same, for a typed route.
    ///
    ///     route.dismiss(animated: false)   -- Lua: route:dismiss{animated = false}
    public func dismiss(animated: Bool = true) -> Self {
        appending(ScreenDismissAction(animated: animated, on: Current.kind))
    }
}
