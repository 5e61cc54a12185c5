/// A group of deeplink types that activates together (Nivelir's `DeeplinkScope`): the
/// default one, or one with a key (a part of the app that becomes ready on its own).
public struct DeeplinkScope: Hashable, CustomStringConvertible, Sendable {
    /// The scope's key, or nil for the default scope.
    public let key: String?

    /// The scope of `key`; nil is the default scope.
    public init(key: String? = nil) {
        self.key = key
    }

    /// The default scope, which holds a manager's `types`.
    public static let `default` = Self()

    /// The scope a text names, as its description writes it: "default" is the default scope.
    public init(named text: String) {
        self.init(key: text == "default" ? nil : text)
    }

    /// The key, or "default".
    public var description: String { key ?? "default" }
}

/// Where a deeplink came from (Nivelir's `DeeplinkType`).
public enum DeeplinkType: String, Sendable {
    case url, notification, shortcut

    /// The type Nivelir names in `DeeplinkWarningsError`.
    var flavourName: String {
        switch self {
        case .url: return "AnyURLDeeplink"
        case .notification: return "AnyNotificationDeeplink"
        case .shortcut: return "AnyShortcutDeeplink"
        }
    }
}

/// A deeplink made from a URL, a notification or a shortcut (a value of a Nivelir
/// `Deeplink` type): its type's name, its data, and how it navigates once its scope is
/// active. Prints as Swift prints a struct: its declared `fields` in their order (one with
/// no value as `nil`, an optional's; one declared optional, `"draft?"`, as Swift prints an
/// `Optional`: `Optional("hi")` or `nil`), then any other value by name:
/// `ChatDeeplink(roomID: 1, chatID: 7)`.
public struct Deeplink: CustomStringConvertible {
    /// The deeplink type's name, which its description starts with.
    public let typeName: String
    /// The deeplink's data, by field name.
    ///
    ///     deeplink.values["chatID"]   -- Lua: deeplink.chatID (in the type's navigate)
    public let values: [String: ScreenValue]
    /// The fields in the order the type declares them (empty: by name); a name that ends in
    /// `?` is an optional's.
    public let fields: [String]
    let navigate: (_ screens: ScreenValue?, _ navigator: ScreenNavigator, _ manager: DeeplinkManager) throws -> Void

    /// A deeplink of the type `typeName` holding `values`, printed in the order of `fields`, that runs
    /// `navigate` with its scope's screens once its scope is active.
    public init(typeName: String, values: [String: ScreenValue], fields: [String] = [],
                navigate: @escaping (_ screens: ScreenValue?, _ navigator: ScreenNavigator, _ manager: DeeplinkManager) throws -> Void) {
        self.typeName = typeName
        self.values = values
        self.fields = fields
        self.navigate = navigate
    }

    /// `ChatDeeplink(roomID: 1, chatID: 7)`: the type's name, its declared fields in order, then other values by name.
    public var description: String {
        let declared = Set(fields.map(Self.fieldName))
        let shown = fields.map { field in
            let name = Self.fieldName(field)
            guard let value = values[name].map(Self.printed) else { return "\(name): nil" }
            return "\(name): " + (field == name ? value : "Optional(\(value))")
        }
            + values.filter { !declared.contains($0.key) }.sorted { $0.key < $1.key }.map { "\($0.key): \(Self.printed($0.value))" }
        return "\(typeName)(" + shown.joined(separator: ", ") + ")"
    }

    /// A declared field's name: without the `?` that marks an optional.
    public static func fieldName(_ field: String) -> String {
        field.hasSuffix("?") ? String(field.dropLast()) : field
    }

    /// A value as Swift prints a struct's field: a table of named values as a dictionary,
    /// `["k": "v"]` (its keys sorted, where Swift's order changes from run to run).
    static func printed(_ value: ScreenValue) -> String {
        switch value {
        case let .array(items):
            return "[" + items.map(printed).joined(separator: ", ") + "]"
        case let .object(fields) where fields.isEmpty:
            return "[:]"
        case let .object(fields):
            return "[" + fields.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \(printed($0.value))" }.joined(separator: ", ") + "]"
        default:
            return value.description
        }
    }
}

