import LuaKit
import ScreenKit

/// The `nav` module: a global in every script and what `require "nav"` returns. It is
/// read-only; scripts extend it through its functions (`nav.screen`, `nav.action`, ...),
/// never by assignment.
extension NavRuntime {
    static let moduleBindings: [NavBinding] = [
        .function("screen") { runtime, call in try runtime.defineScreen(call) },
        .function("route") { runtime, call in
            call.push(AnyScreenRoute(root: try runtime.kindArgument(call, 1, default: .window, allowsAny: true)), runtime.routes)
            return 1
        },
        .function("app") { runtime, call in try runtime.makeApp(call) },
        .function("predicate") { runtime, call in try runtime.makePredicate(call) },
        .function("modifier") { runtime, call in try runtime.makeModifier(call) },
        .function("action") { runtime, call in try runtime.defineAction(call) },
        .function("decorator") { runtime, call in try runtime.defineDecorator(call) },
        .function("deeplink") { runtime, call in try runtime.defineDeeplink(call) },
        .function("interceptor") { runtime, call in try runtime.defineInterceptor(call) },
        .function("deeplinkType") { runtime, call in try runtime.defineDeeplinkType(call) },
        .function("deeplinkManager") { runtime, call in try runtime.makeDeeplinkManager(call) },
    ]

    private static let readOnlyMessage = "the nav module is read-only; define things with nav.screen, nav.action, nav.decorator"
    private static let readOnly = LuaFunction { _ in throw LuaCallError.message(readOnlyMessage) }

    func installModule() throws {
        try lua.withStack { call in
            call.pushTable(fields: 24)
            let module = call.top
            for binding in Self.moduleBindings {
                lua.push(binding.function, on: call)
                call.setField(module, binding.name)
            }
            for kind in [ScreenContainerKind.modal, .stack, .tabs] {
                call.push(PredicateObject(.container(of: kind), node: kind == .modal ? nil : Self.emptyNode(kind), kindOnly: kind), predicates)
                call.setField(module, kind == .modal ? "container" : kind.rawValue)
            }
            call.push(navScriptVersion)
            call.setField(module, "version")

            // The proxy scripts see: reads go to the module, writes fail.
            call.pushTable()
            let proxy = call.top
            call.pushTable(fields: 4)
            call.pushCopy(module)
            call.setField(-2, "__index")
            lua.push(Self.readOnly, on: call)
            call.setField(-2, "__newindex")
            call.pushProxyPairs()              // pairs(nav) lists the module, as a module table would
            call.setField(-2, "__pairs")
            call.push("nav")
            call.setField(-2, "__metatable")
            call.setMetatable(proxy)
            call.pushCopy(proxy)
            call.markReadOnly(message: Self.readOnlyMessage)   // rawset(nav, ...) too
            call.pushCopy(proxy)
            lua.setGlobal("nav", from: call)
            call.pushCopy(proxy)
            lua.setLoaded("nav", from: call)
            call.pushCopy(module)
            lua.nameLibrary("nav", from: call)
        }
    }

    static func emptyNode(_ kind: ScreenContainerKind) -> ScreenNode {
        kind == .tabs ? .tabs([]) : .stack([])
    }

    /// Maps an error of the DSL to the argument it is about; notes the kind a method
    /// refused a modal route for (`push` on a modal route: a stack).
    func dslError(_ error: ScreenDSLError, nested: Int32 = 2, argument: Int32 = 2) -> LuaCallError {
        switch error {
        case let .currentKind(_, expected, got):
            if got == .modal { kindRefusingModal = expected }
            return .argument(1, error.reason)
        case .screenKind, .badSelf: return .argument(1, error.reason)
        case .nestedRoute: return .argument(nested, error.reason)
        case .invalidArgument: return .argument(argument, error.reason)
        }
    }
}
