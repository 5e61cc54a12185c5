/// Stack changes with UIKit's rules: `popViewController`, `pushViewController` and
/// `setViewControllers`, chosen the way Nivelir's `ScreenSetStackAction` chooses them.
extension ScreenSimulation {
    /// Sets `stack`'s screens to `newStack` with one transition, and calls `completion`
    /// when it ends. Completes at once when nothing animates.
    ///
    /// - `newStack` equal to the stack: nothing happens.
    /// - The top removed: a pop. On a root-only stack UIKit ignores the pop, so nothing
    ///   changes (Nivelir's quirk: `pop()` on `[A]` succeeds and does nothing).
    /// - One screen added on top: a push. Anything else: `setViewControllers`.
    /// - Animated only when there is an animation and the stack was not empty; a custom
    ///   animation runs its own transition over an unanimated UIKit change. A default
    ///   `setViewControllers` that keeps the top takes no time (UIKit performs no transition),
    ///   nor does any animated edit of a stack whose view is not in a window that shows.
    /// `common`: how many screens from the bottom the new stack shares with the old, which
    /// the action counted; every test of the two lists here is made of it, so that a push
    /// onto a stack thousands deep compares its screens once.
    func setStack(
        _ stack: ScreenContainer,
        to newStack: [ScreenContainer],
        common known: Int? = nil,
        animation: ScreenStackAnimation?,
        completion: @escaping () -> Void
    ) {
        let oldStack = stack.children
        let common = known ?? oldStack.sharedPrefixCount(with: newStack, by: ===)
        guard common < oldStack.count || common < newStack.count else {
            return completion()
        }
        let animation = oldStack.isEmpty ? nil : animation
        let isPop = newStack.count == oldStack.count - 1 && common == newStack.count
        let isPush = newStack.count == oldStack.count + 1 && common == oldStack.count

        if isPop && oldStack.count == 1 {
            // UIKit keeps the root; only the animation's completion runs.
            guard let animation else { return completion() }
            guard !animation.isDefault, stack.isInWindow else { return clock.schedule(after: 0, completion) }
            return completeCustomAnimation(after: duration(of: animation), completion)
        }

        let before = stack.labelChain(of: oldStack, known: stack.stackLabelsAreCurrent ? oldStack.count : 0)
        replaceChildren(of: stack, with: newStack, common: common)
        let kind: ScreenTransition.Kind = isPop ? .pop : isPush ? .push : .setStack
        // UIKit performs no transition when the top stays ("If the last item is the topmost
        // item, no transition is performed"), nor for a stack whose view is not in a window
        // that shows (an unselected tab, under a full-screen presentation): Nivelir's default
        // animation, with no transition coordinator, completes on the run loop's next turn,
        // and so does a custom one, a `UIView.transition` of a view in no window. The edit is
        // still recorded as the animated one Nivelir asks for (nivelir.md §9.7), taking no time.
        let transitions = stack.isInWindow && !(animation?.isDefault == true && !isPop && !isPush && newStack.last === oldStack.last)
        let duration = transitions ? animation.map(duration(of:)) ?? 0 : 0
        record(kind, animation: animation?.name, container: stack,
               before: before, after: stack.labelChain(of: newStack, known: common), duration: duration)
        stack.stackLabelsAreCurrent = true
        guard animation != nil else {
            return completion()
        }
        guard transitions else { return clock.schedule(after: 0, completion) }
        if animation?.isDefault == true {
            // UIKit's transition keeps the old top's view in the window until it ends, and
            // takes it out before its completion runs.
            guard let old = oldStack.last, old !== newStack.last else {
                complete(after: duration, on: stack, completion)
                return
            }
            let start = max(clock.now, stack.animationEnd)
            let end = complete(after: duration, on: stack) {
                Self.endTakingOut(old, from: stack)
                completion()
            }
            let placements = old.placements
            let begin = {
                // Unless it went elsewhere meanwhile (placed, or the stack's top again).
                let popped = old.parent == nil && old.presentingContainer == nil
                guard old.placements == placements, popped || old.parent === stack && stack.children.last !== old else { return }
                Self.beginTakingOut(old, from: stack, until: end)
            }
            // One old top is shown at a time: one queued behind another stack transition waits
            // for it; one queued behind anything else (a presentation) stays from the call.
            if start > clock.now && stack.outgoingTop != nil {
                clock.schedule(after: start - clock.now, begin)
            } else {
                begin()
            }
        } else {
            completeCustomAnimation(after: duration, completion)
        }
    }

    /// Keeps `old`, the top a transition of `stack` replaces, in the window while the
    /// transition runs (`outgoingTop`), until `endTakingOut`.
    static func beginTakingOut(_ old: ScreenContainer, from stack: ScreenContainer, until end: Double) {
        if let previous = stack.outgoingTop, previous.leavingStack === stack {
            previous.leavingStack = nil
        }
        stack.outgoingTop = old
        stack.outgoingTopEnd = end
        if old.parent !== stack {
            old.leavingStack = stack
        }
    }

    /// The transition that took `old` out of `stack` ended (unless a later one took its place).
    static func endTakingOut(_ old: ScreenContainer, from stack: ScreenContainer) {
        guard stack.outgoingTop === old else { return }
        stack.outgoingTop = nil
        stack.outgoingTopEnd = nil
        if old.leavingStack === stack {
            old.leavingStack = nil
        }
    }

    /// `container` is placed elsewhere: whatever transition was taking it out of a stack's
    /// window no longer shows it (UIKit moved its view).
    static func stopTakingOut(_ container: ScreenContainer) {
        if let stack = container.leavingStack {
            endTakingOut(container, from: stack)
        }
        if let stack = container.parent, stack.outgoingTop === container {
            endTakingOut(container, from: stack)
        }
    }

    private func duration(of animation: ScreenStackAnimation) -> Double {
        switch animation {
        case .default: return timing.stack
        case let .custom(custom): return custom.duration
        }
    }
}
