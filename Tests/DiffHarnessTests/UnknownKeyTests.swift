// An unknown key is named by one rule wherever the protocol refuses one
// (`WireReader.refuseUnknownKeys`): the first unknown key as the line
// writes it, at its own line and column — the one a user reading their
// own output meets first, not the first in sorted order.
import DiffHarness
import Testing

/// An engine's declaration: `zz` is written before `aa`, so `zz` is named.
@Test func aDeclarationNamesItsFirstUnknownKeyAsWritten() {
    let text = #"{"engine": {"name": "e", "zz": 1, "aa": 2}}"#
    guard case .failure(let error) = EngineDeclaration.parse(Array(text.utf8)) else {
        Issue.record("read \(text)")
        return
    }
    #expect(error.message == #"declaration: unknown key "zz" (expected one of name, flatOnly, claims, refuses)"#)
    #expect(error.line == 1 && error.column == 26)
}

/// A snapshot's section and item: the first unknown key as written.
@Test(arguments: [
    (#"[{"id": "A", "zz": 0, "items": [], "aa": 0}]"#, #"snapshot[0]: unknown key "zz""#, 14),
    (#"[{"id": "A", "items": [{"zz": 0, "id": "a", "aa": 0}]}]"#, #"snapshot[0].items[0]: unknown key "zz""#, 25),
])
func aSnapshotNamesItsFirstUnknownKeyAsWritten(text: String, expected: String, column: Int) {
    guard case .failure(let error) = SnapshotJSON.snapshot(fromJSON: text) else {
        Issue.record("read \(text)")
        return
    }
    #expect(error.message == expected)
    #expect(error.column == column)
}

/// A batch in an engine's answer, and a request: the first unknown key as written.
@Test func aBatchAndARequestNameTheirFirstUnknownKeyAsWritten() {
    let answer = #"{"stages": [{"zz": [0], "deleteItems": [], "aa": [0]}]}"#
    guard case .failure(let error) = SnapshotJSON.answer(fromJSON: Array(answer.utf8)) else {
        Issue.record("read \(answer)")
        return
    }
    #expect(error.message == #"engine answer is malformed: stages[0]: unknown key "zz" (expected one of deleteSections, "#
            + #"insertSections, reloadSections, moveSections, deleteItems, insertItems, reloadItems, moveItems, data)"#)
    #expect(error.column == 14)
    let request = #"{"zz": 1, "old": [], "new": [], "aa": 2}"#
    guard case .failure(let refused) = SnapshotJSON.request(fromJSON: Array(request.utf8)) else {
        Issue.record("read \(request)")
        return
    }
    #expect(refused.message == #"request: unknown key "zz""#)
    #expect(refused.column == 2)
}
