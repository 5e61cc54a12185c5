/// Gives a navigator its window (Nivelir's `ScreenWindowProvider`).
public protocol ScreenWindowProvider: AnyObject {
    var window: ScreenContainer? { get }
}

/// A given window, held weakly as Nivelir's `ScreenCustomWindowProvider` holds it: when
/// the window is gone, navigation fails with "No container of UIWindow type found".
public final class ScreenCustomWindowProvider: ScreenWindowProvider {
    public private(set) weak var window: ScreenContainer?

    public init(window: ScreenContainer?) {
        self.window = window
    }
}
