import Foundation

/// Nivelir's `DeeplinkManager`: turns URLs, notifications and shortcuts into deeplinks of
/// its types, keeps the last one of each scope pending, and navigates it once the app is
/// active and its scope is activated (with the screens its deeplinks navigate with).
///
/// - Handling logs "Handling navigation for URL: <url>" (or the notification's or
///   shortcut's data as JSON), tries the types scope by scope, in the order given (Nivelir
///   visits scopes in a dictionary's order), and stops at the first deeplink; an error that
///   is not a warning is thrown at once; warnings alone throw `DeeplinkWarningsError`.
/// - Navigating logs "Performing navigation for deeplink: <deeplink>" before the
///   interceptors run, in order; a failure of one, or of the navigation, is logged as an
///   error, not thrown (Nivelir logs them).
///
///     let manager = DeeplinkManager(deeplinkTypes: [(.default, [chatType])], navigator: navigator, system: simulation.system)
///     try manager.handleURL("app://chat?chat_id=7")
///     manager.activate(screens: nil)
///     -- Lua: local deeplinks = nav.deeplinkManager { types = { ChatDeeplink }, navigator = app.navigator }
public final class DeeplinkManager {
    /// The types of each scope, in the order they are tried.
    ///
    ///     manager.deeplinkTypes   -- Lua: deeplinks.deeplinkTypes (type names by scope)
    public let deeplinkTypes: [(scope: DeeplinkScope, types: [AnyDeeplinkType])]
    /// The interceptors, run in order before each deeplink navigates.
    public let interceptors: [any DeeplinkInterceptor]
    /// The navigator deeplinks navigate with and log through.
    ///
    ///     manager.navigator   -- Lua: deeplinks.navigator
    public let navigator: ScreenNavigator
    private let system: ScreenSystem

    /// The screens each active scope was activated with.
    public private(set) var screens: [DeeplinkScope: ScreenValue?] = [:]

    /// The deeplink waiting in each scope, the last one handled. As Nivelir's, every change
    /// navigates if possible: setting one performs it, and so does removing one from inside
    /// `navigateIfPossible` (see there).
    public private(set) var pendingDeeplinks: [DeeplinkScope: Deeplink] = [:] {
        didSet { navigateIfPossible() }
    }
    private var pendingKinds: [DeeplinkScope: DeeplinkType] = [:]

    /// A manager of `deeplinkTypes` by scope, with `interceptors`, navigating with `navigator` whenever
    /// `system` says the app is active and a pending deeplink's scope is active. No scope is active yet.
    ///
    ///     -- Lua: nav.deeplinkManager { types = { ChatDeeplink }, navigator = app.navigator }
    public init(deeplinkTypes: [(scope: DeeplinkScope, types: [AnyDeeplinkType])], interceptors: [any DeeplinkInterceptor] = [],
                navigator: ScreenNavigator, system: ScreenSystem) {
        self.deeplinkTypes = deeplinkTypes
        self.interceptors = interceptors
        self.navigator = navigator
        self.system = system
        system.whenActive.append { [weak self] in self?.navigateIfPossible() }
    }

    /// Whether any scope is active.
    ///
    ///     manager.isActive   -- Lua: deeplinks:isActive()
    public var isActive: Bool { !screens.isEmpty }

    /// Whether `scope` is active.
    ///
    ///     manager.isActive(scope: DeeplinkScope(key: "chats"))   -- Lua: deeplinks:isActive("chats")
    public func isActive(scope: DeeplinkScope) -> Bool {
        screens[scope] != nil
    }

    /// Activates `scope` (or every scope) with the screens its deeplinks navigate with, and
    /// navigates what is pending there.
    public func activate(screens: ScreenValue?, scope: DeeplinkScope? = nil) {
        // Every scope in turn, each navigating what it can, as Nivelir's activate(screens:).
        for scope in scope.map({ [$0] }) ?? deeplinkTypes.map(\.scope) {
            self.screens[scope] = .some(screens)
            navigateIfPossible()
        }
    }

    /// Deactivates `scope` (or every scope); pending deeplinks stay.
    public func deactivate(scope: DeeplinkScope? = nil) {
        for scope in scope.map({ [$0] }) ?? deeplinkTypes.map(\.scope) {
            screens[scope] = nil
        }
    }

    // MARK: Handling

    /// Whether a type makes a deeplink of `url` (no logging, no effect; warnings count as no).
    public func canHandleURL(_ url: String, context: ScreenValue? = nil) -> Bool {
        (try? makeDeeplink(.url, { try self.urlFactory(url, context: context, type: $0) })) != nil
    }

