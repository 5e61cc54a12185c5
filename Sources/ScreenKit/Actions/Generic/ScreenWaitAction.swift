/// Waits in virtual time (Nivelir's `ScreenWaitAction`, which waits on the main queue).
///
///     route.wait(for: 0.75)   -- Lua: route:wait(0.75)
public struct ScreenWaitAction: ScreenAction {
    public let containerKind: ScreenContainerKind
    public let duration: Double

    public init(duration: Double, on containerKind: ScreenContainerKind) {
        self.duration = duration
        self.containerKind = containerKind
    }

    public var description: String { describeAction("ScreenWaitAction", [containerKind], ["duration": duration]) }

    public func perform(container: ScreenContainer, navigator: ScreenNavigator, completion: @escaping ScreenActionCompletion) {
        navigator.logInfo("Waiting for \(duration) seconds")
        // A deadline in the past fires on the next turn, as DispatchQueue's asyncAfter does.
        navigator.simulation.clock.schedule(after: max(0, duration)) { completion(.success(nil)) }
    }
}

extension AnyScreenRoute {
    /// Throws for a duration that is not finite; a negative one completes on the next turn,
    /// as in Nivelir.
    public func wait(for duration: Double) throws(ScreenDSLError) -> AnyScreenRoute {
        guard duration.isFinite else {
            throw .invalidArgument(verb: "wait", message: "a finite number of seconds expected")
        }
        return then(ScreenWaitAction(duration: duration, on: currentKind))
    }
}

extension ScreenRoute {
    public func wait(for duration: Double) -> Self {
        appending(ScreenWaitAction(duration: duration, on: Current.kind))
    }
}
