import Foundation
import LuaKit
import ScreenKit

/// Screens: `nav.screen(name, options)` makes a screen type; calling it makes a Screen;
/// decorators make decorated Screens that keep the key.
///
///     local Chat = nav.screen("Chat")
///     local chat = Chat { chatId = 7 }          --> Chat(chatId=7)
///     chat:withStackContainer():withModalPresentationStyle("fullScreen")
extension NavRuntime {
    /// nav.screen(name, {container =, build =, refresh =, iterable =, observer =})
    ///
    /// One name is one screen, as a Swift type is: the name alone, declared before, is that
    /// screen (a module that uses a screen declares it too, and must not take away its
    /// build); options declare it anew, the last declaration winning for the screens made
    /// before too, whose container must then be of the kind declared.
    func defineScreen(_ call: LuaCall) throws -> Int32 {
        // A number names a screen as Lua writes it; NaN and infinity are written differently
        // on Linux and macOS (`-nan`, `nan`), and a name must be the same everywhere.
        if call.type(1) == .number, !(try call.number(1)).isFinite {
            throw LuaCallError.argument(1, "a screen's name is text or a finite number, got \(try call.string(1))")
        }
        let name = try call.string(1)
        guard !name.isEmpty else { throw LuaCallError.argument(1, "a screen needs a name") }
        let options = try NavOptions(call, 2)
        let names: Set<String> = ["container", "build", "refresh", "iterable", "observer"]
        try options.only(names, for: "screen")
        if let declared = screenKinds[name], !options.setsAny(of: names) {
            call.push(ScreenTypeObject(name: name, kind: declared.kind), screenTypes)
            return 1
        }
        let kindName = try options.string("container") ?? "modal"
        guard let kind = ScreenContainerKind(rawValue: kindName), kind.conforms(to: .modal) else {
            throw LuaCallError.argument(2, "unknown container '\(kindName)' (modal, stack or tabs expected)")
        }
        // Every option read before any is kept: a refused declaration changes nothing.
        let build = try functionOption(call, 2, "build"), refresh = try functionOption(call, 2, "refresh")
        let iterable = try options.bool("iterable", default: false), observer = try options.string("observer")
        // A new name is kept in Swift for as long as the scripts are: charged to their memory
        // cap, as a script that defines screens in a loop would grow the host's memory.
        if screenKinds[name] == nil { try keep(bytes: 2 * name.utf8.count + NavRuntime.definitionBytes) }
        // Where the script declared it: the nearest Lua line (a pcall of nav.screen has none).
        screenKinds[name] = (kind, (1...8).lazy.compactMap { call.location(level: $0) }.first ?? "?")
        screenBuilders[name] = build
        screenRefreshers[name] = refresh
        if iterable {
            iterableScreens.insert(name)
        } else {
            iterableScreens.remove(name)
        }
        screenObservers[name] = observer
        definedScreens.insert(name)
        call.push(ScreenTypeObject(name: name, kind: kind), screenTypes)
        return 1
    }

    /// The function in field `name` of the options table at `index`, kept as a reference.
    func functionOption(_ call: LuaCall, _ index: Int32, _ name: String) throws -> LuaReference? {
        guard call.type(index) == .table else { return nil }
        switch call.field(index, name) {
        case .nil:
            call.pop()
            return nil
        case .function:
            return lua.reference(from: call)
        default:
            call.pop()
            throw LuaCallError.argument(index, "option '\(name)' must be a function")
        }
    }

    /// A Screen of a script screen type: its builder looks the type up by name when it runs.
    /// `charge` (the screen's bytes on the script's memory cap) lives as long as the screen
    /// does: its Lua value, the routes and decorated screens that hold it.
    func makeScreen(_ type: ScreenTypeObject, traits: [String: ScreenValue], charge: LuaMemoryCharge? = nil) -> AnyScreen {
        let key = ScreenKey(name: type.name, traits: traits)
        let kind = type.kind
        let directory = directory
        return AnyScreen(kind: kind, key: key) { navigator in
            withExtendedLifetime(charge) {}
            return try directory.build(name: key.name, key: key, kind: kind, navigator: navigator)
        }
    }

