/// Waits in virtual time (Nivelir's `ScreenWaitAction`, which waits on the main queue).
///
///     route.wait(for: 0.75)   -- Lua: route:wait(0.75)
///
/// As `DispatchQueue.main.asyncAfter(deadline: .now() + duration)`: a duration in the past
/// fires on the next turn, and one that Dispatch cannot count in nanoseconds (`.infinity`,
/// `.nan`, or about 292 years and more) is its distant future, so the wait never ends and
/// the navigation never completes.
public struct ScreenWaitAction: ScreenAction {
    public let containerKind: ScreenContainerKind
    public let duration: Double

    public init(duration: Double, on containerKind: ScreenContainerKind) {
        self.duration = duration
        self.containerKind = containerKind
    }

    public var description: String { describeAction("ScreenWaitAction", [containerKind], ["duration": duration]) }

    /// Whether Dispatch takes the deadline for its distant future: `DispatchTime + Double`
    /// clamps the nanoseconds to `Int64.max` (NaN included), which is `DISPATCH_TIME_FOREVER`.
    public var waitsForever: Bool {
        duration.isNaN || duration * 1_000_000_000 >= Double(Int64.max)
    }

    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Waiting for \(duration) seconds")
        guard !waitsForever else {
            navigator.waitingAction = self   // the never-completed error names it
            return
        }
        navigator.simulation.clock.schedule(after: max(0, duration)) { completion(.success(nil)) }
    }
}

extension AnyScreenRoute {
    /// A negative duration completes on the next turn, and one of ~292 years or more (or
    /// NaN) never does, as in Nivelir.
    public func wait(for duration: Double) -> AnyScreenRoute {
        then(ScreenWaitAction(duration: duration, on: currentKind))
    }
}

extension ScreenRoute {
    public func wait(for duration: Double) -> Self {
        appending(ScreenWaitAction(duration: duration, on: Current.kind))
    }
}
