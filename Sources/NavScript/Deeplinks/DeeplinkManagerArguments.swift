import LuaKit
import ScreenKit

/// What the deeplink manager's methods take from a script besides a URL's text: a context,
/// a notification, a shortcut, a scope, and `shouldLogError`.
///
///     manager.handleURL(URL(string: "myapp://chat?id=7")!, context: ["from": "push"])
///     -- Lua: deeplinks:handleURL("myapp://chat?id=7", { from = "push" })
extension NavRuntime {
    /// `shouldLogError`, Nivelir's last argument of the `...IfPossible` methods: true when
    /// left out.
    func shouldLogError(_ call: LuaCall, _ index: Int32) throws -> Bool {
        if call.isNoneOrNil(index) { return true }
        guard call.type(index) == .boolean else { throw LuaCallError.type(index, expected: "boolean") }
        return call.boolean(index)
    }

    /// A context (or the screens `activate` hands to `navigate`): plain data at `index`,
    /// copied, or nil. Nivelir's `context: Any?` is any value, passed by reference; here a
    /// table with functions is refused (a type's functions reach services as upvalues).
    func context(_ call: LuaCall, _ index: Int32) throws -> ScreenValue? {
        guard !call.isNoneOrNil(index) else { return nil }
        do {
            return try call.value(index, depth: 16, limits: NavOptions.plainData).plainData(argument: index)
        } catch let LuaCallError.message(text) {
            throw LuaCallError.argument(index, text)
        }
    }

    func notification(_ call: LuaCall, _ index: Int32) throws -> DeeplinkNotification {
        let table = try NavTable(call, index, runtime: self)
        try table.only(["requestIdentifier", "categoryIdentifier", "actionIdentifier", "userInfo"])
        var notification = DeeplinkNotification(requestIdentifier: try table.string("requestIdentifier") ?? "",
                                                categoryIdentifier: try table.string("categoryIdentifier") ?? "",
                                                userInfo: try table.values("userInfo") ?? [:])
        if let action = try table.string("actionIdentifier") {
            notification.actionIdentifier = action
        }
        return notification
    }

    func shortcut(_ call: LuaCall, _ index: Int32) throws -> DeeplinkShortcut {
        let table = try NavTable(call, index, runtime: self)
        try table.only(["type", "title", "userInfo"])
        return DeeplinkShortcut(type: try table.requiredString("type"), title: try table.string("title") ?? "", userInfo: try table.values("userInfo"))
    }

    /// The scope named at `index`: nil for every scope, a key, or "default".
    func scope(_ call: LuaCall, _ index: Int32) throws -> DeeplinkScope? {
        guard !call.isNoneOrNil(index) else { return nil }
        return DeeplinkScope(named: try call.string(index))
    }
}
