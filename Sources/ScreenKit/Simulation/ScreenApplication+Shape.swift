extension ScreenApplication {
    /// The hierarchy's abstract state, as `navscript explore` tells states apart: the tree of
    /// container kinds and screen names (with keys when `keys`), the selected tab, what is
    /// presented, and the top container, in one line. Two hierarchies that differ only in
    /// what the user cannot tell apart (a chat's id, without keys) have one shape.
    ///
    ///     app.shape()   // "(window[tabs Home*1[stack[modal Search!] stack[modal Chats]]])"
    ///     -- Lua: app:shape(), app:shape(true)
    public func shape(keys: Bool = false) -> String {
        var out = "("
        Self.appendShape(of: window, keys: keys, top: navigator.topContainer, unwound: false, to: &out)
        return out + ")"
    }

    /// The shape the hierarchy comes back to when everything presented is dismissed and
    /// every stack is popped to its root, without selection or top: what
    /// `navscript explore` compares with its start's to check that every screen can get
    /// back to the root.
    public func unwoundShape() -> String {
        var out = "("
        Self.appendShape(of: window, keys: false, top: nil, unwound: true, to: &out)
        return out + ")"
    }

    /// The shape read from the containers themselves, as `ScreenSnapshot.shape` reads it
    /// from their snapshot (and from `unwound` when `unwound`): explore takes two shapes
    /// an action, and a snapshot first was most of their cost.
    static func appendShape(of container: ScreenContainer, keys: Bool, top: ScreenContainer?, unwound: Bool, to out: inout String) {
        out += container.kind.rawValue
        if let key = container.key {
            out += " "
            out += keys ? key.description : key.name
        }
        if !unwound {
            if container.kind == .tabs, let selected = container.selectedIndex { out += "*\(selected + 1)" }
            if container === top { out += "!" }
        }
        let children = unwound && container.kind == .stack ? Array(container.children.prefix(1)) : container.children
        if !children.isEmpty {
            out += "["
            for (index, child) in children.enumerated() {
                if index > 0 { out += " " }
                appendShape(of: child, keys: keys, top: top, unwound: unwound, to: &out)
            }
            out += "]"
        }
        if !unwound, let presented = container.presentedContainer {
            out += " > "
            appendShape(of: presented, keys: keys, top: top, unwound: unwound, to: &out)
        }
    }
}

extension ScreenSnapshot {
    /// See `ScreenApplication.shape(keys:)`; without `marks`, the selected tab and the top
    /// are left out.
    public func shape(keys: Bool = false, marks: Bool = true) -> String {
        var out = "("
        func visit(_ node: ScreenSnapshot) {
            out += node.kind.rawValue
            if let key = node.key {
                out += " " + (keys ? key.description : key.name)
            }
            if marks {
                if let selected = node.selectedIndex { out += "*\(selected + 1)" }
                if node.isTop { out += "!" }
            }
            if !node.children.isEmpty {
                out += "["
                for (index, child) in node.children.enumerated() {
                    if index > 0 { out += " " }
                    visit(child)
                }
                out += "]"
            }
            for presented in node.presented {
                out += " > "
                visit(presented)
            }
        }
        visit(self)
        return out + ")"
    }

    /// The hierarchy with nothing presented and every stack at its root.
    public var unwound: ScreenSnapshot {
        let children = kind == .stack ? Array(self.children.prefix(1)) : self.children
        return ScreenSnapshot(kind: kind, key: key, className: className, isIterable: isIterable, attributes: attributes, isVisible: isVisible,
                              isTop: false, selectedIndex: selectedIndex, presentationPhase: nil, children: children.map(\.unwound), presented: [])
    }
}
