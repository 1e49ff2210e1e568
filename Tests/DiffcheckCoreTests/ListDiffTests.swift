// The classic cases, with the exact output expected of the core; every
// output is also replayed on a strict list view.
import Testing
import DiffcheckCore
import ListModel

/// Diffs `old` → `new`, checks the replay (valid, reaches `new`, fresh) and
/// returns the stages spelled out.
func checkedStages(_ old: String, _ new: String) -> [String] {
    let old = snapshot(old), new = snapshot(new)
    let difference = diff(old, new)
    switch replay(difference, old: old, new: new) {
    case .success(let shown):
        #expect(shown.sections.map(\.id) == new.sections.map(\.id))
        #expect(staleness(shown, new) == [])
        #expect(shown == new)
    case .failure(let violation):
        Issue.record("rejected: \(violation)")
    }
    return spell(difference)
}

/// The same for a flat list, through the flat entry point.
func checkedFlatStages(_ old: String, _ new: String) -> [String] {
    let flat = flatDiff(old, new)
    let sectioned = diff(Snapshot.flat(items(old)), Snapshot.flat(items(new)))
    #expect(flat == sectioned)
    return checkedStages("_: " + old, "_: " + new)
}

@Suite struct ClassicCases {
    @Test func emptyToEmpty() {
        #expect(checkedFlatStages("", "") == [""])
        #expect(checkedStages("", "") == [""])
    }

    @Test func allInserted() {
        #expect(checkedFlatStages("", "a b c") == ["ins 0.0; ins 0.1; ins 0.2"])
    }

    @Test func allDeleted() {
        #expect(checkedFlatStages("a b c", "") == ["del 0.0; del 0.1; del 0.2"])
    }

    @Test func swap() {
        #expect(checkedFlatStages("a b", "b a") == ["mov 0.1>0.0"])
        #expect(flatDiff("a b", "b a").moveCount == 1)
    }

    @Test func reverse() {
        #expect(checkedFlatStages("a b c d", "d c b a") == ["mov 0.3>0.0; mov 0.2>0.1; mov 0.1>0.2"])
        #expect(flatDiff("a b c d", "d c b a").moveCount == 3)
    }

    @Test func rotateByOne() {
        #expect(checkedFlatStages("a b c d", "b c d a") == ["mov 0.0>0.3"])
        #expect(checkedFlatStages("a b c d", "d a b c") == ["mov 0.3>0.0"])
    }

