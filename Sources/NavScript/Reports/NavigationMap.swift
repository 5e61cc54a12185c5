import ScreenKit

/// Every screen a run showed (was visible) and every move between screens, from the scenarios' recorded
/// steps: an edge goes from the top screen before a step to the top screen after it, named
/// by the step's transitions (`push`, `dismiss+selectTab`), with how often it happened and
/// which scenarios did it. A tab bar's screen (or a custom container's), which is never on
/// top, is joined to the screens it holds by dotted lines. Screen types the scripts defined
/// that no scenario showed are listed apart, as uncovered. Written as Graphviz DOT.
///
///     var map = NavigationMap()
///     map.add(result, file: "scenarios/chats.lua")
///     print(map.dot())
public struct NavigationMap: Sendable {
    /// A move between screens: from the top screen before a step to the top screen after it.
    public struct Edge: Hashable, Comparable, Sendable {
        /// The top screen before the step (`NavigationMap.launch` for a scenario's first).
        public let from: String
        /// The top screen after the step.
        public let to: String
        /// The step's transition kinds, repeats dropped, joined by `+` (`push`, `dismiss+selectTab`).
        public let kind: String

        /// Orders edges by `from`, then `to`, then `kind`, for a stable DOT text.
        public static func < (a: Edge, b: Edge) -> Bool {
            (a.from, a.to, a.kind) < (b.from, b.to, b.kind)
        }
    }

    /// How often a screen was shown, or a move made, and by which scenarios.
    public struct Usage: Sendable {
        /// How many recorded steps showed the screen, or made the move.
        public var count = 0
        /// The scenarios that did (`file: scenario name`).
        public var scenarios: Set<String> = []
    }

    /// The start of every scenario's first step: no screen's name (a screen may be named
    /// "(launch)"); the DOT text names it apart from every screen.
    public static let launch = "\u{0}launch"

    /// Every screen shown (visible), by name, with how often and by which scenarios.
    public private(set) var screens: [String: Usage] = [:]
    /// Every move between top screens, with how often and by which scenarios.
    public private(set) var edges: [Edge: Usage] = [:]
    /// The screen types the scripts defined (`nav.screen("Chat")`), shown or not.
    public private(set) var defined: Set<String> = []
    /// The screens each tab bar's or custom container's screen was seen holding (a tab's
    /// stack by its root screen).
    public private(set) var holds: [String: Set<String>] = [:]

    /// An empty map; `add` each scenario's result to it.
    public init() {}

    /// Screen types defined and never shown.
    public var uncovered: [String] {
        defined.subtracting(screens.keys).sorted()
    }

    /// Adds screen types a run knows are defined (by route scripts no scenario loaded).
    public mutating func define(_ names: some Sequence<String>) {
        defined.formUnion(names)
    }

    /// The screen types a script's text defines with `nav.screen("Name"` (its literal names),
    /// outside comment lines.
    public static func screensDefined(in text: String) -> [String] {
        var names: [String] = []
        let code = text.split(separator: "\n").filter { !$0.drop { $0 == " " || $0 == "\t" }.hasPrefix("--") }.joined(separator: "\n")
        var rest = Substring(code)
        while let call = rest.range(of: "nav.screen(") {
            rest = rest[call.upperBound...].drop { $0 == " " }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let body = rest.dropFirst()
            guard let end = body.firstIndex(of: quote) else { break }
            let name = body[..<end]
            if !name.isEmpty, !name.contains("\\"), !name.contains("\n") { names.append(String(name)) }
            rest = body[end...]
        }
        return names
    }

    /// Adds what one scenario did.
    public mutating func add(_ result: ScenarioResult, file: String) {
        defined.formUnion(result.definedScreens ?? [])
        let scenario = "\(file): \(result.scenario.name)"
        // The top before each app's step: moves are drawn within one app.
        var previousByApp: [Int: String] = [:]
        // A dismissal still under way after its step leaves the top where it was: its move is
        // drawn from the step whose top it changes (an advance, a settle), named by it.
        var heldByApp: [Int: (from: String, kinds: [String])] = [:]
        func draw(_ edge: Edge) {
            edges[edge, default: Usage()].count += 1
            edges[edge]?.scenarios.insert(scenario)
        }
        defer {
            // Still under way when the scenario ended: drawn where it started.
            for (_, held) in heldByApp.sorted(by: { $0.key < $1.key }) {
                draw(Edge(from: held.from, to: held.from, kind: held.kinds.joined(separator: "+")))
            }
        }
        for step in result.steps ?? [] {
            let previous = previousByApp[step.app] ?? Self.launch
            // An expect's picture is an earlier step's (the app it looked at), unless the app
            // changed since its last step (a navigation started without waiting).
            guard let hierarchy = step.hierarchy, step.kind != .expect || !step.transitions.isEmpty || !step.log.isEmpty else { continue }
            var seen = Set<String>()
            Self.names(in: hierarchy, into: &seen, holds: &holds)
            for name in seen {
                screens[name, default: Usage()].count += 1
                screens[name]?.scenarios.insert(scenario)
            }
            let top = Self.top(in: hierarchy) ?? previous
            let held = heldByApp.removeValue(forKey: step.app)
            var kinds = held?.kinds ?? []
            for transition in step.transitions where kinds.last != transition.kind {
                kinds.append(transition.kind)
            }
            let from = held?.from ?? previous
            if !kinds.isEmpty {
                if top == from, Self.isDismissing(hierarchy) {
                    heldByApp[step.app] = (from, kinds)
                } else {
                    draw(Edge(from: from, to: top, kind: kinds.joined(separator: "+")))
                }
            }
            previousByApp[step.app] = top
        }
    }

