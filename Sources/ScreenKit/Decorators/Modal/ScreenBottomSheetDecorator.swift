/// A bottom sheet's settings (Nivelir's `BottomSheet`), the ones that change what a user
/// sees: its detents, the selected one, and the grabber.
public struct ScreenBottomSheet: Hashable, Sendable {
    /// The heights it may rest at, by name ("medium", "large"), smallest first as UIKit lists them.
    public let detents: [String]
    /// The detent it opens at, or nil for UIKit's default.
    public let selectedDetent: String?
    /// Whether it shows a grabber.
    public let prefersGrabber: Bool

    /// A sheet of `detents` (`["large"]` by default) opening at `selectedDetent`, with or without a grabber.
    ///
    ///     ScreenBottomSheet(detents: ["medium", "large"], prefersGrabber: true)
    ///     -- Lua: {detents = {"medium", "large"}, prefersGrabber = true}
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

/// The bottom sheet controller a container is presented through (Nivelir's
/// `BottomSheetController`, its transitioning delegate), which `changeBottomSheet` changes.
/// `withBottomSheet` makes one when it decorates a screen, and every container built from
/// that decorated screen shares it, as Nivelir's decorator does: a sheet changed, dismissed
/// and presented again opens as it was changed.
public final class ScreenBottomSheetController: @unchecked Sendable {
    /// The sheet's settings now: `changeBottomSheet` changes them.
    public var sheet: ScreenBottomSheet

    /// A controller of `sheet`.
    public init(sheet: ScreenBottomSheet) {
        self.sheet = sheet
    }
}

/// Presents the container as a bottom sheet: the `custom` style with a bottom sheet
/// controller as transitioning delegate, kept as payload (Nivelir's
/// `ScreenBottomSheetDecorator`, which makes its controller once). A bottom sheet keeps its
/// presenter visible.
///
///     screen.withBottomSheet(ScreenBottomSheet(detents: ["medium"]))
///     -- Lua: screen:withBottomSheet{detents = {"medium"}}
public struct ScreenBottomSheetDecorator: ScreenDecorator {
    /// The sheet as decorated; the shared controller holds the settings it now has.
    public let sheet: ScreenBottomSheet
    let controller: ScreenBottomSheetController

    /// A decorator of `sheet`, with a controller of its own that every container it builds shares.
    public init(sheet: ScreenBottomSheet) {
        self.sheet = sheet
        controller = ScreenBottomSheetController(sheet: sheet)
    }

    /// `withBottomSheet`.
    public var verb: String { "withBottomSheet" }
    /// `BottomSheetDecorator`.
    public var description: String { "BottomSheetDecorator" }
    /// The controller, kept alive with each container.
    public var payload: Any? { controller }

    /// Builds the screen and records the `custom` style, the bottom sheet controller and the sheet's
    /// settings, as the controller holds them now.
    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let container = try screen.build(navigator: navigator)
        Self.present(container, as: controller.sheet)
        return container
    }

    /// Gives `container` the presentation of a bottom sheet.
    static func present(_ container: ScreenContainer, as sheet: ScreenBottomSheet) {
        container.setAttribute(.string(ScreenModalPresentationStyle.custom.rawValue), for: ScreenAttribute.modalPresentationStyle)
        container.setAttribute(.string(ScreenAttribute.bottomSheetController), for: ScreenAttribute.transitioningDelegate)
        container.setAttribute(sheet.value, for: ScreenAttribute.bottomSheet)
    }
}

/// A stack of `className` (a `BottomSheetStackController` by default) presented as a bottom
/// sheet: one decorator, as Nivelir's `ScreenBottomSheetStackDecorator` is, which builds
/// `withStackContainer(of:)` then `withBottomSheet(_:)`. Each stack it builds gets a
/// controller of its own, as Nivelir's decorates in `build`.
///
///     chat.withBottomSheetStack(sheet, of: "SheetNavigationController")
///     -- Lua: chat:withBottomSheetStack({ detents = {"medium"} }, "SheetNavigationController")
public struct ScreenBottomSheetStackDecorator: ScreenDecorator {
    /// The sheet's settings.
    public let sheet: ScreenBottomSheet
    /// The stack's UIKit class.
    public let className: String

    /// A decorator of `sheet` that builds a stack of `className`.
    public init(sheet: ScreenBottomSheet, className: String = "BottomSheetStackController") {
        self.sheet = sheet
        self.className = className
    }

    /// The stack's class.
    public var outputClassName: String? { className }
    /// `withBottomSheetStack`.
    public var verb: String { "withBottomSheetStack" }
    /// `ScreenBottomSheetStackDecorator`.
    public var description: String { "ScreenBottomSheetStackDecorator" }

    /// Always a stack.
    public func outputKind(for kind: ScreenContainerKind) -> ScreenContainerKind { .stack }

    /// Builds a stack of `className` holding the screen, presented as a bottom sheet with a controller of its own.
    public func build(screen: AnyScreen, navigator: ScreenNavigator) throws -> ScreenContainer {
        let stack = try ScreenStackContainerDecorator.stack(of: screen, className: className, navigator: navigator, for: self)
        ScreenBottomSheetDecorator.present(stack, as: sheet)
        stack.retain(ScreenBottomSheetController(sheet: sheet))
        return stack
    }
}

extension Screen {
    /// The screen presented as a bottom sheet of `sheet`; its presenter stays visible.
    ///
    ///     chat.withBottomSheet(ScreenBottomSheet(detents: ["medium"]))
    ///     -- Lua: chat:withBottomSheet{detents = {"medium"}}
    public func withBottomSheet(_ sheet: ScreenBottomSheet) -> TypedScreen<Container> {
        decoratedFitting(by: ScreenBottomSheetDecorator(sheet: sheet))
    }

    /// A stack of `className` presented as a bottom sheet (Nivelir's `withBottomSheetStack(_:of:)`).
    public func withBottomSheetStack(_ sheet: ScreenBottomSheet, of className: String = "BottomSheetStackController") -> AnyStackScreen {
        decoratedFitting(by: ScreenBottomSheetStackDecorator(sheet: sheet, className: className))
    }
}
