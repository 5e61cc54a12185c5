/// What a drawing is drawn with: rectangles, and SVG text being written.
extension HierarchyDrawing {
    struct Rect {
        var x, y, width, height: Double
        var midX: Double { x + width / 2 }
        var midY: Double { y + height / 2 }
        var maxX: Double { x + width }
        var maxY: Double { y + height }

        func inset(_ amount: Double) -> Rect {
            Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
        }
    }

    /// SVG text being written.
    struct Canvas {
        private(set) var text = ""

        mutating func add(_ element: String) {
            text += element + "\n"
        }

        mutating func phone(_ frame: Rect) {
            add(##"<rect x="\##(n(frame.x))" y="\##(n(frame.y))" width="\##(n(frame.width))" height="\##(n(frame.height))" rx="18" fill="#1c1c1e"/>"##)
        }

        mutating func rect(_ area: Rect, fill: String, radius: Double) {
            add(##"<rect x="\##(n(area.x))" y="\##(n(area.y))" width="\##(n(area.width))" height="\##(n(area.height))" rx="\##(n(radius))" fill="\##(fill)"/>"##)
        }

        mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, color: String) {
            add(##"<line x1="\##(n(x1))" y1="\##(n(y1))" x2="\##(n(x2))" y2="\##(n(y2))" stroke="\##(color)" stroke-width="0.5"/>"##)
        }

        mutating func text(_ content: String, x: Double, y: Double, size: Double, weight: String = "400", color: String,
                           anchor: String = "start", mono: Bool = false) {
            let family = mono ? ##" font-family="ui-monospace, Menlo, monospace""## : ""
            add(##"<text x="\##(n(x))" y="\##(n(y))" font-size="\##(n(size))" font-weight="\##(weight)" fill="\##(color)" text-anchor="\##(anchor)"\##(family)>\##(HierarchyDrawing.escape(content))</text>"##)
        }
    }
}
