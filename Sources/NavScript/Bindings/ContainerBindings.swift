import LuaKit
import ScreenKit

/// Containers as scripts see them: read-only fields mirroring the hierarchy, plus the two
/// things a screen's build function and a custom decorator do to their own container.
///
///     container.kind, container.key, container.name, container.traits, container.parent,
///     container.children, container.presented, container.presenting,
///     container.selectedIndex, container.isVisible, container.attributes
///     container:setAttribute("badge", 3); tabs:setChildren { Feed(), Profile() }
extension NavRuntime {
    func installContainers() {
        containers.getter { [unowned self] call in
            let container = try call.object(1, containers)
            guard let field = call.optionalString(2) else {
                call.pushNil()
                return 1
            }
            pushField(call, field, of: container)
            return 1
        }
        containers.method("setAttribute") { [unowned self] call in
            let container = try call.object(1, containers)
            let name = try call.string(2)
            container.setAttribute(try call.screenValue(3), for: name)
            return 0
        }
        containers.method("setChildren") { [unowned self] call in
            let container = try call.object(1, containers)
            guard call.type(2) == .table else { throw LuaCallError.type(2, expected: "list of Screens") }
            guard let navigator = call.optionalObject(3, navigators) ?? buildingNavigator else {
                throw LuaCallError.message("setChildren works in a screen's build function (or give it the navigator)")
            }
            var children: [ScreenContainer] = []
            for position in 0..<call.length(2) {
                call.element(2, position + 1)
                defer { call.pop() }
                let screen = try call.optionalObject(-1, screens)?.screen
                    ?? call.optionalObject(-1, screenTypes).map { makeScreen($0, traits: [:]) }
                guard let screen else {
                    throw LuaCallError.argument(2, "element \(position + 1) must be a Screen, got \(call.typeName(-1))")
                }
                children.append(try screen.build(navigator: navigator))
            }
            try navigator.simulation.adopt(children, into: container)
            return 0
        }
        containers.method("tree") { [unowned self] call in
            call.push(ScreenTreePicture.render(try call.object(1, containers)))
            return 1
        }
        containers.metamethod("__tostring") { [unowned self] call in
            call.push(try call.object(1, containers).description)
            return 1
        }
        containers.metamethod("__eq") { [unowned self] call in
            let first = call.optionalObject(1, containers), second = call.optionalObject(2, containers)
            call.push(first != nil && first === second)
            return 1
        }
        navigators.getter { [unowned self] call in
            let navigator = try call.object(1, navigators)
            switch call.optionalString(2) {
            case "window": pushContainer(call, navigator.window)
            case "topContainer": pushContainer(call, navigator.topContainer)
            case "topStackContainer": pushContainer(call, navigator.topStackContainer)
            case "topTabsContainer": pushContainer(call, navigator.topTabsContainer)
            default: call.pushNil()
            }
            return 1
        }
        navigators.method("navigate") { [unowned self] call in try navigate(call) }
        navigators.metamethod("__tostring") { call in
            call.push("Navigator")
            return 1
        }
    }

    func pushContainer(_ call: LuaCall, _ container: ScreenContainer?) {
        if let container {
            call.push(container, containers)
        } else {
            call.pushNil()
        }
    }

    private func pushField(_ call: LuaCall, _ field: String, of container: ScreenContainer) {
        switch field {
        case "kind": call.push(container.kind.rawValue)
        case "key": call.push(container.key?.description)
        case "name": call.push(container.name)
        case "traits": call.push(value: ScreenValue.object(container.key?.traits ?? [:]).luaValue)
        case "parent": pushContainer(call, container.parent)
        case "children":
            call.pushTable(array: container.children.count)
            for (position, child) in container.children.enumerated() {
                call.push(child, containers)
                call.setElement(-2, position + 1)
            }
        case "presented": pushContainer(call, container.presented)
        case "presenting": pushContainer(call, container.presenting)
        case "selectedIndex":
            if let index = container.selectedIndex { call.push(index + 1) } else { call.pushNil() }
        case "isVisible": call.push(container.isVisible)
        case "isKey": call.push(container.isKey)
        case "attributes": call.push(value: ScreenValue.object(container.attributes).luaValue)
        case "presentationPhase": call.push(container.presentationPhase?.rawValue)
        case "refreshCount": call.push(container.refreshCount)
        default: call.pushNil()
        }
    }

    /// navigator:navigate(route, {from = container}, function(ok, err) end): starts a
    /// navigation without waiting for it (Nivelir's `navigate(to:completion:)`); virtual
    /// time runs when the app advances or settles.
    private func navigate(_ call: LuaCall) throws -> Int32 {
        let navigator = try call.object(1, navigators)
        let route = try routeArgument(call, 2)
        var from: ScreenContainer?
        var completionIndex: Int32 = 3
        if call.type(3) == .table {
            completionIndex = 4
            call.field(3, "from")
            defer { call.pop() }
            if !call.isNoneOrNil(-1) {
                guard let container = call.optionalObject(-1, containers) else {
                    throw LuaCallError.argument(3, "option 'from' must be a Container")
                }
                from = container
            }
        }
        var completion: ((Result<Void, Error>) -> Void)?
        if call.isFunction(completionIndex) {
            let function = keepFunction(call, completionIndex)
            completion = { [weak self] result in
                guard let self else { return }
                _ = try? self.call(function, results: 0, arguments: { self.outcome($0, result) }, read: { _ in })
            }
        } else if !call.isNoneOrNil(completionIndex) {
            throw LuaCallError.type(completionIndex, expected: "function")
        }
        if let from {
            navigator.navigate(from: from, to: route, completion: completion)
        } else {
            guard route.rootKind == .window else {
                throw LuaCallError.argument(2, "window route expected, got route rooted at \(route.rootKind.rawValue) (give {from = container})")
            }
            navigator.navigate(to: route, completion: completion)
        }
        return 0
    }
}
