// The module name qualifies the model's types (ListModel's article "The
// reference model and its profiles", "Names that clash with other modules"):
// a file that also imports SwiftUI (its `Section`) or Foundation (its
// `Operation`) writes `ListModel.Section` and `ListModel.Operation`.
import Foundation
import Testing
import ListModel

@Test func theModulesTypesCanBeQualifiedBesideFoundation() {
    let section = ListModel.Section(id: "A", items: [ListModel.Item(id: "a")])
    let operation: ListModel.Operation = .deleteItem(ListModel.ItemPath(0, 0))
    // Foundation's `Operation` is still there, unqualified.
    let foundationOperation: Foundation.Operation = BlockOperation {}
    #expect(foundationOperation.isFinished == false)
    let shown = try? ListView.apply(ListModel.Batch([operation]), to: ListModel.Snapshot(sections: [section]),
                                    data: ListModel.Snapshot(sections: [ListModel.Section(id: "A")])).get()
    #expect(shown == ListModel.Snapshot(sections: [ListModel.Section(id: "A")]))
}
