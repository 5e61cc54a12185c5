/// Builds a screen and presents it (Nivelir's `ScreenPresentAction`). Logs "Presenting
/// <screen> on <type>". When the current container or one of its ancestors already
/// presents something, the action fails with "is already presenting another container";
/// when UIKit would refuse otherwise (a presentation in progress, a presenter out of the
/// window), with UIKit's warning; a screen styled `none`, a popover on a pad with no
/// anchor, a page curl that is not full screen over full screen, or a current-context
/// style with another transition than cover vertical in a pad's popover, fails, where
/// UIKit raises. It completes once the presentation ends.
///
///     route.present(chat.withStackContainer())   -- Lua: route:present(chat:withStackContainer())
public struct ScreenPresentAction: ScreenAction {
    /// The screen it builds and presents.
    public let screen: AnyScreen
    /// Whether the presentation is animated.
    public let animated: Bool
    /// The kind of container it presents from.
    public let containerKind: ScreenContainerKind

    /// A presentation of `screen` from a container of `containerKind`.
    public init(screen: AnyScreen, animated: Bool = true, on containerKind: ScreenContainerKind = .modal) {
        self.screen = screen
        self.animated = animated
        self.containerKind = containerKind
    }

    /// The screen's kind: the action completes with the presented container.
    public var outputKind: ScreenContainerKind? { screen.kind }

    /// The action as Swift prints Nivelir's: `ScreenPresentAction<Chat, UIViewController>(screen: ..., animated: true)`.
    public var description: String {
        describeAction("ScreenPresentAction", types: [screen.typeName, containerKind.typeName], ["screen": screen, "animated": animated])
    }

    /// Logs, builds the screen and presents it; completes with it once presented, or fails where UIKit
    /// would refuse or raise.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Presenting \(screen) on \(container.typeName)")
        let presented: ScreenContainer
        do {
            presented = try screen.build(navigator: navigator)
        } catch {
            return completion(.failure(error))
        }
        if let error = navigator.simulation.placementError(presented, in: container, for: self) {
            return completion(.failure(error))
        }
        // `.none` is only an adaptive style: UIKit raises when a controller is presented with it.
        if case .string("none")? = presented.attributes["modalPresentationStyle"] {
            return completion(.failure(ScreenFailure("The specified modal presentation style doesn't have a corresponding presentation controller.")))
        }
        // A popover in a regular width needs somewhere to point: UIKit raises without one (on
        // a phone it adapts to a sheet and needs none).
        if navigator.simulation.system.idiom == .pad, ScreenModalPresentationStyle(attributeOf: presented) == .popover,
           presented.attributes[ScreenAttribute.popoverAnchor] == nil {
            return completion(.failure(ScreenFailure("UIPopoverPresentationController should have a non-nil sourceView or barButtonItem set before the presentation occurs.")))
        }
        // A page curl needs a full-screen presentation from a full-screen presenter: UIKit
        // raises otherwise (UIModalTransitionStyle.partialCurl's documentation).
        if case .string(ScreenModalTransitionStyle.partialCurl.rawValue)? = presented.attributes[ScreenAttribute.modalTransitionStyle] {
            let context = container.presentationContext
            let fullScreen = { (c: ScreenContainer) in ScreenModalPresentationStyle(attributeOf: c) == .fullScreen }
            if !fullScreen(presented) || (context.presentingContainer != nil && !fullScreen(context)) {
                let from = fullScreen(presented) ? context : presented
                return completion(.failure(ScreenFailure("Application tried to present UIModalTransitionStylePartialCurl to or from non-fullscreen view controller \(from).")))
            }
        }
        // In a pad's popover, a current-context style takes only the cover-vertical transition:
        // UIKit raises otherwise (UIModalPresentationStyle.currentContext's documentation).
        let style = ScreenModalPresentationStyle(attributeOf: presented), context = container.presentationContext
        if style == .currentContext || style == .overCurrentContext, navigator.simulation.system.idiom == .pad,
           context.presentingContainer != nil, ScreenModalPresentationStyle(attributeOf: context) == .popover,
           case let .string(transition)? = presented.attributes[ScreenAttribute.modalTransitionStyle],
           transition != ScreenModalTransitionStyle.coverVertical.rawValue {
            return completion(.failure(ScreenFailure("Application tried to present \(presented) in a popover with the \(style.rawValue) presentation style"
                + " and a transition style other than UIModalTransitionStyleCoverVertical.")))
        }
        let accepted = navigator.simulation.present(presented, from: container, animated: animated) { stillPresented in
            completion(stillPresented ? .success(presented) : .failure(ScreenContainerAlreadyPresentingError(container: container, for: self)))
        }
        if !accepted {
            completion(.failure(navigator.simulation.presentationRefusal(of: presented, from: container, for: self)))
        }
    }
}

extension AnyScreenRoute {
    /// Presents `screen`, then runs `nested` on it; the route stays on the presenter.
    public func present(_ screen: AnyScreen, animated: Bool = true, nested: AnyScreenRoute? = nil) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "present")
        return try step(ScreenPresentAction(screen: screen, animated: animated, on: currentKind), nested: nested, verb: "present")
    }
}

extension ScreenRoute where Current: ModalContainerType {
    /// Presents `screen` on the current container; the route stays on the presenter.
    ///
    ///     route.present(chat, animated: false)   -- Lua: route:present(chat, {animated = false})
    public func present<S: Screen>(_ screen: S, animated: Bool = true) -> Self {
        present(screen, animated: animated) { $0 }
    }

    /// The same, with a nested route run on the presented screen.
    ///
    ///     route.present(chat.withStackContainer()) { $0.push(details) }
    ///     -- Lua: route:present(chat:withStackContainer(), function(r) return r:push(details) end)
    public func present<S: Screen, Next>(_ screen: S, animated: Bool = true, route: (ScreenRootRoute<S.Container>) -> ScreenRoute<S.Container, Next>) -> Self {
        step(ScreenPresentAction(screen: screen.eraseToAnyScreen(), animated: animated, on: Current.kind), route)
    }
}
