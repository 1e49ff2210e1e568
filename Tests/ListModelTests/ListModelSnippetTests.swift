// The snippets of ListModel's documentation (Snippets/ApplyExample.swift),
// run: they print what the documentation says they print.
import Testing

@Suite struct ListModelSnippetTests {
    @Test func applyPrintsUIKitsRejection() {
        var printed: [String] = []
        applyExample { printed.append("\($0)") }
        #expect(printed == ["attempt to delete and reload the same index path (0-1)"])
    }

    @Test func aParsedCasePrintsBackCanonically() {
        var printed: [String] = []
        caseFormatExample { printed.append("\($0)") }
        #expect(printed == ["old: a b c\nnew: a c\nbatch: delete 1\n"])
    }
}
