import Foundation

/// An application's navigation state as data, the JSON form of Lua's `app:snapshot()`: the
/// hierarchy, the clock, and the deeplink the host holds until it can be resumed (Lua's
/// `app.pendingDeeplink`). A Swift host keeps it for iOS state restoration and restores it
/// exactly. What the system shows outside the hierarchy (a HUD) and what it answers are
/// not part of it.
///
///     let data = try JSONEncoder().encode(app.state(pendingDeeplink: held))
///     let state = try JSONDecoder().decode(ScreenApplicationState.self, from: data)
///     let copy = try ScreenApplication(restoring: state)   // and state.pendingDeeplink
///     -- Lua: nav.app { restore = app:snapshot() }
public struct ScreenApplicationState: Equatable, Codable, Sendable {
    /// The window's hierarchy.
    public var hierarchy: ScreenSnapshot
    /// Virtual time, in seconds.
    public var clock: Double
    /// The deeplink the host holds until it can be resumed (Lua's `app.pendingDeeplink`), if any.
    public var pendingDeeplink: String?

    /// A state of `hierarchy`, the clock at `clock` seconds, and the held deeplink, if any.
    public init(hierarchy: ScreenSnapshot, clock: Double, pendingDeeplink: String? = nil) {
        self.hierarchy = hierarchy
        self.clock = clock
        self.pendingDeeplink = pendingDeeplink
    }
}

extension ScreenApplication {
    /// The state to keep; `pendingDeeplink` is the link the host holds, if any.
    public func state(pendingDeeplink: String? = nil) -> ScreenApplicationState {
        ScreenApplicationState(hierarchy: snapshot(), clock: clock.now, pendingDeeplink: pendingDeeplink)
    }

    /// An application rebuilt from a kept state (the held deeplink stays with the host).
    public convenience init(restoring state: ScreenApplicationState, timing: ScreenAnimationTiming = ScreenAnimationTiming()) throws {
        try self.init(restoring: state.hierarchy, clock: state.clock, timing: timing)
    }
}
