/// Tab changes with UIKit's rules.
extension ScreenSimulation {
    /// Sets the tabs (UIKit's `viewControllers`), selecting as UIKit documents: the selected
    /// tab again if it is kept, else the tab at the selected index if there is one, else the
    /// first tab, or none when there are no tabs.
    func setTabs(_ tabs: ScreenContainer, to newTabs: [ScreenContainer]) {
        let selected = tabs.selectedChild
        let selectedIndex = tabs.selectedIndex
        replaceChildren(of: tabs, with: newTabs)
        if let selected, let index = newTabs.firstIndex(where: { $0 === selected }) {
            tabs.selectedIndex = index
        } else if let selectedIndex, newTabs.indices.contains(selectedIndex) {
            tabs.selectedIndex = selectedIndex
        } else {
            tabs.selectedIndex = newTabs.isEmpty ? nil : 0
        }
    }

    /// Selects the tab at `index`, running a custom animation if one is given, a tab was
    /// selected before and the new one differs. As Nivelir's `selectTab`, an animated
    /// selection sets `selectedIndex` only when the animation ends (the transition is
    /// recorded when it starts), while the new tab is the one in the window from the start
    /// (`incomingTab`); the completion comes on a later turn of the run loop, as Nivelir hops
    /// to the main queue.
    func selectTab(
        _ tabs: ScreenContainer,
        at index: Int,
        animation: ScreenTabAnimation?,
        completion: @escaping () -> Void
    ) {
        let previous = tabs.selectedIndex
        let newTab = tabs.children[index]
        let animation = previous != nil && tabs.selectedChild !== newTab ? animation : nil
        // Nivelir's custom animation is a `UIView.transition`, which UIKit ends on the run
        // loop's next turn for a view not in a window that shows (tabs under a full-screen
        // presentation, in an unselected tab, in a hidden window).
        let duration = tabs.isInWindow ? animation?.duration ?? 0 : 0
        if previous != index {
            let before = previous.map { ["\($0 + 1): \(tabs.children[$0].label)"] } ?? []
            record(.selectTab, animation: animation?.name, container: tabs,
                   before: before, after: ["\(index + 1): \(newTab.label)"],
                   duration: duration)
        }
        guard animation != nil else {
            // Shown at once, whatever an animation was bringing in. The selected tab again
            // changes nothing in UIKit: a tab an animation brought in stays in the window.
            if previous != index {
                tabs.selectedIndex = index
                tabs.incomingTab = nil
            }
            // Nivelir completes on the next main-queue turn, whatever else animates.
            return clock.schedule(after: 0, completion)
        }
        // The tabs and the new tab are held until then, as UIKit's animation holds its views,
        // and so is the clock, which holds this work until it runs or the application goes
        // (a weak capture of any of them, the simulation included, would give it a side
        // table that every later retain and release goes through; see `ScreenContainer.parent`).
        // `UIView.transition(from:to:)` puts the new tab's view where the selected tab's is;
        // while another animation has taken that one out, the new view goes nowhere, and the
        // tab shows only once its completion selects it.
        let bringsIn = tabs.shownTab === tabs.selectedChild ? newTab : nil
        if let bringsIn {
            tabs.incomingTab = bringsIn
        }
        finishSelection(of: tabs, at: index, bringingIn: bringsIn, after: duration, completion)
    }

    /// Ends the custom animation bringing in the tab at `index` of `tabs` after `duration`: it
    /// is selected then, and `completion`, if any, runs on the next turn of the run loop. A
    /// restored application ends the one its snapshot caught under way.
    func finishSelection(of tabs: ScreenContainer, at index: Int, bringingIn newTab: ScreenContainer?, after duration: Double,
                         _ completion: (() -> Void)? = nil) {
        if newTab != nil {
            tabs.incomingTabEnd = ScreenClock.time(duration, after: clock.now)
        }
        completeCustomAnimation(after: duration) { [clock, tabs, newTab] in
            if let newTab, tabs.incomingTab === newTab {
                tabs.incomingTab = nil
            }
            // Nivelir's completion sets the index it worked out before the animation, whatever
            // the tabs became meanwhile (UIKit ignores one past the end).
            if tabs.children.indices.contains(index) {
                tabs.selectedIndex = index
            }
            if let completion {
                clock.schedule(after: 0, completion)
            }
        }
    }
}
