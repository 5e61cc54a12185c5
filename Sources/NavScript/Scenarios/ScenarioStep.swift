import LuaKit
import ScreenKit

/// One step of a scenario, as the HTML report shows it: an app method that navigates or runs
/// the clock (`navigate`, `open`, `settle`, ...) or an `expect`, with where it was written,
/// the virtual time after it, what it changed and the hierarchy after it. Recorded only when
/// a report asks for steps (`ScenarioFileRunner.recordsSteps`).
public struct ScenarioStep: Codable, Sendable, Equatable {
    /// The app method (or `expect`) that made the step.
    ///
    ///     -- Lua: app:navigate(route)   app:settle()   app:advance(0.25)   expect(app):toShow(Chat)
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// `nav.app{...}`: the hierarchy an app starts with.
        case app
        case navigate, open, resumeDeeplinks, settle, advance, tap, answer, expect
        /// A deeplink manager's methods that navigate (`...IfPossible` as the method).
        case handleURL, handleNotification, handleShortcut, activate
    }

    /// What made the step.
    public let kind: Kind
    /// "file:line" of the call.
    public let location: String?
    /// Virtual seconds on the app's clock after the step (0 for an expect that saw no change).
    public let time: Double
    /// Whether the navigation succeeded (or the clock settled, or the expectation held).
    public let ok: Bool
    /// A navigation's error, or an expectation's matcher (`toShow`).
    public let message: String?
    /// The transitions the step made, in order (`app.transitions`' new entries).
    public let transitions: [ScenarioTransition]
    /// The log lines the step added.
    public let log: [String]
    /// The window's hierarchy after the step. For an expect, the one it looked at when that
    /// is not the last before it (another app's, a step not kept's, or its app changed
    /// since its last step), else none.
    public internal(set) var hierarchy: ScenarioHierarchy?
    /// Which app of its scenario the step is of, in the order the scenario first used them
    /// (1, 2, ...); 0 for an expect, unless it holds the picture of a step not kept (its app's).
    public internal(set) var app: Int
    /// How many steps right before this one were not kept (`ScenarioStepRecorder.maximumSteps`):
    /// nonzero for a long scenario's last step only.
    public internal(set) var omitted: Int = 0

    /// A step as recorded; `app` numbers its app in the scenario, as the `app` property says.
    public init(kind: Kind, location: String?, time: Double, ok: Bool, message: String?, transitions: [ScenarioTransition],
                log: [String], hierarchy: ScenarioHierarchy?, app: Int = 0) {
        self.kind = kind
        self.location = location
        self.time = time
        self.ok = ok
        self.message = message
        self.transitions = transitions
        self.log = log
        self.hierarchy = hierarchy
        self.app = app
    }
}

/// A transition as plain data: `push` on `stack` from `[ChatList]` to `[ChatList, Chat(chatId=7)]`.
public struct ScenarioTransition: Codable, Sendable, Equatable {
    /// What the transition did: `push`, `pop`, `setStack`, `present`, `dismiss`, `selectTab`, `setRoot`.
    public let kind: String
    /// The container that changed, as the log names it (`stack`, `tabs Home`).
    public let container: String
    /// What was there before, as labels: a stack's screens (`[ChatList]`), the presented chain,
    /// the root, the selected tab as `index: label`. In a recorded step, the labels below
    /// what changed past the last two are one `… 97 more`.
    public let before: [String]
    /// What is there after, as `before` gives it (`[ChatList, Chat(chatId=7)]`).
    public let after: [String]
    /// Whether the user saw an animation.
    public let animated: Bool
    /// The line `app.transitions` prints: `push stack [ChatList] -> [ChatList, Chat] animated`.
    public let description: String

    /// A transition with its fields as the log gives them.
    public init(kind: String, container: String, before: [String], after: [String], animated: Bool, description: String) {
        self.kind = kind
        self.container = container
        self.before = before
        self.after = after
        self.animated = animated
        self.description = description
    }

    /// How many of the labels below what changed a step keeps (`ScreenTransition.abridged`).
    static let keptBelow = 2

