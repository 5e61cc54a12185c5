/// Window changes with UIKit's rules.
extension ScreenSimulation {
    /// Makes `root` the window's root (`rootViewController`), dropping the old root with
    /// everything it contains and presents. Animated only with a custom animation.
    func setRoot(
        _ root: ScreenContainer,
        of window: ScreenContainer,
        animation: ScreenRootAnimation?,
        completion: @escaping () -> Void
    ) {
        let before = window.children.map(\.label)
        replaceChildren(of: window, with: [root])
        record(.setRoot, animation: animation?.name, container: window,
               before: before, after: [root.label], duration: animation?.duration ?? 0)
        guard let animation else {
            return completion()
        }
        completeCustomAnimation(after: animation.duration, completion)
    }
}
