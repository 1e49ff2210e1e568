import Testing
@testable import ListModel
import TestSupport

// Generated inputs for the case format: the printer and the parser round-trip
// on random cases, and the parser is total on random bytes and on random edits
// of valid case texts. Seeded, so every run checks the same inputs.

/// Random cases the format can express (see CasePrinter's round-trip note),
/// with duplicated identifiers, empty sections and empty snapshots.
private struct RandomCases {
    var random: SeededGenerator

    static let identifiers = ["a", "b", "c", "a", "A", "B", "x-1", "_", "a_b", "9", "-", "Zz9_-"]

    mutating func identifier() -> String {
        if random.chance(90) { return random.pick(Self.identifiers) }
        let alphabet = Array("abcXYZ019_-é")
        return String((0...random.below(6)).map { _ in random.pick(alphabet) })
    }

    mutating func items() -> [Item] {
        (0..<random.below(5)).map { _ in Item(id: identifier(), content: random.below(3)) }
    }

    mutating func snapshot() -> Snapshot {
        switch random.below(4) {
        case 0: return Snapshot()
        case 1: return .flat(items())
        default:
            return Snapshot(sections: (0..<(1 + random.below(3))).map { _ in
                Section(id: identifier(), content: random.below(3), items: items())
            })
        }
    }

    mutating func index() -> Int {
        random.chance(3) ? Int.max - random.below(2) : random.below(12)
    }

    mutating func path(isFlat: Bool) -> ItemPath {
        ItemPath(isFlat && random.chance(80) ? 0 : index(), index())
    }

    mutating func batch(isFlat: Bool) -> Batch {
        Batch((0..<random.below(6)).map { _ in
            switch random.below(8) {
            case 0: return .deleteSection(index())
            case 1: return .insertSection(index())
            case 2: return .reloadSection(index())
            case 3: return .moveSection(from: index(), to: index())
            case 4: return .deleteItem(path(isFlat: isFlat))
            case 5: return .insertItem(path(isFlat: isFlat))
            case 6: return .reloadItem(path(isFlat: isFlat))
            default: return .moveItem(from: path(isFlat: isFlat), to: path(isFlat: isFlat))
            }
        })
    }

    /// One line of text without `#` and without spaces at either end.
    mutating func text() -> String {
        let words = ["attempt", "to", "delete", "(0-1)", "invalid", "number", "of", "sections.", "", "日本", "x:y"]
        return (0..<(1 + random.below(5))).map { _ in random.pick(words) }
            .joined(separator: random.pick([" ", "  "]))
            .trimmingSpaces()
    }

    mutating func comment() -> String {
        random.pick(["", " leading", "trailing  ", "with # inside", "b is deleted and reloaded"]) + (random.chance(30) ? text() : "")
    }

    mutating func nextCase() -> Case {
        let old = snapshot(), new = snapshot()
        let isFlat = old.isFlat && new.isFlat
        let count = random.below(4)
        let stages = (0..<count).map { index in
            Stage(batch: batch(isFlat: isFlat), data: index == count - 1 ? nil : snapshot())
        }
        var c = Case(old: old, new: new, stages: stages)
        c.comments = (0..<random.below(3)).map { _ in comment() }
        switch random.below(3) {
        case 0: c.expectation = .pass
        case 1: c.expectation = .error(random.chance(10) ? "" : text())
        default: c.expectation = .fail(random.pick(CaseParser.propertyNames))
        }
        c.profile = random.pick([nil, .strict, .uikit])
        c.engine = random.pick([nil, "core", "mutant:last-wins", "reload-all"])
        return c
    }
}

private extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// Checks that `result` is a case whose printed text is a fixed point, or an
/// error that points inside the text.
private func expectTotal(_ result: Result<Case, CaseFormatError>, lineCount: Int, input: String) {
    switch result {
    case .success(let c):
        let printed = CasePrinter.text(c)
        let reread = CaseParser.parse(printed, file: "p.case")
        #expect(reread == .success(c), "\(input.debugDescription) printed as \(printed.debugDescription)")
        if case .success(let again) = reread { #expect(CasePrinter.text(again) == printed) }
    case .failure(let error):
        #expect(error.line >= 1 && error.column >= 1 && error.line <= lineCount + 1, "\(error) for \(input.debugDescription)")
        #expect(error.description.hasPrefix("t.case:\(error.line):\(error.column): error: expected "))
    }
}

@Suite struct CaseFormatRoundTripTests {
    @Test func printedCasesParseBack() {
        var cases = RandomCases(random: SeededGenerator(seed: 0xCA5E))
        for _ in 0..<2_000 {
            let c = cases.nextCase()
            let text = CasePrinter.text(c)
            let reread = CaseParser.parse(text, file: "r.case")
            #expect(reread == .success(c), "\(text)")
            if case .success(let again) = reread { #expect(CasePrinter.text(again) == text) }
        }
    }

    @Test func randomBytesNeverTrap() {
        var random = SeededGenerator(seed: 0xB17E5)
        let syntax = Array("old: new: batch: then: expect: profile: engine: [A: a b'] , . 0 1 99999999999999999999 delete insert reload move section error fail # \n \r\n \t".utf8)
        for _ in 0..<3_000 {
            let length = random.below(120)
            let bytes: [UInt8] = (0..<length).map { _ in
                random.chance(50) ? UInt8(truncatingIfNeeded: random.next()) : random.pick(syntax)
            }
            let lines = bytes.filter { $0 == 10 }.count + 1
            let text = String(decoding: bytes, as: UTF8.self)
            expectTotal(CaseParser.parse(bytes: bytes, file: "t.case"), lineCount: lines, input: text)
        }
    }

    @Test func editedCaseTextsNeverTrap() {
        var cases = RandomCases(random: SeededGenerator(seed: 0xED17))
        var random = SeededGenerator(seed: 0x5EED)
        let inserted = Array("[]:'.,# \n\r0a-_\u{0}é")
        var parsedCount = 0
        for _ in 0..<2_000 {
            var text = Array(CasePrinter.text(cases.nextCase()))
            for _ in 0..<(1 + random.below(4)) where !text.isEmpty {
                let at = random.below(text.count)
                switch random.below(3) {
                case 0: text.remove(at: at)
                case 1: text.insert(text[at], at: at)
                default: text.insert(random.pick(inserted), at: at)
                }
            }
            let edited = String(text)
            let lines = edited.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).count
            let result = CaseParser.parse(edited, file: "t.case")
            if case .success = result { parsedCount += 1 }
            expectTotal(result, lineCount: lines, input: edited)
        }
        // Both outcomes must be exercised for the test to mean anything.
        #expect(parsedCount > 100 && parsedCount < 1_900)
    }

    @Test func extremeInputsGiveErrorsNotTraps() {
        let longLine = "old: " + String(repeating: "a ", count: 50_000) + "\nnew: a"
        #expect((try? CaseParser.parse(longLine, file: "t.case").get())?.old.itemCount == 50_000)
        let hugeNumber = "old: a\nnew: a\nbatch: delete 0." + String(repeating: "9", count: 10_000)
        guard case .failure(let error) = CaseParser.parse(hugeNumber, file: "t.case") else {
            Issue.record("an index that overflows Int must be refused")
            return
        }
        #expect(error.line == 3 && error.column == 17)
        let unclosed = "old: " + String(repeating: "[", count: 10_000)
        #expect((try? CaseParser.parse(unclosed, file: "t.case").get()) == nil)
        #expect((try? CaseParser.parse(String(repeating: "\0", count: 1_000), file: "t.case").get()) == nil)
        #expect((try? CaseParser.parse(String(repeating: "\r\n", count: 1_000) + "old: a\r\nnew: a", file: "t.case").get()) != nil)
    }
}
