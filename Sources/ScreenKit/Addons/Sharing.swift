/// A share sheet (Nivelir's `Sharing`): the items, the app's own activities, the activity
/// types left out, and what runs when it finishes: `didFinish(activityType, completed)`,
/// with nil and false when the user closed it without choosing.
///
///     -- Lua: route:share { items = { "https://chat/7" }, didFinish = function(type, completed) end }
public struct Sharing: CustomStringConvertible {
    /// The items shared, as text.
    public var items: [String]
    /// The app's own activities, offered with the system's.
    public var applicationActivities: [SharingActivity]
    /// The system activity types not offered.
    public var excludedActivityTypes: [String]
    /// Where the sheet's popover points on a pad ("center" by default).
    public var anchor: String
    /// Gets the activity type chosen and whether it completed; nil and false when the user closed the sheet.
    public var didFinish: ((String?, Bool) throws -> Void)?

    /// A share sheet of `items`, with the activities and exclusions given.
    ///
    ///     Sharing(items: ["https://chat/7"], excludedActivityTypes: ["print"])
    ///     -- Lua: route:share { items = { "https://chat/7" }, excluded = { "print" } }
    public init(items: [String], applicationActivities: [SharingActivity] = [], excludedActivityTypes: [String] = [],
                anchor: String = "center", didFinish: ((String?, Bool) throws -> Void)? = nil) {
        self.items = items
        self.applicationActivities = applicationActivities
        self.excludedActivityTypes = excludedActivityTypes
        self.anchor = anchor
        self.didFinish = didFinish
    }

    /// The items as Nivelir's log prints them: `[https://chat/7, Hello]`.
    public var description: String {
        "[" + items.joined(separator: ", ") + "]"
    }
}

/// An activity of the app's own in a share sheet (Nivelir's `SharingActivity.custom`): a
/// silent one runs its route (Nivelir's `SharingSilentActivity.perform`) and completes with
/// whether it succeeded; a visual one shows its screen in place of the sheet (Nivelir's
/// `SharingVisualActivity.prepare`).
public struct SharingActivity {
    /// What the activity does: run a route (silent), or show a screen in place of the sheet (visual).
    public enum Kind {
        case silent(AnyScreenRoute?)
        case visual(AnyScreen)
    }

    /// The activity's type, by which a user's choice names it.
    public var type: String
    /// The title the sheet shows.
    public var title: String
    /// Whether it runs a route or shows a screen.
    public var kind: Kind

    /// An activity of `type` titled `title` that does what `kind` says.
    ///
    ///     SharingActivity(type: "app.forward", title: "Forward", kind: .visual(forward))
    ///     -- Lua: activities = { { type = "app.forward", title = "Forward", screen = Forward() } }
    public init(type: String, title: String, kind: Kind) {
        self.type = type
        self.title = title
        self.kind = kind
    }
}

/// Presents a share sheet (Nivelir's `ScreenShareAction`). Logs "Sharing [items] on
/// <type>"; fails when the container presents something. On a pad the sheet is a popover
/// at its anchor. Completes with the sheet's container, which a nested route gets.
public struct ScreenShareAction: ScreenAction {
    /// The share sheet to present.
    public let sharing: Sharing
    /// Whether the presentation animates.
    public let animated: Bool
    /// The kind of the container it presents from.
    public let containerKind: ScreenContainerKind

    /// An action presenting `sharing` from a container of `containerKind`, animated unless told otherwise.
    public init(_ sharing: Sharing, animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.sharing = sharing
        self.animated = animated
        self.containerKind = containerKind
    }

    /// The sheet's container, a view controller.
    public var outputKind: ScreenContainerKind? { .modal }

    /// Swift's print of Nivelir's action: `ScreenShareAction<UIViewController>(sharing: [...], animated: true)`.
    public var description: String {
        describeAction("ScreenShareAction", [containerKind], ["sharing": sharing, "animated": animated])
    }

    /// Logs "Sharing [items] on <type>", presents the sheet from `container`, and completes with its container.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Sharing \(sharing) on \(container.typeName)")
        navigator.presentSystemScreen(.sharing(sharing), from: container, animated: animated, for: self, completion: completion)
    }
}

extension AnyScreenRoute {
    /// The route, then presenting a share sheet from the current view controller; `nested` runs on the sheet's
    /// container.
    ///
    ///     try route.share(Sharing(items: ["https://chat/7"]))   -- Lua: route:share { items = { "https://chat/7" } }
    public func share(_ sharing: Sharing, animated: Bool = true, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "share")
        return try step(ScreenShareAction(sharing, animated: animated, on: currentKind), nested: nested, verb: "share")
    }
}