    static let screenBindings: [NavBinding] = [
        .metamethod(.screenType, "__call") { runtime, call in
            let type = try call.object(1, runtime.screenTypes)
            var traits: [String: ScreenValue] = [:], traitBytes = 0
            switch call.type(2) {
            case .none, .nil: break
            case .table:
                // Every key a name: `Chat { [true] = 1 }` or `Chat { [2] = 5 }` would make a key
                // that another screen has too.
                call.pushNil()
                while call.next(2) {
                    defer { call.pop() }
                    guard call.type(-2) == .string, call.length(-2) > 0 else {
                        throw LuaCallError.argument(1, "traits are named: \(type.name) { id = 1 }")
                    }
                    guard let name = call.validString(-2) else {
                        throw LuaCallError.argument(1, "a trait's name must be UTF-8 text, got bytes that are not")
                    }
                    if let problem = ScreenKey.traitNameProblem(name) {
                        throw LuaCallError.argument(1, problem)
                    }
                    // Said here, before a copy that would name only its depth.
                    switch call.type(-1) {
                    case .boolean: break
                    case .string where call.validString(-1) == nil:
                        throw LuaCallError.argument(1, "trait '\(name)' must be UTF-8 text, got bytes that are not")
                    case .string: break
                    // NaN is equal to nothing, itself included: a key holding one finds no screen.
                    case .number where (try? call.number(-1))?.isNaN == true:
                        throw LuaCallError.argument(1, "trait '\(name)' is NaN, which no screen's trait equals")
                    case .number: break
                    default: throw LuaCallError.argument(1, "trait '\(name)' must be a string, number or boolean")
                    }
                }
                let value = try call.value(2, depth: 2, limits: traitLimits)
                guard case let .table(array, fields) = value, array.isEmpty else {
                    throw LuaCallError.argument(1, "traits are named: \(type.name) { id = 1 }")
                }
                traitBytes = value.estimatedSize
                for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
                    switch value {
                    case .boolean, .integer, .number, .string: traits[name] = ScreenValue(value)
                    default: throw LuaCallError.argument(1, "trait '\(name)' must be a string, number or boolean")
                    }
                }
            default:
                throw LuaCallError.argument(1, "table of traits expected, got \(call.typeName(2))")
            }
            let (charge, error) = runtime.lua.chargeMemory(refundable: NavRuntime.screenBytes + traitBytes)
            if let error { throw LuaCallError.plain(error.message) }
            call.push(ScreenObject(runtime.makeScreen(type, traits: traits, charge: charge), traitBytes: traitBytes), runtime.screens)
            return 1
        },
        .property(.screenType, "name", ScreenTypeObject.self) { _, call, type in call.push(type.name) },
        .property(.screenType, "kind", ScreenTypeObject.self) { _, call, type in call.push(type.kind.rawValue) },
        .metamethod(.screenType, "__tostring") { runtime, call in
            call.push("ScreenType(\(try call.object(1, runtime.screenTypes).name))")
            return 1
        },
        // One name is one screen: `nav.screen("Chat") == Chat` wherever each was declared.
        .metamethod(.screenType, "__eq") { runtime, call in
            let first = call.optionalObject(1, runtime.screenTypes), second = call.optionalObject(2, runtime.screenTypes)
            call.push(first != nil && first?.name == second?.name)
            return 1
        },

