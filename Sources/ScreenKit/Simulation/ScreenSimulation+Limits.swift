/// How large a hierarchy may grow, and how much work a navigation may do.
public struct ScreenSimulationLimits: Sendable {
    /// Containers from the window to the deepest one, through containment and
    /// presentation. Every query that walks the hierarchy is bounded by it.
    public var depth: Int
    /// Children of one container: a stack's screens, a tab bar's tabs.
    public var children: Int

    /// Limits of `depth` containers from the window down and `children` children in one container.
    public init(depth: Int = 100, children: Int = 10_000) {
        self.depth = depth
        self.children = children
    }
}

extension ScreenSimulation {
    /// Charges `steps` of work (an action performed, a stack edit applied) to the host's
    /// budget (`workBudget`); throws the budget's error once it is used up.
    public func charge(steps: Int) throws {
        if let workBudget, let error = workBudget(steps) {
            throw error
        }
    }

    /// Throws when `children` are more than a container may hold; the error names
    /// `trigger`, the action that would add them (the container when none does).
    func checkCount(of children: [ScreenContainer], in container: ScreenContainer, for trigger: Any? = nil) throws {
        if children.count > limits.children {
            throw ScreenLimitError("\(container) would hold more than \(limits.children) containers", for: trigger ?? container)
        }
    }

    /// Why `child` cannot be one of the screens of `stack`: a stack cannot hold a stack.
    func stackChildError(_ child: ScreenContainer, in stack: ScreenContainer, for trigger: Any) -> ScreenError? {
        stack.kind == .stack && child.kind == .stack ? ScreenContainerPlacementError(stack: child, target: stack, for: trigger) : nil
    }

    /// Why `container` cannot be placed into `target` (as a root, child or presentation),
    /// or nil when it can: it must be a non-window container that does not contain `target`,
    /// out of every window's hierarchy, and the hierarchy must stay within its depth.
    ///
    /// A container held in a tree no window shows (the screens of a dismissed stack, an old
    /// root's) may go: the action takes it out of that tree when it places it (`takeOut`), as
    /// UIKit's `addChild` takes a child from its old parent. Whether such a tree still exists
    /// depends on what a script holds and when Lua collects it, so the outcome must not. One
    /// whose presentation or dismissal is under way may not go.
    func placementError(_ container: ScreenContainer, in target: ScreenContainer, for trigger: Any) -> ScreenError? {
        let holder = container.parent ?? container.presentingContainer
        guard container.kind != .window, holder?.attachedWindow == nil, container.presentationPhase != .presenting,
              container.presentationPhase != .dismissing, !target.isDescendant(of: container) else {
            return ScreenContainerPlacementError(container: container, target: target, for: trigger)
        }
        let depth = target.depth + container.height
        if depth > limits.depth {
            return ScreenLimitError("The hierarchy would be deeper than \(limits.depth) containers", for: trigger)
        }
        return nil
    }
}

extension ScreenContainer {
    /// Containers from the window (1) down to this one, through parents and presenters.
    var depth: Int {
        var depth = 1
        var current = self
        while let next = current.parent ?? current.presentingContainer {
            depth += 1
            current = next
        }
        return depth
    }

    /// Levels of containers in this one's tree (1 for a leaf), children and presentations
    /// included; measured without recursion.
    var height: Int {
        var height = 0
        var pending: [(ScreenContainer, Int)] = [(self, 1)]
        while let (container, level) = pending.popLast() {
            height = max(height, level)
            pending.append(contentsOf: container.children.map { ($0, level + 1) })
            if let presented = container.presentedContainer {
                pending.append((presented, level + 1))
            }
        }
        return height
    }
}
