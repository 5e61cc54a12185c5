/// Records where a popover points (Nivelir's `ScreenPopoverPresentationDecorator`).
///
/// As in UIKit, a container has a popover presentation controller only while its style is
/// `popover`, so this decorator does nothing unless `withModalPresentationStyle(.popover)`
/// was applied before it; it never sets the style itself.
///
///     screen.withModalPresentationStyle(.popover).withPopoverPresentation(anchor: "center")
///     -- Lua: screen:withModalPresentationStyle("popover"):withPopoverPresentation{anchor = "center"}
public struct ScreenPopoverPresentationDecorator: ScreenDecorator {
    /// Where the popover points: a name, or a table of the host's.
    public let anchor: ScreenValue

    /// A decorator that records `anchor`.
    public init(anchor: ScreenValue) {
        self.anchor = anchor
    }

    /// `withPopoverPresentation`.
    public var verb: String { "withPopoverPresentation" }
    /// `PopoverPresentationDecorator`.
    public var description: String { "PopoverPresentationDecorator" }

    /// Builds the screen and records `popoverAnchor`, only if its style is already `popover`.
    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let container = try screen.build(navigator: navigator)
        if ScreenModalPresentationStyle(attributeOf: container) == .popover {
            container.setAttribute(anchor, for: ScreenAttribute.popoverAnchor)
        }
        return container
    }
}

extension Screen {
    /// The screen with its popover pointing at `anchor`; it needs the `popover` style set before.
    ///
    ///     chat.withModalPresentationStyle(.popover).withPopoverPresentation(anchor: "share")
    ///     -- Lua: chat:withModalPresentationStyle("popover"):withPopoverPresentation{anchor = "share"}
    public func withPopoverPresentation(anchor: ScreenValue) -> TypedScreen<Container> {
        decoratedFitting(by: ScreenPopoverPresentationDecorator(anchor: anchor))
    }
}
