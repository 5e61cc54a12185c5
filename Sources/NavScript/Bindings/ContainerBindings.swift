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
        properties(containers, [
            "kind": { call, container in call.push(container.kind.rawValue) },
            "key": { call, container in call.push(container.key?.description) },
            "name": { call, container in call.push(container.name) },
            "traits": { call, container in call.push(value: ScreenValue.object(container.key?.traits ?? [:]).luaValue) },
            "parent": { [unowned(unsafe) self] call, container in pushContainer(call, container.parent) },
            "children": { [unowned(unsafe) self] call, container in
                call.pushTable(array: container.children.count)
                for (position, child) in container.children.enumerated() {
                    call.push(child, containers)
                    call.setElement(-2, position + 1)
                }
            },
            "presented": { [unowned(unsafe) self] call, container in pushContainer(call, container.presented) },
            "presenting": { [unowned(unsafe) self] call, container in pushContainer(call, container.presenting) },
            "selectedIndex": { call, container in
                if let index = container.selectedIndex { call.push(index + 1) } else { call.pushNil() }
            },
            "isVisible": { call, container in call.push(container.isVisible) },
            "isKey": { call, container in call.push(container.isKey) },
            "attributes": { call, container in call.push(value: ScreenValue.object(container.attributes).luaValue) },
            "presentationPhase": { call, container in call.push(container.presentationPhase?.rawValue) },
            "refreshCount": { call, container in call.push(container.refreshCount) },
        ])
        containers.method("setAttribute") { [unowned(unsafe) self] call in
            let container = try call.object(1, containers)
            let name = try call.string(2)
            container.setAttribute(try call.screenValue(3), for: name)
            return 0
        }
        containers.method("setChildren") { [unowned(unsafe) self] call in
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
        containers.method("tree") { [unowned(unsafe) self] call in
            call.push(ScreenTreePicture.render(try call.object(1, containers)))
            return 1
        }
        containers.metamethod("__tostring") { [unowned(unsafe) self] call in
            call.push(try call.object(1, containers).description)
            return 1
        }
        containers.metamethod("__eq") { [unowned(unsafe) self] call in
            let first = call.optionalObject(1, containers), second = call.optionalObject(2, containers)
            call.push(first != nil && first === second)
            return 1
        }
        properties(navigators, [
            "window": { [unowned(unsafe) self] call, navigator in pushContainer(call, navigator.window) },
            "topContainer": { [unowned(unsafe) self] call, navigator in pushContainer(call, navigator.topContainer) },
            "topStackContainer": { [unowned(unsafe) self] call, navigator in pushContainer(call, navigator.topStackContainer) },
            "topTabsContainer": { [unowned(unsafe) self] call, navigator in pushContainer(call, navigator.topTabsContainer) },
        ])
        navigators.method("navigate") { [unowned(unsafe) self] call in try navigate(call) }
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
