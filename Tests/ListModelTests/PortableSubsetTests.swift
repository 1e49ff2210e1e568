import Testing
@testable import ListModel
import TestSupport

/// Sources/ListModel/RULES.md §3.3, the portable subset: `strict` rejects each with
/// the message below; `uikit` applies it as UICollectionView does and shows `uikitShows`.
struct OpenExample: Sendable, CustomStringConvertible {
    var rejected: Rejected
    var uikitShows: Snapshot
    var description: String { rejected.name }
}

/// What every portable-subset message says after naming what is outside
/// the subset (RULES.md §3.3, "Their messages say what they are"): what
/// UICollectionView does with the batch, and who does otherwise.
func portable(_ uikit: String, _ elsewhere: String) -> String {
    "; portable subset, not a UIKit exception: UICollectionView accepts this batch (\(uikit)), but \(elsewhere)"
}

let shiftsTheFreshCell = "it shifts the fresh cell by the batch's deletes and inserts, not by its moves"
func putBack(_ path: String, tableViewRejects: Bool = true) -> String {
    "PSTCollectionView and IGListKit's reading of UICollectionView put the fresh cell back at index path (\(path))"
        + (tableViewRejects ? ", and the tableview profile rejects it" : "")
}

let openRuleExamples: [OpenExample] = [
    OpenExample(rejected: Rejected("reloadSections whose item count changes",
        [.reloadSection(0)],
        snapshot(section("A", "a")), snapshot(section("A", "a", "b")),
        .reloadSectionCountChanges, "reloaded section 0 contains 1 items before the update and 2 items after it"
            + portable("it deletes and inserts the section, so the count is not checked", "older reports have UITableView throw on it, and the tableview profile rejects it")),
        uikitShows: snapshot(section("A", "a", "b"))),
    OpenExample(rejected: Rejected("an item inserted into a section inserted in the same batch",
        [.insertSection(1), .insertItem(p(1, 0))],
        snapshot(section("A", "a")), snapshot(section("A", "a"), section("B", "b")),
        .itemOperationInChangedSection, "insert 1.0 is aimed at section 1, which is inserted in the same batch"
            + portable("it drops the item insert silently, as Texture does", "some libraries report UIKit throwing on it")),
        uikitShows: snapshot(section("A", "a"), section("B", "b"))),
    OpenExample(rejected: Rejected("an item deleted from a section deleted in the same batch",
        [.deleteItem(p(0, 0)), .deleteSection(0)],
        snapshot(section("A", "a"), section("B", "b")), snapshot(section("B", "b")),
        .itemOperationInChangedSection, "delete 0.0 is aimed at section 0, which is deleted in the same batch"
            + portable("it drops the item delete silently, as Texture does", "some libraries report UIKit throwing on it")),
        uikitShows: snapshot(section("B", "b"))),
    OpenExample(rejected: Rejected("an item reloaded in a section reloaded in the same batch",
        [.reloadSection(0), .reloadItem(p(0, 0))],
        snapshot(section("A", "a")), snapshot(section("A", "a'")),
        .itemOperationInChangedSection, "reload 0.0 is aimed at section 0, which is reloaded in the same batch"
            + portable("its validator lets the reload through",
                       "old IGListKit says UICollectionView throws on a reload in a section deleted in the same batch")),
        uikitShows: snapshot(section("A", "a'"))),
    OpenExample(rejected: Rejected("a section move with an item delete inside it",
        [.moveSection(from: 0, to: 1), .deleteItem(p(0, 1))],
        snapshot(section("A", "a", "b"), section("B", "c")), snapshot(section("B", "c"), section("A", "a")),
        .itemChangeInMovedSection, "section 0 is moved to section 1 in the same batch as delete 0.1 changes its items"
            + portable("its validator does not look", "crash reports speak of heap corruption and of a cell animated twice")),
        uikitShows: snapshot(section("B", "c"), section("A", "a"))),
    // UICollectionView shifts the reload's insert half by the insert before it:
    // b' lands at 0-2, where b ends. Other list views put it back at 0-1.
    OpenExample(rejected: Rejected("a reload that an insert before it pushes down",
        [.insertItem(p(0, 0)), .reloadItem(p(0, 1))],
        flat("a", "b", "c"), flat("x", "a", "b'", "c"),
        .reloadNotInPlace, "the reload of index path (0-1) does not stay in place: the item ends at index path (0-2)"
            + portable(shiftsTheFreshCell, putBack("0-1", tableViewRejects: false))),
        uikitShows: flat("x", "a", "b'", "c")),
    OpenExample(rejected: Rejected("the same move twice",
        [.moveItem(from: p(0, 0), to: p(0, 1)), .moveItem(from: p(0, 0), to: p(0, 1))],
        flat("a", "b"), flat("b", "a"),
        .duplicateMove, "index path (0-0) is moved to (0-1) twice in one batch"
            + portable("it drops the copy", "the tableview profile rejects it: no source says what UITableView does with it")),
        uikitShows: flat("b", "a")),
]

