/// How actions run one after another without growing the call stack.
///
/// An action completes through a callback, often at once, and the callback starts the next
/// action: run directly, a route of ten thousand steps, or a fallback of a fallback five
/// thousand deep, is a call stack ten thousand frames deep. Instead each action is a step of
/// the simulation's run loop: `perform` queues it, and the outermost call drains the queue,
/// one step at a time. A completion runs at once, as Nivelir calls it (code after a
/// script's `done()` sees the rest of the route done), in a frame of its own, up to 16
/// within one another; past them it is queued as a step (`ScreenClock.complete`). A step
/// that must wait for another navigation (a script that navigates from inside a callback)
/// drains its own queue, so nothing waits on a step below it.
extension ScreenNavigator {
    /// Performs `action` on `container` as a step of the run loop, charging it to the
    /// host's budget, and completes at once (`ScreenClock.complete`).
    ///
    ///     navigator.perform(action, on: container) { result in ... }
    public func perform(_ action: any ScreenAction, on container: ScreenContainer, completion: @escaping ScreenActionCompletion) {
        let simulation = simulation, clock = simulation.clock
        clock.step {
            do {
                try simulation.charge(steps: 1)
            } catch {
                return clock.step { completion(.failure(error)) }
            }
            action.perform(container: container, navigator: self) { result in
                clock.complete { completion(result) }
            }
        }
    }
}

/// The steps waiting to run, in frames: each entry into the simulation from outside (a
/// navigation started, a clock task run) opens a frame and runs its steps before it
/// returns; a step queued while a frame runs joins the innermost one. Nothing waits on a
/// frame below the running one, so a step that starts a navigation and waits for it (a
/// script navigating from a callback) never waits forever.
struct ScreenSteps {
    private var frames: [(steps: [() -> Void], next: Int)] = []

    /// Frames open, one within another.
    var depth: Int { frames.count }

    /// Whether `step` must run in a frame of its own (none is open); else it was queued.
    mutating func queue(_ step: @escaping () -> Void) -> Bool {
        guard !frames.isEmpty else { return false }
        frames[frames.count - 1].steps.append(step)
        return true
    }

    mutating func open() {
        frames.append(([], 0))
    }

    /// The innermost frame's next step, or nil when it has run them all (the frame is then
    /// closed).
    mutating func next() -> (() -> Void)? {
        let index = frames.count - 1
        guard frames[index].next < frames[index].steps.count else {
            frames.removeLast()
            return nil
        }
        let step = frames[index].steps[frames[index].next]
        frames[index].next += 1
        if frames[index].next == frames[index].steps.count {
            frames[index] = ([], 0)    // drained: drop what ran, keep the frame open
        }
        return step
    }
}
