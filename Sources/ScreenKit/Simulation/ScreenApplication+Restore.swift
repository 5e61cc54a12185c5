/// Restoring a hierarchy from its snapshot (what iOS state restoration does): the same tree,
/// keys, classes, attributes (styles, bar button titles, tab bar items, bottom sheets),
/// selection and presentations, and the clock. Containers are made from the data, not from
/// screens: what only a screen's code gives (a bar button's route, a refresh function) is
/// not there until the screen is built again. A presentation or dismissal caught
/// mid-animation is restored under way, and ends when the snapshot says it ends; so does a
/// custom tab animation (the incoming tab is in the window until then, then selected).
///
///     let data = try JSONEncoder().encode(app.snapshot())
///     let copy = try ScreenApplication(restoring: JSONDecoder().decode(ScreenSnapshot.self, from: data))
///     -- Lua: nav.app { restore = app:snapshot() }
///
/// `ScreenApplicationState` keeps the clock and a held deeplink with the hierarchy.
///
/// A field that would be dropped is refused, naming where it is as Lua's table does
/// (`restore.children[1].presented: ...`): what a window presents (its root presents), a
/// selection outside tabs, a presentation phase on a node nothing presents, an attribute
/// of another shape than its decorator's, and a clock past `ScreenClock.end`.
extension ScreenApplication {
    /// An application whose window holds the hierarchy `snapshot` describes, with its clock at `clock`.
    /// Throws `ScreenDSLError` for a snapshot that is not a window's or that holds what would be dropped.
    public convenience init(restoring snapshot: ScreenSnapshot, clock: Double = 0, timing: ScreenAnimationTiming = ScreenAnimationTiming()) throws {
        self.init(timing: timing)
        guard snapshot.kind == .window else {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "a snapshot of a window expected, got one of a \(snapshot.kind.rawValue)")
        }
        guard snapshot.children.count <= 1 else {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "a window has one root, the snapshot has \(snapshot.children.count)")
        }
        guard (0...ScreenClock.end).contains(clock) else { throw Self.clockError }
        // What the app presents is under its root, the presentation context, as
        // `app.snapshot()` writes it: a window's own `presented` would show nowhere.
        guard snapshot.presented.isEmpty else {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "restore: presented must be left out: a window presents nothing, "
                + "its root presents (restore.children[1].presented)")
        }
        try Self.check(snapshot, at: "restore", isPresented: false)
        for (name, value) in snapshot.attributes {
            window.setAttribute(value, for: name)
        }
        var underWay: [() -> Void] = []
        let roots = try snapshot.children.enumerated().map { position, root in
            try restore(root, at: "restore.children[\(position + 1)]", depth: 1, underWay: &underWay)
        }
        simulation.replaceChildren(of: window, with: roots)
        // A hidden window is not the key one, as `makeWindow(visible: false)` leaves it,
        // until a route makes it key (a key window provider would hand out one never shown).
        window.isHidden = !snapshot.isVisible
        window.isKey = snapshot.isVisible
        simulation.clock.start(at: clock)
        underWay.forEach { $0() }
        simulation.clearTransitions()
        logger.clear()
    }

    /// What a clock outside `0...ScreenClock.end` gets (Lua's `restore.clock`).
    public static let clockError = ScreenDSLError.invalidArgument(verb: "restore", message: "restore.clock must be a number of seconds from 0 to 9.2e12 (the clock's end)")

    /// A 0-based index as the 1-based position a message names (one past `Int.max` written out).
    private static func position(_ index: Int) -> String {
        index < Int.max ? String(index + 1) : "\(index) + 1"
    }

    /// Refuses what `node`, at `path`, has that a restored container would drop.
    private static func check(_ node: ScreenSnapshot, at path: String, isPresented: Bool) throws(ScreenDSLError) {
        func fail(_ message: String) -> ScreenDSLError { .invalidArgument(verb: "restore", message: "\(path): \(message)") }
        for (field, given) in [("selectedIndex", node.selectedIndex != nil), ("incomingIndex", node.incomingIndex != nil),
                               ("selectionEnds", node.selectionEnds != nil)] where given && node.kind != .tabs {
            throw fail("\(field) must be left out: only tabs select, this is a \(node.kind.rawValue)")
        }
        if node.selectionEnds != nil, node.incomingIndex == nil {
            throw fail("selectionEnds must be left out: it is for a tab animation under way (incomingIndex)")
        }
        if let key = node.key, key.name.isEmpty {
            throw fail("a screen needs a name, as nav.screen refuses an empty one")
        }
        for (field, given) in [("outgoingIndex", node.outgoingIndex != nil), ("outgoingEnds", node.outgoingEnds != nil)] where given && node.kind != .stack {
            throw fail("\(field) must be left out: only a stack's transition takes a screen out, this is a \(node.kind.rawValue)")
        }
        // A snapshot gives an animation under way with when it ends: without it the restored
        // one would end at once, and a snapshot of it would differ.
        if node.incomingIndex != nil, node.selectionEnds == nil {
            throw fail("incomingIndex needs selectionEnds, when the tab animation under way ends")
        }
        if node.outgoingIndex != nil, node.outgoingEnds == nil {
            throw fail("outgoingIndex needs outgoingEnds, when the stack's transition under way ends")
        }
        for (field, given) in [("presentationPhase", node.presentationPhase != nil), ("presentationEnds", node.presentationEnds != nil)] where given && !isPresented {
            throw fail("\(field) must be left out: nothing presents this \(node.kind.rawValue) (only a node in a presented field is)")
        }
        if node.presentationEnds != nil, node.presentationPhase != .presenting, node.presentationPhase != .dismissing {
            throw fail("presentationEnds must be left out: it is for a presentation under way (presentationPhase presenting or dismissing)")
        }
        // The ends are on the clock, as Lua's restore checks them (one past the clock's end
        // would never come).
        for (field, end) in [("presentationEnds", node.presentationEnds), ("selectionEnds", node.selectionEnds), ("outgoingEnds", node.outgoingEnds)] {
            if let end, !(0...ScreenClock.end).contains(end) {
                throw fail("\(field) must be a number of seconds from 0 to 9.2e12 (the clock's end)")
            }
        }
        // A container presents one at a time.
        if node.presented.count > 1 {
            throw fail("presented holds one container (a container presents one at a time), the snapshot has \(node.presented.count)")
        }
        // UIKit presents nothing on a container while its presentation is under way (refused
        // live). Above one being dismissed, a dismissal or a presentation may be under way:
        // UIKit starts both (the latter is the bug explore's built-in invariant looks for).
        if node.presentationPhase == .presenting, !node.presented.isEmpty {
            throw fail("presented must be left out: UIKit presents nothing on a container whose presentation is under way (presentationPhase presenting)")
        }
        for name in node.attributes.keys.sorted() {
            if let value = node.attributes[name], let problem = ScreenAttribute.problem(with: value, for: name) {
                throw fail(problem)
            }
        }
    }

    private func restore(_ node: ScreenSnapshot, at path: String, depth: Int, isPresented: Bool = false,
                         underWay: inout [() -> Void]) throws -> ScreenContainer {
        guard depth < simulation.limits.depth else {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "the snapshot is deeper than \(simulation.limits.depth) levels")
        }
        guard node.children.count <= simulation.limits.children else {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "\(path): more than \(simulation.limits.children) children in one container")
        }
        guard node.kind != .window else {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "\(path): a window inside a window (only the snapshot's top is a window)")
        }
        try Self.check(node, at: path, isPresented: isPresented)
        let container = ScreenContainer(kind: node.kind, key: node.key)
        container.className = node.className
        container.isRestored = true
        // Stacks and tabs are searched into whatever the snapshot says, as every
        // UINavigationController and UITabBarController is a ScreenIterableContainer.
        container.isIterable = node.isIterable || container.kind != .modal
        let attributes = Dictionary(uniqueKeysWithValues: node.attributes.map { ($0.key, ScreenAttribute.normalized($0.value, for: $0.key)) })
        for (name, value) in attributes {
            container.setAttribute(value, for: name)
        }
        if case let .object(fields)? = attributes[ScreenAttribute.bottomSheet] {
            // What changeBottomSheet edits lives in the payload.
            let detents = fields["detents"].flatMap { value -> [String]? in
                if case let .array(items) = value { return items.compactMap { if case let .string(text) = $0 { return text } else { return nil } } }
                return nil
            } ?? ["large"]
            var selected: String?
            if case let .string(text)? = fields["selectedDetent"] { selected = text }
            container.payload.append(ScreenBottomSheetController(sheet: ScreenBottomSheet(detents: detents, selectedDetent: selected,
                                                                                       prefersGrabber: fields["prefersGrabber"] == .bool(true))))
        }
        let children = try node.children.enumerated().map { position, child in
            let at = "\(path).children[\(position + 1)]"
            // UIKit presents from the presentation context, the outermost container below the
            // window, as `nav.app { root = }` attaches a child's `presented`: a snapshot never
            // has a child that presents.
            guard child.presented.isEmpty else {
                throw ScreenDSLError.invalidArgument(verb: "restore", message: "\(at): presented must be left out: only the outermost container of a tree presents (UIKit's presentation context)")
            }
            return try restore(child, at: at, depth: depth + 1, underWay: &underWay)
        }
        if node.kind == .stack, children.contains(where: { $0.kind == .stack }) {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "\(path): a stack cannot hold a stack")
        }
        if node.kind == .tabs {
            simulation.setTabs(container, to: children)
            for (index, what) in [(node.selectedIndex, "selected"), (node.incomingIndex, "incoming")] {
                guard let index else { continue }
                guard children.indices.contains(index) else {
                    let position = Self.position(index)
                    throw ScreenDSLError.invalidArgument(verb: "restore", message: "\(path): \(what) tab \(position) out of range 1...\(children.count)")
                }
            }
            container.selectedIndex = node.selectedIndex ?? container.selectedIndex
            if let incoming = node.incomingIndex {
                // Ended once the clock is set: the tab comes in, and is selected when the snapshot says.
                underWay.append { [simulation] in
                    container.incomingTab = container.children[incoming]
                    let now = simulation.clock.now
                    simulation.finishSelection(of: container, at: incoming, bringingIn: container.incomingTab, after: ScreenSimulation.end(node.selectionEnds, from: now) - now)
                }
            }
        } else if !children.isEmpty {
            simulation.replaceChildren(of: container, with: children)
        }
        if let outgoing = node.outgoingIndex, !children.indices.contains(outgoing) {
            throw ScreenDSLError.invalidArgument(verb: "restore", message: "\(path): outgoing screen \(Self.position(outgoing)) out of range 1...\(children.count)")
        }
        if node.outgoingIndex != nil || node.outgoingEnds != nil {
            // Under way once the clock is set, until the snapshot says: the old top still in
            // the stack is taken out then, and later transitions of the stack queue behind it.
            underWay.append { [simulation] in
                let now = simulation.clock.now
                let end = ScreenSimulation.end(node.outgoingEnds, from: now)
                container.animationEnd = max(container.animationEnd, end)
                guard let outgoing = node.outgoingIndex else {
                    // The old top was popped: the transition runs on, with nothing to show.
                    container.outgoingTopEnd = end
                    simulation.clock.schedule(after: end - now) {
                        if container.outgoingTop == nil && container.outgoingTopEnd == end { container.outgoingTopEnd = nil }
                    }
                    return
                }
                let old = children[outgoing]
                ScreenSimulation.beginTakingOut(old, from: container, until: end)
                simulation.clock.schedule(after: end - now) { ScreenSimulation.endTakingOut(old, from: container) }
            }
        }
        if let presented = node.presented.first {
            try attach(restore(presented, at: "\(path).presented", depth: depth + 1, isPresented: true, underWay: &underWay),
                       as: presented, to: container, underWay: &underWay)
        }
        return container
    }

    private func attach(_ presented: ScreenContainer, as node: ScreenSnapshot, to presenter: ScreenContainer,
                        underWay: inout [() -> Void]) throws {
        presenter.presentedContainer = presented
        presented.presentingContainer = presenter
        let phase = node.presentationPhase ?? .presented
        presented.presentationPhase = phase
        if phase != .presented {
            underWay.append { [simulation] in simulation.finish(presented, from: presenter, at: node.presentationEnds) }
        }
    }
}
