/// What an action completes with: the container it produces (nil for Nivelir's `Void`),
/// or the error that stopped it.
public typealias ScreenActionCompletion = (Result<ScreenContainer?, Error>) -> Void

/// One navigation step (Nivelir's `ScreenAction`), in the dynamic model that both typed
/// Swift routes and Lua routes are made of.
///
/// Each action declares the kind of container it is performed on and the kind it produces,
/// so that a route can refuse a wrong chain where it is built. Every action completes
/// exactly once, through `completion`, possibly later in virtual time.
public protocol ScreenAction: CustomStringConvertible {
    /// The kind of container the action needs (Nivelir's `Container`).
    var containerKind: ScreenContainerKind { get }

    /// The kind of container the action completes with, or nil when it produces none.
    var outputKind: ScreenContainerKind? { get }

    func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion)

    /// Merges this action with the next one into a single action, or returns nil. Stack
    /// edits merge this way into one transition.
    func combine(with other: any ScreenAction) -> (any ScreenAction)?
}

extension ScreenAction {
    public var outputKind: ScreenContainerKind? { nil }

    public func combine(with other: any ScreenAction) -> (any ScreenAction)? { nil }
}

/// Prints an action the way Swift prints a Nivelir action struct, so that error triggers
/// read as in Nivelir: `ScreenTopAction<UIWindow, UINavigationController>(predicate: ...)`.
func describeAction(
    _ name: String,
    _ kinds: [ScreenContainerKind?],
    _ fields: KeyValuePairs<String, Any> = [:]
) -> String {
    let generics = kinds.compactMap { $0?.typeName }
    let head = generics.isEmpty ? name : "\(name)<\(generics.joined(separator: ", "))>"
    let body = fields.map { "\($0.key): \(describeField($0.value))" }
    return "\(head)(\(body.joined(separator: ", ")))"
}

private func describeField(_ value: Any) -> String {
    if let string = value as? String {
        return "\"\(string)\""
    }
    if let actions = value as? [any ScreenAction] {
        return "[" + actions.map(\.description).joined(separator: ", ") + "]"
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        return mirror.children.first.map { describeField($0.value) } ?? "nil"
    }
    return "\(value)"
}
