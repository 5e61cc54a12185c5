import LuaKit
import ScreenKit

/// Containers as scripts see them: read-only fields mirroring the hierarchy, plus the two
/// things a screen's build function and a custom decorator do to their own container.
///
///     container.kind, container.key, container.name, container.traits, container.parent,
///     container.children, container.presented, container.presenting, container.stack,
///     container.tabs, container.window, container.presentedStack, container.presentedTabs,
///     container.selectedIndex, container.isVisible, container.attributes
///     container:setAttribute("badge", 3); tabs:setChildren { Feed(), Profile() }
extension NavRuntime {
    private static func property(_ name: String, _ body: @escaping (NavRuntime, LuaCall, ScreenContainer) throws -> Void) -> NavBinding {
        .property(.container, name, ScreenContainer.self, body)
    }

    static let containerBindings: [NavBinding] = [
        property("kind") { _, call, container in call.push(container.kind.rawValue) },
        property("key") { _, call, container in call.push(container.key?.description) },
        property("name") { _, call, container in call.push(container.name) },
        property("typeName") { _, call, container in call.push(container.typeName) },
        property("traits") { _, call, container in call.push(value: ScreenValue.object(container.key?.traits ?? [:]).luaValue) },
        property("parent") { runtime, call, container in runtime.pushContainer(call, container.parent) },
        property("children") { runtime, call, container in
            call.pushTable(array: container.children.count)
            for (position, child) in container.children.enumerated() {
                call.push(child, runtime.containers)
                call.setElement(-2, position + 1)
            }
        },
        property("presented") { runtime, call, container in runtime.pushContainer(call, container.presented) },
        property("presenting") { runtime, call, container in runtime.pushContainer(call, container.presenting) },
        // Nivelir's UIViewController extensions: the nearest ancestor stack and tabs, the
        // window the view is in, and what is presented when it is a stack or tabs.
        property("stack") { runtime, call, container in runtime.pushContainer(call, container.stack) },
        property("tabs") { runtime, call, container in runtime.pushContainer(call, container.tabs) },
        property("window") { runtime, call, container in runtime.pushContainer(call, container.window) },
        property("presentedStack") { runtime, call, container in runtime.pushContainer(call, container.presented.flatMap { $0.kind == .stack ? $0 : nil }) },
        property("presentedTabs") { runtime, call, container in runtime.pushContainer(call, container.presented.flatMap { $0.kind == .tabs ? $0 : nil }) },
        property("selectedIndex") { _, call, container in
            if let index = container.selectedIndex { call.push(index + 1) } else { call.pushNil() }
        },
        property("isVisible") { _, call, container in call.push(container.isVisible) },
        property("isKey") { _, call, container in call.push(container.isKey) },
        property("isPresentedAsBottomSheet") { _, call, container in call.push(container.isPresentedAsBottomSheet) },
        property("attributes") { runtime, call, container in try runtime.pushAttributes(call, of: container) },
        property("presentationPhase") { _, call, container in call.push(container.presentationPhase?.rawValue) },
        property("refreshCount") { _, call, container in call.push(container.refreshCount) },
        .method(.container, "setAttribute") { runtime, call in
            let container = try call.object(1, runtime.containers)
            let name = try call.string(2)
            // As rawset: a value must be given (nil removes the attribute).
            if call.type(3) == .none { throw LuaCallError.argument(3, "value expected") }
            try runtime.setAttribute(name, of: container, at: 3, call)
            return 0
        },
        .method(.container, "setChildren") { runtime, call in try runtime.setChildren(call) },
        .method(.container, "tree") { runtime, call in
            let container = try call.object(1, runtime.containers)
            // A window's picture marks its top, as app:tree() does (a failure's picture is one).
            let top = container.kind == .window ? DefaultScreenIterator().topVisibleContainer(in: container) { $0.kind.conforms(to: .modal) } : nil
            call.push(try runtime.text { ScreenTreePicture.render(container, top: top, limit: $0) })
            return 1
        },
        .metamethod(.container, "__tostring") { runtime, call in
            call.push(try call.object(1, runtime.containers).description)
            return 1
        },
        .metamethod(.container, "__eq") { runtime, call in
            let first = call.optionalObject(1, runtime.containers), second = call.optionalObject(2, runtime.containers)
            call.push(first != nil && first === second)
            return 1
        },

        .property(.navigator, "window", ScreenNavigator.self) { runtime, call, navigator in runtime.pushContainer(call, navigator.window) },
        .property(.navigator, "topContainer", ScreenNavigator.self) { runtime, call, navigator in
            runtime.pushContainer(call, navigator.topContainer)
        },
        .property(.navigator, "topStackContainer", ScreenNavigator.self) { runtime, call, navigator in
            runtime.pushContainer(call, navigator.topStackContainer)
        },
        .property(.navigator, "topTabsContainer", ScreenNavigator.self) { runtime, call, navigator in
            runtime.pushContainer(call, navigator.topTabsContainer)
        },
        .method(.navigator, "navigate") { runtime, call in try runtime.navigate(call) },
        // navigator.logInfo("Checking authorization") -- Lua: navigator:logInfo("Checking authorization")
        .method(.navigator, "logInfo") { runtime, call in
            let navigator = try call.object(1, runtime.navigators)
            let info = try call.string(2)
            navigator.logInfo(info)
            return 0
        },
        // navigator.logError(error) -- Lua: navigator:logError(err), any value, as tostring shows it
        .method(.navigator, "logError") { runtime, call in
            let navigator = try call.object(1, runtime.navigators)
            guard call.top >= 2 else { throw LuaCallError.type(2, expected: "value") }
            let text = call.type(2) == .string ? try call.string(2) : try runtime.lua.errorText(2, on: call)
            navigator.logError(ScreenFailure(text))
            return 0
        },
        .metamethod(.navigator, "__tostring") { _, call in
            call.push("Navigator")
            return 1
        },
        // Each read of `app.navigator` (or a build function's navigator) is a new userdata
        // for the same navigator: equal, as two reads of a container are.
        .metamethod(.navigator, "__eq") { runtime, call in
            let first = call.optionalObject(1, runtime.navigators), second = call.optionalObject(2, runtime.navigators)
            call.push(first != nil && first === second)
            return 1
        },
    ]

