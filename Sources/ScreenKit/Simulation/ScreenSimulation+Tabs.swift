/// Tab changes with UIKit's rules.
extension ScreenSimulation {
    /// Sets the tabs (UIKit's `viewControllers`). The selected tab stays selected when it
    /// is kept; otherwise the first tab is selected, or none when there are no tabs.
    func setTabs(_ tabs: ScreenContainer, to newTabs: [ScreenContainer]) {
        let selected = tabs.selectedChild
        replaceChildren(of: tabs, with: newTabs)
        if let selected, let index = newTabs.firstIndex(where: { $0 === selected }) {
            tabs.selectedIndex = index
        } else {
            tabs.selectedIndex = newTabs.isEmpty ? nil : 0
        }
    }

    /// Selects the tab at `index`, running a custom animation if one is given, a tab was
    /// selected before and the new one differs. Completes on a later turn of the run loop,
    /// as Nivelir's `selectTab` hops to the main queue.
    func selectTab(
        _ tabs: ScreenContainer,
        at index: Int,
        animation: ScreenTabAnimation?,
        completion: @escaping () -> Void
    ) {
        let previous = tabs.selectedIndex
        let newTab = tabs.children[index]
        let animation = previous != nil && tabs.selectedChild !== newTab ? animation : nil
        if previous != index {
            let before = previous.map { ["\($0 + 1): \(tabs.children[$0].label)"] } ?? []
            tabs.selectedIndex = index
            record(.selectTab, animation: animation?.name, container: tabs,
                   before: before, after: ["\(index + 1): \(newTab.label)"],
                   duration: animation?.duration ?? 0)
        }
        complete(after: animation?.duration ?? 0, on: tabs, completion)
    }
}
