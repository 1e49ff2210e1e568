import Testing
@testable import DiffcheckCore
import ListModel
import TestSupport

// The identity views the pairing reads (Identities, SectionedIdentities)
// against the arrays they stand for.

/// A sectioned view lists the identities of the sections' elements joined in
/// reading order, empty sections included; a flat view lists an array's.
@Test func identityViewsListTheJoinedIdentities() {
    var random = SeededGenerator(seed: 41)
    for _ in 0..<300 {
        let sections = (0..<Int.random(in: 0...6, using: &random)).map { _ in
            (0..<Int.random(in: 0...5, using: &random)).map { _ in
                TestItem(item: Item(id: "\(Int.random(in: 0..<9, using: &random))", content: 0))
            }
        }
        let counts = sections.map(\.count)
        var offsets = [0], sectionOf: [Int] = []
        for (s, count) in counts.enumerated() {
            offsets.append(offsets[s] + count)
            sectionOf += Array(repeating: s, count: count)
        }
        let joined = sections.flatMap { $0 }
        let view = ListDiff.SectionedIdentities(sections, offsets: offsets, sectionOf: sectionOf)
        #expect(Array(view) == joined.map(\.diffIdentifier))
        #expect(view.count == joined.count)
        #expect(Array(ListDiff.Identities(joined)) == joined.map(\.diffIdentifier))
    }
}
