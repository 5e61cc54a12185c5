/// An alert (Nivelir's `Alert`): a title and a message, text fields, and actions. Shown by
/// `showAlert`, answered by tapping an action.
///
///     route.showAlert(Alert(title: "Sign out?", actions: [.cancel(title: "Cancel"), AlertAction(title: "Sign Out", style: .destructive)]))
///     -- Lua: route:showAlert { title = "Sign out?", actions = { { title = "Cancel", style = "cancel" }, { title = "Sign Out", style = "destructive", route = signOut } } }
public struct Alert: CustomStringConvertible {
    /// The alert's title, if any.
    public var title: String?
    /// The message under the title, if any.
    public var message: String?
    /// The tint color's name, if any.
    public var tintColor: String?
    /// The alert view's accessibility identifier, if any.
    public var accessibilityIdentifier: String?
    /// The text fields, in order.
    public var textFields: [AlertTextField]
    /// The actions, in order.
    public var actions: [AlertAction]
    /// Whether each action was enabled when the alert was shown (its enabler's answer then),
    /// as UIKit keeps it in `UIAlertAction.isEnabled` until a field's text changes.
    public internal(set) var shownEnabled: [Bool]?

    /// An alert of the parts given; it has no text fields or actions unless given.
    ///
    ///     Alert(title: "Offline", actions: [.cancel(title: "OK")])
    ///     -- Lua: route:showAlert { title = "Offline", actions = { { title = "OK", style = "cancel" } } }
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
    /// The field's starting text.
    public var text: String
    /// The placeholder shown while the field is empty, if any.
    public var placeholder: String?

    /// A field starting with `text` (empty by default) and `placeholder`.
    ///
    ///     AlertTextField(placeholder: "Email")   -- Lua: textFields = { { placeholder = "Email" } }
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
    /// The action's title, which a user taps (`app:answer("Sign Out")`).
    public var title: String
    /// The action's style.
    public var style: AlertActionStyle
    /// Whether the action can be tapped, given the text fields' texts; nil: always.
    public var enabler: (([String]) throws -> Bool)?
    /// Runs when the action is tapped, with the text fields' texts.
    public var handler: (([String]) throws -> Void)?
    /// The route that runs after the handler, once the alert is dismissed.
    public var route: AnyScreenRoute?

    /// An action titled `title` in `style`, with the enabler, handler and route given.
    ///
    ///     AlertAction(title: "Sign Out", style: .destructive, route: signOut)
    ///     -- Lua: { title = "Sign Out", style = "destructive", route = signOut }
    public init(title: String, style: AlertActionStyle = .default, enabler: (([String]) throws -> Bool)? = nil,
                handler: (([String]) throws -> Void)? = nil, route: AnyScreenRoute? = nil) {
        self.title = title
        self.style = style
        self.enabler = enabler
        self.handler = handler
        self.route = route
    }

    /// An action titled `title` in the `cancel` style, with no handler or route.
    ///
    ///     .cancel(title: "Cancel")   -- Lua: { title = "Cancel", style = "cancel" }
    public static func cancel(title: String) -> Self {
        Self(title: title, style: .cancel)
    }
}

/// An action sheet (Nivelir's `ActionSheet`): on a pad it is a popover at its anchor.
///
///     -- Lua: route:showActionSheet { title = "Chat", anchor = "center", actions = { { title = "Delete", style = "destructive" } } }
public struct ActionSheet: CustomStringConvertible {
    /// The sheet's title, if any.
    public var title: String?
    /// The message under the title, if any.
    public var message: String?
    /// Where the sheet's popover points on a pad ("center" by default).
    public var anchor: String
    /// The tint color's name, if any.
    public var tintColor: String?
    /// The sheet view's accessibility identifier, if any.
    public var accessibilityIdentifier: String?
    /// The actions, in order; their enablers are not read.
    public var actions: [AlertAction]

    /// A sheet of the parts given, anchored at "center" unless told otherwise.
    ///
    ///     ActionSheet(title: "Chat", actions: [AlertAction(title: "Delete", style: .destructive)])
    ///     -- Lua: route:showActionSheet { title = "Chat", actions = { { title = "Delete", style = "destructive" } } }
    public init(title: String? = nil, message: String? = nil, anchor: String = "center", tintColor: String? = nil,
                accessibilityIdentifier: String? = nil, actions: [AlertAction] = []) {
        self.title = title
        self.message = message
        self.anchor = anchor
        self.tintColor = tintColor
        self.accessibilityIdentifier = accessibilityIdentifier
        self.actions = actions
    }

    /// `ActionSheet("Chat")`, from the title or else the message.
    public var description: String {
        (title ?? message).map { "ActionSheet(\"\($0)\")" } ?? "ActionSheet"
    }
}

/// An action of an action sheet (Nivelir's `ActionSheetAction`): an alert action whose
/// enabler is not read.
public typealias ActionSheetAction = AlertAction
