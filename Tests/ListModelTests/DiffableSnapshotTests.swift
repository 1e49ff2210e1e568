import Testing
@testable import ListModel
import TestSupport

/// Sources/ListModel/RULES.md §6: diffable data source snapshots.

private func built(_ profile: Profile = .strict) throws -> DiffableSnapshot {
    var s = DiffableSnapshot(profile: profile)
    try s.appendSections(["A", "B"])
    try s.appendItems(["a", "b"], toSection: "A")
    try s.appendItems(["c"])  // no section given: the last one
    return s
}

private func layout(_ s: DiffableSnapshot) -> [String] {
    s.sections.map { "\($0.id): " + $0.items.joined(separator: " ") }
}

@Test func everyOperationPlacesWhatItSays() throws {
    var s = try built()
    #expect(layout(s) == ["A: a b", "B: c"])
    try s.insertSections(["X"], beforeSection: "B")
    try s.insertSections(["Y"], afterSection: "B")
    #expect(s.sectionIdentifiers == ["A", "X", "B", "Y"])
    try s.moveSection("Y", beforeSection: "A")
    try s.moveSection("A", afterSection: "B")
    #expect(s.sectionIdentifiers == ["Y", "X", "B", "A"])
    try s.deleteSections(["X", "Y"])
    try s.insertItems(["x"], beforeItem: "b")
    try s.insertItems(["y"], afterItem: "c")
    #expect(layout(s) == ["B: c y", "A: a x b"])
    try s.moveItem("a", afterItem: "c")      // across sections
    try s.moveItem("b", beforeItem: "x")
    #expect(layout(s) == ["B: c a y", "A: b x"])
    try s.deleteItems(["y", "x"])
    #expect(layout(s) == ["B: c a", "A: b"])
    #expect(s.numberOfItems == 3 && s.numberOfSections == 2)
    s.deleteAllItems()
    #expect(s.sections.isEmpty)
}

@Test func aDuplicateIdentifierIsFatalUnderStrict() throws {
    var s = try built()
    #expect(throws: DiffableSnapshotError(.duplicateItems, "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(a, d)}")) {
        try s.appendItems(["a", "d", "d"], toSection: "B")
    }
    #expect(throws: DiffableSnapshotError(.duplicateSections, "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(A)}")) {
        try s.appendSections(["A"])
    }
    #expect(layout(s) == ["A: a b", "B: c"])  // nothing changed
}

@Test func aDuplicateIdentifierMovesTheExistingItemUnderUIKit() throws {
    var s = try built(.uikit)
    try s.appendItems(["a", "d", "d"], toSection: "B")
    #expect(layout(s) == ["A: b", "B: c a d"])
    try s.appendSections(["A"])
    #expect(layout(s) == ["B: c a d", "A: b"])
}

@Test func anAnchorOrSectionThatIsNotThereIsFatal() throws {
    var s = try built(.uikit)
    #expect(throws: DiffableSnapshotError(.unknownItem, "Fatal: item identifier z does not exist in the snapshot")) {
        try s.insertItems(["x"], beforeItem: "z")
    }
    #expect(throws: DiffableSnapshotError(.unknownItem, "Fatal: item identifier z does not exist in the snapshot")) {
        try s.moveItem("z", afterItem: "a")
    }
    #expect(throws: DiffableSnapshotError(.unknownSection, "Fatal: section identifier Z does not exist in the snapshot")) {
        try s.appendItems(["x"], toSection: "Z")
    }
    #expect(throws: DiffableSnapshotError(.unknownSection, "Fatal: section identifier Z does not exist in the snapshot")) {
        try s.insertSections(["X"], afterSection: "Z")
    }
    #expect(throws: DiffableSnapshotError(.unknownSection, "Fatal: section identifier Z does not exist in the snapshot")) {
        try s.moveSection("A", beforeSection: "Z")
    }
    #expect(throws: DiffableSnapshotError(.anchorIsMoved, "Fatal: item identifier a cannot be placed relative to itself")) {
        try s.moveItem("a", beforeItem: "a")
    }
    var empty = DiffableSnapshot()
    #expect(throws: DiffableSnapshotError(.noSections, "There are currently no sections in the data source. Please add a section first.")) {
        try empty.appendItems(["a"])
    }
}

