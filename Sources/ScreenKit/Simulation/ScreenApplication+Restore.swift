/// Restoring a hierarchy from its snapshot (what iOS state restoration does): the same tree,
/// keys, classes, attributes (styles, bar button titles, tab bar items, bottom sheets),
/// selection and presentations, and the clock. Containers are made from the data, not from
/// screens: what only a screen's code gives (a bar button's route, a refresh function) is
/// not there until the screen is built again. A presentation or dismissal caught
/// mid-animation is restored under way, and ends when the snapshot says it ends.
///
///     let data = try JSONEncoder().encode(app.snapshot())
///     let copy = try ScreenApplication(restoring: JSONDecoder().decode(ScreenSnapshot.self, from: data))
///     -- Lua: nav.app { restore = app:snapshot() }
///
/// `ScreenApplicationState` keeps the clock and a held deeplink with the hierarchy.
extension ScreenApplication {
    public convenience init(restoring snapshot: ScreenSnapshot, clock: Double = 0, timing: ScreenAnimationTiming = ScreenAnimationTiming()) throws {
        self.init(timing: timing)
        guard snapshot.kind == .window else {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "a snapshot of a window expected, got one of a \(snapshot.kind.rawValue)")
        }
        guard snapshot.children.count <= 1 else {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "a window has one root, the snapshot has \(snapshot.children.count)")
        }
        var underWay: [PresentationUnderWay] = []
        let roots = try snapshot.children.map { try restore($0, depth: 1, underWay: &underWay) }
        simulation.replaceChildren(of: window, with: roots)
        if let presented = snapshot.presented.first {
            try attach(restore(presented, depth: 1, underWay: &underWay), as: presented, to: window, underWay: &underWay)
        }
        window.isHidden = !snapshot.isVisible
        if clock.isFinite && clock > 0 {
            simulation.clock.advance(by: clock)
        }
        for presentation in underWay {
            simulation.finish(presentation.presented, from: presentation.presenter, at: presentation.ends)
        }
        simulation.clearTransitions()
        logger.clear()
    }

    /// A presentation or dismissal the snapshot caught under way.
    private struct PresentationUnderWay {
        let presented: ScreenContainer
        let presenter: ScreenContainer
        let ends: Double?
    }

    private func restore(_ node: ScreenSnapshot, depth: Int, underWay: inout [PresentationUnderWay]) throws -> ScreenContainer {
        guard depth < simulation.limits.depth else {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "the snapshot is deeper than \(simulation.limits.depth) levels")
        }
        guard node.children.count <= simulation.limits.children else {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "more than \(simulation.limits.children) children in one container")
        }
        guard node.kind != .window else {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "a window inside a window")
        }
        let container = ScreenContainer(kind: node.kind, key: node.key)
        container.className = node.className
        container.isIterable = node.isIterable
        for (name, value) in node.attributes {
            container.setAttribute(value, for: name)
        }
        if case let .object(fields)? = node.attributes[ScreenAttribute.bottomSheet] {
            // What changeBottomSheet edits lives in the payload.
            let detents = fields["detents"].flatMap { value -> [String]? in
                if case let .array(items) = value { return items.compactMap { if case let .string(text) = $0 { return text } else { return nil } } }
                return nil
            } ?? ["large"]
            var selected: String?
            if case let .string(text)? = fields["selectedDetent"] { selected = text }
            container.payload.append(ScreenBottomSheet(detents: detents, selectedDetent: selected, prefersGrabber: fields["prefersGrabber"] == .bool(true)))
        }
        let children = try node.children.map { try restore($0, depth: depth + 1, underWay: &underWay) }
        if node.kind == .stack, children.contains(where: { $0.kind == .stack }) {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "a stack cannot hold a stack")
        }
        // UIKit presents from the presentation context, the outermost container below the
        // window, as `nav.app { root = }` attaches a child's `presented`: a snapshot never
        // has a child that presents.
        if let child = children.first(where: { $0.presentedContainer != nil }) {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "\(child) presents, but only the outermost container of a tree presents (UIKit's presentation context)")
        }
        if node.kind == .tabs {
            simulation.setTabs(container, to: children)
            if let selected = node.selectedIndex {
                guard children.indices.contains(selected) else {
                    let position = selected < Int.max ? String(selected + 1) : "\(selected) + 1"
                    throw ScreenDSLError.invalidArgument(verb: "restore", message: "selected tab \(position) out of range 1...\(children.count)")
                }
                container.selectedIndex = selected
            }
        } else if !children.isEmpty {
            simulation.replaceChildren(of: container, with: children)
        }
        if let presented = node.presented.first {
            try attach(restore(presented, depth: depth + 1, underWay: &underWay), as: presented, to: container, underWay: &underWay)
        }
        return container
    }

    private func attach(_ presented: ScreenContainer, as node: ScreenSnapshot, to presenter: ScreenContainer,
                        underWay: inout [PresentationUnderWay]) throws {
        presenter.presentedContainer = presented
        presented.presentingContainer = presenter
        let phase = node.presentationPhase ?? .presented
        presented.presentationPhase = phase
        if phase != .presented {
            underWay.append(PresentationUnderWay(presented: presented, presenter: presenter, ends: node.presentationEnds))
        }
    }
}