/// What a URL deeplink type gets (Nivelir's `URLDeeplink.url(scheme:host:path:query:context:)`):
/// the URL split as Nivelir splits it, the query decoded with its bracket syntax.
public struct DeeplinkURLComponents {
    /// The whole URL, as given.
    public let url: String
    /// The URL's scheme, if any.
    public let scheme: String?
    /// The URL's host, if any.
    public let host: String?
    /// The path without one leading and one trailing "/", split at "/" (`[""]` when empty).
    public let path: [String]
    /// The query as written (percent-encoded), if any.
    public let rawQuery: String?
    /// The context the handler was given, if any.
    public let context: ScreenValue?
}

/// What a notification deeplink type gets (Nivelir's `NotificationDeeplink.notification(...)`).
public struct DeeplinkNotification {
    /// The notification request's identifier.
    public var requestIdentifier: String
    /// The notification's category.
    public var categoryIdentifier: String
    /// The action the user took; the default action unless given.
    public var actionIdentifier: String
    /// The notification's payload.
    public var userInfo: [String: ScreenValue]

    /// A notification; what is left out is empty, and the action is UIKit's default.
    ///
    ///     DeeplinkNotification(userInfo: ["chat_id": 7])
    ///     -- Lua: manager:handleNotification { userInfo = { chat_id = 7 } }
    public init(requestIdentifier: String = "", categoryIdentifier: String = "", actionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier",
                userInfo: [String: ScreenValue] = [:]) {
        self.requestIdentifier = requestIdentifier
        self.categoryIdentifier = categoryIdentifier
        self.actionIdentifier = actionIdentifier
        self.userInfo = userInfo
    }
}

/// What a shortcut deeplink type gets (Nivelir's `ShortcutDeeplink.shortcut(type:userInfo:context:)`).
public struct DeeplinkShortcut {
    /// The shortcut's type.
    public var type: String
    /// The shortcut's title.
    public var title: String
    /// The shortcut's user info, if any.
    public var userInfo: [String: ScreenValue]?

    /// A shortcut of `type`; the title is empty unless given.
    ///
    ///     DeeplinkShortcut(type: "compose")   -- Lua: manager:handleShortcut { type = "compose" }
    public init(type: String, title: String = "", userInfo: [String: ScreenValue]? = nil) {
        self.type = type
        self.title = title
        self.userInfo = userInfo
    }
}

/// A deeplink type (a Nivelir type conforming to `URLDeeplink`, `NotificationDeeplink`
/// and/or `ShortcutDeeplink`): each factory returns a deeplink, or nil for "not mine", or
/// throws. A `DeeplinkDecodingError` it throws is a warning: the next type is tried.
public struct AnyDeeplinkType: CustomStringConvertible {
    /// The type's name.
    public let name: String
    /// Makes a deeplink of a URL, or nil when the URL is not of this type.
    public var url: ((DeeplinkURLComponents) throws -> Deeplink?)?
    /// Makes a deeplink of a notification and the handler's context, or nil when it is not of this type.
    public var notification: ((DeeplinkNotification, ScreenValue?) throws -> Deeplink?)?
    /// Makes a deeplink of a shortcut and the handler's context, or nil when it is not of this type.
    public var shortcut: ((DeeplinkShortcut, ScreenValue?) throws -> Deeplink?)?

    /// A type named `name` with the factories given; a source it has no factory for is never its.
    ///
    ///     -- Lua: nav.deeplinkType("ChatDeeplink", { url = function(url) ... end, navigate = function(d) ... end })
    public init(name: String, url: ((DeeplinkURLComponents) throws -> Deeplink?)? = nil,
                notification: ((DeeplinkNotification, ScreenValue?) throws -> Deeplink?)? = nil,
                shortcut: ((DeeplinkShortcut, ScreenValue?) throws -> Deeplink?)? = nil) {
        self.name = name
        self.url = url
        self.notification = notification
        self.shortcut = shortcut
    }

    /// The type's name.
    public var description: String { name }
}

/// Runs before a deeplink navigates (Nivelir's `DeeplinkInterceptor`): completing with a
/// failure drops the deeplink and logs the error; never completing drops it silently.
public protocol DeeplinkInterceptor {
    func interceptDeeplink(_ deeplink: Deeplink, of type: DeeplinkType, navigator: ScreenNavigator,
                           completion: @escaping (Result<Void, Error>) -> Void)
}
