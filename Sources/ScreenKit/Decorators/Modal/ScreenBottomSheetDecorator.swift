/// A bottom sheet's settings (Nivelir's `BottomSheet`), the ones that change what a user
/// sees: its detents, the selected one, and the grabber.
public struct ScreenBottomSheet: Hashable, Sendable {
    public let detents: [String]
    public let selectedDetent: String?
    public let prefersGrabber: Bool

    public init(detents: [String] = ["large"], selectedDetent: String? = nil, prefersGrabber: Bool = false) {
        self.detents = detents
        self.selectedDetent = selectedDetent
        self.prefersGrabber = prefersGrabber
    }

    var value: ScreenValue {
        var fields: [String: ScreenValue] = ["detents": .array(detents.map(ScreenValue.string))]
        fields["selectedDetent"] = selectedDetent.map(ScreenValue.string)
        if prefersGrabber {
            fields["prefersGrabber"] = .bool(true)
        }
        return .object(fields)
    }
}

/// Presents the container as a bottom sheet: the `custom` style with a bottom sheet
/// controller as transitioning delegate, kept as payload (Nivelir's
/// `ScreenBottomSheetDecorator`). A bottom sheet keeps its presenter visible.
///
///     screen.withBottomSheet(ScreenBottomSheet(detents: ["medium"]))
///     -- Lua: screen:withBottomSheet{detents = {"medium"}}
public struct ScreenBottomSheetDecorator: ScreenDecorator {
    public let sheet: ScreenBottomSheet

    public init(sheet: ScreenBottomSheet) {
        self.sheet = sheet
    }

    public var verb: String { "withBottomSheet" }
    public var description: String { "BottomSheetDecorator" }
    public var payload: Any? { sheet }

    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let container = try screen.build(navigator: navigator)
        container.setAttribute(.string(ScreenModalPresentationStyle.custom.rawValue), for: ScreenAttribute.modalPresentationStyle)
        container.setAttribute(.string("BottomSheetController"), for: ScreenAttribute.transitioningDelegate)
        container.setAttribute(sheet.value, for: ScreenAttribute.bottomSheet)
        return container
    }
}

extension Screen {
    public func withBottomSheet(_ sheet: ScreenBottomSheet) -> TypedScreen<Container> {
        decoratedFitting(by: ScreenBottomSheetDecorator(sheet: sheet))
    }

    /// A stack of `className` (a `BottomSheetStackController` by default), then
    /// `withBottomSheet(_:)` (Nivelir's `withBottomSheetStack(_:of:)`).
    ///
    ///     chat.withBottomSheetStack(sheet, of: "SheetNavigationController")
    ///     -- Lua: chat:withBottomSheetStack({ detents = {"medium"} }, "SheetNavigationController")
    public func withBottomSheetStack(_ sheet: ScreenBottomSheet, of className: String = "BottomSheetStackController") -> AnyStackScreen {
        withStackContainer(of: className).withBottomSheet(sheet)
    }
}
