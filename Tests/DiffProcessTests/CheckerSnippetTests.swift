// DiffHarness's article "Engines and properties" (Snippets/CheckerExample.swift), run.
import Testing

@Suite struct CheckerSnippetTests {
    @Test func theExamplePrintsTheFailuresOfItsPair() {
        var printed: [String] = []
        checkerExample { printed.append("\($0)") }
        #expect(printed.count == 1)
        #expect(printed.first?.hasPrefix("[") == true)
    }
}
