import Testing
@testable import DiffHarness
import ListModel

/// The case text drawn; stages are `nil` when the case has no `batch:` line
/// and `withStages` is not forced.
private func drawing(_ text: String, profile: Profile = .strict, withStages: Bool? = nil) throws -> String {
    let parsed = try CaseParser.parse(text, file: "test.case").get()
    let useStages = withStages ?? !parsed.stages.isEmpty
    return CaseDrawing.draw(old: parsed.old, new: parsed.new, stages: useStages ? parsed.stages : nil, profile: profile)
}

private enum Side { case old, new }

/// The note beside `label` (`0.1 b`, `[A]`) on one side of a drawing, or
/// `nil` when the label is not drawn there. The new side starts in the column
/// of the `new` heading.
private func note(_ drawing: String, _ side: Side, _ label: String) -> String? {
    let lines = drawing.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let header = lines.first, let column = header.range(of: "new").map({ header.distance(from: header.startIndex, to: $0.lowerBound) }) else {
        return nil
    }
    for line in lines.dropFirst() {
        if line.isEmpty { break }   // the footer starts after a blank line
        let part = side == .old ? String(line.prefix(column)) : String(line.dropFirst(column))
        let trimmed = part.trimmed
        if trimmed == label { return "" }
        if trimmed.hasPrefix(label + " ") {
            return String(trimmed.dropFirst(label.count)).trimmed
        }
    }
    return nil
}

