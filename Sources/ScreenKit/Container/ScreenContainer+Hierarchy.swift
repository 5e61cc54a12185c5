/// Queries over the hierarchy with UIKit's semantics. They only read.
extension ScreenContainer {
    /// The selected tab of a tabs container (UIKit's `selectedViewController`).
    public var selectedChild: ScreenContainer? {
        guard kind == .tabs, let index = selectedIndex, children.indices.contains(index) else {
            return nil
        }
        return children[index]
    }

    /// The tab whose view is in the window: the selected one, or the one a custom tab
    /// animation is bringing in (`incomingTab`).
    var shownTab: ScreenContainer? {
        if let incoming = incomingTab, incoming.parent === self {
            return incoming
        }
        return selectedChild
    }

    /// Containers the iterator walks into: a stack bottom to top, tabs with the selected
    /// one moved to the end, a window's root, an iterable custom container's children.
    public var nestedContainers: [ScreenContainer] {
        guard isIterable else {
            return []
        }
        guard kind == .tabs, let selected = selectedChild else {
            return children
        }
        return children.filter { $0 !== selected } + [selected]
    }

    /// `nestedContainers.reversed()`, one by one, without making the arrays.
    func forEachNestedContainerReversed(_ body: (ScreenContainer) -> Void) {
        guard isIterable else {
            return
        }
        let selected = selectedChild
        if let selected {
            body(selected)
        }
        for child in children.reversed() where child !== selected {
            body(child)
        }
    }

    /// The outermost container of this one's containment tree below the window: the one a
    /// presentation attaches to.
    public var presentationContext: ScreenContainer {
        var current = self
        while let parent = current.parent, parent.kind != .window {
            current = parent
        }
        return current
    }

    /// The container presented by this one or by its nearest ancestor that presents
    /// (UIKit's `presentedViewController`; Nivelir's `presented`).
    public var presented: ScreenContainer? {
        guard kind != .window else {
            return nil
        }
        var current: ScreenContainer? = self
        while let container = current, container.kind != .window {
            if let presented = container.presentedContainer {
                return presented
            }
            current = container.parent
        }
        return nil
    }

    /// The container that presented this one or its nearest presented ancestor (UIKit's
    /// `presentingViewController`; Nivelir's `presenting`).
    public var presenting: ScreenContainer? {
        guard kind != .window else {
            return nil
        }
        return presentationContext.presentingContainer
    }

    /// The nearest ancestor stack (UIKit's `navigationController`).
    public var stack: ScreenContainer? { nearestAncestor(of: .stack) }

    /// The nearest ancestor tabs (UIKit's `tabBarController`).
    public var tabs: ScreenContainer? { nearestAncestor(of: .tabs) }

    private func nearestAncestor(of kind: ScreenContainerKind) -> ScreenContainer? {
        var current = parent
        while let container = current {
            if container.kind == kind {
                return container
            }
            current = container.parent
        }
        return nil
    }

    /// The window this container's tree is attached to, through containment and
    /// presentation, whether or not it shows on screen.
    public var attachedWindow: ScreenContainer? {
        // Terminates: the simulation never lets a container be placed where it already is.
        var current: ScreenContainer? = self
        while let container = current {
            if container.kind == .window {
                return container
            }
            let context = container.presentationContext
            if let window = context.parent, window.kind == .window {
                return window
            }
            current = context.presentingContainer ?? context.stackLeft
        }
        return nil
    }

    /// The window the container is attached to, when it shows: a hidden window has never
    /// been shown (no route hides one once shown), and UIKit installs its root's view when
    /// it is first made visible, so nothing of it is in a window until then.
    var shownWindow: ScreenContainer? {
        attachedWindow.flatMap { $0.isHidden ? nil : $0 }
    }

    /// For a screen popped while the pop animates, the stack whose window its view is still
    /// in (see `outgoingTop`); nil once it is anywhere else.
    var stackLeft: ScreenContainer? {
        guard parent == nil, presentingContainer == nil, let stack = leavingStack, stack.outgoingTop === self else {
            return nil
        }
        return stack
    }

    /// The window, when this container's view is in it (UIKit's `viewIfLoaded?.window`):
    /// nil for a screen under the top of its stack (but the top a push or pop is taking out,
    /// until it ends), an unselected tab, a presenter hidden by a completed full-screen
    /// presentation, or a container outside any hierarchy.
    public var window: ScreenContainer? {
        isInWindow ? attachedWindow : nil
    }

    /// Whether the container's view is in its window (see `window`), one that shows
    /// (`shownWindow`).
    public var isInWindow: Bool {
        if kind == .window {
            return true
        }
        guard shownWindow != nil else {
            return false
        }
        var current = self
        while let parent = current.parent, parent.kind != .window {
            switch parent.kind {
            case .stack where parent.children.last !== current && parent.outgoingTop !== current:
                return false
            case .tabs where parent.shownTab !== current:
                return false
            default:
                current = parent
            }
        }
        if let stack = current.stackLeft, !stack.isInWindow {
            return false
        }
        return !current.isCoveredByPresentation
    }

    /// Whether this presentation context's view is out of the window because of what it
    /// presents: a completed presentation that removes its presenter's view covers it
    /// (`fullScreen` and `currentContext` do; sheets do not), and a chain dismissed from
    /// below it takes it out at once, as UIKit animates only the top-most of a dismissed
    /// chain and "simply removes" the ones under it.
    var isCoveredByPresentation: Bool {
        guard let presented = presentedContainer else {
            return false
        }
        if presented.presentationPhase == .presented && ScreenModalPresentationStyle(attributeOf: presented).removesPresenter {
            return true
        }
        return dismissal != nil
    }

    /// Whether the container shows on screen (Nivelir's `ScreenVisibleContainer.isVisible`):
    /// a window that is not hidden, or a container whose view is in such a window.
    public var isVisible: Bool {
        kind == .window ? !isHidden : isInWindow
    }

    /// The window's root (`UIWindow.rootViewController`).
    public var root: ScreenContainer? {
        kind == .window ? children.first : nil
    }

    /// Whether `ancestor` contains this container or presents it, directly or not.
    public func isDescendant(of ancestor: ScreenContainer) -> Bool {
        var current: ScreenContainer? = self
        while let container = current {
            if container === ancestor {
                return true
            }
            current = container.parent ?? container.presentingContainer
        }
        return false
    }

    /// The container being dismissed that takes this one out of the window (this one, or one
    /// it is in or presented from, directly or not), or nil. UIKit takes no touch on what a
    /// dismissal animates out.
    var dismissal: ScreenContainer? {
        var current: ScreenContainer? = self
        while let container = current {
            if container.presentationPhase == .dismissing {
                return container
            }
            current = container.parent ?? container.presentingContainer
        }
        return nil
    }
}
