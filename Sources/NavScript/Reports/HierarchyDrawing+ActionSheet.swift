import ScreenKit

extension HierarchyDrawing {
    /// An alert's action as drawn: its title and its style ("cancel", "destructive", "").
    typealias AlertRow = (title: String, style: String)

    /// An action sheet, as UIKit shows one. On a phone: at the bottom of the dimmed
    /// presenter, its title, message and actions in one box and Cancel in a box of its own
    /// below. On a pad, in a regular width: a popover pointing up at its anchor, over its
    /// presenter, which stays as it was, and without Cancel, since a tap outside cancels.
    static func actionSheet(_ node: ScenarioHierarchy, presenter: ScenarioHierarchy?, in screen: Rect, isPad: Bool, canvas: inout Canvas) {
        let texts = Array(node.systemText.filter { !$0.hasPrefix("[") }.prefix(2))
        var actions = alertActions(node)
        if isPad { actions.removeAll { $0.style == "cancel" } }
        let header = texts.isEmpty ? 0 : 12 + Double(texts.count) * 14
        canvas.rect(screen, fill: isPad ? "#f2f2f7" : "#d1d1d6", radius: 12)
        if let presenter { presenterLabel(presenter, in: screen, canvas: &canvas) }
        let box: Rect
        var cancelBox: Rect?
        if isPad {
            let rows = rows(of: actions, fitting: max(Int((screen.height * 0.6 - header) / 26), 1))
            box = Rect(x: screen.x + screen.width * 0.18, y: screen.y + 52, width: screen.width * 0.64, height: max(header + Double(rows.count) * 26, 26))
            pointer(of: box, at: node, canvas: &canvas)
            actions = rows
        } else {
            // Cancel's own box, 8 below the rest; the rest are cut to what fits above it.
            let cancel = actions.filter { $0.style == "cancel" }
            let bottom = screen.maxY - 10 - (cancel.isEmpty ? 0 : 34)
            let fitting = max(Int((bottom - screen.y - 40 - header) / 26), 1)
            actions = rows(of: actions.filter { $0.style != "cancel" }, fitting: fitting)
            let height = header + Double(actions.count) * 26
            box = Rect(x: screen.x + 8, y: bottom - height, width: screen.width - 16, height: height)
            if let first = cancel.first {
                let apart = Rect(x: box.x, y: screen.maxY - 10 - 26, width: box.width, height: 26)
                canvas.rect(apart, fill: "#ffffff", radius: 10)
                draw(first, x: apart.midX, y: apart.y + 17, width: apart.width - 12, canvas: &canvas)
                cancelBox = apart
            }
        }
        if box.height > 0 { canvas.rect(box, fill: "#ffffff", radius: 10) }
        for (index, text) in texts.enumerated() {
            canvas.text(fit(text, box.width - 12, size: 9), x: box.midX, y: box.y + 16 + Double(index) * 14, size: 9,
                        weight: index == 0 ? "600" : "400", color: "#8e8e93", anchor: "middle")
        }
        for (index, action) in actions.enumerated() {
            let y = box.y + header + Double(index) * 26
            if index > 0 || header > 0 { canvas.line(x1: box.x, y1: y, x2: box.maxX, y2: y, color: "#d1d1d6") }
            draw(action, x: box.midX, y: y + 17, width: box.width - 12, canvas: &canvas)
        }
        if node.isTop {
            let top = box.height > 0 ? box.y : cancelBox?.y ?? box.y
            outlineTop(Rect(x: box.x, y: top, width: box.width, height: (cancelBox?.maxY ?? box.maxY) - top), canvas: &canvas)
        }
    }
}
