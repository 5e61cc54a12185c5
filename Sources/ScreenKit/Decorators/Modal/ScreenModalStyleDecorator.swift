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
    /// The style it sets.
    public let style: ScreenModalStyle

    /// A decorator that sets `style`.
    public init(style: ScreenModalStyle) {
        self.style = style
    }

    /// `withModalStyle`.
    public var verb: String { "withModalStyle" }
    /// `ModalStyleDecorator`.
    public var description: String { "ModalStyleDecorator" }

    /// Builds the screen and records its styles under `modalPresentationStyle` and `modalTransitionStyle`
    /// (or `custom` and `transitioningDelegate`).
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
    /// The screen presented in `style`.
    ///
    ///     chat.withModalStyle(.default(presentation: .formSheet, transition: .crossDissolve))
    ///     -- Lua: chat:withModalStyle{presentation = "formSheet", transition = "crossDissolve"}
    public func withModalStyle(_ style: ScreenModalStyle) -> TypedScreen<Container> {
        decoratedFitting(by: ScreenModalStyleDecorator(style: style))
    }

    /// The screen presented in UIKit's presentation style `style`.
    ///
    ///     chat.withModalPresentationStyle(.fullScreen)   -- Lua: chat:withModalPresentationStyle("fullScreen")
    public func withModalPresentationStyle(_ style: ScreenModalPresentationStyle) -> TypedScreen<Container> {
        withModalStyle(.default(presentation: style))
    }

    /// The screen presented with UIKit's transition style `style`.
    ///
    ///     chat.withModalTransitionStyle(.crossDissolve)   -- Lua: chat:withModalTransitionStyle("crossDissolve")
    public func withModalTransitionStyle(_ style: ScreenModalTransitionStyle) -> TypedScreen<Container> {
        withModalStyle(.default(transition: style))
    }

    /// The screen presented in the `custom` style with the transitioning delegate named `delegate`.
    ///
    ///     chat.withModalTransitioningDelegate("Zoom")   -- Lua: chat:withModalTransitioningDelegate("Zoom")
    public func withModalTransitioningDelegate(_ delegate: String) -> TypedScreen<Container> {
        withModalStyle(.custom(delegate: delegate))
    }
}
