/// A hierarchy as plain data, for comparisons in tests and for Lua's `app:snapshot()`.
public struct ScreenSnapshot: Equatable {
    public let kind: ScreenContainerKind
    public let key: ScreenKey?
    public let attributes: [String: ScreenValue]
    public let isVisible: Bool
    public let isTop: Bool
    /// For tabs, the selected tab's index (0-based in Swift).
    public let selectedIndex: Int?
    /// Where a presentation stands, for a presented container.
    public let presentationPhase: ScreenPresentationPhase?
    public let children: [ScreenSnapshot]
    public let presented: [ScreenSnapshot]

    /// The snapshot of `container` and everything it contains and presents.
    public init(_ container: ScreenContainer, top: ScreenContainer? = nil) {
        kind = container.kind
        key = container.key
        attributes = container.attributes
        isVisible = container.isVisible
        isTop = container === top
        selectedIndex = container.kind == .tabs ? container.selectedIndex : nil
        presentationPhase = container.presentationPhase
        children = container.children.map { ScreenSnapshot($0, top: top) }
        presented = container.presentedContainer.map { [ScreenSnapshot($0, top: top)] } ?? []
    }
}