    /// Heckel (1978), "A technique for isolating differences between files":
    /// the sentence example. "THE" occurs twice on both sides; a longest
    /// increasing subsequence keeps 14 of the 17 shared words in place, so
    /// only LIKE, SNOW and "," move.
    @Test func heckelSentence() {
        let old = "MUCH WRITING IS LIKE SNOW , A MASS OF LONG WORDS AND PHRASES FALLS UPON THE RELEVANT FACTS COVERING UP THE DETAILS ."
        let new = "A MASS OF LATIN WORDS FALLS UPON THE RELEVANT FACTS LIKE SOFT SNOW , COVERING UP THE DETAILS ."
        #expect(checkedFlatStages(old, new) == [
            "del 0.0; del 0.1; del 0.2; del 0.9; del 0.11; del 0.12; ins 0.3; ins 0.11; "
                + "mov 0.3>0.10; mov 0.4>0.12; mov 0.5>0.13"
        ])
        let difference = flatDiff(old, new)
        #expect(difference.moveCount == 3)
        // The second THE pairs with the second THE.
        #expect(difference.pairing.newPath(forOld: ListDiff.ItemPath(0, 20)) == ListDiff.ItemPath(0, 16))
        #expect(difference.pairing.newPath(forOld: ListDiff.ItemPath(0, 15)) == ListDiff.ItemPath(0, 7))
    }

    @Test func duplicatesOnBothSides() {
        // a#0 -> 0, a#1 -> 2, the third new a is inserted; b moves between them.
        #expect(checkedFlatStages("a a b", "a b a a") == ["ins 0.3; mov 0.2>0.1"])
        #expect(checkedFlatStages("a a a", "a") == ["del 0.1; del 0.2"])
        #expect(checkedFlatStages("a", "a a") == ["ins 0.1"])
        // Occurrences pair in order, so both change content and both reload.
        #expect(checkedFlatStages("a a'", "a' a") == ["rel 0.0; rel 0.1"])
    }

    @Test func duplicatedSections() {
        #expect(checkedStages("A: a | A: b", "A: b") == ["sdel 1; del 0.0; ins 0.0"])
        // The second A pairs with the second A; B moves after it.
        #expect(checkedStages("A: a | B: b | A: c", "A: a | A: c | B: b") == ["smov 1>2"])
    }

    @Test func crossSectionMoves() {
        #expect(checkedStages("A: a b | B: c", "A: b | B: c a") == ["mov 0.0>1.1"])
        #expect(diff(snapshot("A: a b | B: c"), snapshot("A: b | B: c a")).moveCount == 1)
    }

    @Test func itemOfDeletedSectionIsReinserted() {
        #expect(checkedStages("A: a | B: b", "B: b a") == ["sdel 0; ins 0.1"])
        #expect(diff(snapshot("A: a | B: b"), snapshot("B: b a")).moveCount == 1)
    }

    @Test func sectionsInsertedAndDeleted() {
        #expect(checkedStages("A: a | B: b", "B: b | C: c") == ["sdel 0; sins 1"])
    }

    @Test func updatedItemInPlace() {
        #expect(checkedFlatStages("a b", "a' b") == ["rel 0.0"])
    }

    /// An updated item that also moves: reloaded first at its old place,
    /// with the data holding the old order and the new contents.
    @Test func updatedItemThatMoves() {
        #expect(checkedFlatStages("a b c", "c' a b") == ["rel 0.2", "mov 0.2>0.0"])
        let difference = flatDiff("a b c", "c' a b")
        #expect(difference.stages[0].data == [
            ListDiff.IntermediateSection(source: .new(0), items: [
                .new(ListDiff.ItemPath(0, 1)), .new(ListDiff.ItemPath(0, 2)), .new(ListDiff.ItemPath(0, 0)),
            ])
        ])
    }

    /// An updated item that keeps its place in the order but shifts (an
    /// insert before it) cannot be reloaded in the same batch.
    @Test func updatedItemThatShifts() {
        #expect(checkedFlatStages("a b", "x a b'") == ["rel 0.1", "ins 0.0"])
    }

    /// A delete and an insert before an updated item cancel out: it keeps
    /// its index path, so it is reloaded in the same batch.
    @Test func updatedItemBehindCancellingChanges() {
        #expect(checkedFlatStages("a b c", "x b c'") == ["del 0.0; ins 0.0; rel 0.2"])
    }

    /// Among the longest increasing subsequences, the one that keeps the
    /// changed b in place: it is reloaded in the same batch.
    @Test func changedItemKeptInPlace() {
        #expect(checkedFlatStages("a b c", "c b' a") == ["rel 0.1; mov 0.2>0.0; mov 0.0>0.2"])
        #expect(checkedStages("A: a | B: b | C: c", "C: c | B': b | A: a") == ["srel 1; smov 2>0; smov 0>2"])
    }

    /// A moved section with changes inside: when another section can move
    /// instead, it does, and one stage suffices.
    @Test func sectionMoveAvoidsTheChangedSection() {
        #expect(checkedStages("A: a b | B: c", "B: c | A: b a x") == ["smov 1>0; ins 1.2; mov 0.1>1.0"])
    }

    /// A section move with item changes inside it: the items change first,
    /// with the sections in their old order, then the sections move.
    @Test func sectionMoveWithItemChanges() {
        #expect(checkedStages("A: a b | B: c d", "B: d c | A: b a") == ["mov 0.1>0.0; mov 1.1>1.0", "smov 0>1"])
        // ...and with content changes: A keeps its place (the weighted
        // subsequence prefers it) but B's move to 0 pushes it to 1, and
        // UICollectionView would insert the reload's fresh section at 0,
        // the move's destination: A is reloaded first, at its old place.
        #expect(checkedStages("A: a b | B: c d", "B: d c | A': b a'") == [
            "srel 0", "mov 0.1>0.0; mov 1.1>1.0", "smov 1>0",
        ])
        // When both change, both are reloaded first: A moves, and B, pushed
        // from 1 to 0 by A's move, would land on A's destination.
        #expect(checkedStages("A: a b | B: c d", "B': d c | A': b a'") == [
            "srel 0; srel 1", "mov 0.1>0.0; mov 1.1>1.0", "smov 0>1",
        ])
    }

    @Test func updatedSectionInPlace() {
        #expect(checkedStages("A: a | B: b", "A': a | B: b c") == ["srel 0; ins 1.1"])
        // A section that shifts (but does not move) is reloaded in the same batch.
        #expect(checkedStages("A: a | B: b", "B': b") == ["sdel 0; srel 1"])
    }

    @Test func pairingLocatesCells() {
        let difference = diff(snapshot("A: a b | B: c"), snapshot("B: c a | C: x"))
        #expect(difference.pairing.newSection(forOld: 0) == nil)
        #expect(difference.pairing.newSection(forOld: 1) == 0)
        #expect(difference.pairing.oldSection(forNew: 1) == nil)
        #expect(difference.pairing.newPath(forOld: ListDiff.ItemPath(0, 0)) == ListDiff.ItemPath(0, 1))
        #expect(difference.pairing.newPath(forOld: ListDiff.ItemPath(0, 1)) == nil)
        #expect(difference.pairing.oldPath(forNew: ListDiff.ItemPath(1, 0)) == nil)
        #expect(difference.pairing.newPath(forOld: ListDiff.ItemPath(7, 0)) == nil)
    }

    /// Empty sections start where the next one does: a cell is never
    /// located in one.
    @Test func pairingLocatesCellsAcrossEmptySections() {
        let difference = diff(snapshot("A: a b | B: | C: c"), snapshot("D: | C: c a | B: | A: b"))
        #expect(difference.pairing.newPath(forOld: ListDiff.ItemPath(0, 0)) == ListDiff.ItemPath(1, 1))
        #expect(difference.pairing.newPath(forOld: ListDiff.ItemPath(0, 1)) == ListDiff.ItemPath(3, 0))
        #expect(difference.pairing.newPath(forOld: ListDiff.ItemPath(2, 0)) == ListDiff.ItemPath(1, 0))
        #expect(difference.pairing.oldPath(forNew: ListDiff.ItemPath(3, 0)) == ListDiff.ItemPath(0, 1))
        #expect(difference.pairing.oldPath(forNew: ListDiff.ItemPath(1, 0)) == ListDiff.ItemPath(2, 0))
        #expect(difference.pairing.newPath(forOld: ListDiff.ItemPath(1, 0)) == nil)
    }
}
