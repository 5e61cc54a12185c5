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
        Self.present(container, as: sheet)
        return container
    }

    /// Gives `container` the presentation of a bottom sheet.
    static func present(_ container: ScreenContainer, as sheet: ScreenBottomSheet) {
        container.setAttribute(.string(ScreenModalPresentationStyle.custom.rawValue), for: ScreenAttribute.modalPresentationStyle)
        container.setAttribute(.string("BottomSheetController"), for: ScreenAttribute.transitioningDelegate)
        container.setAttribute(sheet.value, for: ScreenAttribute.bottomSheet)
    }
}

/// A stack of `className` (a `BottomSheetStackController` by default) presented as a bottom
/// sheet: one decorator, as Nivelir's `ScreenBottomSheetStackDecorator` is, which builds
/// `withStackContainer(of:)` then `withBottomSheet(_:)`. The sheet is kept by the stack.
///
///     chat.withBottomSheetStack(sheet, of: "SheetNavigationController")
///     -- Lua: chat:withBottomSheetStack({ detents = {"medium"} }, "SheetNavigationController")
public struct ScreenBottomSheetStackDecorator: ScreenDecorator {
    public let sheet: ScreenBottomSheet
    public let className: String

    public init(sheet: ScreenBottomSheet, className: String = "BottomSheetStackController") {
        self.sheet = sheet
        self.className = className
    }

    public var outputClassName: String? { className }
    public var verb: String { "withBottomSheetStack" }
    public var description: String { "ScreenBottomSheetStackDecorator" }

    public func outputKind(for kind: ScreenContainerKind) -> ScreenContainerKind { .stack }

    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let stack = try ScreenStackContainerDecorator.stack(of: screen, className: className, navigator: navigator, for: self)
        ScreenBottomSheetDecorator.present(stack, as: sheet)
        stack.retain(sheet)
        return stack
    }
}

extension Screen {
    public func withBottomSheet(_ sheet: ScreenBottomSheet) -> TypedScreen<Container> {
        decoratedFitting(by: ScreenBottomSheetDecorator(sheet: sheet))
    }

    /// A stack of `className` presented as a bottom sheet (Nivelir's `withBottomSheetStack(_:of:)`).
    public func withBottomSheetStack(_ sheet: ScreenBottomSheet, of className: String = "BottomSheetStackController") -> AnyStackScreen {
        decoratedFitting(by: ScreenBottomSheetStackDecorator(sheet: sheet, className: className))
    }
}
