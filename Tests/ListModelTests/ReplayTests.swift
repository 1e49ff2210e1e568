import Testing
@testable import ListModel

@Test func mismatchesNameTheWrongItem() {
    let shown = Snapshot.flat([Item(id: "a"), Item(id: "b")])
    let data = Snapshot.flat([Item(id: "a"), Item(id: "c")])
    #expect(ListView.mismatches(displayed: shown, data: data).map(\.place) == [.item(ItemPath(0, 1))])
}

@Test func staleCellsNameTheOldContent() {
    let shown = Snapshot.flat([Item(id: "a"), Item(id: "b")])
    let data = Snapshot.flat([Item(id: "a"), Item(id: "b", content: 1)])
    let stale = ListView.staleCells(displayed: shown, data: data)
    #expect(stale.count == 1)
    #expect(stale.first?.path == ItemPath(0, 1))
}
