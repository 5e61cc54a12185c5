extension ScreenApplication {
    /// The hierarchy's abstract state, as `navscript explore` tells states apart: the tree of
    /// container kinds and screen names (with keys when `keys`), the selected tab, what is
    /// presented, and the top container, in one line. Two hierarchies that differ only in
    /// what the user cannot tell apart (a chat's id, without keys) have one shape. Read from
    /// the containers themselves: explore takes two shapes an action.
    ///
    ///     app.shape()   // "(window[tabs Home*1[stack[modal Search!] stack[modal Chats]]])"
    ///     -- Lua: app:shape(), app:shape(true)
    public func shape(keys: Bool = false) -> String {
        let top = navigator.topContainer
        return ScreenShape.write(window, keys: keys, marks: true, unwound: false) { $0 === top }
    }

    /// The shape the hierarchy comes back to when everything presented is dismissed and
    /// every stack is popped to its root, without selection or top: what
    /// `navscript explore` compares with its start's to check that every screen can get
    /// back to the root.
    public func unwoundShape() -> String {
        ScreenShape.write(window, keys: false, marks: false, unwound: true) { _ in false }
    }
}

extension ScreenSnapshot {
    /// See `ScreenApplication.shape(keys:)`; without `marks`, the selected tab and the top
    /// are left out.
    public func shape(keys: Bool = false, marks: Bool = true) -> String {
        ScreenShape.write(self, keys: keys, marks: marks, unwound: false, isTop: \.isTop)
    }

    /// The hierarchy with nothing presented and every stack at its root.
    public var unwound: ScreenSnapshot {
        let children = kind == .stack ? Array(self.children.prefix(1)) : self.children
        return ScreenSnapshot(kind: kind, key: key, className: className, isIterable: isIterable, attributes: attributes, isVisible: isVisible,
                              isTop: false, selectedIndex: selectedIndex, presentationPhase: nil, children: children.map(\.unwound), presented: [])
    }
}

/// What a shape is read from: a live container or its snapshot.
protocol ScreenShapeNode {
    var kind: ScreenContainerKind { get }
    var key: ScreenKey? { get }
    /// For tabs, the selected tab (0-based); nil for other kinds.
    var selectedTab: Int? { get }
    var children: [Self] { get }
    var presentedNode: Self? { get }
}

extension ScreenContainer: ScreenShapeNode {
    var selectedTab: Int? { kind == .tabs ? selectedIndex : nil }
    var presentedNode: ScreenContainer? { presentedContainer }
}

extension ScreenSnapshot: ScreenShapeNode {
    var selectedTab: Int? { selectedIndex }
    var presentedNode: ScreenSnapshot? { presented.first }
}

/// Whether a name is written as it is in a shape: it holds none of the bytes shapes are
/// written with (a space, brackets, parentheses, `*`, `!`, `>`, a quote, a backslash, a control).
private func isPlain(_ name: String) -> Bool {
    !name.utf8.contains { byte in
        switch byte {
        case 0..<33, 127, UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
             UInt8(ascii: "!"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "\\"): return true
        default: return false
        }
    }
}

/// Writes shapes (`ScreenApplication.shape(keys:)`): with `marks`, the selected tab (`*2`)
/// and the top (`!`); `unwound`, every stack at its root and nothing presented. Written as
/// UTF-8 bytes into one buffer and made a string once: appending to a `String` piece by
/// piece cost ~1,300 instructions a container, and explore takes two shapes an action.
enum ScreenShape {
    static func write<Node: ScreenShapeNode>(_ root: Node, keys: Bool, marks: Bool, unwound: Bool, isTop: (Node) -> Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        func put(_ text: String) {
            out.append(contentsOf: text.utf8)
        }
        func quote(_ text: String) {
            out.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { out.append(UInt8(ascii: "\\")) }
                out.append(byte)
            }
            out.append(UInt8(ascii: "\""))
        }
        func visit(_ node: Node) {
            put(node.kind.rawValue)
            if let key = node.key {
                out.append(UInt8(ascii: " "))
                // A name that holds what a shape is written with is quoted, so that two
                // hierarchies never write alike (`[modal A! modal A]` against `[modal "A! modal A"]`).
                if keys {
                    let plain = isPlain(key.name) && key.traits.keys.allSatisfy(isPlain)
                    plain ? put(key.description) : quote(key.description)
                } else {
                    isPlain(key.name) ? put(key.name) : quote(key.name)
                }
            }
            if marks {
                if let selected = node.selectedTab {
                    out.append(UInt8(ascii: "*"))
                    put(String(selected + 1))
                }
                if isTop(node) { out.append(UInt8(ascii: "!")) }
            }
            let children = node.children
            let count = unwound && node.kind == .stack ? min(children.count, 1) : children.count
            if count > 0 {
                out.append(UInt8(ascii: "["))
                for index in 0..<count {
                    if index > 0 { out.append(UInt8(ascii: " ")) }
                    visit(children[index])
                }
                out.append(UInt8(ascii: "]"))
            }
            if !unwound, let presented = node.presentedNode {
                put(" > ")
                visit(presented)
            }
        }
        out.append(UInt8(ascii: "("))
        visit(root)
        out.append(UInt8(ascii: ")"))
        return String(decoding: out, as: UTF8.self)
    }
}
