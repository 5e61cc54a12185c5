import LuaKit
import ScreenKit

/// `nav.container`, `nav.stack` and `nav.tabs`: predicates by kind, narrowed by calling
/// them (`nav.stack{key = chat}`, `nav.container{name = "Chat"}`). The stack and tabs ones
/// also describe containers in `nav.app`'s hierarchy (`nav.stack { Feed(), Post() }`).
extension NavRuntime {
    /// Hierarchies deeper than this are refused: building one recurses, and the window
    /// takes a level of the simulation's limit.
    static let maximumDepth = ScreenSimulationLimits().depth - 1

    /// A hierarchy deeper than `maximumDepth`, refused at argument `argument`.
    static func tooDeep(argument: Int32) -> LuaCallError {
        .argument(argument, "hierarchy deeper than \(maximumDepth) containers")
    }

    static let predicateBindings: [NavBinding] = [
        .metamethod(.predicate, "__call") { runtime, call in
            try runtime.narrow(call, try call.object(1, runtime.predicates))
        },
        .metamethod(.predicate, "__tostring") { runtime, call in
            call.push(try call.object(1, runtime.predicates).predicate.description)
            return 1
        },
    ]

    private func narrow(_ call: LuaCall, _ base: PredicateObject) throws -> Int32 {
        let kind = base.predicate.kind
        // As Nivelir's `container(of:name:)` and `container(of:key:)` are constructors: a
        // predicate made otherwise would lose its condition (a function, a name) to the new one.
        guard base.kindOnly != nil else {
            throw LuaCallError.argument(1, "only nav.container, nav.stack and nav.tabs are narrowed by a call; \(base.predicate.description) is a predicate already")
        }
        guard call.type(2) == .table else { throw LuaCallError.argument(1, "table expected, got \(call.typeName(2))") }
        // nav:container{...}: the module came as the table, and the options after it.
        if call.isGuardedTable(2, as: "nav") {
            throw LuaCallError.message("nav.\(kind == .modal ? "container" : kind.rawValue) is called with a dot: write nav.\(kind == .modal ? "container" : kind.rawValue){...}, not nav:\(kind == .modal ? "container" : kind.rawValue){...}")
        }
        try checkNarrowing(call, kind: kind)
        var name: String?, key: ScreenKey?, keyText: String?
        if call.field(2, "name") != .nil {
            // A number names a screen as Lua writes it, as `nav.screen(5.0)` is named "5.0".
            name = call.type(-1) == .number ? try? call.string(-1) : call.validString(-1)
            if name == nil {
                let what = call.type(-1) == .string ? "UTF-8 text" : "a string"
                call.pop()
                throw LuaCallError.argument(1, "option 'name' must be \(what)")
            }
        }
        call.pop()
        if call.field(2, "key") != .nil {
            // A Screen, or a key as its text (`chat.key`, as Nivelir's `container(key: chat.key)`).
            key = call.optionalObject(-1, screens)?.screen.key
            keyText = key == nil && call.type(-1) == .string ? call.validString(-1) : nil
            if key == nil && keyText == nil { call.pop(); throw LuaCallError.argument(1, "option 'key' must be a Screen or a screen's key") }
        }
        call.pop()
        var predicate = base.predicate
        if let key {
            predicate = .container(of: kind, key: key)
        } else if let keyText {
            predicate = .container(of: kind, keyText: keyText)
        } else if let name {
            predicate = .container(of: kind, name: name)
        }
        guard kind == .stack || kind == .tabs else {
            let shorthand = kind != .modal ? nil
                : key.map(PredicateObject.Shorthand.key) ?? keyText.map(PredicateObject.Shorthand.keyText) ?? name.map(PredicateObject.Shorthand.name)
            call.push(PredicateObject(predicate, shorthand: shorthand), predicates)
            return 1
        }
        var depth = 1
        var children: [ScreenNode] = []
        let limit = ScreenSimulationLimits().children
        guard call.length(2) <= limit else {
            throw LuaCallError.argument(1, "more than \(limit) containers in one \(kind.rawValue)")
        }
        for position in 0..<call.length(2) {
            call.element(2, position + 1)
            defer { call.pop() }
            let (child, childDepth) = try node(call, -1, argument: 1)
            children.append(child)
            depth = max(depth, childDepth + 1)
        }
        var presented: ScreenNode?
        if call.field(2, "presented") != .nil {
            let (node, nodeDepth) = try node(call, -1, argument: 1)
            presented = node
            depth = max(depth, nodeDepth + 1)
        }
        call.pop()
        var selected: Int?
        if call.field(2, "selected") != .nil {
            guard kind == .tabs else {
                call.pop()
                throw LuaCallError.argument(1, "option 'selected' is a tab index, for tabs only")
            }
            guard call.type(-1) == .number, let index = try? call.integer(-1) else {
                let given = call.typeName(-1)
                call.pop()
                throw LuaCallError.argument(1, "option 'selected' must be a whole number, the 1-based index of a tab (got \(given))")
            }
            guard (1...max(1, children.count)).contains(index), !children.isEmpty else {
                call.pop()
                throw LuaCallError.argument(1, children.isEmpty ? "selected tab \(index) of none: the tabs are empty"
                                                                : "selected tab \(index) out of range 1...\(children.count)")
            }
            selected = index - 1
        }
        call.pop()
        guard depth <= Self.maximumDepth else {
            throw Self.tooDeep(argument: 1)
        }
        let node = kind == .tabs
            ? ScreenNode.tabs(children, selected: selected, key: key, presented: presented)
            : ScreenNode.stack(children, key: key, presented: presented)
        let isNodeOnly = !children.isEmpty || presented != nil || selected != nil
        if isNodeOnly, name != nil {
            throw LuaCallError.argument(1, "option 'name' narrows a search by name; a \(kind.rawValue) in a hierarchy is named by its key (key = Screen)")
        }
        call.push(PredicateObject(predicate, node: node, isNodeOnly: isNodeOnly, depth: depth), predicates)
        return 1
    }

