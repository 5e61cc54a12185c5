/// The world containers live in: what UIKit is to an app. It owns the virtual clock, the
/// log of transitions, and the operations that change the hierarchy (present, dismiss, set
/// a stack, select a tab, set a root), each with UIKit's rules and animation accounting.
///
/// Actions call these operations; nothing else changes the hierarchy.
public final class ScreenSimulation {
    /// The virtual clock animations and deferred completions run on.
    public let clock: ScreenClock
    /// How long UIKit's own animations take.
    public var timing: ScreenAnimationTiming

    // The fields every step reads or writes skip Swift's run-time exclusivity checks
    // (`@exclusivity(unchecked)`; 7 % of a route built and performed from Lua): no access
    // to one spans a call out of this type.
    /// Every transition so far, in order.
    @exclusivity(unchecked) public private(set) var transitions: [ScreenTransition] = []

    /// Called with each transition as it is recorded.
    public var onTransition: ((ScreenTransition) -> Void)?

    /// Where UIKit's console warnings go (`Attempt to present <C> on <B> (from <B>) whose
    /// view is not in the window hierarchy.`): nowhere by default; a script host prints them
    /// as the scenario's output, as Xcode's console shows them beside an app's prints.
    public var console: ((String) -> Void)?

    /// The first presentation made over a container while that container, or one
    /// presenting it, was being dismissed: UIKit lets it start, and it leaves with the
    /// dismissal (a screen the user never sees go). Explore's built-in check reads it
    /// (`app:census()`).
    public private(set) var presentationOverDismissal: String?

    /// How large the hierarchy may grow.
    public var limits: ScreenSimulationLimits

    /// What iOS answers the app, and what the app asked of it.
    public let system = ScreenSystem()

    /// The host's budget for the work navigations do: called with the steps of each piece
    /// of work (an action performed, a stack edit applied); an error it returns fails the
    /// navigation. A script host charges them to the script's limits, so that work done in
    /// Swift for a script is bounded like the script's own.
    @exclusivity(unchecked) public var workBudget: ((Int) -> Error?)?

    /// A world with no windows yet, on `clock`, with UIKit's `timing` and the default `limits`.
    public init(clock: ScreenClock = ScreenClock(), timing: ScreenAnimationTiming = ScreenAnimationTiming(),
                limits: ScreenSimulationLimits = ScreenSimulationLimits()) {
        self.clock = clock
        self.timing = timing
        self.limits = limits
        system.clock = clock
    }

    /// The application's windows, in the order they were made (UIKit's connected scenes).
    @exclusivity(unchecked) public private(set) var windows: [ScreenContainer] = []

    /// Makes a window with no root. A visible one becomes the key window, as a scene
    /// delegate leaves it after `makeKeyAndVisible()`; a hidden one shows nothing until a
    /// route makes it visible.
    public func makeWindow(visible: Bool = true) -> ScreenContainer {
        let window = ScreenContainer(kind: .window)
        window.isHidden = !visible
        windows.append(window)
        if visible {
            makeKey(window)
        }
        return window
    }

    /// The error for `container` when it is in another application's window (another
    /// simulation's; in Lua, another `nav.app`'s, with its own clock and log), which is not
    /// this application's to change; `nil` when it is this one's, or in no window.
    public func foreignError(_ container: ScreenContainer, for trigger: Any) -> ScreenFailure? {
        guard let window = container.attachedWindow, !windows.contains(where: { $0 === window }) else { return nil }
        return ScreenFailure("The container \(container) is in another application's window for:\n  \(trigger)")
    }

    /// Makes `window` the key window; the others stop being key.
    func makeKey(_ window: ScreenContainer) {
        for other in windows {
            other.isKey = false
        }
        window.isKey = true
    }

    /// Forgets the recorded transitions (the hierarchy is kept).
    public func clearTransitions() {
        transitions.removeAll()
        presentationOverDismissal = nil
    }

    /// Sets a settled clock back to 0, and with it the ends of the animations that ran in its
    /// windows (all past): a hierarchy built as it stands starts there.
    func rewindClock() {
        precondition(clock.isIdle, "only a settled clock is set back")
        var pending = windows
        while let container = pending.popLast() {
            container.animationEnd = 0
            container.presentationEnd = 0
            container.incomingTabEnd = 0
            container.outgoingTopEnd = nil
            pending += container.children
            if let presented = container.presentedContainer { pending.append(presented) }
        }
        clock.start(at: 0)
    }

    /// Notes a presentation of `container` on `context` when the context or a container
    /// presenting it is being dismissed.
    func notePresentationOverDismissal(of container: ScreenContainer, on context: ScreenContainer) {
        var current: ScreenContainer? = context
        while let presenter = current {
            if presenter.presentationPhase == .dismissing {
                if presentationOverDismissal == nil {
                    presentationOverDismissal = "\(container.label) was presented on \(context.label) while \(presenter.label) was being dismissed"
                }
                return
            }
            current = presenter.presentingContainer
        }
    }

