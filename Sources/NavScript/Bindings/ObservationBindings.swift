import LuaKit
import ScreenKit

/// A script table registered as an observer (Nivelir's `ScreenObserver`): its methods are
/// what screens call through `container:notify(method, ...)`. The runtime lists the table
/// weakly, by `slot`, so that one observed only weakly goes once the script drops it; while
/// a strong observation of it lasts (until its token is cancelled), `strong` keeps it.
final class LuaObserver: ScreenObserver {
    let slot: Int
    var strong: LuaReference?
    /// Strong observations not cancelled.
    var strongObservations = 0

    init(slot: Int) {
        self.slot = slot
    }
}

/// Screen observation (Nivelir's `ScreenObservation`, `ScreenObserverToken`,
/// `ScreenObserverPredicate`): a screen type names the observer type it informs, a
/// scenario registers observers on the navigator, strongly or weakly, and a screen's
/// container notifies them.
///
///     local Chat = nav.screen("Chat", { observer = "ChatObserver" })
///     local token = app.navigator:observe("ChatObserver", { didSend = function(self, text) ... end },
///                                         { presentedOn = list })
///     app.navigator:observeWeakly("ChatObserver", listener)   -- told while the script keeps `listener`
///     chat:notify("didSend", "Hi")      -- calls didSend on each observer the predicate admits
///     token:cancel()
extension NavRuntime {
    static let observationBindings: [NavBinding] = [
        .method(.navigator, "observe") { runtime, call in
            let navigator = try call.object(1, runtime.navigators)
            let type = try call.string(2)
            let predicate = try runtime.observerPredicate(call, 4)
            if !call.isNoneOrNil(5), call.type(5) != .boolean { throw LuaCallError.type(5, expected: "boolean") }
            let weakly = call.boolean(5)
            let observer = try runtime.observer(call, 3, weakly: weakly)
            let token = navigator.observe(by: observer, as: type, where: predicate, weakly: weakly)
            runtime.observerTokens[ObjectIdentifier(token)] = (token, weakly ? nil : observer)
            call.push(token, runtime.tokens)
            return 1
        },
        .method(.navigator, "observeWeakly") { runtime, call in
            let navigator = try call.object(1, runtime.navigators)
            let type = try call.string(2)
            let predicate = try runtime.observerPredicate(call, 4)
            navigator.observeWeakly(by: try runtime.observer(call, 3, weakly: true), as: type, where: predicate)
            return 0
        },
        .property(.navigator, "observerCount", ScreenNavigator.self) { runtime, call, navigator in
            try runtime.dropCollectedObservers(call)
            call.push(navigator.observatory.count)
        },
        .method(.observerToken, "cancel") { runtime, call in
            let token = try call.object(1, runtime.tokens)
            token.cancel()
            // The last strong observation of a table cancelled: it lives only as the script keeps it.
            if let observer = runtime.observerTokens.removeValue(forKey: ObjectIdentifier(token))?.1 {
                observer.strongObservations -= 1
                if observer.strongObservations == 0 {
                    observer.strong = nil
                    runtime.lua.releaseDropped(call)
                }
            }
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
                throw LuaCallError.argument(1, "\(container) has no observation (define its screen with nav.screen(name, { observer = \"...\" }); a container restored from a snapshot has none until its screen is built again)")
            }
            var observers: [LuaObserver] = []
            observation.notify { observer in
                if let observer = observer as? LuaObserver, runtime.observers[observer.slot] === observer {
                    observers.append(observer)
                }
            }
            let arguments = call.top - 2
            let function = try runtime.notifier(call)
            guard call.reserve(Int32(clamping: observers.count) + arguments + 3 + LuaCall.minimumStack) else {
                throw LuaCallError.plain("stack overflow (\(arguments) arguments for \(observers.count) observers are too many)")
            }
            // Every observer alive now is held on the stack before any is told, as Nivelir
            // makes its list of strong references first: one dropped and collected while an
            // earlier one runs is still told. One the collector took before is not.
            var held: [Int32] = []
            for observer in observers {
                if try runtime.pushObserver(observer, call) {
                    held.append(call.top)
                } else {
                    runtime.observers[observer.slot] = nil
                }
            }
            // An observer without the method is misuse, said at the line that notifies before
            // any observer is told; then each is told.
            for tell in [false, true] {
                for index in held {
                    try function.push(on: call)
                    call.push(tell)
                    call.pushCopy(index)
                    call.push(method)
                    for position in 0..<(tell ? arguments : 0) {
                        call.pushCopy(3 + position)
                    }
                    try runtime.lua.pcall(call, arguments: (tell ? arguments : 0) + 3, results: 1)
                    let has = call.boolean(-1)
                    call.pop()
                    guard has else { throw LuaCallError.message("the observer has no method '\(method)'") }
                }
            }
            call.pop(Int32(held.count))
            call.push(held.count)
            return 1
        },
    ]

    /// The observer of the table at `index`: one per table, as Nivelir has one per object
    /// (observing twice tells it once), found through the weak table by the table itself.
    private func observer(_ call: LuaCall, _ index: Int32, weakly: Bool) throws -> LuaObserver {
        guard call.type(index) == .table else { throw LuaCallError.type(index, expected: "observer table") }
        try pushWeakObservers(call)
        defer { call.pop() }
        call.pushCopy(index)
        let known = call.rawGet(-2) == .number ? try? call.integer(-1) : nil
        call.pop()
        let observer: LuaObserver
        if let known, let found = observers[known] {
            observer = found
        } else {
            nextObserverSlot += 1
            observer = LuaObserver(slot: nextObserverSlot)
            observers[observer.slot] = observer
            call.pushCopy(index)
            call.setElement(-2, observer.slot)
            call.pushCopy(index)
            call.push(observer.slot)
            call.rawSet(-3)
        }
        if !weakly {
            observer.strongObservations += 1
            if observer.strong == nil {
                call.pushCopy(index)
                observer.strong = lua.reference(from: call)
            }
        }
        return observer
    }

    /// Pushes the table of `observer` and returns true, or pushes nothing and returns false
    /// when the collector took it.
    private func pushObserver(_ observer: LuaObserver, _ call: LuaCall) throws -> Bool {
        try pushWeakObservers(call)
        call.element(-1, observer.slot)
        call.remove(-2)
        if call.type(-1) == .table { return true }
        call.pop()
        return false
    }

    /// Forgets the observers whose tables were collected, so that the navigator's weak
    /// registrations of them end (Nivelir drops a dead weak observer's storage).
    func dropCollectedObservers(_ call: LuaCall) throws {
        guard let weakObservers, !observers.isEmpty else { return }
        try weakObservers.push(on: call)
        defer { call.pop() }
        for slot in Array(observers.keys) {
            call.element(-1, slot)
            if call.type(-1) != .table { observers[slot] = nil }
            call.pop()
        }
    }

    /// The observers' tables, held weakly both ways: `[slot] = table` and `[table] = slot`.
    /// Made once per state.
    private func pushWeakObservers(_ call: LuaCall) throws {
        if let weakObservers { return try weakObservers.push(on: call) }
        call.pushTable()
        call.pushTable(fields: 1)
        call.push("kv")
        call.setField(-2, "__mode")
        call.setMetatable(-2)
        call.pushCopy(-1)
        weakObservers = lua.reference(from: call)
    }

    /// The predicate at `index`: `nil` is any screen.
    private func observerPredicate(_ call: LuaCall, _ index: Int32) throws -> ScreenObserverPredicate {
        call.isNoneOrNil(index) ? .any : try observerPredicate(NavTable(call, index, runtime: self))
    }

    /// The function that calls one observer's method, made once per state.
    private func notifier(_ call: LuaCall) throws -> LuaReference {
        if let notifyFunction { return notifyFunction }
        try lua.load("""
            local tell, observer, method = ...
            local body = observer[method]
            if type(body) ~= "function" then return false end
            if tell then body(observer, select(4, ...)) end
            return true
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
        if table.has("recursively"), !["presentedOn", "childOf", "pushedInto", "pushedAfter"].contains(where: table.has) {
            throw table.error("field 'recursively' goes with presentedOn, childOf, pushedInto or pushedAfter")
        }
        var predicates: [ScreenObserverPredicate] = []
        if table.has("any") {
            guard try table.bool("any", default: false) else { throw table.error("field 'any' must be true (leave it out otherwise)") }
            predicates.append(.any)
        }
        if let screen = try table.screen("screen") {
            predicates.append(.screen(key: screen.key))
        }
        if let container = try container(table, "visible", window: true) {
            predicates.append(.visible(container))
        }
        if let container = try container(table, "presentedOn") {
            predicates.append(.presented(on: container, recursively: recursively))
        }
        if let container = try container(table, "childOf") {
            predicates.append(.child(of: container, recursively: recursively))
        }
        switch try containers(table, "pushedInto") {
        case let .one(stack)?: predicates.append(.pushed(into: stack, recursively: recursively))
        case let .list(containers)?: predicates.append(.pushed(into: containers, recursively: recursively))
        case nil: break
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

    /// What `pushedInto` names: a stack (Nivelir's `pushed(into: UINavigationController)`),
    /// or a list of containers (`pushed(into: [UIViewController])`), of one item too.
    private enum Pushed {
        case one(ScreenContainer)
        case list([ScreenContainer])
    }

    /// A stack Container, or a list of Containers, at field `name`.
    private func containers(_ table: NavTable, _ name: String) throws -> Pushed? {
        try table.field(name) { at in
            if let container = table.call.optionalObject(at, containers) {
                guard container.kind == .stack else { throw table.error("field '\(name)' must be a stack Container or a list of Containers, got \(container)") }
                return .one(container)
            }
            guard table.call.type(at) == .table, table.call.length(at) > 0 else {
                throw table.error("field '\(name)' must be a stack Container or a list of Containers, one or more")
            }
            return .list(try (0..<table.call.length(at)).map { position in
                table.call.element(at, position + 1)
                defer { table.call.pop() }
                guard let container = table.call.optionalObject(-1, containers) else {
                    throw table.error("field '\(name)' must be a stack Container or a list of Containers (got \(table.call.typeName(-1)) at \(position + 1))")
                }
                guard container.kind != .window else {
                    throw table.error("field '\(name)' must list Containers other than the window (the window at \(position + 1))")
                }
                return container
            })
        }
    }

    /// A Container at field `name`; a window only where Nivelir takes one (`visible`), the
    /// others take a view controller.
    private func container(_ table: NavTable, _ name: String, window: Bool = false) throws -> ScreenContainer? {
        try table.field(name) { at in
            guard let container = table.call.optionalObject(at, containers) else { throw table.error("field '\(name)' must be a Container") }
            guard window || container.kind != .window else { throw table.error("field '\(name)' must be a Container other than the window") }
            return container
        }
    }
}