/// The other spellings of the portable subset's messages: a section moved
/// twice, and a reload that stays in place but whose fresh cell
/// UICollectionView inserts elsewhere (the insert before b shifts its insert
/// half to 0-2; a's move to the end keeps b itself at 0-1).
let otherPortableMessages: [Rejected] = [
    Rejected("the same section move twice",
        [.moveSection(from: 0, to: 1), .moveSection(from: 0, to: 1)],
        snapshot(section("A", "a"), section("B", "b")), snapshot(section("B", "b"), section("A", "a")),
        .duplicateMove, "section 0 is moved to section 1 twice in one batch"
            + portable("it drops the copy", "the tableview profile rejects it: no source says what UITableView does with it")),
    Rejected("a reload in place whose insert half an insert shifts",
        [.insertItem(p(0, 0)), .moveItem(from: p(0, 0), to: p(0, 3)), .reloadItem(p(0, 1))],
        flat("a", "b", "c"), flat("x", "b'", "c", "a"),
        .reloadNotInPlace, "the reload of index path (0-1) does not stay in place: UICollectionView inserts its fresh cell at index path (0-2)"
            + portable(shiftsTheFreshCell, putBack("0-1"))),
]

/// Issue 27, point 10: strict's own verdicts say what they are. UIKit
/// raises none of them, so none reads like its exceptions: each says that
/// UICollectionView accepts the batch (and `uikit` does), and who does not.
@Test(arguments: openRuleExamples.map(\.rejected) + otherPortableMessages)
func aPortableSubsetRejectionSaysUICollectionViewAcceptsTheBatch(_ example: Rejected) {
    let strict = rejection(example.operations, example.old, example.new, .strict)
    #expect(strict?.rule == example.rule)
    #expect(strict?.message == example.message)
    #expect(strict?.message.contains("; portable subset, not a UIKit exception: UICollectionView accepts this batch (") == true)
    #expect(strict?.message.hasPrefix("attempt to") == false, "reads like a UIKit exception: \(strict?.message ?? "")")
    #expect(rejection(example.operations, example.old, example.new, .uikit) == nil)
}

@Test(arguments: openRuleExamples)
func strictRejectsEachOpenRuleAndUIKitAppliesIt(_ example: OpenExample) {
    let e = example.rejected
    let strict = rejection(e.operations, e.old, e.new, .strict)
    #expect(strict?.rule == e.rule)
    #expect(strict?.message == e.message)
    #expect(e.rule.isOpen)
    #expect(shown(e.operations, e.old, e.new, .uikit) == example.uikitShows)
}

@Test func everyOpenRuleHasAnExample() {
    let covered = Set(openRuleExamples.map(\.rejected.rule))
    #expect(covered == Set(Rule.allCases.filter(\.isOpen)))
}

