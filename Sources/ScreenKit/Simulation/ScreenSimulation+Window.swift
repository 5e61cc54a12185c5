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
        let before = window.children.map(\.label), old = window.children
        replaceChildren(of: window, with: [root])
        old.forEach(dropPresentations(ofLeft:))
        record(.setRoot, animation: animation?.name, container: window,
               before: before, after: [root.label], duration: animation?.duration ?? 0)
        guard let animation else {
            return completion()
        }
        completeCustomAnimation(after: animation.duration, completion)
    }

    /// An old root goes with what it presents (nivelir.md: setRoot drops the old tree, its
    /// modals included), so that putting it back later shows it alone. A chain still
    /// animating in or out is left to its transition, as UIKit's runs on, and called again
    /// when that ends (`present`, `dismiss`): until then it cannot be shown elsewhere.
    /// `container` is any of the chain; nothing happens while its tree is in a window.
    func dropPresentations(ofLeft container: ScreenContainer) {
        var root = container
        while let presenter = root.presentingContainer { root = presenter }
        guard root.parent == nil, root.kind != .window, let first = root.presentedContainer else { return }
        let chain = [root] + Self.presentationChain(from: first)
        if chain.dropFirst().allSatisfy({ $0.presentationPhase == .presented }) {
            Self.takeApart(chain)
        }
    }
}
