/// A container in the simulated hierarchy: what `UIWindow`, `UIViewController`,
/// `UINavigationController` and `UITabBarController` are in an app.
///
/// Containers form two graphs, as in UIKit:
/// - containment: `parent` and `children` (a window's root, a stack's screens bottom to top,
///   the tabs of a tab bar, the children of a custom container);
/// - presentation: each container presents at most one other (`presentedContainer`), which
///   points back to it (`presentingContainer`). A presentation always attaches to the
///   outermost container of its containment tree, as UIKit attaches it to the presentation
///   context.
///
/// Only the simulation changes the graphs, through navigation actions; everything else
/// reads them. Swift: `navigator.topContainer?.key`; Lua: `app:top().key`.
public final class ScreenContainer {
    /// What kind of container this is; never `.container`.
    public let kind: ScreenContainerKind

    /// The key of the screen this container was built from, or nil for a container built
    /// without one (the stack that `withStackContainer()` wraps around a screen).
    public let key: ScreenKey?

    /// `label`, written once: every stack edit records the labels of the stack before and
    /// after, and a key's text sorts and prints its traits.
    @exclusivity(unchecked) var writtenLabel: String?

    /// For a stack, the links of the labels of its screens at its last transition, bottom
    /// first, which the next one shares (`labelChain(of:)`).
    @exclusivity(unchecked) var stackLabels: [ScreenLabelChain] = []
    /// Whether `stackLabels` are still those of `children`: no change of them since the last
    /// transition but its own (`replaceChildren` clears it, a stack edit sets it).
    @exclusivity(unchecked) var stackLabelsAreCurrent = false

    /// The container that contains this one: the window for its root, the stack or tabs
    /// for their screens. Nil for a presented container and for one not in a hierarchy.
    ///
    /// Not a weak reference: a weakly referenced object keeps its counts in a side table,
    /// which every retain and release of it then goes through (a fifth of `navscript
    /// explore`'s time). It is safe unowned because only `replaceChildren` sets it, to a
    /// container that lists this one (and clears it when that container drops this one),
    /// and a container that goes clears it in those it lists (`deinit`).
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var parent: ScreenContainer?

    /// Contained containers: a window's root, a stack's screens (bottom to top), tabs.
    @exclusivity(unchecked) public internal(set) var children: [ScreenContainer] = []

    /// For tabs, the index of the selected tab in `children` (0-based in Swift).
    @exclusivity(unchecked) public internal(set) var selectedIndex: Int?

    /// For tabs while a custom tab animation runs, the tab coming in: Nivelir's animation is
    /// `UIView.transition(from:to:)`, which puts the new tab's view in the window and takes
    /// the old one's out when it starts, while `selectedIndex` changes when it ends.
    @exclusivity(unchecked) var incomingTab: ScreenContainer?

    /// For a stack while UIKit's own push, pop or `setViewControllers` animates, the screen
    /// that was on top: its view stays in the window until the transition ends, beside the
    /// new top's (UIKit takes it out then). Held, as the transition holds its view.
    @exclusivity(unchecked) var outgoingTop: ScreenContainer?

    /// For a screen popped while the pop animates, the stack it leaves (whose `outgoingTop`
    /// it is). Unowned as `parent` is: set with that stack's `outgoingTop`, and cleared when
    /// the stack lets it go or goes itself.
    @exclusivity(unchecked) unowned(unsafe) var leavingStack: ScreenContainer?

    /// The container this one presents directly (strong, as UIKit holds it).
    @exclusivity(unchecked) public internal(set) var presentedContainer: ScreenContainer?

    /// The container that presents this one directly. Unowned, as `parent` is, and for the
    /// same reasons: it is set only with the presenter's `presentedContainer` (which a
    /// presenter never replaces while it is set), and cleared by a presenter that goes.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var presentingContainer: ScreenContainer?

    /// The container's own UIKit class name, when it is not its kind's: a system screen's
    /// (`UIAlertController`), or a stack of a named class (`withStackContainer(of:)`).
    public internal(set) var className: String?

    /// What a system screen shows (an alert, a share sheet, ...), for a container that is one.
    public internal(set) var systemScreen: ScreenSystemScreen?

    /// The container a system screen was shown from, where its actions' routes start, as a
    /// Nivelir handler navigates from the container it captured (UIKit's presenter is the
    /// outermost container, a tab bar for a screen in a tab). Weak: that container may
    /// present the screen, which would hold it in a cycle.
    weak var shownFrom: ScreenContainer?

    /// For the screen of a visual share activity on screen: how it finishes (UIActivity's
    /// `activityDidFinish(completed)`): UIKit dismisses it, then the share reports.
    var finishActivity: ((Bool) -> Result<Void, Error>)?

    /// Whether it shows a visual share activity, which an answer finishes.
    public var isSharingActivity: Bool { finishActivity != nil }

    /// The observation the container's screen informs its observers through, if it has one.
    public internal(set) var observation: ScreenObservation?

    /// Whether the iterator walks into the children (Nivelir's `ScreenIterableContainer`):
    /// windows, stacks and tabs do; a custom container only when its screen says so
    /// (Lua: `nav.screen("Split", { iterable = true, build = ... })`), as a view controller
    /// class adopts the protocol.
    @exclusivity(unchecked) public var isIterable: Bool

    /// Where a presentation of this container stands, while it is presented.
    @exclusivity(unchecked) public internal(set) var presentationPhase: ScreenPresentationPhase?

    /// What decorators set, under the UIKit property's name (`modalPresentationStyle`,
    /// `leftBarButton`, `tabBarItem`, ...).
    @exclusivity(unchecked) public internal(set) var attributes: [String: ScreenValue] = [:]