    func record(
        _ kind: ScreenTransition.Kind,
        animation: String?,
        container: ScreenContainer,
        before: [String],
        after: [String],
        duration: Double
    ) {
        record(kind, animation: animation, container: container, before: ScreenLabelChain.extending(nil, with: before),
               after: ScreenLabelChain.extending(nil, with: after), duration: duration)
    }

    func record(
        _ kind: ScreenTransition.Kind,
        animation: String?,
        container: ScreenContainer,
        before: ScreenLabelChain?,
        after: ScreenLabelChain?,
        duration: Double
    ) {
        let transition = ScreenTransition(
            kind: kind,
            animated: animation != nil,
            animation: animation,
            container: container,
            beforeChain: before,
            afterChain: after,
            time: clock.now,
            duration: duration
        )
        transitions.append(transition)
        onTransition?(transition)
    }

    /// Runs `completion` once a UIKit transition of `duration` on `container` ends (a
    /// presentation, a dismissal, a stack's default push or pop). These transitions run one
    /// after another on a container, as UIKit's transition coordinator queues them; a zero
    /// duration completes on the next turn of the run loop.
    /// Returns when it ends.
    @discardableResult
    func complete(after duration: Double, on container: ScreenContainer, _ completion: @escaping () -> Void) -> Double {
        let start = max(clock.now, container.animationEnd)
        let end = ScreenClock.time(duration, after: start)
        if duration > 0 {
            container.animationEnd = end
        }
        clock.schedule(after: end - clock.now, completion)
        return end
    }

    /// Runs `completion` once a custom animation of `duration` ends: Nivelir's custom stack,
    /// tab and root animations are `UIView.transition`s, which start at once, beside any
    /// transition the container's coordinator is running, and hold up none.
    func completeCustomAnimation(after duration: Double, _ completion: @escaping () -> Void) {
        clock.schedule(after: duration, completion)
    }

    /// Sets the children of a container being built, as a screen's build step does: the
    /// screens of a stack, the tabs of a tab bar, or the children of a custom container
    /// (UIKit's `addChild`). Records no transition. Throws when a child is already in a
    /// hierarchy; the error names `trigger`, what the script called.
    ///
    ///     try navigator.simulation.adopt([feed, profile], into: tabs, for: "setChildren")
    ///     -- Lua, in a screen's build function: tabs:setChildren { Feed(), Profile() }
    public func adopt(_ children: [ScreenContainer], into container: ScreenContainer, for trigger: Any = "adopt") throws {
        if let error = foreignError(container, for: trigger) { throw error }
        try checkCount(of: children, in: container, for: trigger)
        for child in children where child.parent !== container {
            if let error = placementError(child, in: container, for: trigger) ?? stackChildError(child, in: container, for: trigger) {
                throw error
            }
        }
        if container.kind == .tabs {
            setTabs(container, to: children)
        } else {
            replaceChildren(of: container, with: children)
        }
    }

    /// Attaches `children` to `container`, detaching those it no longer has; a child that
    /// comes from another container is taken out of it first (`takeOut`).
    /// `common`: how many screens from the bottom the two lists share, when the caller knows.
    func replaceChildren(of container: ScreenContainer, with children: [ScreenContainer], common known: Int? = nil) {
        // What the lists share from the bottom stays as it is: a push or a pop changes the
        // top alone, which a deep stack must not pay for by hashing every screen.
        let old = container.children
        let common = known ?? old.sharedPrefixCount(with: children, by: ===)
        container.stackLabelsAreCurrent = false
        let kept = Set(children[common...].map(ObjectIdentifier.init))
        for child in old[common...] where !kept.contains(ObjectIdentifier(child)) {
            child.parent = nil
        }
        for child in children[common...] where child.parent !== container {
            takeOut(child)
        }
        for child in children[common...] {
            child.parent = container
        }
        container.children = children
    }

    /// Takes `container` out of the tree it is in, as UIKit's `addChild` takes a child from
    /// its old parent, once an action has checked that it may go elsewhere
    /// (`placementError`: only a tree no window shows gives one up). A tab bar that loses a
    /// tab selects as UIKit does when its tabs change.
    func takeOut(_ container: ScreenContainer) {
        Self.stopTakingOut(container)
        container.placements &+= 1
        if let parent = container.parent {
            let rest = parent.children.filter { $0 !== container }
            if parent.kind == .tabs {
                setTabs(parent, to: rest)
            } else {
                replaceChildren(of: parent, with: rest)
            }
        } else if let presenter = container.presentingContainer {
            Self.takeApart([presenter, container])
        }
    }
}
