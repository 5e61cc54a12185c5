/// Waits in virtual time (Nivelir's `ScreenWaitAction`, which waits on the main queue).
///
///     route.wait(for: 0.75)   -- Lua: route:wait(0.75)
///
/// As `DispatchQueue.main.asyncAfter(deadline: .now() + duration)`: a duration in the past
/// fires on the next turn, and one that Dispatch cannot count in nanoseconds (`.infinity`,
/// `.nan`, or about 292 years and more) is its distant future, so the wait never ends and
/// the navigation never completes.
public struct ScreenWaitAction: ScreenAction {
    /// The kind of container it is performed on.
    public let containerKind: ScreenContainerKind
    /// How long it waits, in seconds of virtual time.
    public let duration: Double

    /// A wait of `duration` seconds on a container of `containerKind`.
    public init(duration: Double, on containerKind: ScreenContainerKind) {
        self.duration = duration
        self.containerKind = containerKind
    }

    /// The action as Swift prints Nivelir's: `ScreenWaitAction<UIViewController>(duration: 0.75)`.
    public var description: String { describeAction("ScreenWaitAction", [containerKind], ["duration": duration]) }

    /// Whether Dispatch takes the deadline for its distant future: `DispatchTime + Double`
    /// clamps the nanoseconds to `Int64.max` (NaN included), which is `DISPATCH_TIME_FOREVER`.
    public var waitsForever: Bool {
        duration.isNaN || duration * 1_000_000_000 >= Double(Int64.max)
    }

    /// Logs the wait, then completes after `duration` in virtual time, or never when it waits forever.
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
    /// Appends a wait of `duration` seconds of virtual time, as the untyped `wait(for:)`.
    ///
    ///     route.wait(for: 0.75)   -- Lua: route:wait(0.75)
    public func wait(for duration: Double) -> Self {
        appending(ScreenWaitAction(duration: duration, on: Current.kind))
    }
}
