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
        // The old root goes with what it presents (nivelir.md: setRoot drops the old tree,
        // its modals included), so that putting it back later shows it alone. A chain still
        // animating in or out is left to its transition, as UIKit's runs on: it comes apart
        // when that ends (`present`, `dismiss`), and until then it cannot be shown elsewhere.
        for old in window.children where old !== root {
            guard let presented = old.presentedContainer else { continue }
            let chain = [old] + Self.presentationChain(from: presented)
            if chain.dropFirst().allSatisfy({ $0.presentationPhase == .presented }) {
                Self.takeApart(chain)
            }
        }
        replaceChildren(of: window, with: [root])
        record(.setRoot, animation: animation?.name, container: window,
               before: before, after: [root.label], duration: animation?.duration ?? 0)
        guard let animation else {
            return completion()
        }
        completeCustomAnimation(after: animation.duration, completion)
    }
}
