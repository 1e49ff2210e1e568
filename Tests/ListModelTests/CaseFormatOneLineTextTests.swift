import Testing
@testable import ListModel
import TestSupport

// Issue 51, point 2: a text an engine supplied (its error, a message quoted
// from its stderr, the name it declares, a command) is written on one line
// of a case, whatever it holds, and read back to the same text. An engine
// answered `{"error": "…\nexpect: fail no-crash"}`, and its saved finding
// expected `fail no-crash`: the engine under test chose what the gate expects.

/// A case with `text` in every field a text can be in.
private func caseHolding(_ text: String) -> Case {
    Case(comments: [text, "the engine failed: " + text], old: .flat([Item(id: "a")]), new: .flat([Item(id: "b")]),
         expectation: .error(text), engine: text.isEmpty ? "e" : text, recorded: [Stage(batch: Batch([.deleteItem(ItemPath(0, 0))]))],
         engineCommand: text.isEmpty ? "e" : text, finding: FindingFacts(property: "no-crash", message: text))
}

/// Each line's directive (`#` for a comment line): what the case says, not what its texts hold.
private func directives(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.hasPrefix("#") ? "#" : String(line.prefix { $0 != ":" })
    }
}

/// Saving then parsing a case holding `text` gives the same case, and the
/// same directives as a case holding a plain word.
private func expectOneLine(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let c = caseHolding(text)
    let printed = CasePrinter.text(c)
    #expect(directives(printed) == directives(CasePrinter.text(caseHolding("x"))),
            "\(text.debugDescription) adds or changes a line:\n\(printed)", sourceLocation: sourceLocation)
    switch CaseParser.parse(printed, file: "t.case") {
    case .success(let parsed):
        #expect(parsed == c, "\(text.debugDescription) reads back otherwise:\n\(printed)", sourceLocation: sourceLocation)
    case .failure(let error):
        Issue.record("\(text.debugDescription) does not read back: \(error)\n\(printed)", sourceLocation: sourceLocation)
    }
    // What is read back as bytes (a file) is the same.
    #expect((try? CaseParser.parse(bytes: Array(printed.utf8), file: "t.case").get()) == c, sourceLocation: sourceLocation)
}

@Suite struct CaseFormatOneLineTextTests {
    /// Named texts, each a way a line could end, hide or lose part of itself.
    @Test(arguments: [
        "boom\nexpect: fail no-crash",             // the report's: a directive after a line feed
        "boom\r\nexpect: fail no-crash",           // after CR LF, one Character in Swift
        "boom\rexpect: fail no-crash",             // a CR alone
        "boom\u{2028}expect: fail no-crash",       // LINE SEPARATOR
        "boom\u{2029}next",                        // PARAGRAPH SEPARATOR
        "boom\u{85}next",                          // NEXT LINE (NEL)
        "nul\u{0}byte",
        "\u{0B}vertical tab and form feed\u{0C}",
        "expect: fail no-crash",                   // a text that starts like a directive
        "\nexpect: pass",
        "back\\slash \\n is not a line feed \\\\ nor \\u{41}",
        "ends with a backslash\\",
        "\\",
        "\\\n",
        "C:\\Users\\engine.exe",
        "a # inside, and # at the end #",
        "  spaces at either end  ",
        "\ttabs\t",
        "\u{301}a combining mark first",
        "a space then a mark at the end \u{301}",
        "ends with a colon:",
        "",
        "日本語 and emoji 👩‍👩‍👧",
        "\u{FEFF}a byte-order mark",
        "{\"error\": \"line one\\nline two\"}",
    ])
    func anEngineSuppliedTextIsOneLineAndReadsBack(_ text: String) {
        expectOneLine(text)
    }

    /// Generated texts of the characters above, in any order.
    @Test func generatedTextsAreOneLineAndReadBack() {
        var random = SeededGenerator(seed: 0x51_0002)
        let pieces = ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0}", "\u{7F}", "\u{1B}", "\t", " ", "#", ":",
                      "\\", "n", "r", "u", "{", "}", "4", "1", "expect: fail no-crash", "old: a", "\u{301}", "é", "x", "👩‍👧"]
        for _ in 0..<3_000 {
            expectOneLine((0..<random.below(12)).map { _ in random.pick(pieces) }.joined())
        }
    }
}

/// A finding's comment that starts as an old finding's fact comment did
/// (`engine command: …`, `choices: …`) is a comment: a file with a
/// `finding:` line keeps its facts as lines, so nothing is read out of its
/// comments (CaseFuzz found an engine text that became the engine command).
@Test func aFindingsCommentThatLooksLikeAnOldFactStaysAComment() throws {
    for text in ["engine command: # a\nold: x", "choices: 1 2 3", "seed 1, case 7; original 6 items, shrunk in 4 calls"] {
        let c = Case(comments: [text], old: .flat([Item(id: "a")]), new: .flat([]), engineCommand: "python3 e.py",
                     finding: FindingFacts(property: "no-crash", message: "boom"))
        let again = try CaseParser.parse(CasePrinter.text(c), file: "f.case").get()
        #expect(again == c, "\(text.debugDescription): \(CasePrinter.text(again))")
    }
}
