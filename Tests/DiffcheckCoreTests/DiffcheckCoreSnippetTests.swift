// DiffcheckCore's article "Diffing a list" (Snippets/ListDiffExample.swift), run
// against the stand-in table view.
import DiffcheckCore
import Testing

@Suite struct DiffcheckCoreSnippetTests {
    @Test func theExampleIssuesEachStageAndEndsWithTheNewMessages() {
        let old = [Message(id: 1, text: "a"), Message(id: 2, text: "b"), Message(id: 3, text: "c"), Message(id: 4, text: "d")]
        // c changes and moves to the front: a reload stage, then the move.
        let new = [Message(id: 3, text: "c'"), Message(id: 1, text: "a"), Message(id: 2, text: "b"), Message(id: 4, text: "d")]
        let tableView = UITableView()
        let result = listDiffExample(oldMessages: old, newMessages: new, oldDays: [Day(date: "mon", elements: old)],
                                     newDays: [Day(date: "mon", elements: new)], tableView: tableView)
        #expect(tableView.calls == ["begin", "reload 0.2", "end", "begin", "move 0.2 0.0", "end"])
        #expect(result.messages.map(\.text) == ["c'", "a", "b", "d"])
        #expect(result.whereItWent == ListDiff.ItemPath(0, 3))
    }
}
