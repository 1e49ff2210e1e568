// LongestIncreasingSubsequence: the pass that picks which paired items (or
// sections) stay where they are; every other one is moved.

extension ListDiff {
    /// Marks the members of one longest strictly increasing subsequence of
    /// `values`.
    ///
    /// Patience sorting: `tailValue[k]` is the smallest value that ends an
    /// increasing subsequence of length k+1 seen so far and `tailPosition[k]`
    /// its position (kept side by side, so the binary search reads one
    /// array); `previous` links each position to its predecessor in such a
    /// subsequence. When several longest subsequences exist, the one ending
    /// at the smallest last value (found last) wins, then its chain of
    /// predecessors: the choice is deterministic. Scratch memory is
    /// temporary (on the stack for short sequences).
    ///
    ///     longestIncreasingSubsequence([3, 0, 1, 2])  // [false, true, true, true]
    ///
    /// - Complexity: O(m log m) time and O(m) memory for m values; no recursion.
    @inlinable
    static func longestIncreasingSubsequence(_ values: UnsafeBufferPointer<Int>) -> [Bool] {
        let count = values.count
        var isMember = [Bool](filled: false, count: count)
        guard count > 0 else { return isMember }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * count) { scratch in
            let previous = UnsafeMutableBufferPointer(rebasing: scratch[0..<count])
            let tailValue = UnsafeMutableBufferPointer(rebasing: scratch[count..<2 * count])
            let tailPosition = UnsafeMutableBufferPointer(rebasing: scratch[2 * count..<3 * count])
            var length = 0
            // Invariant: tailValue[0 ..< length] is strictly increasing.
            for position in 0..<count {
                let value = values[position]
                if length == 0 || tailValue[length - 1] < value {
                    previous[position] = length > 0 ? tailPosition[length - 1] : -1
                    tailValue[length] = value
                    tailPosition[length] = position
                    length += 1
                    continue
                }
                var low = 0, high = length
                while low < high {
                    let middle = (low + high) / 2
                    if tailValue[middle] < value { low = middle + 1 } else { high = middle }
                }
                previous[position] = low > 0 ? tailPosition[low - 1] : -1
                tailValue[low] = value
                tailPosition[low] = position
            }
            var position = tailPosition[length - 1]
            while position >= 0 {
                isMember[position] = true
                position = previous[position]
            }
        }
        return isMember
    }

    /// `longestIncreasingSubsequence` on an array.
    @inlinable
    static func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
        values.withUnsafeBufferPointer { longestIncreasingSubsequence($0) }
    }
}

extension ListDiff {
    /// Marks the members of a longest strictly increasing subsequence of
    /// `values` (distinct numbers in `0..<bound`) that, among all longest
    /// ones, has the largest total `weight` (non-negative).
    ///
    /// Used to keep in place, without moving one element more than the
    /// minimum, the sections and items whose moving would cost a stage.
    ///
    /// A Fenwick tree indexed by value keeps, for each prefix of values, the
    /// best (length, weight) of a subsequence ending there.
    ///
    /// - Complexity: O(m log bound) time, O(m + bound) memory; no recursion.
    @usableFromInline
    static func longestIncreasingSubsequence(
        _ values: [Int], bound: Int, weights: [Int]
    ) -> [Bool] {
        struct Best: Comparable {
            var length = 0, weight = 0, position = -1
            static func < (a: Best, b: Best) -> Bool {
                (a.length, a.weight) < (b.length, b.weight)
            }
        }
        var tree = [Best](filled: Best(), count: bound + 1)
        var previous = [Int](filled: -1, count: values.count)
        var overall = Best()
        for position in values.indices {
            let value = values[position]
            // Best subsequence ending at a value below `value`.
            var best = Best()
            var index = value
            while index > 0 {
                if best < tree[index] { best = tree[index] }
                index -= index & -index
            }
            previous[position] = best.position
            let here = Best(
                length: best.length + 1,
                weight: best.weight + weights[position],
                position: position)
            if overall < here { overall = here }
            index = value + 1
            while index <= bound {
                if tree[index] < here { tree[index] = here }
                index += index & -index
            }
        }
        var isMember = [Bool](filled: false, count: values.count)
        var position = overall.position
        while position >= 0 {
            isMember[position] = true
            position = previous[position]
        }
        return isMember
    }
}
