import DiffHarness
import ListModel
import Testing

// CaseSummary: a long case told in a few lines (a 560 KB case with some
// 30,000 moves used to be printed whole by repro and show).

/// `count` items `x0 x1 …`, each with `content`.
private func items(_ prefix: String, _ range: Range<Int>, content: Int = 0) -> [Item] {
    range.map { Item(id: "\(prefix)\($0)", content: content) }
}

@Suite struct CaseSummaryTests {
    @Test func aShortCaseIsPrintedAsItIs() throws {
        let c = try CaseParser.parse("old: a b c\nnew: c b a\nbatch: move 0 2, move 2 0\nexpect: fail fresh\n", file: "short").get()
        #expect(CaseSummary.text(c) == CasePrinter.text(c))
        #expect(CaseSummary.stageLines(c.stages, isFlat: true) == CasePrinter.stageLines(c.stages, isFlat: true))
    }

    @Test func aLongFlatCaseIsSummedUpWithWhereOldAndNewDiffer() throws {
        let old = Snapshot.flat(items("a", 0..<30_000))
        // The same list, items 10 to 29,989 in reverse: 29,980 items differ, 29,979 moves.
        var reversed = old.sections[0].items
        reversed[10..<29_990].reverse()
        let new = Snapshot.flat(reversed)
        let moves = (0..<29_979).map { Operation.moveItem(from: ItemPath(0, 10 + $0), to: ItemPath(0, 29_989 - $0)) }
        let c = Case(comments: ["a long one"], old: old, new: new, stages: [Stage(batch: Batch(moves))])
        let full = CasePrinter.text(c)
        let text = CaseSummary.text(c)
        #expect(full.utf8.count > 400_000 && text.utf8.count < 2_000, "\(text.utf8.count) bytes")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(lines)")
        #expect(lines[0] == "# a long one")
        #expect(lines[1].hasPrefix("old (30000 items in 1 section, 194 KB; --full prints it): a0 a1 a2 "), "\(lines[1])")
        #expect(lines[1].hasSuffix(" a29997 a29998 a29999"), "\(lines[1])")
        #expect(lines[2].hasPrefix("new (30000 items in 1 section, 194 KB; --full prints it): a0 a1 "), "\(lines[2])")
        #expect(lines[3] == "old and new differ from item 10 to item 29989 of old (29980 items) and item 10 to item 29989 of new (29980 items); the first 10 and last 10 items are the same")
        #expect(lines[4] == "batch (29979 operations: 29979 moves, 505 KB; --full prints it): move 10 29989, move 11 29988, move 12 29987 … move 29987 12, move 29988 11")
        // A summed-up line is no line of the case format.
        #expect((try? CaseParser.parse(text, file: "summed").get()) == nil)
    }

    @Test func aSectionedDifferenceNamesSectionsAndItemPaths() {
        let old = Snapshot(sections: [Section(id: "A", items: items("a", 0..<200)), Section(id: "B", items: items("b", 0..<200))])
        var changed = old
        changed.sections[1].items[5] = Item(id: "b5", content: 1)
        #expect(CaseSummary.difference(old: old, new: changed)
                == "old and new differ from item 1.5 of old (1 entry) and item 1.5 of new (1 entry); the first 207 and last 194 entries (section headers and items) are the same")
        var inserted = old
        inserted.sections.insert(Section(id: "C"), at: 1)
        #expect(CaseSummary.difference(old: old, new: inserted)
                == "old and new differ from nothing of old and section 1 of new (1 entry); the first 201 and last 201 entries (section headers and items) are the same")
        #expect(CaseSummary.difference(old: old, new: old) == "old and new are the same")
        #expect(CaseSummary.difference(old: Snapshot(), new: old).hasPrefix("old and new differ from nothing of old and section 0 to item 1.199 of new (402 entries)"))
    }

    @Test func aLongCommentAndEveryStageAreSummedUp() {
        let old = Snapshot.flat(items("a", 0..<3))
        let data = Snapshot.flat(items("a", 0..<300, content: 1))
        let first = Stage(batch: Batch((0..<200).map { .insertItem(ItemPath(0, $0)) }), data: data)
        let last = Stage(batch: Batch((0..<300).map { .reloadItem(ItemPath(0, $0)) }))
        let choices = "choices: " + (0..<400).map(String.init).joined(separator: " ")
        let c = Case(comments: [choices], old: old, new: data, recorded: [first, last])
        let lines = CaseSummary.text(c).split(separator: "\n").map(String.init)
        #expect(lines.count == 7, "\(lines)")
        #expect(lines[0].hasPrefix("# choices: 0 1 2 ") && lines[0].hasSuffix(" (1500 characters; --full prints it)"), "\(lines[0])")
        #expect(lines[1] == "old: a0 a1 a2")
        #expect(lines[2].hasPrefix("new (300 items in 1 section, 1 KB; --full prints it): "))
        #expect(lines[3].hasPrefix("old and new differ from item 0 to item 2 of old (3 items) and item 0 to item 299 of new (300 items)"))
        #expect(lines[4].hasPrefix("recorded (200 operations: 200 inserts, 2 KB; --full prints it): insert 0, insert 1, insert 2 … insert 198, insert 199"))
        #expect(lines[5].hasPrefix("then (300 items in 1 section, 1 KB; --full prints it): a0' a1' "))
        #expect(lines[6].hasPrefix("recorded (300 operations: 300 reloads, "))
        #expect(CaseSummary.stageLines([first, last], isFlat: true, directive: "recorded") == Array(lines[4...6]))
    }
}
