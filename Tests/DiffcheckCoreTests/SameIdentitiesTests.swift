// The same-identities answer (old and new hold the same identities in the
// same order, only contents change) against the general path it skips.
import Testing
@testable import DiffcheckCore
import ListModel
import TestSupport

/// The general sectioned path (`Differ`), which never takes the
/// same-identities answer.
private func generalDifference(_ old: Snapshot, _ new: Snapshot) -> ListDiff.Difference {
    let oldSections = old.sections.map(TestSection.init), newSections = new.sections.map(TestSection.init)
    let oldElements = oldSections.map(\.elements), newElements = newSections.map(\.elements)
    let (oldPartner, newPartner) = ListDiff.pair(
        oldSections.lazy.map(\.diffIdentifier), newSections.lazy.map(\.diffIdentifier))
    let oldCounts = oldElements.map(\.count), newCounts = newElements.map(\.count)
    return ListDiff.Differ(
        oldSections: oldSections, newSections: newSections,
        oldSectionPartner: oldPartner, newSectionPartner: newPartner,
        oldElements: oldElements, newElements: newElements, oldCounts: oldCounts, newCounts: newCounts,
        oldItemCount: oldCounts.reduce(0, +), newItemCount: newCounts.reduce(0, +)
    ).difference()
}

/// `snapshot` with each section's and item's content changed at random.
private func recontented(_ snapshot: Snapshot, _ random: inout SeededGenerator) -> Snapshot {
    Snapshot(sections: snapshot.sections.map { section in
        Section(id: section.id, content: Int.random(in: 0...1, using: &random), items: section.items.map {
            Item(id: $0.id, content: Int.random(in: 0...1, using: &random))
        })
    })
}

@Test func sameIdentitiesAnswerEqualsTheGeneralPath() {
    var random = SeededGenerator(seed: 30)
    var withReloads = 0
    for _ in 0..<2_000 {
        // Repeated identities included: sections and items drawn from few names.
        let old = Snapshot(sections: (0..<Int.random(in: 0...3, using: &random)).map { _ in
            Section(id: ["A", "B"].randomElement(using: &random)!, items: (0..<Int.random(in: 0...4, using: &random)).map { _ in
                Item(id: ["a", "b", "c"].randomElement(using: &random)!)
            })
        })
        let new = recontented(old, &random)
        let sectioned = diff(old, new)
        #expect(sectioned == generalDifference(old, new), "\(old) -> \(new)")
        if old.sections.count == 1 {
            // The flat answer equals the general path on one section.
            let flat = ListDiff.diff(old: old.sections[0].items.map(TestItem.init),
                                     new: new.sections[0].items.map(TestItem.init))
            let oneSection = generalDifference(Snapshot(sections: [Section(id: "_", items: old.sections[0].items)]),
                                               Snapshot(sections: [Section(id: "_", items: new.sections[0].items)]))
            #expect(flat == oneSection, "\(old) -> \(new)")
        }
        if sectioned.stages[0].batch.operationCount > 0 { withReloads += 1 }
    }
    // Both kinds were drawn: with and without content changes.
    #expect(withReloads > 500 && withReloads < 2_000)
}

@Test func sameIdentitiesReloadChangedSectionsAndTheChangedItemsOfTheOthers() {
    let difference = diff(snapshot("A: a b' | B: c d | C: e"), snapshot("A': a b | B: c d' | C: e"))
    #expect(spell(difference) == ["srel 0; rel 1.1"])
    #expect(difference.moveCount == 0)
    #expect(difference.pairing.newPath(forOld: ListDiff.ItemPath(1, 1)) == ListDiff.ItemPath(1, 1))
    #expect(spell(flatDiff("a b' a", "a b a'")) == ["rel 0.1; rel 0.2"])
}