    /// Routes run when a bar button is tapped, by attribute name (`leftBarButton`).
    public internal(set) var barButtonRoutes: [String: AnyScreenRoute] = [:]

    /// Whether the container was rebuilt from a snapshot: what its screen's decorators made
    /// beyond data (a bar button's route) is not there until the screen is built again.
    public internal(set) var isRestored = false

    /// Objects kept alive as long as the container lives (Nivelir's `ScreenPayload`).
    public internal(set) var payload: [Any] = []

    /// A window's visibility; a new window is visible and key, as a scene makes it.
    @exclusivity(unchecked) public internal(set) var isHidden = false

    /// Whether a window is the key window.
    public internal(set) var isKey = false

    /// How a container refreshes itself (Nivelir's `ScreenRefreshableContainer`); nil when
    /// it cannot, and `refresh()` then fails with a type mismatch.
    public var refreshHandler: RefreshHandler?
    /// Refreshes the container it is given and then calls the completion once with the result.
    ///
    ///     container.refreshHandler = { container, done in done(.success(())) }
    ///     -- Lua: nav.screen("Feed", { refresh = function(container) end })
    public typealias RefreshHandler = (ScreenContainer, @escaping (Result<Void, Error>) -> Void) -> Void

    /// Asked when the container refreshes and has no `refreshHandler`: a host whose
    /// definitions change while it runs (scripts reloaded) gives one defined since.
    public var laterRefreshHandler: (() -> RefreshHandler?)?

    /// How many times the container was refreshed.
    public internal(set) var refreshCount = 0

    /// When the animation running on this container ends; later animations queue behind.
    internal var animationEnd: Double = 0
    /// When this container's presentation or dismissal under way ends.
    internal var presentationEnd: Double = 0
    /// For tabs, when the custom tab animation bringing in `incomingTab` ends.
    internal var incomingTabEnd: Double = 0
    /// For a stack, when the transition taking `outgoingTop` out of the window ends (set
    /// while it runs; a restored one whose old top was popped has this alone).
    internal var outgoingTopEnd: Double?
    /// How many times the container was placed in a tree (`ScreenSimulation.takeOut`): a
    /// transition queued to take it out of a stack's window does not once it moved.
    internal var placements = 0

    /// What a weak reference to this container holds instead (`ScreenCustomWindowProvider`):
    /// it lives exactly as long as the container, which alone holds it strongly.
    final class Anchor {
        unowned(unsafe) let container: ScreenContainer

        init(_ container: ScreenContainer) {
            self.container = container
        }
    }

    private(set) lazy var anchor = Anchor(self)

    /// Makes a detached container. The abstract kind `.container` makes a modal one.
    public init(kind: ScreenContainerKind, key: ScreenKey? = nil) {
        self.kind = kind == .container ? .modal : kind
        self.key = key
        isIterable = self.kind != .modal
    }

    deinit {
        // Release what this container holds one level at a time: the default release is
        // recursive, and a script can build a presentation chain deep enough to overflow it.
        // Each container that goes first clears the references back to it of those it
        // holds, which may live on (a script can hold any container).
        detachHeld()
        var pending = children
        if let presented = presentedContainer {
            pending.append(presented)
        }
        children.removeAll()
        presentedContainer = nil
        while var next = pending.popLast() {
            guard isKnownUniquelyReferenced(&next) else { continue }
            next.detachHeld()
            pending.append(contentsOf: next.children)
            next.children.removeAll()
            if let presented = next.presentedContainer {
                pending.append(presented)
                next.presentedContainer = nil
            }
        }
    }

    /// Clears `parent` in the containers this one lists and `presentingContainer` in the one
    /// it presents, where they point here.
    private func detachHeld() {
        for child in children where child.parent === self {
            child.parent = nil
        }
        if let presented = presentedContainer, presented.presentingContainer === self {
            presented.presentingContainer = nil
        }
        if let outgoing = outgoingTop, outgoing.leavingStack === self {
            outgoing.leavingStack = nil
        }
    }

    /// The screen name of the key, if any.
    public var name: String? { key?.name }

    /// The key a search by name or key matches (Nivelir's `ScreenKeyedContainer`): a
    /// system screen's container is not built from a screen, as Nivelir's addons' UIKit
    /// controllers are not keyed, so no such search finds it, though its `key` names it
    /// in pictures and logs (`Alert(title=Hi)`).
    public var searchKey: ScreenKey? {
        guard let key, !isSystemScreen else { return nil }
        return key
    }

    /// Whether UIKit's controller of a system screen (an alert, Safari, ...) is this
    /// container: one shown by the simulation, or one restored from a snapshot, known by
    /// its class.
    public var isSystemScreen: Bool {
        systemScreen != nil || className.map(ScreenSystemScreen.classNames.contains) == true
    }

    /// Whether it is presented as a popover (`modalPresentationStyle`).
    var isPopover: Bool { ScreenModalPresentationStyle(attributeOf: self) == .popover }

    /// Sets a decorator attribute. Swift: `container.setAttribute("fullScreen", for:
    /// "modalPresentationStyle")`; what a custom decorator calls.
    public func setAttribute(_ value: ScreenValue?, for name: String) {
        attributes[name] = value
    }

    /// Keeps an object alive as long as the container.
    public func retain(_ object: Any) {
        payload.append(object)
    }
}

/// The stages of a presentation, which decide whether the presenter is still visible.
public enum ScreenPresentationPhase: String, Sendable {
    /// The presentation animation is running.
    case presenting
    /// The presentation is complete.
    case presented
    /// The dismissal animation is running; the container is still presented until it ends.
    case dismissing
}

extension ScreenContainer: Equatable, Hashable {
    /// Identity: two containers are equal only when they are the same object.
    public static func == (lhs: ScreenContainer, rhs: ScreenContainer) -> Bool {
        lhs === rhs
    }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