        .property(.screen, "key", ScreenObject.self) { _, call, object in call.push(object.screen.key.description) },
        .property(.screen, "name", ScreenObject.self) { _, call, object in call.push(object.screen.name) },
        .property(.screen, "kind", ScreenObject.self) { _, call, object in call.push(object.screen.kind.rawValue) },
        .property(.screen, "traits", ScreenObject.self) { _, call, object in
            call.push(value: ScreenValue.object(object.screen.key.traits).luaValue)
        },
        .metamethod(.screen, "__tostring") { runtime, call in
            call.push(try call.object(1, runtime.screens).screen.description)
            return 1
        },
        // Nivelir's type erasure: a Lua screen is untyped, so each gives the screen itself;
        // a stack or tabs erasure takes only such a screen, as Swift's types do.
        erasure("eraseToAnyScreen", nil), erasure("eraseToAnyModalScreen", nil),
        erasure("eraseToAnyStackScreen", .stack), erasure("eraseToAnyTabsScreen", .tabs),
        .metamethod(.screen, "__eq") { runtime, call in
            let first = call.optionalObject(1, runtime.screens), second = call.optionalObject(2, runtime.screens)
            call.push(first != nil && first?.screen.key == second?.screen.key)
            return 1
        },
    ]

    /// What one screen's traits may hold: a key identifies a screen, it is not a store.
    static let traitLimits = LuaCopyLimits(values: 256, bytes: 64 << 10, requiresText: true)

    /// The Screen at `index`, or a type error.
    func screenArgument(_ call: LuaCall, _ index: Int32) throws -> AnyScreen {
        try call.object(index, screens).screen
    }

    /// What a route verb shows (`push`, `present`, `setRoot`, `replace`, `setupTab`): a
    /// Screen, or a Container used as its own screen. Not a window or a system screen
    /// (restored ones are known by their class), which cannot be shown again. Decorators
    /// and screen lists take Screens only: a container decorated, or listed twice, would
    /// be built into two places at once.
    func shownArgument(_ call: LuaCall, _ index: Int32) throws -> AnyScreen {
        guard let container = call.optionalObject(index, containers) else {
            let object = try call.object(index, screens)
            shownTraitBytes += object.traitBytes
            return object.screen
        }
        guard container.kind != .window, !container.isSystemScreen else {
            throw LuaCallError.argument(index, "Screen expected, got \(container) (a window or a system screen cannot be shown again)")
        }
        return AnyScreen(reusing: container)
    }

    /// Pushes `screen` decorated by `decorator` as the result.
    func decorate(_ call: LuaCall, _ decorator: any ScreenDecorator) throws -> Int32 {
        let object = try call.object(1, screens)
        do {
            call.push(ScreenObject(try object.screen.decorated(by: decorator), traitBytes: object.traitBytes), screens)
        } catch {
            throw dslError(error)
        }
        return 1
    }

    /// `screen:eraseToAnyStackScreen()`: the screen itself, when it builds a `kind` container.
    private static func erasure(_ name: String, _ kind: ScreenContainerKind?) -> NavBinding {
        .method(.screen, name) { runtime, call in
            let screen = try runtime.screenArgument(call, 1)
            if let kind, screen.kind != kind {
                throw LuaCallError.argument(1, "\(kind.rawValue) screen expected, got \(screen.kind.rawValue) screen")
            }
            call.pushCopy(1)
            return 1
        }
    }

    /// A Screen method that returns the screen decorated by what `body` makes.
    private static func decorator(_ name: String, _ body: @escaping (NavRuntime, LuaCall) throws -> any ScreenDecorator) -> NavBinding {
        .method(.screen, name) { runtime, call in
            _ = try runtime.screenArgument(call, 1)
            return try runtime.decorate(call, try body(runtime, call))
        }
    }

    static let decoratorBindings: [NavBinding] = [
        decorator("withStackContainer") { _, call in
            ScreenStackContainerDecorator(className: call.isNoneOrNil(2) ? nil : try call.string(2))
        },
        decorator("withModalStyle") { _, call in
            let options = try NavOptions(call, 2)
            try options.only(["presentation", "transition", "delegate"], for: "modal style")
            if let delegate = try options.string("delegate") {
                // Nivelir's ScreenModalStyle is one or the other: a delegate's style is custom.
                guard try options.string("presentation") == nil, try options.string("transition") == nil else {
                    throw LuaCallError.argument(2, "option 'delegate' goes alone (a custom style); 'presentation' and 'transition' make the other kind of style")
                }
                return ScreenModalStyleDecorator(style: .custom(delegate: delegate))
            }
            return ScreenModalStyleDecorator(style: .default(
                presentation: try options.string("presentation").map { try named($0, ScreenModalPresentationStyle.self, "presentation style") },
                transition: try options.string("transition").map { try named($0, ScreenModalTransitionStyle.self, "transition style") }))
        },
        decorator("withModalPresentationStyle") { _, call in
            ScreenModalStyleDecorator(style: .default(presentation: try enumeration(call, 2, ScreenModalPresentationStyle.self, "presentation style")))
        },
        decorator("withModalTransitionStyle") { _, call in
            ScreenModalStyleDecorator(style: .default(transition: try enumeration(call, 2, ScreenModalTransitionStyle.self, "transition style")))
        },
        decorator("withModalTransitioningDelegate") { _, call in
            ScreenModalStyleDecorator(style: .custom(delegate: try call.string(2)))
        },
        barButton("withLeftBarButton", .left),
        barButton("withRightBarButton", .right),
        decorator("withTabBarItem") { _, call in
            guard call.type(2) == .table else { throw LuaCallError.type(2, expected: "table of options") }
            let options = try NavOptions(call, 2)
            try options.only(["title", "image", "badge"], for: "tab bar item")
            let badge = try options.field("badge").flatMap { value -> String? in
                switch value {
                case .nil: return nil
                case let .string(text): return text
                // UIKit's badgeValue is text: a whole number as an integer (2.0 as "2"), another
                // as Lua's %.14g writes it ("1.5").
                case let .integer(number): return String(number)
                case let .number(number) where number.isFinite: return value.integer.map(String.init) ?? String(format: "%.14g", number)
                case .number: throw LuaCallError.argument(2, "option 'badge' must be a string or a finite number")
                default: throw LuaCallError.argument(2, "option 'badge' must be a string or a number")
                }
            }
            return ScreenTabBarItemDecorator(item: ScreenTabBarItem(title: try options.string("title"), image: try options.string("image"), badge: badge))
        },
        decorator("withPopoverPresentation") { _, call in
            let options = try NavOptions(call, 2)
            try options.only(["anchor"], for: "popover")
            let anchor = try options.field("anchor")
            switch anchor {
            case nil, .nil?, .string?, .table?: break
            default: throw LuaCallError.argument(2, "option 'anchor' must be a name or a table")
            }
            return ScreenPopoverPresentationDecorator(anchor: anchor.flatMap { ScreenValue($0) } ?? "center")
        },
        decorator("withBottomSheet") { _, call in try ScreenBottomSheetDecorator(sheet: bottomSheet(call)) },
        decorator("withBottomSheetStack") { _, call in
            ScreenBottomSheetStackDecorator(sheet: try bottomSheet(call), className: call.isNoneOrNil(3) ? "BottomSheetStackController" : try call.string(3))
        },
        decorator("withStack") { runtime, call in ScreenStackDecorator(screens: try runtime.screenArgumentsOrList(call, from: 2)) },
        decorator("withTabs") { runtime, call in ScreenTabsDecorator(screens: try runtime.screenArgumentsOrList(call, from: 2)) },
        decorator("decorated") { runtime, call in
            let name = try call.string(2)
            guard runtime.decorators[name] != nil else {
                throw LuaCallError.argument(2, "no decorator '\(name)' (define it with nav.decorator)")
            }
            guard call.isNoneOrNil(3) || call.type(3) == .table else { throw LuaCallError.type(3, expected: "table of options") }
            let options = try plainData(call, 3, depth: 8, limits: NavOptions.limits)
            try runtime.keep(bytes: options.estimatedSize)
            return runtime.customDecorator(name, options: options)
        },
    ]

    /// A bar button's route runs from the container the screen builds, so it is rooted at
    /// `modal` (any view controller) or at the screen's own kind; another is refused here,
    /// where it is written, rather than when the button is tapped.
    private static func barButton(_ name: String, _ side: ScreenBarButtonDecorator.Side) -> NavBinding {
        decorator(name) { runtime, call in
            let kind = try runtime.screenArgument(call, 1).kind
            let options = try NavOptions(call, 2)
            try options.only(["title", "route"], for: "bar button")
            guard let title = try options.string("title") else {
                throw LuaCallError.argument(2, "a bar button needs a title")
            }
            var route: AnyScreenRoute?
            if call.type(2) == .table, call.field(2, "route") != .nil {
                defer { call.pop() }
                guard let value = call.optionalObject(-1, runtime.routes) else {
                    throw LuaCallError.argument(2, "option 'route' must be a Route")
                }
                guard value.rootKind == .modal || value.rootKind == kind else {
                    throw LuaCallError.argument(2, "option 'route' must be a Route rooted at modal, as nav.route(\"modal\") starts, "
                        + "for the \(kind.rawValue) container the button is on (got a Route rooted at \(value.rootKind.rawValue))")
                }
                route = value
            } else if call.type(2) == .table {
                call.pop()
            }
            return ScreenBarButtonDecorator(side: side, item: ScreenBarButtonItem(title: title, route: route))
        }
    }

    /// The Screens from `index` to the last argument.
    func screenArguments(_ call: LuaCall, from index: Int32) throws -> [AnyScreen] {
        call.top < index ? [] : try (index...call.top).map { try screenArgument(call, $0) }
    }

    /// The Screens from `index` on, or the Screens of a list there: `withStack(A(), B())` or
    /// `withStack { A(), B() }`, as Nivelir's `withStack(_ screens: [AnyModalScreen])`.
    func screenArgumentsOrList(_ call: LuaCall, from index: Int32) throws -> [AnyScreen] {
        guard call.top == index, call.type(index) == .table else { return try screenArguments(call, from: index) }
        return try (0..<(try call.list(index, of: "Screens"))).map { position in
            call.element(index, position + 1)
            defer { call.pop() }
            guard let screen = call.optionalObject(-1, screens)?.screen else {
                throw LuaCallError.argument(index, "Screen expected at [\(position + 1)], got \(call.typeName(-1))")
            }
            return screen
        }
    }

    static func bottomSheet(_ call: LuaCall) throws -> ScreenBottomSheet {
        let options = try NavOptions(call, 2)
        try options.only(["detents", "selectedDetent", "prefersGrabber"], for: "bottom sheet")
        var detents = ["large"]
        // None is taken, as Nivelir's BottomSheet takes it (its own presentation, not
        // UIKit's sheet, which would raise): every height is then zero.
        if let list = (try options.field("detents")), list != .nil {
            guard case let .table(array, fields) = list, fields.isEmpty, array.allSatisfy({ $0.string != nil }) else {
                throw LuaCallError.argument(2, "option 'detents' must be a list of names ({\"medium\", \"large\"})")
            }
            detents = array.compactMap(\.string)
        }
        return ScreenBottomSheet(detents: detents, selectedDetent: try options.string("selectedDetent"),
                                 prefersGrabber: try options.bool("prefersGrabber", default: false))
    }

    /// A case of a string enumeration, or an argument error listing the cases.
    static func enumeration<E: RawRepresentable & CaseIterable>(_ call: LuaCall, _ index: Int32, _ type: E.Type, _ what: String) throws -> E where E.RawValue == String {
        try named(try call.string(index), type, what, argument: index)
    }

    /// The case named `name`, or an error listing the names.
    static func named<E: RawRepresentable & CaseIterable>(_ name: String, _ type: E.Type, _ what: String, argument: Int32 = 2) throws -> E where E.RawValue == String {
        guard let value = E(rawValue: name) else {
            throw LuaCallError.argument(argument, "unknown \(what) '\(name)' (\(E.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return value
    }
}