    /// Refuses fields the narrowing of `kind` does not take (a misspelt `nmae` would match
    /// every container), screens in a `nav.container`, and `name` with `key`.
    private func checkNarrowing(_ call: LuaCall, kind: ScreenContainerKind) throws {
        let isNode = kind == .stack || kind == .tabs
        let options = ["key", "name"] + (isNode ? ["presented"] : []) + (kind == .tabs ? ["selected"] : [])
        let length = call.length(2)
        guard call.reserve(4) else { throw LuaCallError.message("stack overflow") }
        call.pushNil()
        while call.next(2) {
            call.pop()
            if call.type(-1) == .number, let position = try? call.integer(-1), (1...max(1, length)).contains(position), isNode { continue }
            if call.type(-1) == .number, !isNode {
                call.pop()
                throw LuaCallError.argument(1, "nav.container takes no screens: a hierarchy is built of nav.stack and nav.tabs")
            }
            let key = call.type(-1) == .string ? call.optionalString(-1) : nil
            guard let key, options.contains(key) || (isNode && key == "selected") else {     // a stack's: said below
                let shown = key.map { "'\($0)'" } ?? "[\((try? call.integer(-1)).map(String.init) ?? call.typeName(-1))]"
                call.pop()
                throw LuaCallError.argument(1, "unknown option \(shown) (\(options.joined(separator: ", ")) expected)")
            }
        }
        let hasName = call.field(2, "name") != .nil
        let hasKey = call.field(2, "key") != .nil
        call.pop(2)
        if hasName && hasKey {
            throw LuaCallError.argument(1, "options 'name' and 'key' both narrow by the key: give one")
        }
    }

    /// A container of a hierarchy: a Screen, a screen type (its screen with no traits), a
    /// `nav.stack`/`nav.tabs` description, or a screen that presents one
    /// (`{ Chat(), presented = Photo() }`: any node may present one node). Returns it with
    /// its depth.
    func node(_ call: LuaCall, _ index: Int32, argument: Int32) throws -> (ScreenNode, Int) {
        try node(call, index, argument: argument, presenters: [])
    }

    /// `presenters`: the stack indices of the `{ screen, presented = ... }` tables this node
    /// is presented from, outermost first, so that a cycle or a chain past the depth limit is
    /// refused before it is gone into (Swift's stack would not hold it).
    private func node(_ call: LuaCall, _ index: Int32, argument: Int32, presenters: [Int32]) throws -> (ScreenNode, Int) {
        if let screen = call.optionalObject(index, screens)?.screen {
            return (.screen(screen), 1)
        }
        if let type = call.optionalObject(index, screenTypes) {
            return (.screen(makeScreen(type, traits: [:])), 1)
        }
        if let object = call.optionalObject(index, predicates), let node = object.node {
            return (node, object.depth)
        }
        if call.type(index) == .table, !call.isGuardedTable(index, as: "nav") {
            return try presentingScreen(call, call.absolute(index), argument: argument, presenters: presenters)
        }
        throw LuaCallError.argument(argument, "Screen, nav.stack{...} or nav.tabs{...} expected in a hierarchy, got \(call.typeName(index))")
    }

    /// `{ screen, presented = node }`: the screen's container presenting the node.
    private func presentingScreen(_ call: LuaCall, _ index: Int32, argument: Int32, presenters: [Int32]) throws -> (ScreenNode, Int) {
        let shape = "a screen that presents is written { Screen, presented = node }"
        if presenters.contains(where: { call.rawEqual($0, index) }) {
            throw LuaCallError.argument(argument, "a screen presents itself: its table is in its own presented chain")
        }
        // This screen and what it presents: two levels more than those presenting it.
        guard presenters.count + 2 <= Self.maximumDepth else {
            throw Self.tooDeep(argument: argument)
        }
        guard call.reserve(4) else { throw LuaCallError.message("stack overflow") }
        call.pushNil()
        while call.next(index) {
            call.pop()
            let isScreen = call.type(-1) == .number && (try? call.integer(-1)) == 1
            guard isScreen || call.type(-1) == .string && call.optionalString(-1) == "presented" else {
                call.pop()
                throw LuaCallError.argument(argument, shape)
            }
        }
        call.element(index, 1)
        defer { call.pop() }
        let screen: AnyScreen
        if let value = call.optionalObject(-1, screens)?.screen {
            screen = value
        } else if let type = call.optionalObject(-1, screenTypes) {
            screen = makeScreen(type, traits: [:])
        } else if call.optionalObject(-1, predicates)?.node != nil {
            throw LuaCallError.argument(argument, "a stack or tab bar that presents is written nav.stack { ..., presented = node }, not { nav.stack {...}, presented = node }")
        } else {
            throw LuaCallError.argument(argument, shape)
        }
        guard call.field(index, "presented") != .nil else {
            call.pop()
            throw LuaCallError.argument(argument, shape)
        }
        defer { call.pop() }
        let (presented, depth) = try node(call, -1, argument: argument, presenters: presenters + [index])
        guard depth + 1 <= Self.maximumDepth else {
            throw Self.tooDeep(argument: argument)
        }
        return (.screen(screen, presented: presented), depth + 1)
    }
}
