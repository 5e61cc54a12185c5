@testable import ScreenKit
import Testing

@Suite struct DeallocationTests {
    @Test func aVeryDeepHierarchyIsReleasedWithoutRecursion() {
        weak var bottom: ScreenContainer?
        do {
            let root = ScreenContainer(kind: .modal)
            var last = root
            for index in 0..<300_000 {
                let next = ScreenContainer(kind: index.isMultiple(of: 2) ? .modal : .stack)
                if index.isMultiple(of: 2) {
                    last.presentedContainer = next
                    next.presentingContainer = last
                } else {
                    last.children = [next]
                    next.parent = last
                }
                last = next
            }
            bottom = last
            #expect(bottom != nil)
        }
        #expect(bottom == nil)
    }

    /// `parent` and `presentingContainer` are unowned: a container that goes clears them in
    /// those that outlive it (a script can hold any container), at every depth of the
    /// release (run under AddressSanitizer by scripts/test, which would see a stale one).
    @Test func whatOutlivesItsContainerOrPresenterPointsNowhere() {
        let kept: ScreenContainer, presented: ScreenContainer, deep: ScreenContainer
        weak var gone: ScreenContainer?
        do {
            let root = ScreenContainer(kind: .stack)
            let dropped = ScreenContainer(kind: .stack)
            kept = ScreenContainer(kind: .modal)
            presented = ScreenContainer(kind: .modal)
            deep = ScreenContainer(kind: .modal)
            root.children = [dropped, kept]
            dropped.parent = root
            kept.parent = root
            root.presentedContainer = presented
            presented.presentingContainer = root
            dropped.children = [deep]
            deep.parent = dropped
            gone = dropped
            #expect(kept.parent === root && deep.parent === dropped && presented.presentingContainer === root)
        }
        #expect(gone == nil)
        #expect(kept.parent == nil)
        #expect(deep.parent == nil)
        #expect(presented.presentingContainer == nil)
    }

    /// Moved to another container, a child points at that one; the first going leaves it so.
    @Test func aChildMovedElsewhereKeepsItsNewParent() {
        let child = ScreenContainer(kind: .modal), second = ScreenContainer(kind: .stack)
        do {
            let first = ScreenContainer(kind: .stack)
            first.children = [child]
            child.parent = first
            second.children = [child]
            child.parent = second
        }
        #expect(child.parent === second)
    }
}