    /// What one attribute may hold: text as UTF-8, and tables that are lists (no holes) or
    /// tables of names, which a snapshot restores as they were given.
    static let attributeLimits = LuaCopyLimits(values: 1_000, bytes: 256 << 10, requiresText: true, requiresPlainKeys: true)

    /// container:setChildren { Screen, ... }, in a screen's build function or a decorator.
    private func setChildren(_ call: LuaCall) throws -> Int32 {
        let container = try call.object(1, containers)
        guard call.type(2) == .table else { throw LuaCallError.type(2, expected: "list of Screens") }
        guard let navigator = call.optionalObject(3, navigators) ?? buildingNavigator else {
            throw LuaCallError.message("setChildren works in a screen's build function or a decorator (or give it the navigator)")
        }
        let entries = try call.list(2, of: "Screens")
        guard container.kind != .window || entries <= 1 else {
            throw LuaCallError.argument(2, "a window has one root, got \(entries) Screens")
        }
        var children: [ScreenContainer] = []
        for position in 0..<call.length(2) {
            call.element(2, position + 1)
            defer { call.pop() }
            let screen = call.optionalObject(-1, screens)?.screen
                ?? call.optionalObject(-1, screenTypes).map { makeScreen($0, traits: [:]) }
            guard let screen else {
                throw LuaCallError.argument(2, "element \(position + 1) must be a Screen, got \(call.typeName(-1))")
            }
            children.append(try screen.build(navigator: navigator))
        }
        try navigator.simulation.adopt(children, into: container, for: "setChildren")
        return 0
    }

    func pushContainer(_ call: LuaCall, _ container: ScreenContainer?) {
        if let container {
            call.push(container, containers)
        } else {
            call.pushNil()
        }
    }