@Test func aReloadOnAMoveDestinationCollidesUnderBothProfiles() {
    // c is reloaded at 0-2 while a moves to 0-2: the reload's insert half lands on
    // the move's destination (nothing shifts it), and UIKit throws; strict says the same.
    let ops: [Operation] = [.reloadItem(p(0, 2)), .moveItem(from: p(0, 0), to: p(0, 2))]
    let old = flat("a", "b", "c"), new = flat("b", "c'", "a")
    let message = "attempt to perform an insert and a move to the same index path (0-2) (the insert half of reload 0.2, placed at 0.2 after the batch's deletes and inserts)"
    for profile in Profile.allCases {
        #expect(rejection(ops, old, new, profile)?.rule == .insertAndMove)
        #expect(rejection(ops, old, new, profile)?.message == message)
    }
}

@Test func aReloadInAShiftedSectionLandsInItsSectionUnderUIKit() {
    // The section insert at 0 shifts the reload of 1-0 to 2-0, where B now is.
    let ops: [Operation] = [.insertSection(0), .reloadItem(p(1, 0))]
    let old = snapshot(section("A", "a"), section("B", "b"))
    let new = snapshot(section("X"), section("A", "a"), section("B", "b'"))
    #expect(rejection(ops, old, new, .strict)?.rule == .reloadNotInPlace)
    #expect(shown(ops, old, new, .uikit) == new)
}

@Test func aReloadWhoseShiftsCancelOutStaysInPlace() {
    // A delete and an insert before b leave b at 0-1.
    let ops: [Operation] = [.deleteItem(p(0, 0)), .insertItem(p(0, 0)), .reloadItem(p(0, 1))]
    #expect(shown(ops, flat("a", "b"), flat("x", "b'")) == flat("x", "b'"))
}

@Test func theProfilesAgreeOnEveryFirmRule() {
    for example in boundsExamples + conflictExamples + countExamples {
        let strict = rejection(example.operations, example.old, example.new, .strict)
        let uikit = rejection(example.operations, example.old, example.new, .uikit)
        #expect(strict != nil, "\(example.name)")
        #expect(strict == uikit, "\(example.name)")
    }
}

/// `item-change-in-moved-section` as it was first written: for each section
/// move in issue order, every operation in issue order (quadratic). The
/// reference the linear check must agree with.
private func itemChangeInMovedSectionByScanning(_ batch: Batch) -> Rejection? {
    for case .moveSection(let s, let t) in batch.operations {
        for op in batch.operations {
            let isInside: Bool
            switch op {
            case .deleteItem(let p): isInside = p.section == s
            case .insertItem(let p): isInside = p.section == t
            case .moveItem(let p, let q): isInside = p.section == s || q.section == t
            default: isInside = false
            }
            if isInside {
                return portableRejection(.itemChangeInMovedSection,
                    "section \(s) is moved to section \(t) in the same batch as \(op.caseSpelling) changes its items",
                    uikit: "its validator does not look",
                    elsewhere: "crash reports speak of heap corruption and of a cell animated twice")
            }
        }
    }
    return nil
}

/// Issue 43, point 5: the check reads the operations once (it scanned them
/// all for every section move: `show` of 100,000 moved sections took
/// minutes). On random batches of section moves and item changes, indexes
/// in and out of range, it rejects exactly what the scan rejects, with the
/// same message.
@Test func theItemChangeInMovedSectionCheckAgreesWithTheScan() {
    var random = SeededGenerator(seed: 43)
    var rejected = 0
    for _ in 0..<20_000 {
        let sections = random.below(5)
        func index() -> Int { random.below(sections + 2) - 1 }
        func path() -> ItemPath { ItemPath(index(), random.below(3)) }
        var operations: [Operation] = []
        for _ in 0..<random.below(8) {
            switch random.below(8) {
            case 0, 1: operations.append(.moveSection(from: index(), to: index()))
            case 2: operations.append(.deleteItem(path()))
            case 3: operations.append(.insertItem(path()))
            case 4, 5: operations.append(.moveItem(from: path(), to: path()))
            case 6: operations.append(.reloadItem(path()))
            default: operations.append(random.pick([.deleteSection(index()), .insertSection(index()), .reloadSection(index())]))
            }
        }
        let batch = Batch(operations)
        let snapshot = Snapshot(sections: (0..<sections).map { Section(id: "S\($0)", items: [Item(id: "a\($0)")]) })
        let found = BatchContext(batch: batch, displayed: snapshot, data: snapshot).checkItemChangeInMovedSection()
        #expect(found == itemChangeInMovedSectionByScanning(batch), "\(operations)")
        if found != nil { rejected += 1 }
    }
    #expect(rejected > 2_000, "the batches reach the rule: \(rejected)")
}

