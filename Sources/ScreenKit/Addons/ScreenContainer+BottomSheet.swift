extension ScreenContainer {
    /// Nivelir's `UIViewController.bottomSheet`: the container of the bottom sheet this one
    /// is presented in, or nil. The sheet is what the container's presenter presents (the
    /// container itself when nothing presents it), with the custom presentation style and a
    /// bottom sheet controller (`withBottomSheet`, `withBottomSheetStack`).
    public var bottomSheetContainer: ScreenContainer? {
        let sheet = presenting?.presented ?? self
        guard sheet.attributes[ScreenAttribute.modalPresentationStyle] == .string(ScreenModalPresentationStyle.custom.rawValue),
              sheet.attributes[ScreenAttribute.transitioningDelegate] == .string(ScreenAttribute.bottomSheetController) else {
            return nil
        }
        return sheet
    }

    /// Nivelir's `UIViewController.isPresentedAsBottomSheet`: in a bottom sheet, and presented.
    ///
    ///     -- Lua: container.isPresentedAsBottomSheet
    public var isPresentedAsBottomSheet: Bool {
        bottomSheetContainer != nil && presenting != nil
    }
}