@Test func reloadingOrReconfiguringAMissingItemIsFatalInBothProfiles() throws {
    for profile in Profile.allCases {
        var s = try built(profile)
        #expect(throws: DiffableSnapshotError(.reloadOfMissingItem, "Attempted to reload item identifier that does not exist in the snapshot: z")) {
            try s.reloadItems(["a", "z"])
        }
        #expect(throws: DiffableSnapshotError(.reconfigureOfMissingItem, "Attempted to reconfigure item identifier that does not exist in the snapshot: z")) {
            try s.reconfigureItems(["z"])
        }
        #expect(s.reloadedItems.isEmpty)
    }
}

@Test func deletingAMissingIdentifierIsFatalUnderStrictAndIgnoredUnderUIKit() throws {
    var strict = try built(.strict)
    #expect(throws: DiffableSnapshotError(.deleteOfMissingIdentifier, "Fatal: attempted to delete item identifier that does not exist in the snapshot: z")) {
        try strict.deleteItems(["a", "z"])
    }
    #expect(layout(strict) == ["A: a b", "B: c"])
    var uikit = try built(.uikit)
    try uikit.deleteItems(["a", "z"])
    try uikit.deleteSections(["Z"])
    #expect(layout(uikit) == ["A: b", "B: c"])
}

@Test func onlyMarkedItemsChangeContentSoADiffSeesOnlyThem() throws {
    let base = snapshot(section("A", "a'", "b"), section("B", "c"))
    var s = try DiffableSnapshot(base)
    try s.moveItem("a", afterItem: "c")
    try s.appendItems(["d"], toSection: "A")
    try s.reloadItems(["b"])
    try s.reconfigureItems(["c"])
    #expect(s.snapshot(over: base) == snapshot(section("A", "b'", "d"), section("B", "c'", "a'")))
}

@Test func aSnapshotWithRepeatedIdentifiersCannotBecomeADiffableOne() {
    #expect(throws: DiffableSnapshotError.self) {
        _ = try DiffableSnapshot(flat("a", "a"), profile: .uikit)
    }
}

@Test func deletedItemsLoseTheirMarks() throws {
    var s = try built()
    try s.reloadItems(["a"])
    try s.deleteItems(["a"])
    #expect(s.reloadedItems.isEmpty)
}

@Test func randomOperationsNeverTrapAndKeepIdentifiersUnique() {
    var rng = SeededGenerator(seed: 6)
    let ids = ["a", "b", "c", "d", "e", "f"], sectionIDs = ["A", "B", "C"]
    for profile in Profile.allCases {
        var s = DiffableSnapshot(profile: profile)
        var changed = 0
        for _ in 0..<3000 {
            let some = (0..<Int.random(in: 0...3, using: &rng)).map { _ in ids.randomElement(using: &rng)! }
            let item = ids.randomElement(using: &rng)!, other = ids.randomElement(using: &rng)!
            let sec = sectionIDs.randomElement(using: &rng)!, otherSec = sectionIDs.randomElement(using: &rng)!
            let before = s
            do {
                switch Int.random(in: 0..<14, using: &rng) {
                case 0: try s.appendSections([sec])
                case 1: try s.insertSections([sec], beforeSection: otherSec)
                case 2: try s.insertSections([sec], afterSection: otherSec)
                case 3: try s.deleteSections([sec])
                case 4: try s.moveSection(sec, beforeSection: otherSec)
                case 5: try s.moveSection(sec, afterSection: otherSec)
                case 6: try s.appendItems(some, toSection: Bool.random(using: &rng) ? nil : sec)
                case 7: try s.insertItems(some, beforeItem: item)
                case 8: try s.insertItems(some, afterItem: item)
                case 9: try s.deleteItems(some)
                case 10: try s.moveItem(item, beforeItem: other)
                case 11: try s.moveItem(item, afterItem: other)
                case 12: try s.reloadItems(some)
                default: if Int.random(in: 0..<10, using: &rng) == 0 { s.deleteAllItems() } else { try s.reconfigureItems(some) }
                }
                if s != before { changed += 1 }
            } catch {
                #expect(s == before, "a refused operation changed the snapshot: \(error)")
            }
            #expect(Set(s.itemIdentifiers).count == s.itemIdentifiers.count)
            #expect(Set(s.sectionIdentifiers).count == s.sectionIdentifiers.count)
        }
        #expect(changed > 300, "\(profile): only \(changed) operations changed anything")
    }
}