    /// navigator:navigate(route, {from = container}, function(ok, err) end): starts a
    /// navigation without waiting for it (Nivelir's `navigate(to:completion:)`); virtual
    /// time runs when the app advances or settles. A route rooted below the window with no
    /// options table is refused; with one whose `from` is nil, it fails as Nivelir's
    /// `navigate(from: nil)` does. A function in place of the route builds it, as Nivelir's
    /// trailing closure does, from a route rooted at `from`'s kind (the window's without one).
    private func navigate(_ call: LuaCall) throws -> Int32 {
        let navigator = try call.object(1, navigators)
        var from: ScreenContainer?
        // (route, options, completion): options may be nil, or left out before the completion.
        let completionIndex = call.afterOptions(at: 3)
        if call.type(3) == .table {
            try NavOptions(call, 3).only(["from"], for: "navigate")
            call.field(3, "from")
            defer { call.pop() }
            if !call.isNoneOrNil(-1) {
                guard let container = call.optionalObject(-1, containers) else {
                    throw LuaCallError.argument(3, "option 'from' must be a Container")
                }
                from = container
            }
        }
        let route: AnyScreenRoute
        if !call.isFunction(2) {
            route = try navigatedRoute(call, 2)
        } else if from == nil && call.type(3) == .table {
            route = try nestedRouteFromNothing(call, 2).0 ?? AnyScreenRoute(root: .modal)
        } else {
            route = try nestedRoute(call, 2, kind: from?.kind ?? .window) ?? AnyScreenRoute(root: .window)
        }
        // Nivelir's navigate(from:to:) takes a route rooted at the container's type.
        if let from {
            do {
                try AnyScreenRoute.checkNested(route, on: from.kind, for: "navigate")
            } catch {
                throw dslError(error)
            }
        }
        var completion: ((Result<Void, Error>) -> Void)?
        if call.isFunction(completionIndex) {
            // Its errors have no caller to fail: the app method that runs the clock raises them.
            let function = NavCallback.function(keepFunction(call, completionIndex)), directory = directory
            completion = { result in
                do {
                    try directory.invoke(function) { _ in Self.outcomeArguments(result) }
                } catch {
                    directory.current?.noteCallbackError(error)
                }
            }
        } else if let done = call.optionalObject(completionIndex, completions) {
            // A custom action's `done` (or a get's, a refresh's) passed on: the navigation
            // completes it with its outcome, as done(true) or done(false, why) would.
            completion = { result in done.finish(result.map { nil }) }
        } else if !call.isNoneOrNil(completionIndex) {
            throw LuaCallError.type(completionIndex, expected: "function or Completion")
        }
        // {from = app:top().presenting} with nothing presenting is Nivelir's
        // navigate(from: nil): the navigation fails, "No container of UIWindow type found".
        if from != nil || (call.type(3) == .table && route.rootKind != .window) {
            navigator.navigate(from: from, to: route, completion: completion)
        } else {
            guard route.rootKind == .window else {
                throw LuaCallError.argument(2, "window route expected, got route rooted at \(route.rootKind.rawValue) (give {from = container})")
            }
            navigator.navigate(to: route, completion: completion)
        }
        try raiseCallbackErrors()
        return 0
    }
}

extension NavRuntime {
    /// Sets attribute `name` of `container` to the value at `index` (nil removes it), as
    /// `container:setAttribute(name, value)` does; errors name argument `index`.
    func setAttribute(_ name: String, of container: ScreenContainer, at index: Int32, _ call: LuaCall) throws {
        // UIKit's styles take its cases, as the decorators that set them do.
        switch call.isNoneOrNil(index) ? "" : name {
        case "modalPresentationStyle": _ = try Self.enumeration(call, index, ScreenModalPresentationStyle.self, "presentation style")
        case "modalTransitionStyle": _ = try Self.enumeration(call, index, ScreenModalTransitionStyle.self, "transition style")
        default: break
        }
        let value: LuaValue
        do {
            value = try Self.plainData(call, index, depth: 8, limits: Self.attributeLimits)
        } catch let LuaCallError.message(reason) {
            throw LuaCallError.argument(index, reason)
        }
        // A decorator's attribute keeps its shape, so that the app's snapshot restores.
        if let attribute = ScreenValue(value), let problem = ScreenAttribute.problem(with: attribute, for: name) {
            throw LuaCallError.argument(index, problem)
        }
        try keep(bytes: value.estimatedSize + name.utf8.count)
        container.setAttribute(ScreenValue(value).map { ScreenAttribute.normalized($0, for: name) }, for: name)
    }
}
