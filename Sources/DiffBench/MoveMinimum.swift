// MoveMinimum: the fewest moves for a benchmark input, computed by the bench
// itself (not by the core) so that the table can compare the two.
import DiffHarness

enum MoveMinimum {
    /// The longest-increasing-subsequence minimum: per pair of sections, the
    /// paired items minus a longest increasing subsequence, plus the items
    /// that change section; plus the paired sections minus a longest
    /// increasing subsequence. Benchmark identities are unique, so pairing
    /// is a dictionary lookup.
    ///
    /// - Complexity: O(n log n).
    static func minimum<ID: Hashable, S: Hashable>(
        old: [[ID]], new: [[ID]], oldSections: [S], newSections: [S]
    ) -> Int {
        var sectionIndex: [S: Int] = [:]
        for (s, id) in oldSections.enumerated() { sectionIndex[id] = s }
        let sectionPartner = newSections.map { sectionIndex[$0] }
        var place: [ID: (section: Int, item: Int)] = [:]
        for (s, items) in old.enumerated() {
            for (i, id) in items.enumerated() { place[id] = (s, i) }
        }
        let pairedSections = sectionPartner.compactMap { $0 }
        var moves = pairedSections.count - Matching.longestIncreasingLength(pairedSections)
        for (t, items) in new.enumerated() {
            var values: [Int] = []
            for id in items {
                guard let (s, i) = place[id] else { continue }
                if sectionPartner[t] == s { values.append(i) } else { moves += 1 }
            }
            moves += values.count - Matching.longestIncreasingLength(values)
        }
        return moves
    }
}
