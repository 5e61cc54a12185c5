import Foundation
import ScreenKit

/// Draws a window's hierarchy as SVG: the root and each container presented over it as a
/// phone screen, left to right; a tab bar with its selected tab, a navigation bar with the
/// stack's screens, a sheet's presenter peeking above it, an alert over a dimmed screen,
/// screen names and keys, the top container outlined, and a presentation or dismissal under
/// way (a dashed arrow, "presenting…" under its phone). What `navscript draw` writes and
/// the HTML report shows; made from the same data as `app:snapshot()`.
///
///     let svg = HierarchyDrawing.svg(ScenarioHierarchy(app.window, top: app.navigator.topContainer))
public enum HierarchyDrawing {
    static let width = 200.0, padWidth = 300.0, height = 380.0, gap = 36.0, margin = 16.0, caption = 30.0
    static let barHeight = 40.0, tabHeight = 40.0

    /// The drawing of a window's hierarchy, under `title` and `subtitle` on one line: a
    /// title too long for the picture is shortened, the subtitle (" · step 4 navigate") kept.
    public static func svg(_ window: ScenarioHierarchy, title: String? = nil, subtitle: String = "") -> String {
        var layers: [ScenarioHierarchy] = []
        var next = window.children.first
        while let layer = next {
            layers.append(layer)
            next = layer.presented.first
        }
        let count = max(layers.count, 1)
        // A pad's window (`app:setSystem { idiom = "pad" }`) is wider, and lays out what it
        // presents as a pad does (`padLayer`).
        let isPad = window.attributes["idiom"] == "pad", width = isPad ? padWidth : width
        let top = title == nil ? margin : margin + 20
        let moving = layers.contains { phase(of: $0) != nil }
        let totalWidth = margin * 2 + Double(count) * width + Double(count - 1) * gap
        let totalHeight = top + height + caption + (moving ? 14 : 0) + margin
        var out = Canvas()
        out.add(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(n(totalWidth))" height="\##(n(totalHeight))" viewBox="0 0 \##(n(totalWidth)) \##(n(totalHeight))" font-family="-apple-system, 'Helvetica Neue', Helvetica, Arial, sans-serif" role="img">"##)
        out.add(##"<rect width="100%" height="100%" fill="#f6f7f9"/>"##)
        if let title {
            // Measured as regular text: the title's semibold runs about 6 % wider.
            let room = (totalWidth - 2 * margin) / 1.06, stepWidth = Self.textWidth(subtitle, size: 13)
            // The step is kept: the name is shortened for it, or left out when the step
            // leaves it less than about eight letters (` · step 9 resumeDeeplinks` under one phone).
            let step = subtitle.hasPrefix(" · ") ? String(subtitle.dropFirst(3)) : subtitle
            let line = Self.textWidth(title + subtitle, size: 13) <= room ? title + subtitle
                : stepWidth + 8 * 13 * 0.55 <= room ? fit(title, room - stepWidth, size: 13) + subtitle
                : fit(step, room, size: 13)
            out.text(line, x: margin, y: margin + 12, size: 13, weight: "600", color: "#1d1d1f")
        }
        if layers.isEmpty {
            let frame = Rect(x: margin, y: top, width: width, height: height)
            out.phone(frame)
            out.text("no root", x: frame.midX, y: frame.midY, size: 12, color: "#8e8e93", anchor: "middle")
        }
        // A full-screen presentation that has finished covers every layer below it, not only
        // its presenter (a tab bar under a page sheet under it, which UIKit keeps in the window).
        let covered = layers.lastIndex { $0.attributes["modalPresentationStyle"].map(unquote) == "fullScreen" && phase(of: $0) == nil } ?? 0
        for (position, layer) in layers.enumerated() {
            let x = margin + Double(position) * (width + gap)
            let frame = Rect(x: x, y: top, width: width, height: height)
            if position > 0 {
                let dashed = phase(of: layer) != nil ? ##" stroke-dasharray="3 3""## : ""
                out.add(##"<path d="M\##(n(x - gap + 8)) \##(n(top + height / 2)) h\##(n(gap - 16)) m-6 -5 l6 5 l-6 5" fill="none" stroke="#8e8e93" stroke-width="1.5"\##(dashed)/>"##)
            }
            draw(layer: layer, presenter: position > 0 ? layers[position - 1] : nil, in: frame, isPad: isPad, canvas: &out)
            if !layer.isVisible || position < covered {
                // Off screen: a full-screen presentation over it has taken the window.
                out.add(##"<rect x="\##(n(frame.x))" y="\##(n(frame.y))" width="\##(n(frame.width))" height="\##(n(frame.height))" rx="18" fill="#f6f7f9" fill-opacity="0.65"><title>not visible</title></rect>"##)
            }
            out.text(caption(for: layer, presented: position > 0), x: frame.midX, y: top + height + 18, size: 10, color: "#6e6e73", anchor: "middle")
            if let phase = phase(of: layer) {
                out.text(phase, x: frame.midX, y: top + height + 32, size: 10, weight: "600", color: "#ff9500", anchor: "middle")
            }
        }
        // A HUD is a view over the window: drawn over the screen on top.
        if let hud = window.attributes["hud"] {
            let x = margin + Double(count - 1) * (width + gap)
            let box = Rect(x: x + width / 2 - 70, y: top + height / 2 - 34, width: 140, height: 68)
            out.add(##"<rect x="\##(n(box.x))" y="\##(n(box.y))" width="\##(n(box.width))" height="\##(n(box.height))" rx="12" fill="#3a3a3c" fill-opacity="0.88"><title>HUD</title></rect>"##)
            out.text("HUD", x: box.midX, y: box.y + 24, size: 11, weight: "600", color: "#ffffff", anchor: "middle")
            out.text(fit(hud, box.width - 12, size: 8), x: box.midX, y: box.y + 44, size: 8, color: "#ffffff", anchor: "middle")
        }
        out.add("</svg>")
        return out.text + "\n"
    }

    /// "presenting…" or "dismissing…" for a presentation under way, else nil.
    static func phase(of layer: ScenarioHierarchy) -> String? {
        guard let phase = layer.presentationPhase, phase == "presenting" || phase == "dismissing" else { return nil }
        return phase + "…"
    }

    /// "UITabBarController", "page sheet · UINavigationController".
    static func caption(for layer: ScenarioHierarchy, presented: Bool) -> String {
        guard presented else { return layer.typeName }
        if layer.typeName == "UIAlertController" { return "\(layer.name == "ActionSheet" ? "action sheet" : "alert") · \(layer.typeName)" }
        let style = layer.attributes["bottomSheet"] != nil ? "bottom sheet" : (layer.attributes["modalPresentationStyle"].map(unquote) ?? "automatic")
        return "\(style) · \(layer.typeName)"
    }

    private static func draw(layer: ScenarioHierarchy, presenter: ScenarioHierarchy?, in frame: Rect, isPad: Bool, canvas: inout Canvas) {
        canvas.phone(frame)
        let screen = frame.inset(6)
        if layer.typeName == "UIAlertController" {
            if layer.name == "ActionSheet" {
                return actionSheet(layer, presenter: presenter, in: screen, isPad: isPad, canvas: &canvas)
            }
            // An alert over the dimmed presenter.
            canvas.rect(screen, fill: "#d1d1d6", radius: 12)
            alert(layer, in: screen, canvas: &canvas)
            return
        }
        let style = layer.attributes["modalPresentationStyle"].map(unquote)
        let isFull = presenter == nil || ["fullScreen", "overFullScreen", "currentContext", "overCurrentContext"].contains(style ?? "")
        var content = screen
        if !isFull, isPad, let presenter {
            return padLayer(layer, presenter: presenter, style: style, in: screen, canvas: &canvas)
        }
        if !isFull {
            // A sheet: its presenter peeks above it.
            let offset = layer.attributes["bottomSheet"].map { detent(of: $0) == "large" ? 22 : screen.height * 0.45 } ?? 22
            canvas.rect(screen, fill: "#d1d1d6", radius: 12)
            if let presenter { presenterLabel(presenter, in: screen, canvas: &canvas) }
            content = Rect(x: screen.x, y: screen.y + offset, width: screen.width, height: screen.height - offset)
        }
        canvas.rect(content, fill: "#ffffff", radius: isFull ? 12 : 10)
        node(layer, in: content, canvas: &canvas)
    }

    /// A bottom sheet's detent, read from its attribute's text: the selected one, else the
    /// first (`{detents=["large"]}`); a large sheet is drawn as high as a page sheet, any
    /// other halfway.
    static func detent(of sheet: String) -> String? {
        for field in ["selectedDetent=\"", "detents=[\""] {
            if let start = sheet.range(of: field)?.upperBound {
                return String(sheet[start...].prefix { $0 != "\"" })
            }
        }
        return nil
    }

    /// Draws a container in `area`: tabs, a stack, or a screen.
    static func node(_ node: ScenarioHierarchy, in area: Rect, canvas: inout Canvas) {
        switch node.kind {
        case "tabs":
            let bar = Rect(x: area.x, y: area.maxY - tabHeight, width: area.width, height: tabHeight)
            canvas.rect(bar, fill: "#f2f2f7", radius: 0)
            canvas.line(x1: bar.x, y1: bar.y, x2: bar.maxX, y2: bar.y, color: "#c6c6c8")
            let tabs = node.children
            // An iPhone's tab bar shows five items: with more tabs, four and "More", which
            // stands for the rest (selected when one of them is).
            let items = tabs.count > 5 ? tabs.prefix(4).map(tabTitle) + ["More"] : tabs.map(tabTitle)
            let slot = bar.width / Double(max(items.count, 1))
            for (index, title) in items.enumerated() {
                let selected = node.selectedIndex.map { min($0, items.count) } == index + 1
                let x = bar.x + slot * (Double(index) + 0.5)
                canvas.add(##"<circle cx="\##(n(x))" cy="\##(n(bar.y + 13))" r="5" fill="\##(selected ? "#007aff" : "#aeaeb2")"/>"##)
                canvas.text(fit(title, slot - 4, size: 8), x: x, y: bar.y + 31, size: 8, weight: selected ? "600" : "400",
                            color: selected ? "#007aff" : "#8e8e93", anchor: "middle")
            }
            let content = Rect(x: area.x, y: area.y, width: area.width, height: area.height - tabHeight)
            if let index = node.selectedIndex, tabs.indices.contains(index - 1) {
                self.node(tabs[index - 1], in: content, canvas: &canvas)
            }
            outline(node, area, canvas: &canvas)
        case "stack":
            let bar = Rect(x: area.x, y: area.y, width: area.width, height: barHeight)
            canvas.rect(bar, fill: "#f9f9f9", radius: 0)
            canvas.line(x1: bar.x, y1: bar.maxY, x2: bar.maxX, y2: bar.maxY, color: "#c6c6c8")
            let screens = node.children
            // The bar's buttons, then its title centred in what they leave, as UIKit lays it out.
            var left: String?
            if let button = screens.last.flatMap({ $0.attributes["leftBarButton"] }) {
                left = fit(button, 50, size: 9)
            } else if screens.count > 1, let previous = screens.dropLast().last {
                left = "‹ " + fit(previous.name ?? previous.kind, 50, size: 9)
            }
            let right = screens.last.flatMap { $0.attributes["rightBarButton"] }.map { fit($0, 50, size: 9) }
            if let left {
                canvas.text(left, x: bar.x + 6, y: bar.y + 18, size: 9, color: "#007aff")
            }
            if let right {
                canvas.text(right, x: bar.maxX - 6, y: bar.y + 18, size: 9, color: "#007aff", anchor: "end")
            }
            if let top = screens.last {
                // The title keeps clear of the wider button: its inset, its width as `fit`
                // counts it, and a gap.
                let buttons = max(Self.textWidth(left ?? "", size: 9), Self.textWidth(right ?? "", size: 9))
                let side = max(6 + buttons + 8, 40)
                let room = max(bar.width - 2 * side, 24)
                canvas.text(fit(top.name ?? top.kind, room, size: 12), x: bar.midX, y: bar.y + 18, size: 12, weight: "600", color: "#1d1d1f", anchor: "middle")
            }
            // A trail too long keeps its end, the top, and says how deep the stack is (with
            // the screens a deep stack's record left out).
            let trail = screens.dropFirst(node.omittedChildren > 0 ? 1 : 0).map { $0.name ?? $0.kind }.joined(separator: " › ")
            let head = "\(screens.count + node.omittedChildren) screens: …"
            let shownTrail = (Self.textWidth(trail, size: 8) <= bar.width - 12 && node.omittedChildren == 0) || screens.count == 1
                ? fit(trail, bar.width - 12, size: 8) : head + tail(of: trail, bar.width - 12 - Self.textWidth(head, size: 8), size: 8)
            canvas.text(shownTrail, x: bar.midX, y: bar.y + 33, size: 8, color: "#8e8e93", anchor: "middle")
            if let top = screens.last {
                self.node(top, in: Rect(x: area.x, y: bar.maxY, width: area.width, height: area.height - barHeight), canvas: &canvas)
            }
            outline(node, area, canvas: &canvas)
        default:
            screen(node, in: area, canvas: &canvas)
        }
    }

    private static func screen(_ node: ScenarioHierarchy, in area: Rect, canvas: inout Canvas) {
        // A container of its own (a split screen's columns, a screen `build` gave children):
        // its children side by side under its name, each drawn as it is; past four, named.
        if (1...4).contains(node.children.count) && node.systemText.isEmpty {
            canvas.text(fit(node.name ?? node.typeName, area.width - 8, size: 9), x: area.midX, y: area.y + 13, size: 9, weight: "600",
                        color: "#3a3a3c", anchor: "middle")
            let width = area.width / Double(node.children.count)
            for (index, child) in node.children.enumerated() {
                let column = Rect(x: area.x + width * Double(index), y: area.y + 18, width: width, height: area.height - 18)
                self.node(child, in: column, canvas: &canvas)
                if index > 0 { canvas.line(x1: column.x, y1: column.y, x2: column.x, y2: column.maxY, color: "#c6c6c8") }
            }
            outline(node, area, canvas: &canvas)
            return
        }
        let y = area.y + area.height * 0.4
        canvas.text(fit(node.name ?? node.typeName, area.width - 16, size: 15), x: area.midX, y: y, size: 15, weight: "600", color: "#1d1d1f", anchor: "middle")
        if let key = node.key, key != node.name {
            // A key too long to show whole shows its traits: the name is the line above. Its
            // monospace cells are measured as such, so that it stays within the screen.
            let name = node.name ?? "", room = area.width - 8
            let shown = Self.textWidth(key, size: 9, mono: true) > room && !name.isEmpty && key.hasPrefix(name + "(") ? String(key.dropFirst(name.count)) : key
            canvas.text(fit(shown, room, size: 9, mono: true), x: area.midX, y: y + 18, size: 9, color: "#3a3a3c", anchor: "middle", mono: true)
        }
        for (index, line) in node.systemText.prefix(6).enumerated() {
            canvas.text(fit(line, area.width - 16, size: 9), x: area.midX, y: y + 36 + Double(index) * 13, size: 9, color: "#3a3a3c", anchor: "middle")
        }
        if !node.children.isEmpty {
            let names = node.children.map { $0.name ?? $0.kind }.joined(separator: ", ")
            canvas.text(fit("contains " + names, area.width - 16, size: 8), x: area.midX, y: area.maxY - 24, size: 8, color: "#8e8e93", anchor: "middle")
        }
        canvas.text(node.typeName, x: area.midX, y: area.maxY - 10, size: 8, color: "#aeaeb2", anchor: "middle")
        outline(node, area, canvas: &canvas)
    }

    /// An alert's actions, as its system text lists them: "[Sign Out]destructive", the title
    /// in brackets, then its style; the cancel one last, where UIKit puts it.
    static func alertActions(_ node: ScenarioHierarchy) -> [AlertRow] {
        let actions = node.systemText.filter { $0.hasPrefix("[") }.map { text -> AlertRow in
            let close = text.lastIndex(of: "]") ?? text.endIndex
            return (String(text[text.index(after: text.startIndex)..<close]), close < text.endIndex ? String(text[text.index(after: close)...]) : "")
        }
        return actions.filter { $0.style != "cancel" } + actions.filter { $0.style == "cancel" }
    }

    /// At most `fitting` of `actions` to draw: too many to show give the first ones, a line
    /// that counts the rest, and Cancel kept last, so that a reader sees there is one.
    static func rows(of actions: [AlertRow], fitting: Int) -> [AlertRow] {
        guard actions.count > fitting else { return actions }
        let cancel = actions.filter { $0.style == "cancel" }, others = actions.filter { $0.style != "cancel" }
        let room = max(fitting - 1 - cancel.count, 0)
        return Array(others.prefix(room)) + [("\(others.count - room) more actions", "more")] + cancel
    }

    /// An action's line: a count of those cut grey, Cancel bold, a destructive one red.
    static func draw(_ action: AlertRow, x: Double, y: Double, width: Double, canvas: inout Canvas) {
        if action.style == "more" {
            canvas.text(action.title, x: x, y: y, size: 9, color: "#8e8e93", anchor: "middle")
        } else {
            canvas.text(fit(action.title, width, size: 10), x: x, y: y, size: 10, weight: action.style == "cancel" ? "600" : "400",
                        color: action.style == "destructive" ? "#ff3b30" : "#007aff", anchor: "middle")
        }
    }

    /// An alert's box, centred in `area`: its title and message, then its actions as UIKit
    /// shows them. More actions than fit are cut, the last line saying how many more there
    /// are, as UIKit scrolls them.
    private static func alert(_ node: ScenarioHierarchy, in area: Rect, canvas: inout Canvas) {
        let texts = node.systemText.filter { !$0.hasPrefix("[") }
        let rows = rows(of: alertActions(node), fitting: max(Int((area.height - 46 - 24) / 26), 1))
        let height = 46 + Double(max(rows.count, 1)) * 26
        let box = Rect(x: area.x + 18, y: max(area.y + 12, area.midY - height / 2), width: area.width - 36, height: height)
        canvas.rect(box, fill: "#ffffff", radius: 12)
        for (index, text) in texts.prefix(2).enumerated() {
            canvas.text(fit(text, box.width - 12, size: index == 0 ? 11 : 9), x: box.midX, y: box.y + 20 + Double(index) * 16,
                        size: index == 0 ? 11 : 9, weight: index == 0 ? "600" : "400", color: "#1d1d1f", anchor: "middle")
        }
        for (index, action) in rows.enumerated() {
            let y = box.y + 52 + Double(index) * 26
            canvas.line(x1: box.x, y1: y - 10, x2: box.maxX, y2: y - 10, color: "#d1d1d6")
            draw(action, x: box.midX, y: y + 6, width: box.width - 12, canvas: &canvas)
        }
        if node.isTop { outlineTop(box, canvas: &canvas) }
    }

    /// The top alert (or action sheet) is outlined around its box.
    static func outlineTop(_ box: Rect, canvas: inout Canvas) {
        canvas.add(##"<rect x="\##(n(box.x - 2))" y="\##(n(box.y - 2))" width="\##(n(box.width + 4))" height="\##(n(box.height + 4))" rx="13" fill="none" stroke="#ff9500" stroke-width="2"/>"##)
    }

    /// The top container is outlined.
    private static func outline(_ node: ScenarioHierarchy, _ area: Rect, canvas: inout Canvas) {
        guard node.isTop else { return }
        let inner = area.inset(1.5)
        canvas.add(##"<rect x="\##(n(inner.x))" y="\##(n(inner.y))" width="\##(n(inner.width))" height="\##(n(inner.height))" rx="6" fill="none" stroke="#ff9500" stroke-width="2" stroke-dasharray="5 3"><title>top</title></rect>"##)
    }

    /// A tab's title: its tab bar item's (or its stack's first screen's), or its first screen's name.
    static func tabTitle(_ tab: ScenarioHierarchy) -> String {
        if let title = tab.attributes["tabBarItem"] ?? tab.children.first?.attributes["tabBarItem"] {
            return title
        }
        if tab.kind == "stack", let first = tab.children.first { return first.name ?? first.kind }
        return tab.name ?? tab.kind
    }

    static func label(_ node: ScenarioHierarchy) -> String {
        if node.kind == "stack", let top = node.children.last { return top.name ?? "stack" }
        if node.kind == "tabs", let index = node.selectedIndex, node.children.indices.contains(index - 1) { return label(node.children[index - 1]) }
        return node.name ?? node.kind
    }

    static func unquote(_ text: String) -> String {
        text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 ? String(text.dropFirst().dropLast()) : text
    }

    /// About how wide `text` is at `size`, by each character's width (`em`).
    static func textWidth(_ text: String, size: Double, mono: Bool = false) -> Double {
        VisibleText.of(text).reduce(0) { $0 + advance($1, mono: mono) } * size
    }

    /// The end of `text` that fits in `width` at `size` (at least its last character): a
    /// stack's trail keeps its top.
    static func tail(of text: String, _ width: Double, size: Double) -> String {
        let text = VisibleText.of(text)   // as `escape` writes it: a control character is four
        var used = 0.0, start = text.endIndex
        for index in text.indices.reversed() {
            used += em(text[index]) * size
            if used > width && start != text.endIndex { break }
            start = index
        }
        return String(text[start...])
    }

    /// Cuts text to about what fits in `width` at `size`, by each character's width in the
    /// system font: a CJK character or an emoji is about twice a lowercase letter, a capital
    /// or a `w` more than one, an `i` or a space less.
    static func fit(_ text: String, _ width: Double, size: Double, mono: Bool = false) -> String {
        let text = VisibleText.of(text)   // as `escape` writes it: a control character is four
        let room = width / size, ellipsis = 1.0
        // `cut`: the end of the longest part that fits with the ellipsis after it.
        var used = 0.0, cut = text.startIndex
        for index in text.indices {
            used += advance(text[index], mono: mono)
            if used > room { return String(text[..<cut]) + "…" }
            if used + ellipsis <= room { cut = text.index(after: index) }
        }
        return text
    }

    /// A character's advance, in ems: in a monospace font a cell (Menlo's 0.602 em), two for
    /// a wide character.
    private static func advance(_ character: Character, mono: Bool) -> Double {
        mono ? (em(character) == 1.0 ? 1.2 : 0.6) : em(character)
    }

    /// A character's advance, in ems, near enough for cutting a label.
    private static func em(_ character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0.55 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return 1.0
        default:
            if "iljtfI.,:;'|!() ".contains(character) { return 0.3 }
            if "mwMW".contains(character) { return 0.85 }
            return character.isUppercase ? 0.68 : 0.55
        }
    }

    /// A number as the drawing writes it: at most one decimal.
    static func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }

    /// Text as XML character data or an attribute value, written first as `VisibleText`
    /// writes it for trees and the console: a control character as `\x1b`, the noncharacters
    /// XML does not allow (U+FFFE, U+FFFF) and the controls that change the text's direction
    /// as `\u{202E}`.
    public static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in VisibleText.of(text).unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