    /// A recorded transition: what it shares below what changed cut to `keptBelow` labels,
    /// so that a step of a stack 1,000 deep is as small as one of a stack 3 deep.
    init(_ transition: ScreenTransition) {
        let (before, after) = transition.abridged(keeping: Self.keptBelow)
        self.init(kind: transition.kind.rawValue,
                  container: transition.container.key.map { "\(transition.container.kind.rawValue) \($0)" } ?? transition.container.kind.rawValue,
                  before: before, after: after, animated: transition.animated, description: transition.line(before: before, after: after))
    }
}

/// A hierarchy as plain data, made from the same containers as `app:snapshot()`, with what a
/// drawing needs besides: UIKit's class names and what system screens show.
public struct ScenarioHierarchy: Codable, Sendable, Hashable {
    /// The container's kind: `window`, `stack`, `tabs`, `modal` or `container`.
    public let kind: String
    /// The screen name of its key (`Chat`), when it has a key.
    public let name: String?
    /// The screen's key: `Chat(chatId=7)`.
    public let key: String?
    /// UIKit's class: `UINavigationController`, `UIAlertController`.
    public let typeName: String
    /// The attributes a drawing shows, as text (`modalPresentationStyle` = `"fullScreen"`).
    public let attributes: [String: String]
    /// Whether the container is on screen.
    public let isVisible: Bool
    /// Whether it is the navigator's top container (`navigator.topContainer`) when it was taken.
    public let isTop: Bool
    /// For tabs, the selected tab, 1-based.
    public let selectedIndex: Int?
    /// For a presented container, `presenting`, `presented` or `dismissing`; nil otherwise.
    public let presentationPhase: String?
    /// A system screen's title, message or URL, and its actions.
    public let systemText: [String]
    /// The containers it holds: a window's root, a stack's screens, a tab bar's tabs. A stack
    /// deeper than `keptScreens` + 1 keeps its root and its top `keptScreens`.
    public let children: [ScenarioHierarchy]
    /// How many screens a deep stack left out between its root and those it keeps; 0 for
    /// the rest.
    public let omittedChildren: Int
    /// The container it presents, if any (at most one).
    public let presented: [ScenarioHierarchy]

    /// The most screens from a stack's top a step keeps, besides its root: more than its
    /// drawing's trail of names can show, so that a stack 1,000 deep is drawn as it is and
    /// a step costs what one 26 deep does.
    public static let keptScreens = 24

    /// A node with every field given.
    public init(kind: String, name: String?, key: String?, typeName: String, attributes: [String: String], isVisible: Bool, isTop: Bool,
                selectedIndex: Int?, presentationPhase: String?, systemText: [String], children: [ScenarioHierarchy], presented: [ScenarioHierarchy],
                omittedChildren: Int = 0) {
        self.kind = kind
        self.name = name
        self.key = key
        self.typeName = typeName
        self.attributes = attributes
        self.isVisible = isVisible
        self.isTop = isTop
        self.selectedIndex = selectedIndex
        self.presentationPhase = presentationPhase
        self.systemText = systemText
        self.children = children
        self.presented = presented
        self.omittedChildren = omittedChildren
    }

    /// The window's hierarchy with the HUD over it, if one is shown (its `hud` attribute:
    /// a view in the window, not a container, as Nivelir's `HUDView` is), and `idiom`
    /// `pad` on a pad, which a drawing lays out as one.
    func with(hud: String?, isPad: Bool) -> ScenarioHierarchy {
        guard hud != nil || isPad else { return self }
        var attributes = self.attributes
        attributes["hud"] = hud
        attributes["idiom"] = isPad ? "pad" : nil
        return ScenarioHierarchy(kind: kind, name: name, key: key, typeName: typeName, attributes: attributes, isVisible: isVisible, isTop: isTop,
                                 selectedIndex: selectedIndex, presentationPhase: presentationPhase, systemText: systemText,
                                 children: children, presented: presented, omittedChildren: omittedChildren)
    }

