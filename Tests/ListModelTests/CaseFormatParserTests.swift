import Testing
@testable import ListModel

// Hand-picked cases for CaseParser: the issue's example, every directive and
// operation, and every error message with its line and column.
// Generated inputs (round trip, totality) are in CaseFormatRoundTripTests.

private func parsed(_ text: String) -> Case? {
    try? CaseParser.parse(text, file: "t.case").get()
}

private func failure(_ text: String) -> CaseFormatError? {
    if case .failure(let error) = CaseParser.parse(text, file: "t.case") { return error }
    return nil
}

@Suite struct CaseFormatParserTests {
    @Test func readsTheIssueExample() throws {
        let text = """
            # b is deleted and reloaded in the same batch
            old: [A: a b c] [B: d e]
            new: [A: a c] [B: e' d]
            batch: delete 0.1, reload 0.1, move 1.1 1.0
            expect: error attempt to delete and reload the same index path

            """
        let c = try #require(parsed(text))
        #expect(c.comments == ["b is deleted and reloaded in the same batch"])
        #expect(c.old == Snapshot(sections: [
            Section(id: "A", items: [Item(id: "a"), Item(id: "b"), Item(id: "c")]),
            Section(id: "B", items: [Item(id: "d"), Item(id: "e")]),
        ]))
        #expect(c.new == Snapshot(sections: [
            Section(id: "A", items: [Item(id: "a"), Item(id: "c")]),
            Section(id: "B", items: [Item(id: "e", content: 1), Item(id: "d")]),
        ]))
        #expect(c.stages == [Stage(batch: Batch([
            .deleteItem(ItemPath(0, 1)), .reloadItem(ItemPath(0, 1)),
            .moveItem(from: ItemPath(1, 1), to: ItemPath(1, 0)),
        ]))])
        #expect(c.expectation == .error("attempt to delete and reload the same index path"))
        #expect(c.profile == nil)
        #expect(c.engine == nil)
    }

    @Test func readsContentVersionsOfItemsAndSections() throws {
        let c = try #require(parsed("old: [A'': a a' a''] [B-2_x:]\nnew:\n"))
        #expect(c.old.sections[0] == Section(id: "A", content: 2, items: [
            Item(id: "a", content: 0), Item(id: "a", content: 1), Item(id: "a", content: 2),
        ]))
        #expect(c.old.sections[1] == Section(id: "B-2_x"))
        #expect(c.new == Snapshot())
    }

    @Test func tellsNoSectionsFromOneEmptyImplicitSection() throws {
        let none = try #require(parsed("old:\nnew: [_:]\n"))
        #expect(none.old.sections.isEmpty)
        #expect(none.new == Snapshot.flat([]))
        #expect(none.new.isFlat)
    }

    @Test func readsAFlatCaseWithIndexesAlone() throws {
        let c = try #require(parsed("old: a b c\nnew: c a'\nbatch: delete 1, move 2 0, reload 0.0, insert 1\n"))
        #expect(c.old == .flat([Item(id: "a"), Item(id: "b"), Item(id: "c")]))
        #expect(c.new == .flat([Item(id: "c"), Item(id: "a", content: 1)]))
        #expect(c.stages[0].batch.operations == [
            .deleteItem(ItemPath(0, 1)), .moveItem(from: ItemPath(0, 2), to: ItemPath(0, 0)),
            .reloadItem(ItemPath(0, 0)), .insertItem(ItemPath(0, 1)),
        ])
    }

    @Test func readsEveryOperation() throws {
        let text = """
            old: [A: a] [B: b]
            new: [B: b] [A: a]
            batch: delete 0.1, insert 1.2, reload 3.4, move 5.6 7.8, delete section 1, insert section 2, reload section 3, move section 4 5
            """
        let c = try #require(parsed(text))
        #expect(c.stages[0].batch.operations == [
            .deleteItem(ItemPath(0, 1)), .insertItem(ItemPath(1, 2)), .reloadItem(ItemPath(3, 4)),
            .moveItem(from: ItemPath(5, 6), to: ItemPath(7, 8)),
            .deleteSection(1), .insertSection(2), .reloadSection(3), .moveSection(from: 4, to: 5),
        ])
    }

    @Test func readsStagesWithTheirData() throws {
        let text = """
            old: [A: a b] [B: c]
            new: [B: c b] [A: a]
            batch: delete 0.1   # b leaves A
            then: [A: a] [B: c]
            batch:
            then: [A: a] [B: c]
            batch: move section 1 0, insert 0.1
            """
        let c = try #require(parsed(text))
        #expect(c.stages.count == 3)
        #expect(c.stages[0].batch.operations == [.deleteItem(ItemPath(0, 1))])
        #expect(c.stages[0].data == Snapshot(sections: [Section(id: "A", items: [Item(id: "a")]), Section(id: "B", items: [Item(id: "c")])]))
        #expect(c.stages[1].batch.isEmpty)
        #expect(c.stages[1].data == c.stages[0].data)
        #expect(c.stages[2].data == nil)
        #expect(c.stages[2].batch.operations == [.moveSection(from: 1, to: 0), .insertItem(ItemPath(0, 1))])
    }

    @Test func readsEveryExpectationProfileAndEngine() throws {
        #expect(parsed("old: a\nnew: a\nexpect: pass")?.expectation == .pass)
        #expect(parsed("old: a\nnew: a")?.expectation == .pass)
        #expect(parsed("old: a\nnew: a\nexpect: error  invalid number of sections.  The   # comment")?.expectation
            == .error("invalid number of sections.  The"))
        #expect(parsed("old: a\nnew: a\nexpect: error")?.expectation == .error(""))
        for property in CaseParser.propertyNames {
            #expect(parsed("old: a\nnew: a\nexpect: fail \(property)")?.expectation == .fail(property))
        }
        #expect(parsed("old: a\nnew: a\nprofile: strict")?.profile == .strict)
        #expect(parsed("old: a\nnew: a\nprofile: uikit")?.profile == .uikit)
        #expect(parsed("old: a\nnew: a\nengine: mutant:last-wins")?.engine == "mutant:last-wins")
        #expect(parsed("old: a\nnew: a\nengine: reload-all")?.engine == "reload-all")
    }

    @Test func directivesMayComeInAnyOrder() throws {
        let c = try #require(parsed("engine: core\nexpect: fail fresh\nbatch: delete 0\nnew: [_:]\nprofile: uikit\nold: a"))
        #expect(c.old == .flat([Item(id: "a")]))
        #expect(c.stages[0].batch.operations == [.deleteItem(ItemPath(0, 0))])
        #expect(c.expectation == .fail("fresh"))
        #expect(c.engine == "core" && c.profile == .uikit)
    }

    @Test func keepsOnlyTheCommentsBeforeTheFirstDirective() throws {
        let text = "#first\n  #  second, indented\n\n#\nold: a # trailing\n# later\nnew: a\n"
        let c = try #require(parsed(text))
        #expect(c.comments == ["first", " second, indented", ""])
        #expect(c.old == .flat([Item(id: "a")]))
    }

    @Test func acceptsCRLFLineEndsTabsAndAByteOrderMark() throws {
        let c = try #require(parsed("\u{FEFF}old:\t[A:\ta  b]\r\nnew: [A: b]\r\nbatch: delete 0.0\r\n"))
        #expect(c.old.sections[0].items == [Item(id: "a"), Item(id: "b")])
        #expect(c.stages.count == 1)
    }

    @Test func acceptsLettersBeyondASCII() throws {
        let c = try #require(parsed("old: café 日本\nnew: café'"))
        #expect(c.old == .flat([Item(id: "café"), Item(id: "日本")]))
    }

    @Test func readsBytes() throws {
        let bytes = Array("old: a\nnew: b\n".utf8)
        #expect((try? CaseParser.parse(bytes: bytes, file: "b.case").get())?.new == .flat([Item(id: "b")]))
    }

    @Test func readsASnapshotAndABatchAlone() throws {
        #expect(try CaseParser.snapshot("[A: a] [B':]").get() == Snapshot(sections: [
            Section(id: "A", items: [Item(id: "a")]), Section(id: "B", content: 1),
        ]))
        #expect(try CaseParser.batch("delete 2, move 0 1", isFlat: true).get()
            == Batch([.deleteItem(ItemPath(0, 2)), .moveItem(from: ItemPath(0, 0), to: ItemPath(0, 1))]))
        guard case .failure(let error) = CaseParser.batch("delete 2", isFlat: false) else {
            Issue.record("an index alone must be refused in a sectioned case")
            return
        }
        #expect(error.line == 1 && error.column == 8)
    }

    /// Every error message, with the line and column it points at.
    @Test(arguments: [
        ("old: a\nnew: b\nfoo: x", "t.case:3:1: error: expected a directive (finding:, origin:, shrunk:, choices:, old:, new:, batch:, then:, recorded:, again:, expect:, profile:, engine:, engine-command:) but found 'foo:'"),
        ("old: a\nnew: b\n  a b c", "t.case:3:3: error: expected a directive (finding:, origin:, shrunk:, choices:, old:, new:, batch:, then:, recorded:, again:, expect:, profile:, engine:, engine-command:) but found 'a'"),
        ("old\nnew: a", "t.case:1:4: error: expected ':' after old but found the end of the line"),
        ("old: a\nnew: b\nold: c", "t.case:3:1: error: expected one old: line but found a second one (the first is on line 1)"),
        ("old: a\nnew: b\nnew: c", "t.case:3:1: error: expected one new: line but found a second one (the first is on line 2)"),
        ("old: a\nnew: b\nexpect: pass\nexpect: pass", "t.case:4:1: error: expected one expect: line but found a second one (the first is on line 3)"),
        ("old: a\nnew: b\nprofile: uikit\n profile: uikit", "t.case:4:2: error: expected one profile: line but found a second one (the first is on line 3)"),
        ("old: a\nnew: b\nengine: core\nengine: core", "t.case:4:1: error: expected one engine: line but found a second one (the first is on line 3)"),
        ("old: a\n", "t.case:2:1: error: expected a new: line but found the end of the file"),
        ("new: a", "t.case:1:7: error: expected an old: line but found the end of the file"),
        ("", "t.case:1:1: error: expected an old: line but found the end of the file"),
        ("old: a\nnew: b\nthen: a", "t.case:3:1: error: expected then: directly after a batch:, recorded: or again: line but found then: after the new: on line 2"),
        ("then: a\nold: a\nnew: b", "t.case:1:1: error: expected then: directly after a batch:, recorded: or again: line but found then: before any batch:"),
        ("old: a\nnew: b\nbatch:\nexpect: pass\nthen: a", "t.case:5:1: error: expected then: directly after a batch:, recorded: or again: line but found then: after the expect: on line 4"),
        ("old: a\nnew: b\nbatch:\nthen: a\nthen: a\nbatch:", "t.case:5:1: error: expected then: directly after a batch:, recorded: or again: line but found then: after the then: on line 4"),
        ("old: a\nnew: b\nbatch:\nbatch:", "t.case:4:1: error: expected a then: line after the batch: on line 3 (every stage but the last needs the data source's snapshot) but found another batch:"),
        ("old: a\nnew: b\nbatch:\nthen: a", "t.case:4:1: error: expected another batch: after this then: (the last stage's data is the new: snapshot) but found no further batch:"),
        ("old: a\nnew: b\nexpect: fail speedy", "t.case:3:14: error: expected a property (valid, reaches-target, fresh, minimal-moves, deterministic, no-crash, max-cpu) but found 'speedy'"),
        ("old: a\nnew: b\nexpect: fail", "t.case:3:13: error: expected a property (valid, reaches-target, fresh, minimal-moves, deterministic, no-crash, max-cpu) but found the end of the line"),
        ("old: a\nnew: b\nexpect: fail valid fresh", "t.case:3:20: error: expected the end of the line after the property but found 'fresh'"),
        ("old: a\nnew: a\nexpect: maybe", "t.case:3:9: error: expected pass, error TEXT or fail PROPERTY but found 'maybe'"),
        ("old: a\nnew: a\nexpect:", "t.case:3:8: error: expected pass, error TEXT or fail PROPERTY but found the end of the line"),
        ("old: a\nnew: a\nexpect: pass now", "t.case:3:14: error: expected the end of the line after pass but found 'now'"),
        ("old: a\nnew: b\nprofile: lenient", "t.case:3:10: error: expected a profile (strict or uikit or tableview) but found 'lenient'"),
        ("old: a\nnew: b\nprofile:", "t.case:3:9: error: expected a profile (strict or uikit or tableview) but found the end of the line"),
        ("old: a\nnew: a\nengine: a b", "t.case:3:11: error: expected the end of the line after the engine name (one word) but found 'b'"),
        ("old: a\nnew: a\nengine:", "t.case:3:8: error: expected an engine name such as core or mutant:last-wins but found the end of the line"),
        ("old: a$b\nnew: b", "t.case:1:7: error: expected a letter, digit, '_', '-' or ''' to continue the identifier a, or a space or the end of the line but found '$'"),
        ("old: [A: a$]\nnew: b", "t.case:1:11: error: expected a letter, digit, '_', '-' or ''' to continue the identifier a, or a space or ']' but found '$'"),
        ("old: a'b\nnew: a", "t.case:1:8: error: expected a space or the end of the line after the item a' (primes end an identifier) but found 'b'"),
        ("old: [A: a'b]\nnew: a", "t.case:1:12: error: expected a space or ']' after the item a' (primes end an identifier) but found 'b'"),
        ("old: a\nnew: a\nbatch: move 0.1 x", "t.case:3:17: error: expected an index path S.I (or the word section) but found 'x'"),
        ("old: 'a\nnew: a", "t.case:1:6: error: expected an item identifier (letters, digits, '_' or '-') but found '''"),
        // Issue 43, point 9: CR line endings read as one long line; the error says so, at the first CR.
        ("old: a b\rnew: b a\r", #"t.case:1:9: error: expected lines that end with \n or \r\n but found a carriage return alone: the file uses CR line endings (save it with \n or \r\n line endings)"#),
        ("# one\rold: a\rnew: a\r", #"t.case:1:6: error: expected lines that end with \n or \r\n but found a carriage return alone: the file uses CR line endings (save it with \n or \r\n line endings)"#),
        ("old: a\nnew: a\rbatch: delete 0\n", #"t.case:2:7: error: expected lines that end with \n or \r\n but found a carriage return alone, a CR line ending (save the file with \n or \r\n line endings)"#),
        ("old: a\r\nnew: a\0\r\n", "t.case:2:7: error: expected a letter, digit, '_', '-' or ''' to continue the identifier a, or a space or the end of the line but found U+0000"),
        ("old: [A: a\nnew: b", "t.case:1:11: error: expected ']' to close the section A opened at column 6 but found the end of the line"),
        ("old: [A: a [B: b]\nnew: b", "t.case:1:12: error: expected ']' to close the section A opened at column 6 but found '['"),
        ("old: [A a]\nnew: a", "t.case:1:9: error: expected ':' after the section identifier A (an identifier is letters, digits, '_' or '-', then primes) but found 'a'"),
        ("old: [A' a]\nnew: a", "t.case:1:10: error: expected ':' after the section identifier A' but found 'a'"),
        ("old: [: a]\nnew: a", "t.case:1:7: error: expected a section identifier (letters, digits, '_' or '-') but found ':'"),
        ("old: a b [A: c]\nnew: a", "t.case:1:10: error: expected an item (a snapshot is items alone or sections in brackets, not both) but found '['"),
        ("old: [A: c] a\nnew: a", "t.case:1:13: error: expected '[' to open a section (a snapshot is items alone or sections in brackets, not both) but found 'a'"),
        ("old: [A: a] [B: b]\nnew: [A: a] [B: b]\nbatch: delete 1", "t.case:3:15: error: expected an index path S.I (an index alone means 0.I only when old: and new: are both one section written without brackets) but found '1'"),
        ("old: a\nnew: [A: a]\nbatch: move 0.0 1", "t.case:3:17: error: expected an index path S.I (an index alone means 0.I only when old: and new: are both one section written without brackets) but found '1'"),
        ("old: a\nnew: a\nbatch: delete 99999999999999999999999", "t.case:3:15: error: expected a number no larger than 9223372036854775807 but found '99999999999999999999999'"),
        ("old: a\nnew: a\nbatch: delete 0.1,", "t.case:3:19: error: expected an operation (delete, insert, reload or move) but found the end of the line"),
        ("old: a\nnew: a\nbatch: , delete 0", "t.case:3:8: error: expected an operation (delete, insert, reload or move) but found ','"),
        ("old: a\nnew: a\nbatch: remove 0.1", "t.case:3:8: error: expected an operation (delete, insert, reload or move) but found 'remove'"),
        ("old: a\nnew: a\nbatch: delete 0.1 insert 0.2", "t.case:3:19: error: expected ',' between operations or the end of the line but found 'i'"),
        ("old: a\nnew: a\nbatch: delete0.1", "t.case:3:14: error: expected a space after delete but found '0'"),
        ("old: a\nnew: a\nbatch: delete -1", "t.case:3:15: error: expected an index path S.I (or the word section) but found '-'"),
        ("old: a\nnew: a\nbatch: move 0.1", "t.case:3:16: error: expected a space after the move's source but found the end of the line"),
        ("old: a\nnew: a\nbatch: move section 1", "t.case:3:22: error: expected a space after the section move's source but found the end of the line"),
        ("old: a\nnew: a\nbatch: move section 1 x", "t.case:3:23: error: expected the section move's destination index but found 'x'"),
        ("old: a\nnew: a\nbatch: delete section x", "t.case:3:23: error: expected a section index but found 'x'"),
        ("old: a\nnew: a\nbatch: delete section", "t.case:3:22: error: expected a space after section but found the end of the line"),
        ("old: a\nnew: a\nbatch: delete 0.", "t.case:3:17: error: expected an item index after '0.' but found the end of the line"),
    ])
    func reportsTheError(text: String, message: String) throws {
        let error = try #require(failure(text))
        #expect(error.description == message)
    }

    @Test func reportsBytesThatAreNotUTF8() throws {
        let bytes: [UInt8] = Array("old: a\nné".utf8) + [0xFF] + Array("x".utf8)
        guard case .failure(let error) = CaseParser.parse(bytes: bytes, file: "b.case") else {
            Issue.record("invalid UTF-8 must be refused")
            return
        }
        #expect(error.description == "b.case:2:3: error: expected UTF-8 text but found the byte(s) 0xFF")
    }
}
