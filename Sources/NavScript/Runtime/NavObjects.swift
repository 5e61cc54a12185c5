import ScreenKit

/// The Swift objects behind the `nav` module's userdata. Lua values are immutable, and so
/// are these: every route method and decorator makes a new one. A Route's userdata holds
/// the `AnyScreenRoute` itself.

/// `nav.screen("Chat")`: calling it makes a Screen.
final class ScreenTypeObject {
    let name: String
    let kind: ScreenContainerKind

    init(name: String, kind: ScreenContainerKind) {
        self.name = name
        self.kind = kind
    }
}

/// A Screen: `Chat { chatId = 7 }`, possibly decorated.
final class ScreenObject {
    let screen: AnyScreen
    /// What its traits hold, as they were charged when it was made.
    let traitBytes: Int

    init(_ screen: AnyScreen, traitBytes: Int = 0) {
        self.screen = screen
        self.traitBytes = traitBytes
    }
}

/// A predicate for `first`, `last` and `top`. The stack and tabs ones (`nav.stack`,
/// `nav.tabs { Feed() }`) also describe a container for `nav.app`'s hierarchy.
final class PredicateObject {
    let predicate: AnyScreenPredicate
    /// The container this value stands for in a hierarchy, if it can stand for one.
    let node: ScreenNode?
    /// Whether it was written with screens or options that only a hierarchy uses.
    let isNodeOnly: Bool
    /// How deep the hierarchy it describes is; deep ones are refused before they are built.
    let depth: Int
    /// For `nav.container{name =}` and `nav.container{key =}`, what Nivelir's shorthands of
    /// the pop and tab predicates take (`.container(name:)`, `.container(key:)`), so that
    /// `pop{to = nav.container{name = "Chat"}}` is described as they are: "to Chat container".
    let shorthand: Shorthand?
    /// For `nav.container`, `nav.stack` and `nav.tabs` themselves, the kind they stand for,
    /// where a method takes a kind (`root(nav.stack)` as `root("stack")`).
    let kindOnly: ScreenContainerKind?

    enum Shorthand {
        case name(String)
        case key(ScreenKey)
        /// A key as its text (`chat.key`): described as the key it names.
        case keyText(String)
    }

    /// `pop{to = predicate}`: Nivelir's shorthand when there is one, else the predicate.
    var popPredicate: ScreenStackPopPredicate {
        switch shorthand {
        case let .name(name): return .container(name: name)
        case let .key(key): return .container(key: key)
        case let .keyText(text): return ScreenStackPopPredicate(description: "to \(text) container") { [predicate] in try $0.lastIndex(where: predicate.matches) }
        case nil: return .container(predicate)
        }
    }

    /// `selectTab(predicate)`: Nivelir's shorthand when there is one, else the predicate.
    var tabPredicate: ScreenTabPredicate {
        switch shorthand {
        case let .name(name): return .container(name: name)
        case let .key(key): return .container(key: key)
        case let .keyText(text): return ScreenTabPredicate(description: "\(text) container") { [predicate] in try $0.firstIndex(where: predicate.matches) }
        case nil: return .container(predicate)
        }
    }

    init(_ predicate: AnyScreenPredicate, node: ScreenNode? = nil, isNodeOnly: Bool = false, depth: Int = 1, shorthand: Shorthand? = nil,
         kindOnly: ScreenContainerKind? = nil) {
        self.predicate = predicate
        self.node = node
        self.isNodeOnly = isNodeOnly
        self.depth = depth
        self.shorthand = shorthand
        self.kindOnly = kindOnly
    }
}

/// A stack modifier for `setStack`.
final class ModifierObject {
    let modifier: any ScreenStackModifier

    init(_ modifier: any ScreenStackModifier) {
        self.modifier = modifier
    }
}

/// `done` of a custom action or a deeplink interceptor: completes it once. A failure
/// without a message is `ScreenCanceledError` for `trigger`.
final class CompletionObject {
    let trigger: Any
    /// Whether `done(container)` is taken: a custom action's `done` produces a container,
    /// an interceptor's, a `get`'s and a refresh's only succeed or fail.
    let producesContainer: Bool
    private let completion: ScreenActionCompletion
    /// Whether it was called (a reload fails only those that were not).
    private(set) var isFinished = false

    init(trigger: Any, producesContainer: Bool = false, completion: @escaping ScreenActionCompletion) {
        self.trigger = trigger
        self.producesContainer = producesContainer
        self.completion = completion
    }

    func finish(_ result: Result<ScreenContainer?, Error>) {
        isFinished = true
        completion(result)
    }

    /// Fails it with what its script raised; raised after `done` was called (the navigation
    /// went on), the error goes where a callback's go: the next app method that runs the
    /// clock raises it, or a host's `onScriptError` hears it.
    func fail(raising error: Error, in runtime: NavRuntime?) {
        guard isFinished else { return finish(.failure(error)) }
        runtime?.noteCallbackError(error)
    }
}

/// A weak reference, for lists that must not keep what they list.
struct Weak<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