    /// Whether a dismissal is under way in the hierarchy.
    static func isDismissing(_ node: ScenarioHierarchy) -> Bool {
        node.presentationPhase == "dismissing" || node.children.contains(where: isDismissing) || node.presented.contains(where: isDismissing)
    }

    static func screenName(_ node: ScenarioHierarchy) -> String? {
        guard node.kind == "modal" else { return nil }
        return node.name ?? node.key
    }

    /// The names of the screens on screen (visible), of any kind (a tab bar screen too),
    /// and what a visible tab bar's or custom container's screen holds.
    static func names(in node: ScenarioHierarchy, into names: inout Set<String>, holds: inout [String: Set<String>]) {
        if node.isVisible, let name = node.name {
            names.insert(name)
            if node.kind == "tabs" || node.kind == "container" {
                for child in node.children {
                    let held = child.kind == "stack" ? child.children.first : child
                    if let heldName = held?.name { holds[name, default: []].insert(heldName) }
                }
            }
        }
        for child in node.children { Self.names(in: child, into: &names, holds: &holds) }
        for presented in node.presented { Self.names(in: presented, into: &names, holds: &holds) }
    }

    static func top(in node: ScenarioHierarchy) -> String? {
        if node.isTop { return screenName(node) ?? node.name ?? node.kind }
        for child in node.children + node.presented {
            if let found = top(in: child) { return found }
        }
        return nil
    }

    /// The scenarios that exercised a screen or a move (a tooltip in the SVG): the first ten.
    static func tooltip(_ usage: Usage) -> [String] {
        let names = usage.scenarios.sorted()
        return names.prefix(10) + (names.count > 10 ? ["and \(names.count - 10) more"] : [])
    }

    /// The map in Graphviz's DOT language, in a stable order.
    public func dot() -> String {
        // The start's node: "(launch)", or more parentheses than any screen's name has.
        var launchNode = "(launch)"
        while screens[launchNode] != nil || defined.contains(launchNode) { launchNode = "(\(launchNode))" }
        // A label's lines are DOT's `\n`; control characters in them, a line break in a
        // name too, are written visibly (Graphviz copies them into the SVG, where XML does not
        // allow them), and `&` as `&amp;` (Graphviz copies an entity as it is: `&nbsp;` made
        // the SVG unreadable).
        func quoted(_ lines: [String]) -> String {
            if lines == [Self.launch] { return quoted([launchNode]) }
            return "\"" + lines.map {
                VisibleText.of($0).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    .replacingOccurrences(of: "&", with: "&amp;")
            }.joined(separator: "\\n") + "\""
        }
        func quoted(_ line: String) -> String { quoted([line]) }
        var lines = [
            "digraph navigation {",
            "  rankdir=LR;",
            "  graph [fontname=\"Helvetica\", fontsize=11, bgcolor=\"#f6f7f9\", pad=0.3];",
            "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", color=\"#c6c6c8\", fontname=\"Helvetica\", fontsize=11];",
            "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#8e8e93\", fontcolor=\"#3a3a3c\"];",
        ]
        if edges.keys.contains(where: { $0.from == Self.launch }) {
            lines.append("  \(quoted(Self.launch)) [shape=circle, label=\"start\", fillcolor=\"#1c1c1e\", fontcolor=\"#ffffff\", fontsize=9];")
        }
        for name in screens.keys.sorted() {
            let usage = screens[name] ?? Usage()
            let count = usage.scenarios.count
            lines.append("  \(quoted(name)) [label=\(quoted([name, "\(count) scenario\(count == 1 ? "" : "s")"])), tooltip=\(quoted(Self.tooltip(usage)))];")
        }
        for edge in edges.keys.sorted() {
            let usage = edges[edge] ?? Usage()
            let width = min(1 + Double(usage.count).squareRoot() / 2, 4)
            lines.append("  \(quoted(edge.from)) -> \(quoted(edge.to)) [label=\(quoted("\(edge.kind) ×\(usage.count)")), tooltip=\(quoted(Self.tooltip(usage))), penwidth=\(String(format: "%.1f", width))];")
        }
        // What a holder holds, by a dotted line without an arrow: only screens shown, so that
        // no tab never opened is drawn as if it had been.
        for holder in holds.keys.sorted() {
            for held in (holds[holder] ?? []).sorted() where screens[held] != nil && held != holder {
                lines.append("  \(quoted(holder)) -> \(quoted(held)) [style=dotted, arrowhead=none, tooltip=\"holds\"];")
            }
        }
        let uncovered = self.uncovered
        if !uncovered.isEmpty {
            lines.append("  subgraph cluster_uncovered {")
            lines.append("    label=\"defined, never shown\"; style=dashed; color=\"#ff9500\"; fontcolor=\"#ff9500\";")
            for name in uncovered {
                lines.append("    \(quoted(name)) [fillcolor=\"#f2f2f7\", fontcolor=\"#8e8e93\", style=\"rounded,filled,dashed\"];")
            }
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
