/// The kinds of container, named after the UIKit classes they stand in for.
///
/// A container in the hierarchy is always one of `window`, `modal`, `stack` or `tabs`.
/// `container` is the abstract kind "any container" (Nivelir's `ScreenContainer`
/// protocol), used where an action or predicate accepts every kind.
///
/// Stack and tabs containers are modal containers too, as `UINavigationController` and
/// `UITabBarController` are `UIViewController`s: whatever needs a `modal` accepts them.
public enum ScreenContainerKind: String, Sendable, CaseIterable {
    case container
    case window
    case modal
    case stack
    case tabs

    /// The UIKit class this kind stands for; Nivelir's log lines and errors print it.
    public var typeName: String {
        switch self {
        case .container: return "ScreenContainer"
        case .window: return "UIWindow"
        case .modal: return "UIViewController"
        case .stack: return "UINavigationController"
        case .tabs: return "UITabBarController"
        }
    }

    /// Whether a container of this kind can stand where `required` is needed.
    public func conforms(to required: ScreenContainerKind) -> Bool {
        switch required {
        case .container: return true
        case .modal: return self == .modal || self == .stack || self == .tabs
        default: return self == required
        }
    }

    /// The roots of the routes that can run from a container of this kind, as a message
    /// lists them: "stack, modal or container" (a stack is a view controller, and any
    /// container is a container).
    public var acceptedRoots: String {
        let kinds = [self] + [.modal, .container].filter { $0 != self && conforms(to: $0) }
        return kinds.dropLast().map(\.rawValue).joined(separator: ", ") + (kinds.count > 1 ? " or " : "") + kinds[kinds.count - 1].rawValue
    }

    /// The kind of a route whose current container is this: "stack route", "window route".
    public var routeName: String {
        self == .container ? "container route" : "\(rawValue) route"
    }
}