    /// The hierarchy of `container`, with `top` marked.
    public init(_ container: ScreenContainer, top: ScreenContainer?) {
        var text: [String] = []
        if let screen = container.systemScreen {
            let fields = screen.fields
            for field in ["title", "message", "url", "name", "itemID", "source"] {
                if case let .string(value)? = fields[field] { text.append(value) }
            }
            if case let .array(items)? = fields["items"] {
                text += items.compactMap { if case let .string(item) = $0 { return item } else { return nil } }
            }
            if case let .array(actions)? = fields["actions"] {
                text += actions.compactMap { action -> String? in
                    guard case let .object(fields) = action, case let .string(title)? = fields["title"] else { return nil }
                    // "[Sign Out]destructive": the style after the title, none for the default.
                    guard case let .string(style)? = fields["style"], style != "default" else { return "[\(title)]" }
                    return "[\(title)]\(style)"
                }
            }
        }
        var children = container.children[...], omitted = 0
        if container.kind == .stack && children.count > Self.keptScreens + 2 {
            omitted = children.count - Self.keptScreens - 1
            children = children.prefix(1) + children.suffix(Self.keptScreens)
        }
        self.init(kind: container.kind.rawValue, name: container.name, key: container.key?.description, typeName: container.typeName,
                  attributes: Self.drawn(container.attributes), isVisible: container.isVisible, isTop: container === top,
                  selectedIndex: container.kind == .tabs ? container.selectedIndex.map { $0 + 1 } : nil,
                  presentationPhase: container.presentationPhase?.rawValue, systemText: text,
                  children: children.map { ScenarioHierarchy($0, top: top) },
                  presented: container.presentedContainer.map { [ScenarioHierarchy($0, top: top)] } ?? [], omittedChildren: omitted)
    }
}

extension ScenarioHierarchy {
    /// The attributes drawings show; the others are left out of every step's record.
    static let drawnAttributes: Set<String> = [ScreenAttribute.modalPresentationStyle, ScreenAttribute.bottomSheet, "tabBarItem",
                                               "leftBarButton", "rightBarButton", ScreenAttribute.popoverAnchor]

    /// The attributes drawn by their title alone: a bar button's, a tab bar item's.
    static let titledAttributes: Set<String> = ["tabBarItem", "leftBarButton", "rightBarButton"]

    /// Each as text: a titled one as its title (left out without one), the others as
    /// they print.
    static func drawn(_ attributes: [String: ScreenValue]) -> [String: String] {
        guard !attributes.isEmpty else { return [:] }
        var shown: [String: String] = [:]
        for (name, value) in attributes where drawnAttributes.contains(name) {
            guard titledAttributes.contains(name) else {
                shown[name] = value.description
                continue
            }
            if case let .object(fields) = value, case let .string(title)? = fields["title"] { shown[name] = title }
        }
        return shown
    }
}

extension Sequence where Element == ScenarioStep {
    /// Each step's number in its scenario, counting the steps not kept before it (1, 2, ...).
    public var numbers: [Int] {
        var number = 0
        return map { step in
            number += step.omitted + 1
            return number
        }
    }
}

/// Records the steps of one scenario, up to a bound, for the report.
public final class ScenarioStepRecorder {
    /// The most steps a scenario keeps: the first ones, and the last in the last place (the
    /// end state the report and `draw --step=-1` show), counting the ones left out between.
    public static let maximumSteps = 2_000

    /// The steps recorded so far, in order (at most `maximumSteps`).
    public private(set) var steps: [ScenarioStep] = []

    /// A recorder with no steps yet.
    public init() {}

    /// The apps whose steps were recorded, in that order: an app's number is its place here.
    private var apps: [NavApp] = []

    /// The number of `app` in this scenario (1, 2, ...).
    private func number(of app: NavApp) -> Int {
        if let index = apps.firstIndex(where: { $0 === app }) { return index + 1 }
        apps.append(app)
        return apps.count
    }

