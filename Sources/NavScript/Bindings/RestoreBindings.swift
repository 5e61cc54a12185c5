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
        let clock = value["clock"].flatMap { $0 == .nil ? 0 : $0.number ?? -1 } ?? 0
        guard clock.isFinite, clock >= 0 else { throw LuaCallError.argument(1, "restore.clock must be a finite number of seconds, 0 or more") }
        let pending = value["pendingDeeplink"] ?? .nil
        guard pending == .nil || pending.string != nil else {
            throw LuaCallError.argument(1, "restore.pendingDeeplink must be a URL (a string) or nil")
        }
        do {
            return (try ScreenApplication(restoring: snapshot, clock: clock), pending.string)
        } catch let error as ScreenDSLError {
            throw LuaCallError.argument(1, error.reason)
        }
    }

    /// The fields `app:snapshot()` writes; the window's table also has the clock and the
    /// held deeplink.
    private static let snapshotFields: Set<String> = ["kind", "key", "name", "traits", "attributes", "isVisible", "isTop", "selectedIndex",
                                                      "presentationPhase", "presentationEnds", "className", "iterable", "children", "presented"]

    /// A snapshot node from its Lua table (as `app:snapshot()` writes it).
    static func snapshot(_ value: LuaValue, path: String) throws -> ScreenSnapshot {
        func fail(_ message: String) -> LuaCallError { .argument(1, "\(path): \(message)") }
        guard let kindName = value["kind"]?.string, let kind = ScreenContainerKind(rawValue: kindName), kind != .container else {
            throw fail("kind must be window, modal, stack or tabs")
        }
        if case let .table(array, fields) = value {
            let allowed = path == "restore" ? snapshotFields.union(["clock", "pendingDeeplink"]) : snapshotFields
            if !array.isEmpty { throw fail("a snapshot node is a table of named fields, not a list") }
            if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
                throw fail("unknown field '\(unknown)' (a snapshot has \(allowed.sorted().joined(separator: ", ")))")
            }
        }
        // Each field of the type app:snapshot() gives it, or left out.
        func expect(_ field: String, _ what: String, _ matches: (LuaValue) -> Bool) throws {
            if let given = value[field], given != .nil, !matches(given) { throw fail("\(field) must be \(what)") }
        }
        for field in ["isVisible", "isTop", "iterable"] { try expect(field, "true or false") { $0.boolean != nil } }
        for field in ["key", "name", "className"] { try expect(field, "a string") { $0.string != nil } }
        try expect("selectedIndex", "a whole number") { $0.integer != nil }
        try expect("presentationEnds", "a number") { $0.number?.isFinite == true }
        try expect("children", "a list of snapshot nodes") { if case let .table(_, fields) = $0 { return fields.isEmpty } else { return false } }
        try expect("traits", "a table of named values") { if case let .table(array, _) = $0 { return array.isEmpty } else { return false } }
        try expect("attributes", "a table of named values") { if case let .table(array, _) = $0 { return array.isEmpty } else { return false } }
        if let phase = value["presentationPhase"], phase != .nil, phase.string.flatMap(ScreenPresentationPhase.init(rawValue:)) == nil {
            throw fail("presentationPhase must be presenting, presented or dismissing")
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
                guard let attribute = ScreenValue(field) else { throw fail("attribute '\(name)' is not plain data") }
                attributes[name] = attribute
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
                              selectedIndex: selected, presentationPhase: phase, presentationEnds: value["presentationEnds"]?.number,
                              children: children, presented: presented.map { [$0] } ?? [])
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