    /// Handles `url`: true when a deeplink was made (and is pending or navigated), false when no type matched.
    @discardableResult
    public func handleURL(_ url: String, context: ScreenValue? = nil) throws -> Bool {
        navigator.logInfo("Handling navigation for URL: \(url)")
        return try handle(makeDeeplink(.url) { try self.urlFactory(url, context: context, type: $0) }, as: .url)
    }

    /// `handleURL`, with the error logged instead of thrown.
    @discardableResult
    public func handleURLIfPossible(_ url: String, context: ScreenValue? = nil, shouldLogError: Bool = true) -> Bool {
        ifPossible(shouldLogError) { try handleURL(url, context: context) }
    }

    /// Whether a type makes a deeplink of `notification` (nothing is logged or handled).
    public func canHandleNotification(_ notification: DeeplinkNotification, context: ScreenValue? = nil) -> Bool {
        (try? makeDeeplink(.notification) { type in try type.notification.flatMap { try $0(notification, context) } }) != nil
    }

    /// Whether a type makes a deeplink of `shortcut` (nothing is logged or handled).
    public func canHandleShortcut(_ shortcut: DeeplinkShortcut, context: ScreenValue? = nil) -> Bool {
        (try? makeShortcutDeeplink(shortcut, context: context)) != nil
    }

    /// Handles `notification`: logs its user info as JSON, then, as `handleURL`, true when a type made a
    /// deeplink (pending or navigated), false when none matched.
    ///
    ///     try manager.handleNotification(DeeplinkNotification(userInfo: ["chat_id": 8]))
    ///     -- Lua: deeplinks:handleNotification { userInfo = { chat_id = 8 } }
    @discardableResult
    public func handleNotification(_ notification: DeeplinkNotification, context: ScreenValue? = nil) throws -> Bool {
        navigator.logInfo("Handling navigation for notification:\n" + Self.json(.object(notification.userInfo)))
        return try handle(makeDeeplink(.notification) { type in try type.notification.flatMap { try $0(notification, context) } }, as: .notification)
    }

    /// `handleNotification`, with the error logged (unless `shouldLogError` is false) and false returned instead of
    /// thrown.
    ///
    ///     manager.handleNotificationIfPossible(note)   -- Lua: deeplinks:handleNotificationIfPossible(note)
    @discardableResult
    public func handleNotificationIfPossible(_ notification: DeeplinkNotification, context: ScreenValue? = nil, shouldLogError: Bool = true) -> Bool {
        ifPossible(shouldLogError) { try handleNotification(notification, context: context) }
    }

    /// Handles `shortcut`: logs its type, title and user info as JSON, then, as `handleURL`, true when a
    /// type made a deeplink (pending or navigated), false when none matched.
    ///
    ///     try manager.handleShortcut(DeeplinkShortcut(type: "compose"))
    ///     -- Lua: deeplinks:handleShortcut { type = "compose" }
    @discardableResult
    public func handleShortcut(_ shortcut: DeeplinkShortcut, context: ScreenValue? = nil) throws -> Bool {
        // As Nivelir's dictionary: a shortcut without userInfo shows `"userInfo" : null`.
        navigator.logInfo("Handling navigation for shortcut:\n" + Self.json([
            "type": shortcut.type, "title": shortcut.title, "userInfo": shortcut.userInfo.map { ScreenValue.object($0).foundationObject } ?? NSNull(),
        ]))
        return try handle(makeShortcutDeeplink(shortcut, context: context), as: .shortcut)
    }

    /// `handleShortcut`, with the error logged (unless `shouldLogError` is false) and false returned instead of thrown.
    ///
    ///     manager.handleShortcutIfPossible(shortcut)   -- Lua: deeplinks:handleShortcutIfPossible(shortcut)
    @discardableResult
    public func handleShortcutIfPossible(_ shortcut: DeeplinkShortcut, context: ScreenValue? = nil, shouldLogError: Bool = true) -> Bool {
        ifPossible(shouldLogError) { try handleShortcut(shortcut, context: context) }
    }

    private func ifPossible(_ shouldLogError: Bool, _ body: () throws -> Bool) -> Bool {
        do {
            return try body()
        } catch {
            if shouldLogError { navigator.logError(error) }
            return false
        }
    }

    private func handle(_ made: (DeeplinkScope, Deeplink)?, as kind: DeeplinkType) -> Bool {
        guard let (scope, deeplink) = made else { return false }
        pendingKinds[scope] = kind
        pendingDeeplinks[scope] = deeplink             // navigates if possible
        return true
    }

    private var types: [(DeeplinkScope, AnyDeeplinkType)] {
        deeplinkTypes.flatMap { entry in entry.types.map { (entry.scope, $0) } }
    }

