import Foundation
import LuaKit
import ScreenKit

/// `nav.app { restore = app:snapshot() }`: an app rebuilt from a snapshot, exactly (the
/// tree, keys, classes, styles, selection, presentations, clock and held deeplink). The
/// snapshot is plain data, so it can be changed, stored or made by hand.
extension NavRuntime {
    /// The most containers a restored snapshot may have.
    static let restoreLimits = LuaCopyLimits(values: 1_000_000, bytes: 64 << 20)

    func restoredApplication(_ call: LuaCall, _ index: Int32) throws -> (ScreenApplication, String?) {
        guard call.type(index) == .table else { throw LuaCallError.argument(1, "option 'restore' must be a snapshot (app:snapshot())") }
        let value = try call.value(index, depth: 256, limits: Self.restoreLimits)
        let snapshot = try Self.snapshot(value, path: "restore")
        guard snapshot.kind == .window else {
            throw LuaCallError.argument(1, "option 'restore' must be the snapshot of an app (its kind is window), got a \(snapshot.kind.rawValue)")
        }
        let clock = value["clock"]?.number ?? 0
        guard clock.isFinite, clock >= 0 else { throw LuaCallError.argument(1, "restore.clock must be a finite number of seconds, 0 or more") }
        do {
            return (try ScreenApplication(restoring: snapshot, clock: clock), value["pendingDeeplink"]?.string)
        } catch let error as ScreenDSLError {
            throw LuaCallError.argument(1, error.reason)
        }
    }

    /// A snapshot node from its Lua table (as `app:snapshot()` writes it).
    static func snapshot(_ value: LuaValue, path: String) throws -> ScreenSnapshot {
        func fail(_ message: String) -> LuaCallError { .argument(1, "\(path): \(message)") }
        guard let kindName = value["kind"]?.string, let kind = ScreenContainerKind(rawValue: kindName), kind != .container else {
            throw fail("kind must be window, modal, stack or tabs")
        }
        var key: ScreenKey?
        if let name = value["name"]?.string, value["key"]?.string != nil {
            var traits: [String: ScreenValue] = [:]
            if case let .table(_, fields)? = value["traits"] {
                for (trait, field) in fields {
                    guard let screenValue = ScreenValue(field) else { throw fail("trait '\(trait)' is not a string, number or boolean") }
                    traits[trait] = screenValue
                }
            }
            key = ScreenKey(name: name, traits: traits)
        }
        var attributes: [String: ScreenValue] = [:]
        if case let .table(_, fields)? = value["attributes"] {
            for (name, field) in fields {
                attributes[name] = ScreenValue(field)
            }
        }
        let selected = value["selectedIndex"]?.integer.map { Int($0) - 1 }
        let phase = value["presentationPhase"]?.string.flatMap(ScreenPresentationPhase.init(rawValue:))
        let children = try (value["children"]?.array ?? []).enumerated().map { position, child in
            try snapshot(child, path: "\(path).children[\(position + 1)]")
        }
        let presented = try value["presented"].flatMap { node -> ScreenSnapshot? in
            node == .nil ? nil : try snapshot(node, path: "\(path).presented")
        }
        return ScreenSnapshot(kind: kind, key: key, className: value["className"]?.string, isIterable: value["iterable"]?.boolean ?? false,
                              attributes: attributes, isVisible: value["isVisible"]?.boolean ?? true, isTop: value["isTop"]?.boolean ?? false,
                              selectedIndex: selected, presentationPhase: phase, children: children, presented: presented.map { [$0] } ?? [])
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
        let snapshot = app.application.snapshot(), now = app.application.clock.now
        do {
            let data = try JSONEncoder().encode(snapshot)
            let read = try JSONDecoder().decode(ScreenSnapshot.self, from: data)
            let restored = try ScreenApplication(restoring: read, clock: now)
            guard restored.snapshot() == snapshot, restored.clock.now == now else {
                throw LuaCallError.plain("restore check: the restored hierarchy differs:\n" + restored.tree() + "\nfrom:\n" + app.application.tree())
            }
        } catch let error as LuaCallError {
            throw error
        } catch {
            throw LuaCallError.plain("restore check: \(error)")
        }
    }
}
