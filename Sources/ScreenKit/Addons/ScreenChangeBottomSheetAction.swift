/// Changes the bottom sheet the container is presented in (Nivelir's
/// `ScreenChangeBottomSheetAction`): its detents, selected detent or grabber. The sheet is
/// the container's `bottomSheetContainer`, as Nivelir's `UIViewController.bottomSheet`;
/// without one it fails with "is not presented as a bottom sheet".
/// Logs "Changing bottom sheet of <type>". The change shows in the sheet's `bottomSheet`
/// attribute; it records no transition.
///
/// As Nivelir's, it never completes: the change is made, but nothing after it in the route
/// runs, and `navigate` reports that the action never completed. A route that works here
/// works the same in the app; put it last, where nothing waits for it.
///
///     -- Lua: route:changeBottomSheet { selectedDetent = "large" }
public struct ScreenChangeBottomSheetAction: ScreenAction {
    /// Whether the change animates.
    public let animated: Bool
    /// Makes the new settings from the sheet's settings now.
    public let changes: (ScreenBottomSheet) -> ScreenBottomSheet
    /// The kind of the container it runs on.
    public let containerKind: ScreenContainerKind

    /// An action changing the sheet the container is presented in by `changes`.
    public init(animated: Bool = true, on containerKind: ScreenContainerKind = .modal, changes: @escaping (ScreenBottomSheet) -> ScreenBottomSheet) {
        self.animated = animated
        self.changes = changes
        self.containerKind = containerKind
    }

    /// Swift's print of Nivelir's action, its `changes` as `(Function)`.
    public var description: String {
        describeAction("ScreenChangeBottomSheetAction", [containerKind], ["animated": animated, "changes": ScreenURLText("(Function)")])
    }

    /// Logs and changes the sheet's controller and `bottomSheet` attribute; fails without a sheet, and
    /// otherwise never completes, as Nivelir's.
    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Changing bottom sheet of \(container.typeName)")
        navigator.waitingAction = self
        guard let sheetContainer = container.bottomSheetContainer,
              let controller = sheetContainer.payload.last(where: { $0 is ScreenBottomSheetController }) as? ScreenBottomSheetController else {
            return completion(.failure(InvalidBottomSheetContainerError(container: container, for: self)))
        }
        // The controller, which later presentations of its decorated screen start from.
        controller.sheet = changes(controller.sheet)
        sheetContainer.setAttribute(controller.sheet.value, for: ScreenAttribute.bottomSheet)
        // Nivelir never calls `completion` here.
    }
}

extension AnyScreenRoute {
    /// The route, then changing the bottom sheet the current view controller is in; nothing after it runs.
    ///
    ///     try route.changeBottomSheet { sheet in ScreenBottomSheet(detents: sheet.detents, selectedDetent: "large") }
    ///     -- Lua: route:changeBottomSheet { selectedDetent = "large" }
    public func changeBottomSheet(animated: Bool = true, changes: @escaping (ScreenBottomSheet) -> ScreenBottomSheet) throws(ScreenDSLError) -> AnyScreenRoute {
        try require(.modal, for: "changeBottomSheet")
        return then(ScreenChangeBottomSheetAction(animated: animated, on: currentKind, changes: changes))
    }
}
