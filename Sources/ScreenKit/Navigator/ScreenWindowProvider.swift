/// Gives a navigator its window (Nivelir's `ScreenWindowProvider`).
public protocol ScreenWindowProvider: AnyObject {
    var window: ScreenContainer? { get }
}

/// A given window, held weakly as Nivelir's `ScreenCustomWindowProvider` holds it: when
/// the window is gone, navigation fails with "No container of UIWindow type found".
public final class ScreenCustomWindowProvider: ScreenWindowProvider {
    /// The window's anchor, not the window: a weakly referenced object keeps its counts in
    /// a side table, which every retain and release of it then goes through, and the
    /// window is retained and released at every step of a walk.
    private weak var anchor: ScreenContainer.Anchor?

    /// A provider of `window`, held weakly.
    public init(window: ScreenContainer?) {
        anchor = window?.anchor
    }

    /// The window given, or nil once it is gone.
    public var window: ScreenContainer? { anchor?.container }
}

/// The key window of the simulation's windows (Nivelir's `ScreenKeyWindowProvider`, which
/// takes the first key window of the connected scenes).
public final class ScreenKeyWindowProvider: ScreenWindowProvider {
    /// The simulation whose windows the provider looks through.
    public let simulation: ScreenSimulation

    /// A provider of the key window of `simulation`.
    public init(simulation: ScreenSimulation) {
        self.simulation = simulation
    }

    /// The first of the simulation's windows that is key, or nil.
    public var window: ScreenContainer? {
        simulation.windows.first { $0.isKey }
    }
}
