/// A share sheet (Nivelir's `Sharing`): the items, the app's own activities, the activity
/// types left out, and what runs when it finishes: `didFinish(activityType, completed)`,
/// with nil and false when the user closed it without choosing.
///
///     -- Lua: route:share { items = { "https://chat/7" }, didFinish = function(type, completed) end }
public struct Sharing: CustomStringConvertible {
    public var items: [String]
    public var applicationActivities: [SharingActivity]
    public var excludedActivityTypes: [String]
    public var anchor: String
    public var didFinish: ((String?, Bool) throws -> Void)?

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
    public enum Kind {
        case silent(AnyScreenRoute?)
        case visual(AnyScreen)
    }

    public var type: String
    public var title: String
    public var kind: Kind

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
    public let sharing: Sharing
    public let animated: Bool
    public let containerKind: ScreenContainerKind

    public init(_ sharing: Sharing, animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.sharing = sharing
        self.animated = animated
        self.containerKind = containerKind
    }

    public var outputKind: ScreenContainerKind? { .modal }

    public var description: String {
        describeAction("ScreenShareAction", [containerKind], ["sharing": sharing, "animated": animated])
    }

    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Sharing \(sharing) on \(container.typeName)")
        navigator.presentSystemScreen(.sharing(sharing), from: container, animated: animated, for: self, completion: completion)
    }
}

extension AnyScreenRoute {
    public func share(_ sharing: Sharing, animated: Bool = true, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "share")
        return try step(ScreenShareAction(sharing, animated: animated, on: currentKind), nested: nested, verb: "share")
    }
}