    /// As Nivelir's `makeShortcutDeeplinkIfPossible(shortcut:context:)`: the search over
    /// every scope's types runs once for each scope (its per-scope step ignores the scope it
    /// is given, and its throwing `compactMap` is the eager one), and the first deeplink made
    /// is taken; so each type is asked as many times as there are scopes, unless one throws.
    private func makeShortcutDeeplink(_ shortcut: DeeplinkShortcut, context: ScreenValue?) throws -> (DeeplinkScope, Deeplink)? {
        var made: [(DeeplinkScope, Deeplink)] = []
        for _ in deeplinkTypes {
            if let deeplink = try makeDeeplink(.shortcut, { type in try type.shortcut.flatMap { try $0(shortcut, context) } }) {
                made.append(deeplink)
            }
        }
        return made.first
    }

    /// The first deeplink a type makes, with its scope; warnings are kept going.
    private func makeDeeplink(_ kind: DeeplinkType, _ factory: (AnyDeeplinkType) throws -> Deeplink?) throws -> (DeeplinkScope, Deeplink)? {
        var warnings: [Error] = []
        for (scope, type) in types {
            do {
                if let deeplink = try factory(type) {
                    return (scope, deeplink)
                }
            } catch let warning as DeeplinkDecodingError {
                warnings.append(warning)
            }
        }
        if !warnings.isEmpty {
            throw DeeplinkWarningsError(type: kind, warnings: warnings)
        }
        return nil
    }

    private func urlFactory(_ url: String, context: ScreenValue?, type: AnyDeeplinkType) throws -> Deeplink? {
        guard let factory = type.url else { return nil }
        guard let components = URLComponents(string: url) else {
            throw URLDeeplinkInvalidComponentsError(url: url, for: type)
        }
        var path = components.path
        if path.hasPrefix("/") { path.removeFirst() }
        if path.hasSuffix("/") { path.removeLast() }
        return try factory(DeeplinkURLComponents(url: url, scheme: components.scheme, host: components.host,
                                                 path: path.components(separatedBy: "/"), rawQuery: Self.query(of: url), context: context))
    }

    /// The query as the URL writes it: between the first `?` before the fragment and the
    /// fragment. (Foundation on Linux percent-encodes a whole query again, `%` included,
    /// when it has a `[`.) `app:open`'s URLs are read with it too.
    public static func query(of url: String) -> String? {
        let beforeFragment = url.prefix { $0 != "#" }
        guard let mark = beforeFragment.firstIndex(of: "?") else { return nil }
        return String(beforeFragment[beforeFragment.index(after: mark)...])
    }

    // MARK: Navigating

    /// Navigates the pending deeplinks of the active scopes, when the app is active.
    public func navigateIfPossible() {
        guard system.applicationState == .active, !pendingDeeplinks.isEmpty else { return }
        // As Nivelir's loop: over a copy of the pending deeplinks, each removed before it is
        // performed, and removing one runs this again (the property's didSet) on what is left.
        // So with two scopes pending when the app becomes active, the inner run performs the
        // second, and the outer loop performs it again from its copy.
        let pending = deeplinkTypes.compactMap { entry in
            pendingDeeplinks[entry.scope].map { (scope: entry.scope, deeplink: $0, kind: pendingKinds[entry.scope] ?? .url) }
        }
        for (scope, deeplink, kind) in pending {
            guard let screens = screens[scope] else { continue }
            navigator.logInfo("Performing navigation for deeplink: \(deeplink)")
            pendingKinds[scope] = nil
            pendingDeeplinks[scope] = nil
            intercept(deeplink, of: kind, from: interceptors[...]) { [self] result in
                do {
                    try result.get()
                    try deeplink.navigate(screens, navigator, self)
                } catch {
                    navigator.logError(error)
                }
            }
        }
    }

    private func intercept(_ deeplink: Deeplink, of kind: DeeplinkType, from interceptors: ArraySlice<any DeeplinkInterceptor>,
                           completion: @escaping (Result<Void, Error>) -> Void) {
        guard let interceptor = interceptors.first else { return completion(.success(())) }
        interceptor.interceptDeeplink(deeplink, of: kind, navigator: navigator) { [self] result in
            guard case .success = result else { return completion(result) }
            intercept(deeplink, of: kind, from: interceptors.dropFirst(), completion: completion)
        }
    }

    /// Notification and shortcut data as Nivelir logs it: pretty-printed JSON (keys sorted here).
    static func json(_ value: ScreenValue) -> String {
        json(value.foundationObject)
    }

    static func json(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]) else {
            return "nil"
        }
        return String(decoding: data, as: UTF8.self)
    }
}

extension ScreenValue {
    /// The value as Foundation's JSON objects.
    var foundationObject: Any {
        switch self {
        case let .bool(value): return value
        case let .int(value): return value
        case let .double(value): return value
        case let .string(value): return value
        case let .array(values): return values.map(\.foundationObject)
        case let .object(fields): return fields.mapValues(\.foundationObject)
        }
    }
}
