/// Records where a popover points (Nivelir's `ScreenPopoverPresentationDecorator`).
///
/// As in UIKit, a container has a popover presentation controller only while its style is
/// `popover`, so this decorator does nothing unless `withModalPresentationStyle(.popover)`
/// was applied before it; it never sets the style itself.
///
///     screen.withModalPresentationStyle(.popover).withPopoverPresentation(anchor: "center")
///     -- Lua: screen:withModalPresentationStyle("popover"):withPopoverPresentation{anchor = "center"}
public struct ScreenPopoverPresentationDecorator: ScreenDecorator {
    public let anchor: ScreenValue

    public init(anchor: ScreenValue) {
        self.anchor = anchor
    }

    public var verb: String { "withPopoverPresentation" }
    public var description: String { "PopoverPresentationDecorator" }

    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let container = try screen.build(navigator: navigator)
        if ScreenModalPresentationStyle(attributeOf: container) == .popover {
            container.setAttribute(anchor, for: ScreenAttribute.popoverAnchor)
        }
        return container
    }
}

extension Screen {
    public func withPopoverPresentation(anchor: ScreenValue) -> TypedScreen<Container> {
        decoratedFitting(by: ScreenPopoverPresentationDecorator(anchor: anchor))
    }
}
