/// UIKit's `UIModalPresentationStyle`, spelled as its cases.
///
/// The style decides whether the presenter stays in the window under the presented
/// container, which is what `top(...)` sees: after a `fullScreen` or `currentContext`
/// presentation completes, the presenter's view leaves the window; every other style keeps
/// it. `automatic`, the default, resolves to `pageSheet` as on iOS 13 and later.
public enum ScreenModalPresentationStyle: String, Sendable, CaseIterable {
    case automatic
    case fullScreen
    case pageSheet
    case formSheet
    case currentContext
    case custom
    case overFullScreen
    case overCurrentContext
    case popover
    case none

    /// The style recorded on a container by `withModalPresentationStyle`, or `automatic`.
    public init(attributeOf container: ScreenContainer) {
        let name = container.attributes[ScreenAttribute.modalPresentationStyle]?.stringValue
        self = name.flatMap(Self.init(rawValue:)) ?? .automatic
    }

    /// Whether a completed presentation in this style removes the presenter from the window.
    public var removesPresenter: Bool {
        self == .fullScreen || self == .currentContext
    }
}

/// UIKit's `UIModalTransitionStyle`, spelled as its cases.
public enum ScreenModalTransitionStyle: String, Sendable, CaseIterable {
    case coverVertical
    case flipHorizontal
    case crossDissolve
    case partialCurl
}

/// The names under which decorators record what they set, as UIKit's properties are named.
public enum ScreenAttribute {
    /// `modalPresentationStyle`: a `ScreenModalPresentationStyle` case's name.
    public static let modalPresentationStyle = "modalPresentationStyle"
    /// `modalTransitionStyle`: a `ScreenModalTransitionStyle` case's name.
    public static let modalTransitionStyle = "modalTransitionStyle"
    /// `transitioningDelegate`: the custom delegate's name.
    public static let transitioningDelegate = "transitioningDelegate"
    /// `popoverAnchor`: where a popover points.
    public static let popoverAnchor = "popoverAnchor"
    /// `leftBarButton`: `{title = ...}`.
    public static let leftBarButton = "leftBarButton"
    /// `rightBarButton`: `{title = ...}`.
    public static let rightBarButton = "rightBarButton"
    /// `tabBarItem`: the tab's title, image and badge.
    public static let tabBarItem = "tabBarItem"
    /// `bottomSheet`: the sheet's detents, selected detent and grabber.
    public static let bottomSheet = "bottomSheet"
    /// The `transitioningDelegate` of a bottom sheet (Nivelir's `BottomSheetController`).
    public static let bottomSheetController = "BottomSheetController"
}
