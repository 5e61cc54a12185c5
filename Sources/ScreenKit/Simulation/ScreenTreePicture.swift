/// A deterministic text picture of a hierarchy: one container per line, indented as a
/// tree. A line shows the kind, the key, the attributes decorators set, and markers: the
/// selected tab, a presentation still animating, and the top container. What a container
/// presents is its last branch, marked `presents`.
///
///     window
///     └─ tabs
///        ├─ stack
///        │  └─ modal Feed
///        ├─ stack (selected)
///        │  ├─ modal ChatList
///        │  └─ modal Chat(chatId=7)
///        └─ presents stack {modalPresentationStyle="fullScreen"}
///           └─ modal Settings ← top
///
/// Lua: `print(app:tree())`. Scenario snapshots store this picture.
public enum ScreenTreePicture {
    /// The picture of `root` and everything under it, marking `top` with `← top`.
    ///
    ///     ScreenTreePicture.render(app.window, top: app.navigator.topContainer)   -- Lua: app:tree()
    ///     ScreenTreePicture.render(chat)                                       -- Lua: chat:tree()
    public static func render(_ root: ScreenContainer, top: ScreenContainer? = nil) -> String {
        render(root, top: top, limit: .max) ?? ""
    }

    /// The picture, or nil once it passes `limit` bytes: a script's hierarchy can make far
    /// more text than it holds (one screen with a long trait in ten thousand containers, or
    /// indents of a deep presentation chain), and a host renders it for the script only
    /// while it fits what is left of the script's memory cap.
    public static func render(_ root: ScreenContainer, top: ScreenContainer?, limit: Int) -> String? {
        var lines: [String] = []
        var bytes = 0
        // (container, prefix for its line, prefix for its branches, presented?)
        var pending: [(ScreenContainer, String, String, Bool)] = [(root, "", "", false)]
        while let (container, linePrefix, childPrefix, isPresented) = pending.popLast() {
            lines.append(linePrefix + line(for: container, isPresented: isPresented, top: top))
            bytes += lines[lines.count - 1].utf8.count + 1
            if bytes > limit { return nil }
            var branches = container.children.map { ($0, false) }
            if let presented = container.presentedContainer {
                branches.append((presented, true))
            }
            for (index, (child, presented)) in branches.enumerated().reversed() {
                let isLast = index == branches.count - 1
                pending.append((child, childPrefix + (isLast ? "└─ " : "├─ "), childPrefix + (isLast ? "   " : "│  "), presented))
            }
        }
        return lines.joined(separator: "\n")
    }

    static func line(for container: ScreenContainer, isPresented: Bool, top: ScreenContainer?) -> String {
        var line = isPresented ? "presents \(container.kind.rawValue)" : container.kind.rawValue
        if let key = container.key {
            line += " \(key)"
        }
        if !container.attributes.isEmpty {
            line += " \(ScreenValue.object(container.attributes))"
        }
        if let parent = container.parent, parent.kind == .tabs, parent.selectedChild === container {
            line += " (selected)"
        }
        if container.kind == .window && container.isHidden {
            line += " (hidden)"
        }
        if let phase = container.presentationPhase, phase != .presented {
            line += " (\(phase.rawValue))"
        }
        if container === top {
            line += " ← top"
        }
        // One container, one line: a newline in a name is written `\x0a` (a snapshot would
        // read a name's second line as a container of its own).
        return VisibleText.of(line)
    }
}
