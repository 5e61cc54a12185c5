extension Array {
    /// How many elements from the start this list shares with `other`, as `same` compares
    /// them: what a stack edit keeps at the bottom, which a deep stack must not pay for.
    /// The first `start` are known to be shared, and not compared.
    func sharedPrefixCount<Other>(with other: [Other], from start: Int = 0, by same: (Element, Other) -> Bool) -> Int {
        var count = start
        while count < self.count && count < other.count && same(self[count], other[count]) {
            count += 1
        }
        return count
    }
}
