import Testing
@testable import DiffcheckCore
import TestSupport

@Test func handPickedSubsequences() {
    #expect(ListDiff.longestIncreasingSubsequence([]) == [])
    #expect(ListDiff.longestIncreasingSubsequence([3, 0, 1, 2]) == [false, true, true, true])
    #expect(ListDiff.longestIncreasingSubsequence([3, 2, 1, 0]) == [false, false, false, true])
    #expect(ListDiff.longestIncreasingSubsequence([0, 1, 2]) == [true, true, true])
}

@Test func subsequencesAreLongestAndIncreasing() {
    var random = SeededGenerator(seed: 5)
    for _ in 0..<300 {
        let values = Array((0..<Int.random(in: 0...25, using: &random)).shuffled(using: &random))
        let isPreferred = values.map { _ in Bool.random(using: &random) }
        for isMember in [
            ListDiff.longestIncreasingSubsequence(values),
            ListDiff.longestIncreasingSubsequence(values, bound: values.count, weights: isPreferred.map { $0 ? 1 : 0 }),
        ] {
            let chosen = values.indices.filter { isMember[$0] }.map { values[$0] }
            #expect(chosen == chosen.sorted())
            #expect(Set(chosen).count == chosen.count)
            #expect(chosen.count == naiveLISLength(values))
        }
    }
}

/// Among the longest, the weighted pass has the largest total weight
/// (checked against dynamic programming on (length, weight) pairs).
@Test func weightedSubsequenceHasTheLargestWeight() {
    var random = SeededGenerator(seed: 6)
    for _ in 0..<300 {
        let values = Array((0..<Int.random(in: 0...12, using: &random)).shuffled(using: &random))
        let weights = values.map { _ in Int.random(in: 0...3, using: &random) }
        var best = values.indices.map { (1, weights[$0]) }
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] {
                let candidate = (best[j].0 + 1, best[j].1 + weights[i])
                if candidate > best[i] { best[i] = candidate }
            }
        }
        let isMember = ListDiff.longestIncreasingSubsequence(values, bound: values.count, weights: weights)
        let weight = values.indices.filter { isMember[$0] }.map { weights[$0] }.reduce(0, +)
        #expect(weight == (best.max { $0 < $1 }?.1 ?? 0))
    }
}
