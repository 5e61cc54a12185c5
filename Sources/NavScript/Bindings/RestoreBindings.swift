import Foundation
import LuaKit
import ScreenKit

/// `nav.app { restore = app:snapshot() }`: an app rebuilt from a snapshot, exactly (the
/// tree, keys, classes, styles, selection, presentations, clock and held deeplink). The
/// snapshot is plain data, so it can be changed, stored or made by hand.
extension NavRuntime {
    /// The most containers a restored snapshot may have; its text is UTF-8, as `nav.screen`'s
    /// names are (`"\255"` and `"\254"` would both become U+FFFD), and a key that would be
    /// dropped unseen (a trait `[true] = 7`, a field `[false]`) is refused.
    static let restoreLimits: LuaCopyLimits = {
        var limits = LuaCopyLimits(values: 1_000_000, bytes: 64 << 20, requiresText: true)
        limits.refusesDroppedKeys = true
        return limits
    }()

    func restoredApplication(_ call: LuaCall, _ index: Int32) throws -> (ScreenApplication, String?) {
        guard call.type(index) == .table else { throw LuaCallError.argument(1, "option 'restore' must be a snapshot (app:snapshot())") }
        let value: LuaValue
        do {
            value = try call.value(index, depth: 1024, limits: Self.restoreLimits) { .argument(1, Self.restoreReason($0)) }
        } catch .message(let reason) {   // a cycle, or past the limits: said of the option
            throw LuaCallError.argument(1, "option 'restore': \(reason)")
        }
        do {
            let state = try ScreenApplicationState(luaSnapshot: value)
            let application = try ScreenApplication(restoring: state)
            if let change = Self.restoreChange(given: value, restored: application.state(pendingDeeplink: state.pendingDeeplink).hierarchy.luaSnapshot,
                                               path: "restore") {
                throw LuaCallError.argument(1, change)
            }
            return (application, state.pendingDeeplink)
        } catch let error as ScreenDSLError {
            throw LuaCallError.argument(1, error.reason)
        }
    }

    /// The first field a snapshot gives that the app restored from it has otherwise, said
    /// (`restore.children[1]: attributes would be { 1, 3 }, not { 1, nil, 3 }`): restore
    /// rebuilds exactly, or refuses what it would change (a list with a hole, a time before
    /// the clock). A field left out is not compared, nor `isTop` and `isVisible`, which the
    /// hierarchy decides (an edited snapshot keeps the old ones), and `iterable = false` on a
    /// modal container is what leaving it out means (stacks and tabs are always iterable).
    static func restoreChange(given: LuaValue, restored: LuaValue, path: String) -> String? {
        guard case let .table(_, fields) = given else { return nil }
        for name in fields.keys.sorted() where !["children", "presented", "clock", "pendingDeeplink", "isTop", "isVisible"].contains(name) {
            let value = fields[name]!, again = restored[name] ?? .nil
            if value != .nil, !(value == .boolean(false) && again == .nil), !sameData(value, again), !Self.isClockTick(name, value, again) {
                return "\(path): \(name) would be \(ExploreStep.literal(again)), not \(ExploreStep.literal(value))"
            }
        }
        for (position, (child, again)) in zip(given["children"]?.array ?? [], restored["children"]?.array ?? []).enumerated() {
            if let change = restoreChange(given: child, restored: again, path: "\(path).children[\(position + 1)]") { return change }
        }
        if let node = given["presented"], let again = restored["presented"] {
            return restoreChange(given: node, restored: again, path: "\(path).presented")
        }
        return nil
    }

    /// An end the clock reached within its tick (a microsecond), restored as the clock: the
    /// ends are sums of seconds, the clock's tasks whole microseconds, so a snapshot taken
    /// on the tick an animation ends may give its end a hair before the clock.
    private static func isClockTick(_ name: String, _ given: LuaValue, _ restored: LuaValue) -> Bool {
        guard ["presentationEnds", "selectionEnds", "outgoingEnds"].contains(name), let end = given.number, let clock = restored.number else { return false }
        return end < clock && clock - end <= 1e-6
    }

    /// Plain data alike: numbers by value (a whole float is the integer a snapshot gives),
    /// NaN as NaN, tables field by field.
    private static func sameData(_ a: LuaValue, _ b: LuaValue) -> Bool {
        switch (a, b) {
        case let (.table(array, fields), .table(otherArray, otherFields)):
            return array.count == otherArray.count && zip(array, otherArray).allSatisfy(sameData)
                && fields.count == otherFields.count && fields.allSatisfy { name, value in otherFields[name].map { sameData(value, $0) } ?? false }
        default:
            if let x = a.number, let y = b.number { return x == y || x.isNaN && y.isNaN }
            return a == b
        }
    }
}

extension NavRuntime {
    /// Where a snapshot has bytes that are not UTF-8, named as its other errors name a
    /// field: the node, then the field in it (`restore.children[1]: traits.room must be
    /// UTF-8 text, got bytes that are not`).
    static func restoreReason(_ notText: LuaNotText) -> String {
        var node = "restore", steps = notText.path[...]
        // A node's children and what it presents are nodes, when the bytes are inside them.
        while let first = steps.first, steps.count > 1 || notText.isKey {
            if first == .field("children"), steps.count > 1, case let .position(position) = steps[steps.startIndex + 1],
               steps.count > 2 || notText.isKey {
                node += ".children[\(position)]"
                steps = steps.dropFirst(2)
            } else if first == .field("presented") {
                node += ".presented"
                steps = steps.dropFirst()
            } else {
                break
            }
        }
        let field = steps.reduce(into: "") { text, step in
            switch step {
            case let .field(name): text += text.isEmpty ? name : "." + name
            case let .position(position): text += "[\(position)]"
            }
        }
        if notText.isKey {
            let got = notText.keyType.map { "a \($0)" } ?? "bytes that are not"
            return "\(node): \(field.isEmpty ? "a field's name" : "a name in " + field) must be UTF-8 text, got \(got)"
        }
        return "\(node): \(field) must be UTF-8 text, got bytes that are not"
    }
}

extension NavRuntime {
    /// NAVSCRIPT_CHECK_RESTORE=1: after every step of every scenario that leaves the app at
    /// rest (nothing scheduled: restore settles animations), the hierarchy is written as
    /// JSON, restored into a new app and compared (the tests run the example suites so,
    /// which checks restore on every hierarchy they reach).
    static let checksRestore = ProcessInfo.processInfo.environment["NAVSCRIPT_CHECK_RESTORE"] == "1"

    func checkRestore(_ app: NavApp) throws {
        guard app.application.clock.isIdle else { return }
        let state = app.application.state(pendingDeeplink: app.pendingDeeplink)
        do {
            let data = try JSONEncoder().encode(state)
            let read = try JSONDecoder().decode(ScreenApplicationState.self, from: data)
            let restored = try ScreenApplication(restoring: read)
            let again = restored.state(pendingDeeplink: read.pendingDeeplink)
            // A NaN trait is not equal to itself: then what the states print is compared.
            guard again == state || "\(again)" == "\(state)" else {
                throw LuaCallError.plain("restore check: the restored hierarchy differs:\n" + restored.tree() + "\nfrom:\n" + app.application.tree())
            }
        } catch let error as LuaCallError {
            throw error
        } catch {
            throw LuaCallError.plain("restore check: \(error)")
        }
    }
}
