/// How a container is presented (Nivelir's `ScreenModalStyle`): UIKit's styles, or a
/// custom transitioning delegate, known here by name.
public enum ScreenModalStyle: Hashable, Sendable {
    case `default`(presentation: ScreenModalPresentationStyle? = nil, transition: ScreenModalTransitionStyle? = nil)
    case custom(delegate: String)
}

/// Sets `modalPresentationStyle` and `modalTransitionStyle`, or the `custom` style with a
/// `transitioningDelegate` (Nivelir's `ScreenModalStyleDecorator`).
///
///     screen.withModalPresentationStyle(.fullScreen)   -- Lua: screen:withModalPresentationStyle("fullScreen")
public struct ScreenModalStyleDecorator: ScreenDecorator {
    public let style: ScreenModalStyle

    public init(style: ScreenModalStyle) {
        self.style = style
    }

    public var verb: String { "withModalStyle" }
    public var description: String { "ModalStyleDecorator" }

    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let container = try screen.build(navigator: navigator)
        switch style {
        case let .default(presentation, transition):
            if let presentation {
                container.setAttribute(.string(presentation.rawValue), for: ScreenAttribute.modalPresentationStyle)
            }
            if let transition {
                container.setAttribute(.string(transition.rawValue), for: ScreenAttribute.modalTransitionStyle)
            }
        case let .custom(delegate):
            container.setAttribute(.string(ScreenModalPresentationStyle.custom.rawValue), for: ScreenAttribute.modalPresentationStyle)
            container.setAttribute(.string(delegate), for: ScreenAttribute.transitioningDelegate)
        }
        return container
    }
}

extension Screen {
    public func withModalStyle(_ style: ScreenModalStyle) -> TypedScreen<Container> {
        decoratedFitting(by: ScreenModalStyleDecorator(style: style))
    }

    public func withModalPresentationStyle(_ style: ScreenModalPresentationStyle) -> TypedScreen<Container> {
        withModalStyle(.default(presentation: style))
    }

    public func withModalTransitionStyle(_ style: ScreenModalTransitionStyle) -> TypedScreen<Container> {
        withModalStyle(.default(transition: style))
    }

    public func withModalTransitioningDelegate(_ delegate: String) -> TypedScreen<Container> {
        withModalStyle(.custom(delegate: delegate))
    }
}
