/// An alert (Nivelir's `Alert`): a title and a message, text fields, and actions. Shown by
/// `showAlert`, answered by tapping an action.
///
///     route.showAlert(Alert(title: "Sign out?", actions: [.cancel(title: "Cancel"), AlertAction(title: "Sign Out", style: .destructive)]))
///     -- Lua: route:showAlert { title = "Sign out?", actions = { { title = "Cancel", style = "cancel" }, { title = "Sign Out", style = "destructive", route = signOut } } }
public struct Alert: CustomStringConvertible {
    public var title: String?
    public var message: String?
    public var tintColor: String?
    public var accessibilityIdentifier: String?
    public var textFields: [AlertTextField]
    public var actions: [AlertAction]
    /// Whether each action was enabled when the alert was shown (its enabler's answer then),
    /// as UIKit keeps it in `UIAlertAction.isEnabled` until a field's text changes.
    public internal(set) var shownEnabled: [Bool]?

    public init(title: String?, message: String? = nil, tintColor: String? = nil, accessibilityIdentifier: String? = nil,
                textFields: [AlertTextField] = [], actions: [AlertAction] = []) {
        self.title = title
        self.message = message
        self.tintColor = tintColor
        self.accessibilityIdentifier = accessibilityIdentifier
        self.textFields = textFields
        self.actions = actions
    }

    /// `Alert("Sign out?")`, from the title or else the message, as Nivelir prints it.
    public var description: String {
        (title ?? message).map { "Alert(\"\($0)\")" } ?? "Alert"
    }
}

/// A text field of an alert (Nivelir's `AlertTextField.standard`): its starting text and placeholder.
public struct AlertTextField {
    public var text: String
    public var placeholder: String?

    public init(text: String = "", placeholder: String? = nil) {
        self.text = text
        self.placeholder = placeholder
    }
}

/// UIKit's `UIAlertAction.Style`.
public enum AlertActionStyle: String, CaseIterable, Sendable {
    case `default`, cancel, destructive
}

/// An action of an alert (Nivelir's `AlertAction`). The enabler gets the text fields'
/// texts and says whether the action can be tapped; the handler gets them when it is. The
/// route runs after the handler: a window route from the window, any other from the
/// container that presented the alert.
public struct AlertAction {
    public var title: String
    public var style: AlertActionStyle
    public var enabler: (([String]) throws -> Bool)?
    public var handler: (([String]) throws -> Void)?
    public var route: AnyScreenRoute?

    public init(title: String, style: AlertActionStyle = .default, enabler: (([String]) throws -> Bool)? = nil,
                handler: (([String]) throws -> Void)? = nil, route: AnyScreenRoute? = nil) {
        self.title = title
        self.style = style
        self.enabler = enabler
        self.handler = handler
        self.route = route
    }

    public static func cancel(title: String) -> Self {
        Self(title: title, style: .cancel)
    }
}

/// An action sheet (Nivelir's `ActionSheet`): on a pad it is a popover at its anchor.
///
///     -- Lua: route:showActionSheet { title = "Chat", anchor = "center", actions = { { title = "Delete", style = "destructive" } } }
public struct ActionSheet: CustomStringConvertible {
    public var title: String?
    public var message: String?
    public var anchor: String
    public var tintColor: String?
    public var accessibilityIdentifier: String?
    public var actions: [AlertAction]

    public init(title: String? = nil, message: String? = nil, anchor: String = "center", tintColor: String? = nil,
                accessibilityIdentifier: String? = nil, actions: [AlertAction] = []) {
        self.title = title
        self.message = message
        self.anchor = anchor
        self.tintColor = tintColor
        self.accessibilityIdentifier = accessibilityIdentifier
        self.actions = actions
    }

    public var description: String {
        (title ?? message).map { "ActionSheet(\"\($0)\")" } ?? "ActionSheet"
    }
}

/// An action of an action sheet (Nivelir's `ActionSheetAction`): an alert action whose
/// enabler is not read.
public typealias ActionSheetAction = AlertAction
