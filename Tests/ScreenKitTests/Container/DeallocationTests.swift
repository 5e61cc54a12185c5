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
}
