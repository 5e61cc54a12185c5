import LuaKit
import ScreenKit

/// An application's state in the form scripts see, `app:snapshot()`'s table, and back:
/// what `nav.app { restore = }` reads. With these a state taken by a script restores in a
/// Swift host, and one a host kept as JSON (`ScreenApplicationState` is `Codable`) is the
/// table a script restores from.
///
///     let table = try runtime.run("local app = nav.app { root = nav.stack { nav.screen('Feed')() } }\nreturn app:snapshot()",
///                                 chunkName: "=state")
///     let copy = try ScreenApplication(restoring: ScreenApplicationState(luaSnapshot: table))
///     -- Lua: nav.app { restore = app:snapshot() }
///
/// A node's fields: kind, key (its text) with name and traits, attributes, isVisible, isTop,
/// selectedIndex (1-based; and while a custom tab animation runs, incomingIndex, the tab it
/// brings in, and selectionEnds), for a stack while a transition takes its old top out
/// outgoingIndex and outgoingEnds, presentationPhase (and presentationEnds while it is under way),
/// className, iterable, children, presented; the window's also has the clock and the held
/// deeplink (pendingDeeplink). Every field is checked: an unknown one, or one of another
/// type, throws `ScreenDSLError.invalidArgument` naming it (`restore.children[1]: ...`).
extension ScreenApplicationState {
    /// The state `app:snapshot()`'s table describes; a field unknown or of the wrong type, or a
    /// snapshot that is not an app's (kind `window`), throws naming it.
    ///
    ///     let state = try ScreenApplicationState(luaSnapshot: table)
    ///     -- Lua: local state = app:snapshot()
    public init(luaSnapshot value: LuaValue) throws(ScreenDSLError) {
        let hierarchy = try ScreenSnapshot(luaSnapshot: value, path: "restore")
        guard hierarchy.kind == .window else {
            throw Self.invalid("option 'restore' must be the snapshot of an app (its kind is window), got a \(hierarchy.kind.rawValue)")
        }
        // Not a number reads as -1, which restoring refuses as it refuses any clock out of range.
        let clock = value["clock"].flatMap { $0 == .nil ? 0 : $0.number ?? -1 } ?? 0
        let pending = value["pendingDeeplink"] ?? .nil
        guard pending == .nil || pending.string.flatMap(DeeplinkURL.init) != nil else {
            throw Self.invalid("restore.pendingDeeplink must be a URL (a string) or nil" + (pending.string.map { ", got '\($0)'" } ?? ""))
        }
        self.init(hierarchy: hierarchy, clock: clock, pendingDeeplink: pending.string)
    }

    /// The table `app:snapshot()` gives for this state.
    public var luaSnapshot: LuaValue {
        guard case .table(let array, var fields) = hierarchy.luaSnapshot else { return hierarchy.luaSnapshot }
        fields["clock"] = .number(clock)
        fields["pendingDeeplink"] = pendingDeeplink.map(LuaValue.string)
        return .table(array: array, fields: fields)
    }

    static func invalid(_ message: String) -> ScreenDSLError {
        .invalidArgument(verb: "restore", message: message)
    }
}

extension ScreenSnapshot {
    /// The fields of a node's table; the window's also has the clock and the held deeplink.
    private static let luaFields: Set<String> = ["kind", "key", "name", "traits", "attributes", "isVisible", "isTop", "selectedIndex",
                                                 "incomingIndex", "selectionEnds", "outgoingIndex", "outgoingEnds", "presentationPhase", "presentationEnds", "className", "iterable", "children", "presented"]

    /// The node as a script sees it.
    var luaSnapshot: LuaValue {
        var fields: [String: LuaValue] = [
            "kind": .string(kind.rawValue),
            "traits": ScreenValue.object(key?.traits ?? [:]).luaValue,
            "attributes": ScreenValue.object(attributes).luaValue,
            "isVisible": .boolean(isVisible),
            "isTop": .boolean(isTop),
            "children": .table(array: children.map(\.luaSnapshot), fields: [:]),
        ]
        fields["key"] = key.map { .string($0.description) }
        fields["name"] = key.map { .string($0.name) }
        fields["selectedIndex"] = selectedIndex.map { .integer(Int64($0 + 1)) }
        fields["incomingIndex"] = incomingIndex.map { .integer(Int64($0 + 1)) }
        fields["selectionEnds"] = selectionEnds.map(LuaValue.number)
        fields["outgoingIndex"] = outgoingIndex.map { .integer(Int64($0 + 1)) }
        fields["outgoingEnds"] = outgoingEnds.map(LuaValue.number)
        fields["presentationPhase"] = presentationPhase.map { .string($0.rawValue) }
        fields["presentationEnds"] = presentationEnds.map(LuaValue.number)
        fields["className"] = className.map(LuaValue.string)
        fields["iterable"] = isIterable ? .boolean(true) : nil
        fields["presented"] = presented.first?.luaSnapshot
        return .table(array: [], fields: fields)
    }