/// Issue 51, point 14: under `tableview` (RULES.md §3.4) a reload that the
/// batch's deletes and inserts shift is accepted when its fresh row lands
/// on its row, as in a batch of Apple's documented order (deletes and
/// reloads at old index paths, inserts at new ones), and the table shows
/// the new snapshot; `strict` still rejects it, and says tableview does not.
@Test func aReloadTheDeletesAndInsertsShiftIsAcceptedUnderTableView() {
    let examples: [(String, [Operation], Snapshot, Snapshot)] = [
        ("an insert before it (a difflib engine's a → b a')", [.insertItem(p(0, 0)), .reloadItem(p(0, 0))], flat("a"), flat("b", "a'")),
        ("an insert before it, among others", [.insertItem(p(0, 0)), .reloadItem(p(0, 1))], flat("a", "b", "c"), flat("x", "a", "b'", "c")),
        ("a delete before it", [.deleteItem(p(0, 0)), .reloadItem(p(0, 1))], flat("a", "b", "c"), flat("b'", "c")),
        ("a section inserted before it", [.insertSection(0), .reloadItem(p(1, 0))],
         snapshot(section("A", "a"), section("B", "b")), snapshot(section("X"), section("A", "a"), section("B", "b'"))),
        ("a section deleted before it, and an insert", [.deleteSection(0), .insertItem(p(0, 0)), .reloadItem(p(1, 0))],
         snapshot(section("A", "a"), section("B", "b")), snapshot(section("B", "x", "b'"))),
    ]
    for (name, operations, old, new) in examples {
        #expect(rejection(operations, old, new, .tableview) == nil, "\(name)")
        #expect(shown(operations, old, new, .tableview) == new, "\(name)")
        let strict = rejection(operations, old, new, .strict)
        #expect(strict?.rule == .reloadNotInPlace, "\(name)")
        #expect(strict?.message.contains("the tableview profile rejects it") == false, "\(name): \(strict?.message ?? "")")
    }
}

/// ... and a reload whose fresh row lands elsewhere than its row (moves do
/// not shift it) is still rejected under `tableview`, the stricter reading,
/// saying where each lands.
@Test func aReloadAMoveDisplacesIsStillRejectedUnderTableView() {
    let displaced = rejection([.moveItem(from: p(0, 0), to: p(0, 3)), .reloadItem(p(0, 2))], flat("a", "b", "c", "d"), flat("b", "c'", "d", "a"), .tableview)
    #expect(displaced?.rule == .reloadNotInPlace)
    #expect(displaced?.message == "the reload of index path (0-2) does not follow its row: its fresh row lands at index path (0-2), the row ends at index path (0-1)"
            + "; not a UITableView exception: the tableview profile rejects this batch, the stricter reading, as openradar 27041784 shows UITableView's"
            + " fresh row following the batch's deletes and inserts but not a section move, and no source says what a row displaced by a move shows"
            + " (UICollectionView accepts it: \(shiftsTheFreshCell))")
    // In place, but its insert half shifted by an insert while a move keeps the row where it was.
    let inPlace = rejection([.insertItem(p(0, 0)), .moveItem(from: p(0, 0), to: p(0, 3)), .reloadItem(p(0, 1))],
                            flat("a", "b", "c"), flat("x", "b'", "c", "a"), .tableview)
    #expect(inPlace?.message.hasPrefix("the reload of index path (0-1) does not follow its row: its fresh row lands at index path (0-2), the row ends at index path (0-1); ") == true,
            "\(inPlace?.message ?? "")")
}
