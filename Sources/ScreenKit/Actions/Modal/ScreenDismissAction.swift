/// Dismisses what the current container, or its nearest presenting ancestor, presents,
/// with everything presented above it (Nivelir's `ScreenDismissAction`). Logs "Dismissing
/// screen presented by <type>". With nothing presented it succeeds at once and does
/// nothing. It never dismisses the current container itself.
///
///     route.dismiss()   -- Lua: route:dismiss()
public struct ScreenDismissAction: ScreenAction {
    public let animated: Bool
    public let containerKind: ScreenContainerKind

    public init(animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.animated = animated
        self.containerKind = containerKind
    }

    public var description: String {
        describeAction("ScreenDismissAction", [containerKind], ["animated": animated])
    }

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
    public func dismiss(animated: Bool = true) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "dismiss")
        return then(ScreenDismissAction(animated: animated, on: currentKind))
    }
}

extension ScreenRoute where Current: ModalContainerType {
    public func dismiss(animated: Bool = true) -> Self {
        appending(ScreenDismissAction(animated: animated, on: Current.kind))
    }
}
