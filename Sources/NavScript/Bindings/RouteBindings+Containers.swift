import LuaKit
import ScreenKit

/// The route methods of each container kind: window, modal (stack and tabs too), stack, tabs.
extension NavRuntime {
    /// Reads `(kind?, nested?)` from `index` on, for methods such as `presented("stack")`;
    /// the kind may be written as its predicate, `presented(nav.stack)`.
    func kindAndNested(_ call: LuaCall, _ index: Int32, default kind: ScreenContainerKind) throws -> (ScreenContainerKind?, AnyScreenRoute?, Int32) {
        if call.type(index) == .string || call.optionalObject(index, predicates)?.kindOnly != nil {
            let kind = try kindArgument(call, index, default: kind, allowsWindow: false)
            return (kind, try nestedRoute(call, index + 1, kind: kind), index + 1)
        }
        // An explicit nil for the kind, then the nested route.
        let at = call.type(index) == .nil ? index + 1 : index
        return (nil, try nestedRoute(call, at, kind: kind), at)
    }

    /// A kind at argument `index`, written as its name (`"stack"`) or its bare predicate
    /// (`nav.stack`); a narrowed predicate (`nav.stack { key = ... }`) is no kind.
    func kindArgument(_ call: LuaCall, _ index: Int32, default fallback: ScreenContainerKind, allowsAny: Bool = false,
                      allowsWindow: Bool = true) throws -> ScreenContainerKind {
        guard let given = call.optionalObject(index, predicates) else {
            return try call.kind(index, default: fallback, allowsAny: allowsAny, allowsWindow: allowsWindow)
        }
        guard let kind = given.kindOnly else {
            throw LuaCallError.argument(index, "a kind's name or bare predicate (nav.stack) expected, got a narrowed predicate")
        }
        return kind
    }

