// Labels: the order labels read off a pair agree with their definitions by
// longest increasing subsequences, on campaign cases.
import Testing
import ListModel
@testable import DiffHarness

/// `move`, `moved-and-updated` (as far as staying items go) and
/// `section-move` by their definitions: a longest kept-in-order subsequence
/// shorter than the whole.
private func orderLabelsByDefinition(old: Snapshot, new: Snapshot) -> (move: Bool, movedAndUpdatedStaying: Bool, sectionMove: Bool) {
    let matching = Matching(old: old, new: new)
    let sectionOrder = matching.newSectionOfOld.compactMap { $0 }
    let sectionMove = Matching.longestIncreasingLength(sectionOrder) < sectionOrder.count
    var move = false, movedAndUpdated = false
    for s in old.sections.indices {
        let staying = matching.itemPairs.filter { $0.old.section == s && matching.newSectionOfOld[s] == $0.new.section }
        guard Matching.longestIncreasingLength(staying.map(\.new.item)) < staying.count else { continue }
        move = true
        if staying.contains(where: { old.sections[s].items[$0.old.item].content != new.sections[$0.new.section].items[$0.new.item].content }) {
            movedAndUpdated = true
        }
    }
    return (move, movedAndUpdated, sectionMove)
}

@Test func orderLabelsAgreeWithTheirDefinitions() {
    let generator = PairGenerator()
    var counts = (move: 0, sectionMove: 0, neither: 0)
    for seed: UInt64 in [6, 7] {
        for n in 0..<1500 {
            let pair = generator.campaignCase(seed: seed, n: n)
            let labels = LabelSet(old: pair.old, new: pair.new)
            let expected = orderLabelsByDefinition(old: pair.old, new: pair.new)
            #expect(labels.contains(.move) == expected.move, "seed \(seed) case \(n)")
            #expect(labels.contains(.sectionMove) == expected.sectionMove, "seed \(seed) case \(n)")
            // Cross-section moves add moved-and-updated too: only a staying one is implied here.
            if expected.movedAndUpdatedStaying { #expect(labels.contains(.movedAndUpdated), "seed \(seed) case \(n)") }
            if expected.move { counts.move += 1 }
            if expected.sectionMove { counts.sectionMove += 1 }
            if !expected.move && !expected.sectionMove { counts.neither += 1 }
        }
    }
    #expect(counts.move > 100 && counts.sectionMove > 20 && counts.neither > 100)
}
