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
    /// Produces no container by default: the route stays on the container it was on.
    public var outputKind: ScreenContainerKind? { nil }

    /// Merges with nothing by default.
    public func combine(with other: any ScreenAction) -> (any ScreenAction)? { nil }
}

/// Prints an action the way Swift prints a Nivelir action struct, so that error triggers
/// read as in Nivelir: `ScreenTopAction<UIWindow, UINavigationController>(predicate: ...)`.
func describeAction(
    _ name: String,
    _ kinds: [ScreenContainerKind?],
    _ fields: KeyValuePairs<String, Any> = [:]
) -> String {
    describeAction(name, types: kinds.compactMap { $0?.typeName }, fields)
}

/// As `describeAction(_:_:_:)`, with the generic arguments written out: a screen's type
/// (`ScreenPresentAction<Profile, UIViewController>`).
func describeAction(_ name: String, types generics: [String], _ fields: KeyValuePairs<String, Any> = [:]) -> String {
    let head = generics.isEmpty ? name : "\(name)<\(generics.joined(separator: ", "))>"
    let body = fields.map { "\($0.key): \(describeField($0.value))" }
    return "\(head)(\(body.joined(separator: ", ")))"
}

/// A field of an action's description. Actions inside it show one level only, as
/// `ScreenFoldAction(action: ScreenTopAction<...>(...), nested: ScreenNavigateAction<...>(actions: [2 actions]))`:
/// an error names the step that failed, and a route nested a thousand levels deep must not
/// print (or recurse) a thousand levels.
private func describeField(_ value: Any) -> String {
    // An optional string casts to String below: print it as Swift prints an optional field.
    if type(of: value) == Optional<String>.self, let text = value as? String? {
        return text.map { "Optional(\(describeField($0)))" } ?? "nil"
    }
    if let string = value as? String {
        return "\"\(string)\""
    }
    if let actions = value as? [any ScreenAction] {
        if actions.contains(where: isComposite) {
            return "[\(actions.count) action\(actions.count == 1 ? "" : "s")]"
        }
        return "[" + actions.map(\.description).joined(separator: ", ") + "]"
    }
    if let action = value as? any ScreenAction, isComposite(action) {
        let text = action.description
        guard let open = text.firstIndex(of: "(") else { return text }
        return text[..<open] + "(...)"
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        // Plain values print as Swift prints an optional field (`subject: Optional("Hi")`);
        // containers and animations as themselves, where Swift would print an address.
        if wrapped is String || wrapped is Double || wrapped is Int || wrapped is Bool {
            return "Optional(\(describeField(wrapped)))"
        }
        return describeField(wrapped)
    }
    return "\(value)"
}

/// Whether an action holds other actions (and so may hold a whole route).
private func isComposite(_ action: any ScreenAction) -> Bool {
    action is ScreenFoldAction || action is ScreenNavigateAction || action is ScreenTryAction
}