    static let containerRouteBindings: [NavBinding] = [
        routeMethod("root", needs: .window) { runtime, call, route in
            let (kind, nested, at) = try runtime.kindAndNested(call, 2, default: .modal)
            return try runtime.nesting(at: at) { try route.root(as: kind, nested: nested) }
        },
        routeMethod("setRoot", needs: .window) { runtime, call, route in
            let screen = try runtime.shownArgument(call, 2)
            let (options, nested, at) = try runtime.optionsAndNested(call, 3, kind: screen.kind, allowed: ["animation"], verb: "setRoot")
            let animation = try options.customAnimation("animation")
            return try runtime.nesting(at: at) { try route.setRoot(to: screen, animation: animation, nested: nested) }
        },
        routeMethod("makeKey", needs: .window) { _, _, route in try route.makeKey() },
        routeMethod("makeKeyAndVisible", needs: .window) { _, _, route in try route.makeKeyAndVisible() },
        routeMethod("present", needs: .modal) { runtime, call, route in
            let screen = try runtime.shownArgument(call, 2)
            let (options, nested, at) = try runtime.explainingModalNesting({ "the nested route starts at the container presented, a \(screen.kind.rawValue) one: "
                + "present a \($0 == .stack ? "stack (Chat():withStackContainer())" : "tabs screen") for a \($0.rawValue) route" }) {
                try runtime.optionsAndNested(call, 3, kind: screen.kind, allowed: ["animated"], verb: "present")
            }
            let animated = try options.bool("animated", default: true)
            return try runtime.nesting(at: at) { try route.present(screen, animated: animated, nested: nested) }
        },
        routeMethod("dismiss", needs: .modal) { _, call, route in
            let options = try NavOptions(call, 2)
            try options.only(["animated"], for: "dismiss")
            return try route.dismiss(animated: try options.bool("animated", default: true))
        },
        relation(.presented, needs: .modal),
        relation(.presenting, needs: .modal),
        container(.stack),
        container(.tabs),
        container(.window),
        routeMethod("makeVisible", needs: .modal) { _, call, route in
            let options = try NavOptions(call, 2)
            // `dissmissAnimated` is the label as Nivelir spells it.
            try options.only(["stackAnimation", "tabsAnimation", "dismissAnimated", "dissmissAnimated"], for: "makeVisible")
            let dismissAnimated = try options.bool("dismissAnimated", default: try options.bool("dissmissAnimated", default: true))
            if let misspelt = try options.field("dissmissAnimated"), misspelt != .nil, try options.field("dismissAnimated").map({ $0 != .nil }) == true,
               misspelt != .boolean(dismissAnimated) {
                throw LuaCallError.argument(2, "options 'dismissAnimated' and 'dissmissAnimated' (Nivelir's spelling) are one option, given two values: give one")
            }
            return try route.makeVisible(stackAnimation: try options.stackAnimation("stackAnimation"),
                                         tabsAnimation: try options.customAnimation("tabsAnimation"),
                                         dismissAnimated: dismissAnimated)
        },
        stackEdit("push"),
        stackEdit("replace"),
        routeMethod("pop", needs: .stack) { runtime, call, route in
            let options = try NavOptions(call, 2)
            try options.only(["to", "animation", "separated"], for: "pop")
            return try route.pop(to: try runtime.popPredicate(call, 2), animation: try options.stackAnimation("animation"),
                                 separated: try options.bool("separated", default: false))
        },
        routeMethod("popToRoot", needs: .stack) { _, call, route in
            let options = try NavOptions(call, 2)
            try options.only(stackEditOptions, for: "popToRoot")
            return try route.popToRoot(animation: try options.stackAnimation("animation"), separated: try options.bool("separated", default: false))
        },
        routeMethod("clear", needs: .stack) { _, call, route in
            let options = try NavOptions(call, 2)
            try options.only(["animation"], for: "clear")
            return try route.clear(animation: try options.stackAnimation("animation"))
        },
        routeMethod("setStack", needs: .stack) { runtime, call, route in
            var list: [any ScreenStackModifier] = []
            if call.isFunction(2) || call.optionalObject(2, runtime.modifiers) != nil {
                // One modifier, as Nivelir's setStack(modifier:).
                list.append(try runtime.modifierValue(call, 2, position: 1))
            } else {
                guard call.type(2) == .table else { throw LuaCallError.type(2, expected: "list of modifiers") }
                for position in 0..<(try call.list(2, of: "modifiers")) {
                    call.element(2, position + 1)
                    defer { call.pop() }
                    list.append(try runtime.modifierValue(call, -1, position: position + 1))
                }
            }
            let options = try NavOptions(call, 3)
            try options.only(stackEditOptions, for: "setStack")
            return try route.setStack(list, animation: try options.stackAnimation("animation"), separated: try options.bool("separated", default: false))
        },
        relation(.stackRoot, needs: .stack),
        relation(.stackTop, needs: .stack),
        relation(.stackVisible, needs: .stack),
        routeMethod("selectTab", needs: .tabs) { runtime, call, route in
            let predicate = try runtime.tabPredicate(call, 2)
            // (tab, options?, nested?): the options may be nil, or left out before the nested route.
            guard call.isNoneOrNil(3) || call.type(3) == .table || call.isFunction(3) || call.optionalObject(3, runtime.routes) != nil else {
                throw LuaCallError.type(3, expected: "table of options, Route or function")
            }
            let options = call.type(3) == .table ? try NavOptions(call, 3) : NavOptions(none: 3)
            try options.only(["animation", "kind"], for: "selectTab")
            // The kind by name, or as its bare predicate (`kind = nav.stack`).
            let predicateKind: ScreenContainerKind? = call.type(3) == .table ? {
                call.field(3, "kind")
                defer { call.pop() }
                return call.optionalObject(-1, runtime.predicates)?.kindOnly
            }() : nil
            let at = call.afterOptions(at: 3)
            let kind = try predicateKind ?? options.string("kind").map { name -> ScreenContainerKind in
                guard let kind = ScreenContainerKind(rawValue: name), kind.conforms(to: .modal) else {
                    throw LuaCallError.argument(3, "unknown container kind '\(name)' (modal, stack or tabs expected)")
                }
                return kind
            } ?? (call.isNoneOrNil(at) ? nil : runtime.tabKind(call)) ?? .modal
            let nested = try runtime.explainingModalNesting({ "the nested route starts at the tab selected, a modal one unless its kind is given: "
                + "selectTab(2, { kind = \"\($0.rawValue)\" }, nested) for a \($0.rawValue) route" }) { try runtime.nestedRoute(call, at, kind: kind) }
            let animation = try options.customAnimation("animation")
            return try runtime.nesting(at: at) { try route.selectTab(with: predicate, as: kind, animation: animation, nested: nested) }
        },
        relation(.selectedTab, needs: .tabs),
        routeMethod("setupTab", needs: .tabs, nested: 3) { runtime, call, route in
            let screen = try runtime.shownArgument(call, 2)
            return try route.setupTab(with: screen, nested: try runtime.nestedRoute(call, 3, kind: screen.kind))
        },
    ]

    private static let stackEditOptions: Set<String> = ["animation", "separated"]

    /// `presented`, `stackTop`, `selectedTab`, ...: `(kind?, nested?)`.
    private static func relation(_ relation: ScreenRelation, needs kind: ScreenContainerKind) -> NavBinding {
        routeMethod(relation.rawValue, needs: kind) { runtime, call, route in
            let (kind, nested, at) = try runtime.kindAndNested(call, 2, default: .modal)
            return try runtime.nesting(at: at) { try route.related(relation, as: kind, nested: nested) }
        }
    }

    /// `stack`, `tabs` and `window`: the container a modal one is in.
    private static func container(_ relation: ScreenRelation) -> NavBinding {
        routeMethod(relation.rawValue, needs: .modal) { runtime, call, route in
            try route.related(relation, nested: try runtime.nestedRoute(call, 2, kind: relation.defaultOutputKind))
        }
    }

