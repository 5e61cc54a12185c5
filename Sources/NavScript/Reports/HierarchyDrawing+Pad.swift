import ScreenKit

extension HierarchyDrawing {
    /// A container presented on a pad, in a regular width, that does not cover the screen:
    /// a popover is a bubble pointing up at its anchor, over its presenter, which stays as it
    /// was; a form sheet a card in the middle, and a page sheet (and a sheet of any other
    /// style: `automatic` is one) a taller, wider card, over the presenter dimmed. On a phone
    /// each of them is a sheet (`draw(layer:)`), as UIKit adapts them in a compact width.
    static func padLayer(_ layer: ScenarioHierarchy, presenter: ScenarioHierarchy, style: String?, in screen: Rect, canvas: inout Canvas) {
        let isPopover = style == ScreenModalPresentationStyle.popover.rawValue
        canvas.rect(screen, fill: isPopover ? "#f2f2f7" : "#d1d1d6", radius: 12)
        presenterLabel(presenter, in: screen, canvas: &canvas)
        let card: Rect
        if isPopover {
            card = Rect(x: screen.x + screen.width * 0.18, y: screen.y + 52, width: screen.width * 0.64, height: screen.height * 0.5)
            pointer(of: card, at: layer, canvas: &canvas)
        } else {
            let isForm = style == ScreenModalPresentationStyle.formSheet.rawValue
            let width = screen.width * (isForm ? 0.72 : 0.88), height = isForm ? screen.height * 0.6 : screen.height - 52
            card = Rect(x: screen.midX - width / 2, y: screen.y + (isForm ? (screen.height - height) / 2 : 30), width: width, height: height)
        }
        canvas.add(##"<rect x="\##(n(card.x))" y="\##(n(card.y))" width="\##(n(card.width))" height="\##(n(card.height))" rx="10" fill="#ffffff" stroke="#c6c6c8" stroke-width="0.5"/>"##)
        node(layer, in: card, canvas: &canvas)
    }

    /// A popover's arrow up from the top of its `card`, and the anchor of `layer` above it.
    static func pointer(of card: Rect, at layer: ScenarioHierarchy, canvas: inout Canvas) {
        canvas.add(##"<path d="M\##(n(card.midX - 8)) \##(n(card.y)) l8 -9 l8 9 z" fill="#ffffff" stroke="#c6c6c8" stroke-width="0.5"/>"##)
        if let anchor = layer.attributes[ScreenAttribute.popoverAnchor].map(unquote) {
            canvas.text(fit("↑ " + anchor, card.width, size: 8), x: card.midX, y: card.y - 14, size: 8, color: "#007aff", anchor: "middle")
        }
    }

    /// What a presented layer is over, named at the top of its screen.
    static func presenterLabel(_ presenter: ScenarioHierarchy, in screen: Rect, canvas: inout Canvas) {
        canvas.text(fit(label(presenter), screen.width - 16, size: 9), x: screen.midX, y: screen.y + 14, size: 9, color: "#6e6e73", anchor: "middle")
    }
}
