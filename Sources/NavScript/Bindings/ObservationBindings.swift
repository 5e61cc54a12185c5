import LuaKit
import ScreenKit

/// A script table registered as an observer (Nivelir's `ScreenObserver`): its methods are
/// what screens call through `container:notify(method, ...)`.
final class LuaObserver: ScreenObserver {
    let table: LuaReference

    init(table: LuaReference) {
        self.table = table
    }
}

/// Screen observation (Nivelir's `ScreenObservation`, `ScreenObserverToken`,
/// `ScreenObserverPredicate`): a screen type names the observer type it informs, a
/// scenario registers observers on the navigator, and a screen's container notifies them.
///
///     local Chat = nav.screen("Chat", { observer = "ChatObserver" })
///     local token = app.navigator:observe("ChatObserver", { didSend = function(self, text) ... end },
///                                         { presentedOn = list })
///     chat:notify("didSend", "Hi")      -- calls didSend on each observer the predicate admits
///     token:cancel()
extension NavRuntime {
    static let observationBindings: [NavBinding] = [
        .method(.navigator, "observe") { runtime, call in
            let navigator = try call.object(1, runtime.navigators)
            let type = try call.string(2)
            guard call.type(3) == .table else { throw LuaCallError.type(3, expected: "observer table") }
            let predicate = call.isNoneOrNil(4) ? .any : try runtime.observerPredicate(NavTable(call, 4, runtime: runtime))
            // One observer per table, as Nivelir has one per object: observing twice tells it once.
            let observer = runtime.observers.first { observer in
                guard (try? observer.table.push(on: call)) != nil else { return false }
                defer { call.pop() }
                return call.rawEqual(-1, 3)
            } ?? LuaObserver(table: runtime.keepFunction(call, 3))
            if !runtime.observers.contains(where: { $0 === observer }) {
                runtime.observers.append(observer)
            }
            let token = navigator.observe(by: observer, as: type, where: predicate)
            runtime.observerTokens[ObjectIdentifier(token)] = token
            call.push(token, runtime.tokens)
            return 1
        },
        .property(.navigator, "observerCount", ScreenNavigator.self) { _, call, navigator in call.push(navigator.observatory.count) },
        .method(.observerToken, "cancel") { runtime, call in
            let token = try call.object(1, runtime.tokens)
            token.cancel()
            runtime.observerTokens[ObjectIdentifier(token)] = nil
            return 0
        },
        .metamethod(.observerToken, "__tostring") { _, call in
            call.push("ObserverToken")
            return 1
        },
        .method(.container, "notify") { runtime, call in
            let container = try call.object(1, runtime.containers)
            let method = try call.string(2)
            guard let observation = container.observation ?? runtime.buildingObservations[ObjectIdentifier(container)] else {
                throw LuaCallError.argument(1, "\(container) has no observation (define its screen with nav.screen(name, { observer = \"...\" }))")
            }
            var observers: [LuaObserver] = []
            observation.notify { observer in
                if let observer = observer as? LuaObserver, observer.table.state === runtime.lua {
                    observers.append(observer)
                }
            }
            let arguments = call.top - 2
            let function = try runtime.notifier(call)
            for observer in observers {
                guard call.reserve(arguments + 3 + LuaCall.minimumStack) else {
                    throw LuaCallError.plain("stack overflow (\(arguments) arguments are too many)")
                }
                try function.push(on: call)
                try observer.table.push(on: call)
                call.push(method)
                for position in 0..<arguments {
                    call.pushCopy(3 + position)
                }
                try runtime.lua.pcall(call, arguments: arguments + 2, results: 0)
            }
            call.push(observers.count)
            return 1
        },
    ]

    /// The function that calls one observer's method, made once per state.
    private func notifier(_ call: LuaCall) throws -> LuaReference {
        if let notifyFunction { return notifyFunction }
        try lua.load("""
            local observer, method = ...
            local body = observer[method]
            if type(body) ~= "function" then
              error(("the observer has no method '%s'"):format(method), 0)
            end
            return body(observer, select(3, ...))
            """, chunkName: "=notify", on: call)
        let function = lua.reference(from: call)
        notifyFunction = function
        return function
    }

    /// `{ screen = Chat { id = 1 } }`, `{ visible = container }`, `{ presentedOn = container }`,
    /// `{ childOf = container }`, `{ pushedInto = stack }` or `{ pushedInto = {stack, ...} }`,
    /// `{ pushedAfter = container }` (each with `recursively = false` where Nivelir has it),
    /// `{ satisfiedAny = {...} }`, `{ satisfiedAll = {...} }`; `{ any = true }` or an empty
    /// table is any screen (Nivelir's `.any`, to say inside `satisfiedAny`).
    func observerPredicate(_ table: NavTable, depth: Int = 0) throws -> ScreenObserverPredicate {
        guard depth < NavTable.maximumDepth else { throw table.error("predicates nest more than \(NavTable.maximumDepth) deep") }
        try table.only(["any", "screen", "visible", "presentedOn", "childOf", "pushedInto", "pushedAfter", "recursively",
                        "satisfiedAny", "satisfiedAll"])
        let recursively = try table.bool("recursively", default: true)
        var predicates: [ScreenObserverPredicate] = []
        if table.has("any") {
            guard try table.bool("any", default: false) else { throw table.error("field 'any' must be true (leave it out otherwise)") }
            predicates.append(.any)
        }
        if let screen = try table.screen("screen") {
            predicates.append(.screen(key: screen.key))
        }
        if let container = try container(table, "visible") {
            predicates.append(.visible(container))
        }
        if let container = try container(table, "presentedOn") {
            predicates.append(.presented(on: container, recursively: recursively))
        }
        if let container = try container(table, "childOf") {
            predicates.append(.child(of: container, recursively: recursively))
        }
        if let stacks = try containers(table, "pushedInto") {
            predicates.append(stacks.count == 1 ? .pushed(into: stacks[0], recursively: recursively) : .pushed(into: stacks, recursively: recursively))
        }
        if let container = try container(table, "pushedAfter") {
            predicates.append(.pushed(after: container, recursively: recursively))
        }
        if table.has("satisfiedAny") {
            predicates.append(.satisfiedAny(try table.list("satisfiedAny") { try observerPredicate($0, depth: depth + 1) }))
        }
        if table.has("satisfiedAll") {
            predicates.append(.satisfiedAll(try table.list("satisfiedAll") { try observerPredicate($0, depth: depth + 1) }))
        }
        switch predicates.count {
        case 0: return .any
        case 1: return predicates[0]
        default: return .satisfiedAll(predicates)
        }
    }

    /// A Container, or a list of them, at field `name`.
    private func containers(_ table: NavTable, _ name: String) throws -> [ScreenContainer]? {
        try table.field(name) { at in
            if let container = table.call.optionalObject(at, containers) { return [container] }
            guard table.call.type(at) == .table else { throw table.error("field '\(name)' must be a Container or a list of them") }
            return try (0..<table.call.length(at)).map { position in
                table.call.element(at, position + 1)
                defer { table.call.pop() }
                guard let container = table.call.optionalObject(-1, containers) else {
                    throw table.error("field '\(name)' must be a Container or a list of them (got \(table.call.typeName(-1)) at \(position + 1))")
                }
                return container
            }
        }
    }

    private func container(_ table: NavTable, _ name: String) throws -> ScreenContainer? {
        try table.field(name) { at in
            guard let container = table.call.optionalObject(at, containers) else { throw table.error("field '\(name)' must be a Container") }
            return container
        }
    }
}
