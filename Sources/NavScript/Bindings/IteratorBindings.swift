import LuaKit
import ScreenKit

/// The navigator's iterator for scripts (Nivelir's `ScreenIterator` through the navigator):
/// a walk in the iterator's order with a function that says, for each container, whether to
/// go on or stop and which container is suitable, and the first and last containers a
/// function accepts. The walk is the one `first`, `last` and `top` searches take.
///
///     navigator.iterate(from: window) { .shouldContinue(suitableContainer: $0.isVisible ? $0 : nil) }
///     -- Lua: app.navigator:iterate(app.window, function(c) return "continue", c.isVisible and c or nil end)
///     navigator.firstContainer(in: window) { $0.name == "Chat" }
///     -- Lua: app.navigator:firstContainer(app.window, function(c) return c.name == "Chat" end)
///     navigator.iterator.topContainer(in: window) { $0.kind == .stack }
///     -- Lua: app.navigator:topContainerIn(app.window, function(c) return c.kind == "stack" end)
extension NavRuntime {
    static let iteratorBindings: [NavBinding] = [
        .method(.navigator, "iterate") { runtime, call in
            try runtime.walk(call, results: 2) { _, call in
                let suitable = call.optionalObject(-1, runtime.containers)
                guard call.isNoneOrNil(-1) || suitable != nil else {
                    throw ScreenFailure("the iterate function's second result must be a Container or nil, got \(call.typeName(-1))")
                }
                switch call.optionalString(-2) {
                case "continue"?: return .shouldContinue(suitableContainer: suitable)
                case "stop"?:
                    guard let suitable else { throw ScreenFailure("the iterate function stopped without a Container") }
                    return .shouldStop(suitableContainer: suitable)
                default:
                    let given = call.optionalString(-2).map { "\"\($0)\"" } ?? call.typeName(-2)
                    throw ScreenFailure("the iterate function must return \"continue\" or \"stop\", got \(given)")
                }
            }
        },
        .method(.navigator, "firstContainer") { runtime, call in
            try runtime.walk(call, results: 1) { container, call in
                call.boolean(-1) ? .shouldStop(suitableContainer: container) : .shouldContinue(suitableContainer: nil)
            }
        },
        .method(.navigator, "lastContainer") { runtime, call in
            try runtime.walk(call, results: 1) { container, call in .shouldContinue(suitableContainer: call.boolean(-1) ? container : nil) }
        },
        // Nivelir's topContainer(in:where:): the last visible match, the function asked of
        // visible containers only (`navigator.topContainer` is the property of that name).
        .method(.navigator, "topContainerIn") { runtime, call in
            try runtime.walk(call, results: 1, asking: \.isVisible) { container, call in
                .shouldContinue(suitableContainer: call.boolean(-1) ? container : nil)
            }
        },
    ]

    /// `navigator:method(from, function(container) ... end)`: walks from `from` in the
    /// iterator's order, `answer` reading the function's `results` about each container,
    /// and pushes the container the walk gives. The function's error, or a wrong answer,
    /// stops the walk and is raised.
    /// Containers `asking` refuses go on unasked.
    private func walk(_ call: LuaCall, results: Int32, asking: (ScreenContainer) -> Bool = { _ in true },
                      answer: @escaping (ScreenContainer, LuaCall) throws -> ScreenIterationResult) throws -> Int32 {
        let navigator = try call.object(1, navigators)
        let from = try call.object(2, containers)
        guard call.isFunction(3) else { throw LuaCallError.type(3, expected: "function") }
        let function = keepFunction(call, 3)
        var failure: Error?
        let found = navigator.iterator.iterate(from: from) { container in
            guard asking(container) else { return .shouldContinue(suitableContainer: nil) }
            do {
                return try lua.call(function, [.object(container, containers)], results: results) { try answer(container, $0) }
            } catch {
                failure = error
                return .shouldStop(suitableContainer: container)
            }
        }
        if let failure { throw failure }
        pushContainer(call, found)
        return 1
    }
}