    /// `push` and `replace`.
    private static func stackEdit(_ verb: String) -> NavBinding {
        let pushes = verb == "push"
        return routeMethod(verb, needs: .stack) { runtime, call, route in
            let edit = { (screen: AnyScreen) throws -> AnyScreenRoute in
                let (options, nested, at) = try runtime.optionsAndNested(call, 3, kind: screen.kind, allowed: stackEditOptions, verb: verb)
                let animation = try options.stackAnimation("animation"), separated = try options.bool("separated", default: false)
                return try runtime.nesting(at: at) {
                    pushes
                        ? try route.push(screen, animation: animation, separated: separated, nested: nested)
                        : try route.replace(with: screen, animation: animation, separated: separated, nested: nested)
                }
            }
            // A Screen is borrowed in place (the common case, on the hot path); a Container
            // is its own screen.
            if call.optionalObject(2, runtime.containers) != nil {
                return try edit(try runtime.shownArgument(call, 2))
            }
            return try call.withObject(2, runtime.screens) { object in
                runtime.shownTraitBytes += object.traitBytes
                return try edit(object.screen)
            }
        }
    }

    /// `pop{to = ...}`: a Screen (its key), a screen type or a name, a Container, a
    /// predicate (`nav.container{name = "Chat"}`, the last match), or a function of the
    /// stack's screens giving the position to keep; by default the screen under the top.
    func popPredicate(_ call: LuaCall, _ index: Int32) throws -> ScreenStackPopPredicate {
        guard call.type(index) == .table else { return .previous }
        call.field(index, "to")
        defer { call.pop() }
        if call.isNoneOrNil(-1) { return .previous }
        if let screen = call.optionalObject(-1, screens)?.screen { return .container(key: screen.key) }
        if let type = call.optionalObject(-1, screenTypes) { return .container(name: type.name) }
        if let container = call.optionalObject(-1, containers) {
            // Nivelir's `.container(_: UIViewController)`: no window is a screen of a stack.
            guard container.kind != .window else { throw LuaCallError.argument(index, "option 'to' is a window, which no stack holds") }
            return .container(container)
        }
        if let predicate = call.optionalObject(-1, predicates) { return predicate.popPredicate }
        if call.isFunction(-1) {
            return ScreenStackPopPredicate(description: "custom predicate", scriptIndex(call, -1, lowest: 0, description: "The pop's custom predicate"))
        }
        // Nivelir's two standard pop predicates by name; any other text names a screen.
        if let name = call.optionalString(-1) { return name == "root" ? .root : name == "previous" ? .previous : .container(name: name) }
        throw LuaCallError.argument(index, "option 'to' must be a Screen, a screen type, a name, a Container, a predicate or a function")
    }

    /// The kind a tab predicate names, when it names one, for a nested route: `selectTab(
    /// nav.stack, nil, function(stack) ... end)` nests a stack route, as Nivelir's `of:`
    /// would be written with it (alone, it selects "of UIViewController type", as before).
    func tabKind(_ call: LuaCall) -> ScreenContainerKind? {
        call.optionalObject(2, predicates).map(\.predicate.kind).flatMap { [.stack, .tabs].contains($0) ? $0 : nil }
    }

    /// `selectTab(...)`: a 1-based index, a Screen (its key), a screen type or a name, a
    /// Container, a predicate (`nav.stack{key = chat}`, the first match), or a function of
    /// the tabs giving the position to select.
    func tabPredicate(_ call: LuaCall, _ index: Int32) throws -> ScreenTabPredicate {
        switch call.type(index) {
        case .number:
            let position = try call.integer(index)
            // Described with the index the script wrote (Nivelir's `index N`); 0, a Swift habit for
            // the first tab, is out of range.
            return ScreenTabPredicate(description: "index \(position)") { _ in position &- 1 }   // wraps, never traps: out of range either way
        case .string:
            return .container(name: try call.string(index))
        default:
            if let screen = call.optionalObject(index, screens)?.screen { return .container(key: screen.key) }
            if let type = call.optionalObject(index, screenTypes) { return .container(name: type.name) }
            if let container = call.optionalObject(index, containers) {
                // Nivelir's `.container(_: UIViewController)`: no window is a tab.
                guard container.kind != .window else { throw LuaCallError.argument(index, "a window, which is no tab") }
                return .container(container)
            }
            if let predicate = call.optionalObject(index, predicates) { return predicate.tabPredicate }
            if call.isFunction(index) {
                return ScreenTabPredicate(description: "custom predicate", scriptIndex(call, index, lowest: 1, description: "The tab's custom predicate"))
            }
            throw LuaCallError.type(index, expected: "tab index, Screen, Container, predicate or function")
        }
    }
}