    /// A node from its table, each field checked; `path` names it in errors.
    init(luaSnapshot value: LuaValue, path: String) throws(ScreenDSLError) {
        func fail(_ message: String) -> ScreenDSLError { ScreenApplicationState.invalid("\(path): \(message)") }
        guard let kindName = value["kind"]?.string, let kind = ScreenContainerKind(rawValue: kindName), kind != .container else {
            throw fail("kind must be window, modal, stack or tabs")
        }
        if case let .table(array, fields) = value {
            let allowed = path == "restore" ? Self.luaFields.union(["clock", "pendingDeeplink"]) : Self.luaFields
            if !array.isEmpty { throw fail("a snapshot node is a table of named fields, not a list") }
            if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
                throw fail("unknown field '\(unknown)' (a snapshot has \(allowed.sorted().joined(separator: ", ")))")
            }
        }
        // Each field of the type app:snapshot() gives it, or left out.
        func expect(_ field: String, _ what: String, _ matches: (LuaValue) -> Bool) throws(ScreenDSLError) {
            if let given = value[field], given != .nil, !matches(given) { throw fail("\(field) must be \(what)") }
        }
        for field in ["isVisible", "isTop", "iterable"] { try expect(field, "true or false") { $0.boolean != nil } }
        for field in ["key", "name", "className"] { try expect(field, "a string") { $0.string != nil } }
        for field in ["selectedIndex", "incomingIndex", "outgoingIndex"] { try expect(field, "a whole number from 1") { ($0.integer ?? 0) >= 1 } }
        for field in ["presentationEnds", "selectionEnds", "outgoingEnds"] {
            try expect(field, "a number of seconds from 0 to 9.2e12 (the clock's end)") { ($0.number.map { (0...ScreenClock.end).contains($0) }) ?? false }
        }
        try expect("children", "a list of snapshot nodes") { if case let .table(_, fields) = $0 { return fields.isEmpty } else { return false } }
        try expect("traits", "a table of named values") { if case let .table(array, _) = $0 { return array.isEmpty } else { return false } }
        try expect("attributes", "a table of named values") { if case let .table(array, _) = $0 { return array.isEmpty } else { return false } }
        try expect("presentationPhase", "presenting, presented or dismissing") { $0.string.flatMap(ScreenPresentationPhase.init(rawValue:)) != nil }
        // The key is the name and traits; its text, when given, must be theirs.
        var key: ScreenKey?
        if let name = value["name"]?.string {
            var traits: [String: ScreenValue] = [:]
            if case let .table(_, fields)? = value["traits"] {
                // What a screen's traits may hold when it is made (`Chat { ... }`), and no NaN,
                // which no trait equals.
                let limits = NavRuntime.traitLimits
                var bytes = 0
                for (trait, field) in fields.sorted(by: { $0.key < $1.key }) {
                    if let problem = ScreenKey.traitNameProblem(trait) { throw fail(problem) }
                    switch field {
                    case let .number(number) where number.isNaN: throw fail("trait '\(trait)' is NaN, which no screen's trait equals")
                    case .string, .integer, .number, .boolean: traits[trait] = ScreenValue(field)
                    default: throw fail("trait '\(trait)' is not a string, number or boolean")
                    }
                    bytes += trait.utf8.count + (field.string?.utf8.count ?? 0)
                }
                guard fields.count < limits.values, bytes <= limits.bytes else {
                    throw fail("traits hold more than a screen's may (\(limits.values - 1) traits, \(limits.bytes) bytes of text)")
                }
            }
            let made = ScreenKey(name: name, traits: traits)
            if let text = value["key"]?.string, text != made.description {
                throw fail("key '\(text)' is not the name and traits given (\(made))")
            }
            key = made
        } else if value["key"]?.string != nil || value["traits"].map({ $0 != .nil && $0 != .table(array: [], fields: [:]) }) == true {
            throw fail(kind == .window ? "a window has no key: leave out key and traits" : "a key needs its name: give name too (the screen's, as nav.screen names it)")
        }
        var attributes: [String: ScreenValue] = [:]
        if case let .table(_, fields)? = value["attributes"] {
            // Their shapes are checked where they are restored (ScreenAttribute.problem).
            for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
                guard field.firstOpaque == nil, let attribute = ScreenValue(field) else {
                    throw fail("attribute '\(name)' is not plain data" + (field.firstOpaque.map { $0.path.isEmpty ? "" : " (\($0.path) is a \($0.type))" } ?? ""))
                }
                attributes[name] = attribute
            }
        }
        var children: [ScreenSnapshot] = []
        for (position, child) in (value["children"]?.array ?? []).enumerated() {
            children.append(try ScreenSnapshot(luaSnapshot: child, path: "\(path).children[\(position + 1)]"))
        }
        var presented: [ScreenSnapshot] = []
        if let node = value["presented"], node != .nil {
            presented.append(try ScreenSnapshot(luaSnapshot: node, path: "\(path).presented"))
        }
        self.init(kind: kind, key: key, className: value["className"]?.string, isIterable: value["iterable"]?.boolean ?? false,
                  attributes: attributes, isVisible: value["isVisible"]?.boolean ?? true, isTop: value["isTop"]?.boolean ?? false,
                  selectedIndex: value["selectedIndex"]?.integer.map { Int($0) - 1 },
                  presentationPhase: value["presentationPhase"]?.string.flatMap(ScreenPresentationPhase.init(rawValue:)),
                  presentationEnds: value["presentationEnds"]?.number, children: children, presented: presented,
                  incomingIndex: value["incomingIndex"]?.integer.map { Int($0) - 1 }, selectionEnds: value["selectionEnds"]?.number,
                  outgoingIndex: value["outgoingIndex"]?.integer.map { Int($0) - 1 }, outgoingEnds: value["outgoingEnds"]?.number)
    }
}