private extension String {
    var trimmed: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

private func footer(_ drawing: String) -> String {
    guard let blank = drawing.range(of: "\n\n") else { return "" }
    return String(drawing[blank.upperBound...])
}

/// `CaseDrawing.draw`: each fate once, then the edges (empty, duplicated, out of range, large).
@Suite struct CaseDrawingTests {
    /// The whole text of the example in CaseDrawing.swift's header.
    @Test func drawingReadsAsDocumented() throws {
        let text = try drawing("""
            old: [A: a b c] [B: d e]
            new: [A: a c] [B: e d]
            batch: delete 0.1, move 1.1 1.0
            """)
        #expect(text == """
            old                      new
            [A]      kept            [A]
              0.0 a  kept              0.0 a
              0.1 b  deleted           0.1 c  from 0.2
              0.2 c  -> 0.1          [B]
            [B]      kept              1.0 e  moved from 1.1
              1.0 d  -> 1.1            1.1 d  from 1.0
              1.1 e  moved -> 1.0

            stages: 1, all accepted (profile strict)
            stale after the update: none

            """)
    }

    @Test func flatCaseHasNoSectionHeadersAndItemIndexesOnly() throws {
        let text = try drawing("""
            old: a b c d
            new: a c x d
            batch: delete 1, insert 2
            """)
        #expect(!text.contains("["))
        #expect(!text.contains("0.1"))
        #expect(note(text, .old, "0 a") == "kept")
        #expect(note(text, .old, "1 b") == "deleted")
        #expect(note(text, .old, "2 c") == "-> 1")
        #expect(note(text, .old, "3 d") == "kept")
        #expect(note(text, .new, "1 c") == "from 2")
        #expect(note(text, .new, "2 x") == "inserted")
        #expect(note(text, .new, "3 d") == "")
        #expect(footer(text).contains("stage"))
        #expect(footer(text).contains("stale after the update: none"))
    }

    @Test func sectionedCaseWithMovesInsertsAndDeletes() throws {
        // A and C swap places around B; inside A, b is deleted, x inserted; d crosses
        // from B to A; c and a swap. (The sections' numbers differ on every cross-section
        // move, so UICollectionView counts each one, RULES.md §3.1 step 9.)
        let text = try drawing("""
            old: [A: a b c] [B: d e] [C:]
            new: [C:] [B: e] [A: c a d x]
            batch: move section 0 2, move section 2 0, delete 0.1, move 0.2 2.0, move 1.0 2.2, insert 2.3
            """, profile: .uikit)
        #expect(note(text, .old, "[A]") == "moved -> 2")
        #expect(note(text, .old, "[B]") == "kept")
        #expect(note(text, .old, "[C]") == "moved -> 0")
        #expect(note(text, .new, "[C]") == "moved from 2")
        #expect(note(text, .new, "[A]") == "moved from 0")
        #expect(note(text, .old, "0.1 b") == "deleted")
        #expect(note(text, .old, "0.2 c") == "moved -> 2.0")
        #expect(note(text, .old, "0.0 a") == "-> 2.1")
        #expect(note(text, .old, "1.0 d") == "moved -> 2.2")
        #expect(note(text, .old, "1.1 e") == "-> 1.0")
        #expect(note(text, .new, "2.0 c") == "moved from 0.2")
        #expect(note(text, .new, "2.2 d") == "moved from 1.0")
        #expect(note(text, .new, "2.3 x") == "inserted")
        #expect(footer(text).contains("all accepted"))
    }

    @Test func aMoveBetweenSectionsWithEqualNumbersIsRejectedUnderUIKit() throws {
        // B and A swap: d's move from old 1.0 (B) to new 1.2 (A) has equal section
        // numbers, so UICollectionView does not count it and A's count is off.
        let text = try drawing("""
            old: [A: a b c] [B: d e]
            new: [B: e] [A: c a d x]
            batch: move section 1 0, delete 0.1, move 0.2 1.0, move 1.0 1.2, insert 1.3
            """, profile: .uikit)
        #expect(footer(text).contains("item-count"))
    }

    @Test func insertedAndDeletedSections() throws {
        let text = try drawing("""
            old: [A: a] [B: b]
            new: [A: a] [C: c]
            batch: delete section 1, insert section 1
            """)
        #expect(note(text, .old, "[A]") == "kept")
        #expect(note(text, .old, "[B]") == "deleted")
        #expect(note(text, .old, "1.0 b") == "deleted")
        #expect(note(text, .new, "[C]") == "inserted")
        #expect(note(text, .new, "1.0 c") == "inserted")
    }

    @Test func reloadedItemShowsNewContent() throws {
        let text = try drawing("""
            old: [A: a b c]
            new: [A: a b' c]
            batch: reload 0.1
            """)
        #expect(note(text, .old, "0.1 b") == "reloaded")
        #expect(note(text, .new, "0.1 b'") == "reloaded")
        #expect(footer(text).contains("stale after the update: none"))
    }

    @Test func reloadedSection() throws {
        let text = try drawing("""
            old: [A: a] [B: b c]
            new: [A: a] [B': b' c]
            batch: reload section 1
            """)
        #expect(note(text, .old, "[B]") == "reloaded")
        #expect(note(text, .new, "[B']") == "reloaded")
        #expect(note(text, .new, "1.0 b'") == "reloaded")
    }

    @Test func movedAndUpdatedItemIsStaleAfterAPlainMove() throws {
        // A move does not refresh a cell (Sources/ListModel/RULES.md §2.3):
        // b' is drawn as b.
        let text = try drawing("""
            old: a b
            new: b' a
            batch: move 1 0
            """)
        #expect(note(text, .old, "1 b") == "moved -> 0")
        let b = try #require(note(text, .new, "0 b'"))
        #expect(b.contains("moved from 1"))
        #expect(b.contains("stale: shows b"))
        #expect(note(text, .new, "1 a") == "from 0")
        #expect(footer(text).contains("stale after the update: 1"))
        #expect(footer(text).contains("item b' at 0.0 is stale: it shows b"))
    }

    @Test func rejectedStageIsNamedWithItsNumberAndMessage() throws {
        let text = try drawing("""
            old: [A: a b c] [B: d e]
            new: [A: a c] [B: e' d]
            batch: move 1.1 1.0
            then: [A: a b c] [B: e d]
            batch: delete 0.1, reload 0.1
            """)
        let bottom = footer(text)
        #expect(bottom.contains("rejected at stage 2 of 2"))
        #expect(bottom.contains("attempt to delete and reload the same index path (0-1)"))
        #expect(bottom.contains("batch: delete 0.1, reload 0.1"))
        // The fates fall back to the identity pairing.
        #expect(note(text, .old, "0.1 b") == "deleted")
        #expect(note(text, .new, "1.0 e'")?.contains("updated") == true)
    }

    @Test func outOfRangeOperationsAreRejectedNotTrapped() throws {
        let old = Snapshot.flat([Item(id: "a")])
        let stages = [Stage(batch: Batch([.deleteItem(ItemPath(0, 7)), .moveItem(from: ItemPath(-1, 0), to: ItemPath(9, 9))]))]
        let text = CaseDrawing.draw(old: old, new: Snapshot(), stages: stages, profile: .strict)
        #expect(footer(text).contains("rejected at stage 1 of 1"))
        #expect(note(text, .old, "0.0 a") == "deleted")   // new is not flat, so neither side is drawn flat
    }

    @Test func withoutStagesTheFatesComeFromThePairing() throws {
        let text = try drawing("""
            old: [A: a b c] [B: d e]
            new: [A: a c'] [B: e d]
            """)
        #expect(note(text, .old, "0.0 a") == "kept")
        #expect(note(text, .old, "0.1 b") == "deleted")
        #expect(note(text, .old, "0.2 c") == "-> 0.1")
        // One of d, e keeps its order; the other moves.
        let d = try #require(note(text, .old, "1.0 d")), e = try #require(note(text, .old, "1.1 e"))
        #expect([d, e].filter { $0.hasPrefix("moved") }.count == 1)
        #expect(note(text, .new, "0.1 c'") == "from 0.2, updated")
        #expect(footer(text).contains("no stages"))
        #expect(!footer(text).contains("stale"))
    }

    @Test func emptyStagesLeaveTheOldView() throws {
        let old = Snapshot.flat([Item(id: "a")]), new = Snapshot.flat([Item(id: "a", content: 1)])
        let text = CaseDrawing.draw(old: old, new: new, stages: [], profile: .strict)
        #expect(note(text, .old, "0 a") == "kept")
        #expect(note(text, .new, "0 a'")?.contains("stale: shows a") == true)
    }

    @Test func emptyAndDuplicatedSnapshotsDrawWithoutTrapping() throws {
        let none = CaseDrawing.draw(old: Snapshot(), new: Snapshot(), stages: nil, profile: .strict)
        #expect(none.contains("(no sections)"))
        let empty = Snapshot(sections: [Section(id: "A")])
        let emptySections = CaseDrawing.draw(old: empty, new: empty, stages: [Stage(batch: Batch())], profile: .strict)
        #expect(emptySections.contains("(empty)"))
        let text = try drawing("""
            old: a a b
            new: b a a
            batch: move 2 0
            """)
        #expect(note(text, .old, "2 b") == "moved -> 0")
        #expect(note(text, .old, "0 a") == "-> 1")
        #expect(note(text, .old, "1 a") == "-> 2")
    }

    @Test func viewThatMissesTheNewSnapshotIsReported() throws {
        // The stage moves the wrong way round: the view ends with b a, the data source holds a b.
        let text = try drawing("""
            old: [A: a] [B: b]
            new: [A: a b] [B:]
            batch: move 1.0 0.0
            """)
        #expect(note(text, .new, "0.0 a") == "view shows b (moved from 1.0)")
        #expect(footer(text).contains("does not show the new snapshot"))
    }

    @Test func largeCaseIsTruncated() {
        let items = (0..<500).map { Item(id: "i\($0)") }
        let old = Snapshot(sections: (0..<60).map { Section(id: "S\($0)", items: items) })
        let new = Snapshot(sections: (0..<60).reversed().map { Section(id: "S\($0)", items: items.reversed()) })
        let text = CaseDrawing.draw(old: old, new: new, stages: nil, profile: .strict)
        let lines = text.split(separator: "\n")
        #expect(text.contains("… 460 more items"))
        #expect(text.contains("… 20 more sections"))
        #expect(lines.count < 40 * 43 + 10)
        #expect(lines.allSatisfy { $0.count <= 110 })
    }

    @Test func smallCasesFitInAHundredColumns() throws {
        let text = try drawing("""
            old: [A: a b c] [B: d e]
            new: [A: a c'] [B: e d]
            batch: delete 0.1, reload 0.2, move 1.1 1.0
            """, profile: .uikit)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 100 })
        #expect(!text.contains("\u{1B}"))   // no colour codes
    }

    @Test func staleSectionHeaderIsMarked() throws {
        let text = try drawing("""
            old: [A: a] [B: b]
            new: [A': a] [B: b]
            batch: move 1.0 1.0
            """)
        #expect(note(text, .new, "[A']") == "stale: shows [A]")
        #expect(footer(text).contains("section A' (0) is stale: it shows A"))
    }

    /// Random snapshots (duplicates, empty sections) and random operations,
    /// many out of range: every drawing finishes and names its outcome.
    @Test func randomCasesDrawWithoutTrapping() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        func snapshot() -> Snapshot {
            Snapshot(sections: (0..<next(4)).map { s in
                Section(id: ["A", "B", "C"][next(3)], content: next(2),
                        items: (0..<next(5)).map { _ in Item(id: ["a", "b", "c", "d"][next(4)], content: next(2)) })
            })
        }
        func path() -> ItemPath { ItemPath(next(4) - 1, next(6) - 1) }
        func operation() -> Operation {
            switch next(8) {
            case 0: return .deleteSection(next(4) - 1)
            case 1: return .insertSection(next(4) - 1)
            case 2: return .reloadSection(next(4) - 1)
            case 3: return .moveSection(from: next(4) - 1, to: next(4) - 1)
            case 4: return .deleteItem(path())
            case 5: return .insertItem(path())
            case 6: return .reloadItem(path())
            default: return .moveItem(from: path(), to: path())
            }
        }
        var outcomes: Set<String> = []
        for _ in 0..<400 {
            let old = snapshot(), new = snapshot()
            let stages = (0..<next(3)).map { _ in
                Stage(batch: Batch((0..<next(4)).map { _ in operation() }), data: next(2) == 0 ? snapshot() : nil)
            }
            let profile: Profile = next(2) == 0 ? .strict : .uikit
            let text = CaseDrawing.draw(old: old, new: new, stages: next(5) == 0 ? nil : stages, profile: profile)
            let bottom = footer(text)
            if bottom.contains("rejected at stage") { outcomes.insert("rejected") }
            else if bottom.contains("all accepted") { outcomes.insert("accepted") }
            else if bottom.contains("no stages") { outcomes.insert("pairing") }
            #expect(text.hasPrefix("old"))
        }
        #expect(outcomes == ["rejected", "accepted", "pairing"])
    }

    @Test func longestRunFindsOneLongestIncreasingSubsequence() {
        #expect(Matching.longestIncreasingMembers([2, 0, 1, 3]) == [1, 2, 3])
        #expect(Matching.longestIncreasingMembers([]) == [])
        #expect(Matching.longestIncreasingMembers([3, 2, 1]).count == 1)
        #expect(Matching.longestIncreasingMembers([1, 1, 1]).count == 1)
        // The members increase, and are as many as the length says, on any order.
        var generator = SplitMix64(seed: 43)
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 0...8, using: &generator) }
            let members = Matching.longestIncreasingMembers(values)
            #expect(members.count == Matching.longestIncreasingLength(values), "\(values)")
            #expect(zip(members, members.dropFirst()).allSatisfy { $0 < $1 && values[$0] < values[$1] }, "\(values)")
        }
    }
}
