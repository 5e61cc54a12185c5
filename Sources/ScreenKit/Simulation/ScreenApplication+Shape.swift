extension ScreenApplication {
    /// The hierarchy's abstract state, as `navscript explore` tells states apart: the tree of
    /// container kinds and screen names (with keys when `keys`), the selected tab, what is
    /// presented, and the top container, in one line. Two hierarchies that differ only in
    /// what the user cannot tell apart (a chat's id, without keys) have one shape.
    ///
    ///     app.shape()   // "window(tabs Home*2[stack(Search) stack(Favourites)] > stack(SignIn)!)"
    ///     -- Lua: app:shape(), app:shape(true)
    public func shape(keys: Bool = false) -> String {
        var out = ""
        let top = navigator.topContainer
        func visit(_ container: ScreenContainer) {
            out += container.kind.rawValue
            if let key = container.key {
                out += " " + (keys ? key.description : key.name)
            }
            if let selected = container.selectedIndex, container.kind == .tabs {
                out += "*\(selected + 1)"
            }
            if container === top { out += "!" }
            if !container.children.isEmpty {
                out += "["
                for (index, child) in container.children.enumerated() {
                    if index > 0 { out += " " }
                    visit(child)
                }
                out += "]"
            }
            if let presented = container.presentedContainer {
                out += " > "
                visit(presented)
            }
        }
        out += "("
        visit(window)
        out += ")"
        return out
    }
}
