/// The labels of a transition's before or after as a chain from the bottom: a stack's
/// transitions share the screens below what changed, so a stack pushed thousands of
/// screens deep keeps one link a push instead of a copy of every label below it (which
/// made its memory and time grow with the square of its depth).
final class ScreenLabelChain {
    let label: String
    private(set) var below: ScreenLabelChain?
    /// Links from the bottom up to this one.
    let count: Int

    init(label: String, below: ScreenLabelChain?) {
        self.label = label
        self.below = below
        count = (below?.count ?? 0) + 1
    }

    /// A chain of `labels`, bottom first, on top of `chain`.
    static func extending(_ chain: ScreenLabelChain?, with labels: some Sequence<String>) -> ScreenLabelChain? {
        labels.reduce(chain) { ScreenLabelChain(label: $1, below: $0) }
    }

    /// The labels, bottom first.
    static func labels(of chain: ScreenLabelChain?) -> [String] {
        var labels: [String] = []
        labels.reserveCapacity(chain?.count ?? 0)
        var link = chain
        while let current = link {
            labels.append(current.label)
            link = current.below
        }
        return labels.reversed()
    }

    deinit {
        // A long chain goes one link at a time: the default release is recursive, and a
        // stack can be deep enough to overflow it.
        var current = below
        below = nil
        while isKnownUniquelyReferenced(&current) {
            let next = current?.below
            current?.below = nil
            current = next
        }
    }
}

extension ScreenContainer {
    /// The labels of `screens` as a chain, sharing the links of the screens below that this
    /// stack's last chain had (`stackLabels`, one link a screen): a push adds one link, a
    /// pop none. Labels, not identities, are compared: equal labels are the same picture.
    /// The first `known` are known to be the chain's already (the same screens), so that a
    /// push onto a deep stack compares none of the screens below it.
    func labelChain(of screens: [ScreenContainer], known: Int = 0) -> ScreenLabelChain? {
        let common = stackLabels.sharedPrefixCount(with: screens, from: known) { $0.label == $1.label }
        stackLabels.removeSubrange(common...)
        for screen in screens[common...] {
            stackLabels.append(ScreenLabelChain(label: screen.label, below: stackLabels.last))
        }
        return stackLabels.last
    }
}
