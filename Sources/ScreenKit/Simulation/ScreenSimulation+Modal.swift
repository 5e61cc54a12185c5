/// Presentation and dismissal with UIKit's rules.
extension ScreenSimulation {
    /// Presents `container` from `presenter`, attached to the presenter's presentation
    /// context. Refused (returns false, never completes), as UIKit refuses with a console
    /// warning, when the presenter or an ancestor already presents something — including a
    /// presentation still being dismissed —, when the context's own presentation is still
    /// animating in or out ("while a presentation is in progress"), or when the presenter
    /// is not in a window, or in one never shown (or is a screen popped whose pop still
    /// animates, on its way out). `completion` is told whether the presenter still has `container`
    /// presented when the transition ends (Nivelir's check in UIKit's completion: a presenter
    /// popped meanwhile no longer reaches it).
    func present(
        _ container: ScreenContainer,
        from presenter: ScreenContainer,
        animated: Bool,
        completion: @escaping (_ stillPresented: Bool) -> Void
    ) -> Bool {
        let context = presenter.presentationContext
        guard context.presentedContainer == nil, context.shownWindow != nil, context.stackLeft == nil,
              context.presentationPhase == nil || context.presentationPhase == .presented else {
            return false
        }
        notePresentationOverDismissal(of: container, on: context)
        takeOut(container)
        context.presentedContainer = container
        container.presentingContainer = context
        container.presentationPhase = .presenting
        let duration = animated ? modalDuration(of: container) : 0
        record(.present, animation: animated ? "default" : nil, container: context,
               before: [], after: [container.label], duration: duration)
        container.presentationEnd = complete(after: duration, on: context) {
            let stillPresented = presenter.presented === container
            if container.presentationPhase == .presenting {
                container.presentationPhase = .presented
                self.dropPresentations(ofLeft: context)   // a root setRoot replaced meanwhile
            }
            completion(stillPresented)
        }
        return true
    }

    /// How long presenting or dismissing `container` takes when animated: a bottom sheet's
    /// animators are its transitioning delegate's (whatever the style), so another delegate
    /// set after `withBottomSheet` takes the modal timing.
    private func modalDuration(of container: ScreenContainer) -> Double {
        container.attributes[ScreenAttribute.transitioningDelegate] == .string(ScreenAttribute.bottomSheetController) ? timing.bottomSheet : timing.modal
    }

    /// Why `present(_:from:...)` refused, as Nivelir's "already presenting" error, with
    /// UIKit's warning on the console: what the context presents already, its own
    /// presentation still animating in or out, or a presenter out of the window.
    func presentationRefusal(of container: ScreenContainer, from presenter: ScreenContainer, for trigger: any ScreenAction) -> Error {
        warnRefusedPresentation(of: container, from: presenter)
        return ScreenContainerAlreadyPresentingError(container: presenter, for: trigger)
    }

    /// UIKit's console warning for a presentation it refused.
    func warnRefusedPresentation(of container: ScreenContainer, from presenter: ScreenContainer) {
        let context = presenter.presentationContext
        let attempt = "Attempt to present \(container) on \(context) (from \(presenter))"
        if let presented = context.presentedContainer {
            console?("\(attempt) which is already presenting \(presented).")
        } else if let phase = context.presentationPhase, phase != .presented {
            console?("\(attempt) while a \(phase == .dismissing ? "dismissal" : "presentation") is in progress.")
        } else if context.shownWindow == nil {
            console?("\(attempt) whose view is not in the window hierarchy.")
        } else if context.stackLeft != nil {
            console?("\(attempt) whose view is not in the window hierarchy (popped, its pop still animating).")
        }
    }

    /// When an animation a snapshot caught under way ends: its `end` on the clock, or `now`
    /// when that has passed, is not known or is not finite, and at most the clock's longest
    /// delay ahead (what the clock can wait for; restore then says the end it would have).
    static func end(_ end: Double?, from now: Double) -> Double {
        min(max(now, end.flatMap { $0.isFinite ? $0 : nil } ?? now), ScreenClock.time(ScreenClock.longest, after: now))
    }

    /// Ends a presentation or a dismissal a restored snapshot caught under way, at `end` on
    /// the clock (on the next turn of the run loop when that has passed or is not known), as
    /// the transition's own completion would have. A dismissal takes apart the chain it had
    /// when the snapshot was made (called once the whole hierarchy is restored), as a live
    /// one takes the chain it had when it started, not what was presented on it since.
    func finish(_ presented: ScreenContainer, from presenter: ScreenContainer, at end: Double?) {
        let end = Self.end(end, from: clock.now)
        presenter.animationEnd = max(presenter.animationEnd, end)
        presented.presentationEnd = end
        let chain = presented.presentationPhase == .dismissing ? Self.presentationChain(from: presented) : []
        clock.schedule(after: end - clock.now) { [self, presented, presenter] in
            switch presented.presentationPhase {
            case .presenting?:
                presented.presentationPhase = .presented
            case .dismissing?:
                if presenter.presentedContainer === presented {
                    presenter.presentedContainer = nil
                    presented.presentingContainer = nil
                }
                Self.takeApart(chain)
                dropPresentations(ofLeft: presenter)
            default:
                break
            }
        }
    }

    /// Dismisses what `container` or its nearest presenting ancestor presents, with the
    /// whole chain above it. While that presentation is still animating in or out, UIKit
    /// refuses, with its warning, and never calls the completion: false then (a system
    /// screen's answer, which a user gives once it is on screen, waits for it instead).
    @discardableResult
    func dismiss(from container: ScreenContainer, animated: Bool, refusingInTransition: Bool = true, completion: @escaping () -> Void) -> Bool {
        guard let presented = container.presented, let presenter = presented.presentingContainer else {
            clock.schedule(completion)
            return true
        }
        if refusingInTransition, let phase = presented.presentationPhase, phase != .presented {
            console?("Attempt to dismiss from view controller \(presenter) while a presentation or dismiss is in progress!")
            return false
        }
        if presented.presentationPhase == .dismissing {
            complete(after: 0, on: presenter, completion)
            return true
        }
        let chain = Self.presentationChain(from: presented)
        presented.presentationPhase = .dismissing
        // UIKit animates the topmost of a dismissed chain; the rest go with it.
        let duration = animated ? modalDuration(of: chain.last ?? presented) : 0
        record(.dismiss, animation: animated ? "default" : nil, container: presenter,
               before: chain.map(\.label), after: [], duration: duration)
        presented.presentationEnd = complete(after: duration, on: presenter) {
            if presenter.presentedContainer === presented {
                presenter.presentedContainer = nil
                presented.presentingContainer = nil
            }
            Self.takeApart(chain)
            self.dropPresentations(ofLeft: presenter)   // a root setRoot replaced meanwhile
            completion()
        }
        return true
    }

    /// `presented` and what it presents, and so on up.
    static func presentationChain(from presented: ScreenContainer) -> [ScreenContainer] {
        var chain: [ScreenContainer] = []
        var current: ScreenContainer? = presented
        while let next = current {
            chain.append(next)
            current = next.presentedContainer
        }
        return chain
    }

    /// A dismissed chain comes apart as UIKit's does: each of it presents nothing any more,
    /// and is in no phase of a presentation.
    static func takeApart(_ chain: [ScreenContainer]) {
        for (lower, upper) in zip(chain, chain.dropFirst()) where lower.presentedContainer === upper {
            lower.presentedContainer = nil
            upper.presentingContainer = nil
        }
        for container in chain {
            container.presentationPhase = nil
        }
    }
}