    /// An expect's step, drawn as the hierarchy it looked at: the last one drawn, unless the
    /// value it held was another app or one of that app's containers (a scenario that drives
    /// two), then that app's last; or, when that app changed since its last step (a
    /// navigation started without waiting, `navigator:navigate`), the app as it is now, with
    /// those transitions and log lines, which the expect is the first step to see.
    func recordExpect(location: String?, ok: Bool, matcher: String?, of app: NavApp?) {
        var number = 0, hierarchy: ScenarioHierarchy?, time = 0.0
        var transitions: [ScenarioTransition] = [], log: [String] = []
        if let app, let index = apps.firstIndex(where: { $0 === app }) {
            number = index + 1
            let application = app.application
            if let before = taken[ObjectIdentifier(app)], application.transitions.count > before.transitions || application.log.count > before.log {
                (transitions, log, hierarchy) = take(app, since: before)
                time = application.clock.now
            } else if steps.last(where: { $0.hierarchy != nil })?.app != number {
                hierarchy = steps.last { $0.hierarchy != nil && $0.app == number }?.hierarchy
            }
        }
        append(ScenarioStep(kind: .expect, location: location, time: time, ok: ok, message: matcher, transitions: transitions, log: log,
                            hierarchy: hierarchy, app: number))
    }

    func append(_ step: ScenarioStep) {
        guard steps.count == Self.maximumSteps else { return steps.append(step) }
        var step = step
        let left = steps.removeLast()
        step.omitted = left.omitted + 1
        // An expect is drawn as the last hierarchy before it: the one left out, when it had
        // one, and of that one's app, so that a later expect on that app finds it.
        if step.kind == .expect && step.hierarchy == nil, let picture = left.hierarchy {
            step.hierarchy = picture
            step.app = left.app
        }
        steps.append(step)
    }

    /// How many of each app's transitions and log lines a step has taken.
    private var taken: [ObjectIdentifier: (transitions: Int, log: Int)] = [:]

    /// What `app` did since `before` (counts of its transitions and log lines), taken by the
    /// step being recorded: those transitions and log lines, and the hierarchy now.
    private func take(_ app: NavApp, since before: (transitions: Int, log: Int))
        -> (transitions: [ScenarioTransition], log: [String], hierarchy: ScenarioHierarchy) {
        let application = app.application
        taken[ObjectIdentifier(app)] = (application.transitions.count, application.log.count)
        return (application.transitions.dropFirst(before.transitions).map(ScenarioTransition.init),
                Array(application.log.dropFirst(before.log)),
                ScenarioHierarchy(application.window, top: application.navigator.topContainer)
                    .with(hud: application.simulation.system.hud.map(Self.shown), isPad: application.simulation.system.idiom == .pad))
    }

    /// A HUD as a picture writes it under "HUD": "success · Sent", "50 % · Uploading".
    private static func shown(_ hud: HUD) -> String {
        let indicator: String
        switch hud.indicator {
        case .activity: indicator = "activity"
        case .spinner: indicator = "spinner"
        case .success: indicator = "success"
        case .failure: indicator = "failure"
        case let .image(name): indicator = name
        case let .percentage(ratio): indicator = String(format: "%.0f %%", ratio * 100)
        }
        return ([indicator] + (hud.message.map { [$0] } ?? [])).joined(separator: " · ")
    }

    /// An app method's step: what changed since `before` (counts of transitions and log
    /// lines), and since the app's last step (what a navigation started without waiting,
    /// `navigator:navigate`, did in between), and the outcome it returned (the values on
    /// the top of the stack).
    func record(_ kind: ScenarioStep.Kind, app: NavApp, call: LuaCall, results: Int32, before: (transitions: Int, log: Int)) {
        let previous = taken[ObjectIdentifier(app)] ?? before
        let (transitions, log, hierarchy) = take(app, since: (min(before.transitions, previous.transitions), min(before.log, previous.log)))
        var ok = true, message: String?
        if results >= 1 {
            let first = call.top - results + 1
            if call.type(first) == .boolean { ok = call.boolean(first) }
            if results >= 2, !ok { message = call.optionalString(first + 1) }
        }
        append(ScenarioStep(kind: kind, location: call.location(level: 1), time: app.application.clock.now, ok: ok, message: message,
                            transitions: transitions, log: log, hierarchy: hierarchy, app: number(of: app)))
    }
}
