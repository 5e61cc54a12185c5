/// Presents an alert (Nivelir's `ScreenShowAlertAction`). Logs "Presenting Alert("title")
/// on <type>"; fails with "is already presenting another container" when the container
/// presents something, and where UIKit raises (two cancel actions). Each action's enabler
/// is asked once the alert is built, as Nivelir's text fields manager does. It completes
/// once the alert is on screen; the route stays on the container (Nivelir's `showAlert` has
/// no nested route).
///
///     route.showAlert(alert)   -- Lua: route:showAlert { title = "Sign out?", actions = { ... } }
public struct ScreenShowAlertAction: ScreenAction {
    /// The alert to present.
    public let alert: Alert
    /// Whether the presentation animates.
    public let animated: Bool
    /// The kind of the container it presents from.
    public let containerKind: ScreenContainerKind

    /// An action presenting `alert` from a container of `containerKind`, animated unless told otherwise.
    public init(alert: Alert, animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.alert = alert
        self.animated = animated
        self.containerKind = containerKind
    }

    /// The alert's container, a view controller.
    public var outputKind: ScreenContainerKind? { .modal }

    /// Swift's print of Nivelir's action: `ScreenShowAlertAction<UIViewController>(alert: ..., animated: true)`.
    public var description: String {
        describeAction("ScreenShowAlertAction", [containerKind], ["alert": alert, "animated": animated])
    }

    /// Logs "Presenting Alert(...) on <type>", presents the alert from `container`, and completes
    /// with it once it is on screen.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Presenting \(alert) on \(container.typeName)")
        navigator.presentSystemScreen(.alert(alert), from: container, animated: animated, for: self, build: {
            try alert.actions.requireOneCancel()
            // Nivelir's text fields manager asks every enabler with the fields' texts once
            // built, and UIKit keeps the answers in each action's isEnabled.
            let texts = alert.textFields.map(\.text)
            var shown = alert
            shown.shownEnabled = try alert.actions.map { try $0.enabler?(texts) ?? true }
            return .alert(shown)
        }, completion: completion)
    }
}

/// Presents an action sheet (Nivelir's `ScreenShowActionSheetAction`): as an alert, and on
/// a pad as a popover at its anchor (recorded in the container's `popoverAnchor` attribute).
///
///     route.showActionSheet(sheet)   -- Lua: route:showActionSheet { title = "Chat", actions = { ... } }
public struct ScreenShowActionSheetAction: ScreenAction {
    /// The action sheet to present.
    public let actionSheet: ActionSheet
    /// Whether the presentation animates.
    public let animated: Bool
    /// The kind of the container it presents from.
    public let containerKind: ScreenContainerKind

    /// An action presenting `actionSheet` from a container of `containerKind`, animated unless told otherwise.
    public init(actionSheet: ActionSheet, animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.actionSheet = actionSheet
        self.animated = animated
        self.containerKind = containerKind
    }

    /// The sheet's container, a view controller.
    public var outputKind: ScreenContainerKind? { .modal }

    /// Swift's print of Nivelir's action:
    /// `ScreenShowActionSheetAction<UIViewController>(actionSheet: ..., animated: true)`.
    public var description: String {
        describeAction("ScreenShowActionSheetAction", [containerKind], ["actionSheet": actionSheet, "animated": animated])
    }

    /// Logs "Presenting ActionSheet(...) on <type>", presents the sheet from `container` (a popover on a pad),
    /// and completes with it once it is on screen.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Presenting \(actionSheet) on \(container.typeName)")
        navigator.presentSystemScreen(.actionSheet(actionSheet), from: container, animated: animated, for: self,
                                      build: { try actionSheet.actions.requireOneCancel(); return nil }, completion: completion)
    }
}

extension AnyScreenRoute {
    /// The route, then presenting `alert` from the current container; throws unless it is a view controller.
    ///
    ///     try route.showAlert(alert, animated: false)   -- Lua: route:showAlert(alert, {animated = false})
    public func showAlert(_ alert: Alert, animated: Bool = true) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "showAlert")
        return then(ScreenShowAlertAction(alert: alert, animated: animated, on: currentKind))
    }

    /// The route, then presenting `actionSheet` from the current container; throws unless it is a view controller.
    ///
    ///     try route.showActionSheet(sheet)   -- Lua: route:showActionSheet(sheet)
    public func showActionSheet(_ actionSheet: ActionSheet, animated: Bool = true) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "showActionSheet")
        return then(ScreenShowActionSheetAction(actionSheet: actionSheet, animated: animated, on: currentKind))
    }
}

extension Array where Element == AlertAction {
    /// UIKit raises for a second cancel action ("UIAlertController can only have one action
    /// with a style of UIAlertActionStyleCancel"): here, the action fails with that text.
    func requireOneCancel() throws {
        if filter({ $0.style == .cancel }).count > 1 {
            throw ScreenFailure("UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
        }
    }
}
