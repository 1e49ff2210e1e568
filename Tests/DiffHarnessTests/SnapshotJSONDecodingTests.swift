import Foundation
import Testing
@testable import DiffHarness
import ListModel

// SnapshotJSONDecoding: every answer and request diffcheck's encoder writes
// reads back to what was written; unusual lines read as the wire format
// says, each with its output or its message.

/// What `answer(fromJSON:)` gives back for an answer written by `answer(_:)`:
/// each batch's operations grouped by kind, no data on the last stage.
private func asRead(_ output: EngineOutput) -> EngineOutput {
    guard case .stages(let stages) = output else { return output }
    return .stages(stages.enumerated().map { index, stage in
        let batch = stage.batch
        var grouped: [ListModel.Operation] = batch.deletedSections.map { .deleteSection($0) }
        grouped += batch.insertedSections.map { .insertSection($0) }
        grouped += batch.reloadedSections.map { .reloadSection($0) }
        grouped += batch.movedSections.map { .moveSection(from: $0.from, to: $0.to) }
        grouped += batch.deletedItems.map { .deleteItem($0) }
        grouped += batch.insertedItems.map { .insertItem($0) }
        grouped += batch.reloadedItems.map { .reloadItem($0) }
        grouped += batch.movedItems.map { .moveItem(from: $0.from, to: $0.to) }
        return Stage(batch: Batch(grouped), data: index == stages.count - 1 ? nil : stage.data)
    })
}

private func read(_ text: String) -> Result<EngineOutput, SnapshotJSONError> {
    SnapshotJSON.answer(fromJSON: Array(text.utf8))
}

private func batch(_ operations: ListModel.Operation...) -> EngineOutput {
    .stages([Stage(batch: Batch(operations))])
}

@Suite struct SnapshotJSONDecodingTests {
    @Test func readsEveryBuiltInAnswerBack() {
        let generator = PairGenerator()
        var count = 0, multiStage = 0
        for engine in EngineCatalog.all where engine.name != "mutant:duplicate-key-trap" {
            for n in 0..<150 {
                let pair = generator.campaignCase(seed: 7, n: n)
                if engine.isFlatOnly && !(pair.old.isFlat && pair.new.isFlat) { continue }
                let output = engine.diff(old: pair.old, new: pair.new)
                let line = SnapshotJSON.answer(output)
                #expect(read(line) == .success(asRead(output)), "\(line)")
                if case .stages(let stages) = output, stages.count > 1 { multiStage += 1 }
                count += 1
            }
        }
        #expect(count > 1_000)
        #expect(multiStage > 0) // `data` snapshots were read too
    }

    @Test(arguments: [
        (#"{"stages": []}"#, EngineOutput.stages([])),
        (#"{"stages": [{}]}"#, .stages([Stage(batch: Batch())])),
        (#" { "error" : "why" } "#, .refusal("why")),
        (#"{"failure": "boom", "hang": true}"#, .failure(EngineFailure("boom", isHang: true))),
        (#"{"failure": "boom", "hang": false}"#, .failure(EngineFailure("boom"))),
        (#"{"failure": "boom"}"#, .failure(EngineFailure("boom"))),
        (#"{"failure": "x", "hang": "yes"}"#, .failure(EngineFailure("x"))),
        (#"{"error": "x", "hang": true}"#, .refusal("x")),
        (#"{"stages": [], "extra": 1}"#, .stages([])),
        (#"{"stages": [{"deleteSections": [0, 12345678901234567]}]}"#, batch(.deleteSection(0), .deleteSection(12345678901234567))),
        (#"{"stages": [{"deleteSections": [9223372036854775807]}]}"#, batch(.deleteSection(9223372036854775807))),
        (#"{"stages": [{"deleteSections": [-0]}]}"#, batch(.deleteSection(0))),
        (#"{"error": "say \"hi\"\n"}"#, .refusal("say \"hi\"\n")),
        (#"{"error": "caf\u00e9"}"#, .refusal("café")),
        (#"{"error": "café"}"#, .refusal("café")),
        (#"{"error": "\ud83d\ude00"}"#, .refusal("😀")),
        ("{\"error\": \"a\"}\n", .refusal("a")),
        ("\t{\"stages\":[]}\r", .stages([])),
        (#"{"stages": [{"deleteSections": [1,]}],}"#, batch(.deleteSection(1))),
        (#"{"stages": [{"data": [{"id": "A", "items": [{"id": "a", "content": 2}]}]}, {}]}"#,
         .stages([Stage(batch: Batch(), data: Snapshot(sections: [Section(id: "A", items: [Item(id: "a", content: 2)])])), Stage(batch: Batch())])),
        (#"{"stages": [{"data": [{"id": "A", "items": []}]}]}"#, .stages([Stage(batch: Batch())])),
        (#"{"stages": [{"moveItems": [[[0, 1], [2, 3]]], "moveSections": [[0, 1]], "insertItems": [[0, 0]]}]}"#,
         batch(.moveSection(from: 0, to: 1), .insertItem(ItemPath(0, 0)), .moveItem(from: ItemPath(0, 1), to: ItemPath(2, 3)))),
    ])
    func readsAnUnusualAnswer(text: String, expected: EngineOutput) {
        #expect(read(text) == .success(expected))
    }

    @Test(arguments: [
        (#"{"stages": [{"deleteSections": [01]}]}"#, #"engine answered garbage at line 1, column 34: {"stages": [{"deleteSections": [01]}]}"#),
        (#"{"stages": [{"deleteSections": [0]}]} x"#, #"engine answered garbage at line 1, column 39: {"stages": [{"deleteSections": [0]}]} x"#),
        (#"{"stages": [{"deleteSections": [0]}]"#, #"engine answered garbage at line 1, column 37: {"stages": [{"deleteSections": [0]}]"#),
        ("{\"error\": \"tab\there\"}", "engine answered garbage at line 1, column 15: {\"error\": \"tab\there\"}"),
        (#"{"error": "\ud83d"}"#, #"engine answered garbage at line 1, column 18: {"error": "\ud83d"}"#),
        (#"{"error": "\ude00"}"#, #"engine answered garbage at line 1, column 12: {"error": "\ude00"}"#),
        (#"{"error": "\x"}"#, #"engine answered garbage at line 1, column 13: {"error": "\x"}"#),
        (#"{'stages': []}"#, #"engine answered garbage at line 1, column 2: {'stages': []}"#),
        (#"{"stages": [NaN]}"#, #"engine answered garbage at line 1, column 13: {"stages": [NaN]}"#),
        ("[1, 2]", "engine answer is not a JSON object: [1, 2]"),
        ("null", "engine answer is not a JSON object: null"),
        (#"[{"a": 1, "a": 2}]"#, #"engine answer is not a JSON object: [{"a": 1, "a": 2}]"#),
        (#"{"engine": {}}"#, #"engine answer has no "stages" or "error" key: {"engine": {}}"#),
        // Issue 51: the line is quoted, cut short at 80 characters.
        ("{\"verdict\": \"" + String(repeating: "x", count: 100) + "\"}",
         "engine answer has no \"stages\" or \"error\" key: {\"verdict\": \"" + String(repeating: "x", count: 67) + "…"),
        (#"{"failure": 3}"#, #"engine answer's "failure" is not a string: 3"#),
        (#"{"failure": "x", "stages": []}"#, #"engine answer has a "failure" key with a "stages" or "error" key"#),
        (#"{"stages": [{"deleteSections": [0]}], "stages": []}"#, #"engine answer breaks the protocol: the key "stages" is written twice (each key of an object once)"#),
        (#"{"stages": [{"deleteSections": [1.5]}], "stages": []}"#, #"engine answer breaks the protocol: the key "stages" is written twice (each key of an object once)"#),
        (#"{"stages": [{"data": [{"id": "A", "id": "B", "items": []}]}, {}], "stages": 1}"#, #"engine answer breaks the protocol: the key "id" is written twice in stages[0].data[0] (each key of an object once)"#),
        ("{\"stages\": [], \"a\u{0301}\": 1, \"\u{e1}\": 2}", "engine answer breaks the protocol: the key \"\u{e1}\" is written twice (each key of an object once)"),
        (#"{"stages": [{"bogus": [0]}]}"#, #"engine answer is malformed: stages[0]: unknown key "bogus" (expected one of deleteSections, insertSections, reloadSections, moveSections, deleteItems, insertItems, reloadItems, moveItems, data)"#),
        (#"{"stages": [{"deleteSections": [1e2]}]}"#, "engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found 1e2"),
        (#"{"stages": [{"deleteSections": [1E+2]}]}"#, "engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found 1E+2"),
        (#"{"stages": [{"deleteSections": [0.0e0]}]}"#, "engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found 0.0e0"),
        (#"{"stages": [{"deleteSections": [9223372036854775808]}]}"#, "engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found 9223372036854775808"),
        (#"{"stages": [{"deleteSections": [1234567890123456789012]}]}"#, "engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found 1234567890123456789012"),
        (#"{"stages": [{"deleteSections": [null]}]}"#, "engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found null"),
        (#"{"stages": [{"deleteSections": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30.5]}]}"#, "engine answer is malformed: stages[0].deleteSections[29]: expected a non-negative integer but found 30.5"),
        (#"{"stages": [{"insertItems": [[0, 1], "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz"]}]}"#, #"engine answer is malformed: stages[0].insertItems[1]: expected a pair of non-negative integers but found "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyza…"#),
        (#"{"stages": [{"moveSections": [[1.0, 2]]}]}"#, "engine answer is malformed: stages[0].moveSections[0]: expected a pair of non-negative integers but found [1.0, 2]"),
        (#"{"stages": [{"moveSections": 5}]}"#, "engine answer is malformed: stages[0].moveSections: expected a list of [from, to] pairs but found 5"),
        (#"{"stages": [{"deleteItems": 5}]}"#, "engine answer is malformed: stages[0].deleteItems: expected a list of [section, item] pairs but found 5"),
        (#"{"stages": [{"moveItems": 3}]}"#, "engine answer is malformed: stages[0].moveItems: expected a list of [[s, i], [s, i]] moves but found 3"),
        (#"{"stages": [{"moveItems": [[[0, 1], [2]]]}]}"#, "engine answer is malformed: stages[0].moveItems[0][1]: expected a pair of non-negative integers but found [2]"),
        (#"{"stages": [{"moveItems": [[[0, 1], [2, 3, 4]]]}]}"#, "engine answer is malformed: stages[0].moveItems[0][1]: expected a pair of non-negative integers but found [2, 3, 4]"),
        (#"{"stages": [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]}"#, "engine answer is malformed: stages[0]: expected a batch object but found [[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]"),
        (#"{"stages": [{"data": "x"}, {}]}"#, #"engine answer is malformed: stages[0].data: expected a list of sections but found "x""#),
        (#"{"stages": [{"data": [3]}, {}]}"#, "engine answer is malformed: stages[0].data[0]: expected a section object but found 3"),
        (#"{"stages": [{"data": [{"id": "A", "items": 3}]}, {}]}"#, "engine answer is malformed: stages[0].data[0].items: expected a list of items but found 3"),
        (#"{"stages": [{"data": [{"id": "A", "content": 1.0, "items": []}]}, {}]}"#, "engine answer is malformed: stages[0].data[0].content: expected a non-negative integer but found 1.0"),
        (#"{"stages": [{"data": [{"id": "A", "items": [], "x": 0}]}, {}]}"#, #"engine answer is malformed: stages[0].data[0]: unknown key "x""#),
    ])
    func refusesAnUnusualAnswer(text: String, expected: String) {
        guard case .failure(let error) = read(text) else {
            Issue.record("read \(text)")
            return
        }
        #expect(error.message == expected)
    }

    /// Every refusal says where: the line and column of the value (or the
    /// byte) that is wrong.
    @Test func everyRefusalHasALineAndColumn() throws {
        for (text, line, column) in [
            ("junk", 1, 1), (#"{"stages": [{"deleteSections": [1.0]}]}"#, 1, 33), (#"{"stages": [{}, {}]}"#, 1, 13),
            (#"{"stages": [], "stages": []}"#, 1, 16), (#"{"error": 7}"#, 1, 11), ("[]", 1, 1),
        ] {
            guard case .failure(let error) = read(text) else {
                Issue.record("read \(text)")
                continue
            }
            #expect(error.line == line && error.column == column, "\(text): \(error.message)")
        }
        guard case .failure(let error) = SnapshotJSON.stage(fromJSON: "{\"data\": [\n  {\"id\": \"A\",\n   \"items\": [{\"id\": 2.50}]}]}") else {
            Issue.record("read a stage with an id that is a number")
            return
        }
        #expect(error.message == "stage.data[0].items[0].id: expected a string but found 2.50")
        #expect(error.line == 3 && error.column == 21)
        let notJSON = try #require(SnapshotJSON.snapshot(fromJSON: "[\n  {\"id\": \"A\" \"items\": []}]").failure)
        #expect(notJSON.message == "not JSON at line 2, column 14: expected ',' or '}'")
    }
}

/// Requests (what a served or isolated engine reads): every generated one
/// reads back to its pair; unusual ones read as the wire format says.
@Suite struct RequestDecodingTests {
    @Test func readsEveryGeneratedRequestBack() throws {
        let generator = PairGenerator(options: GeneratorOptions())
        var buffer: [UInt8] = []
        for n in 0..<300 {
            let pair = generator.campaignCase(seed: 5, n: n)
            buffer.removeAll(keepingCapacity: true)
            SnapshotJSON.appendRequest(old: pair.old, new: pair.new, to: &buffer)
            let read = try SnapshotJSON.request(fromJSON: buffer).get()
            #expect(read.old == pair.old && read.new == pair.new, "case \(n)")
        }
    }

    @Test func readsUnusualRequests() throws {
        let lines: [(String, Snapshot, Snapshot)] = [
            (#"{"old": [], "new": []}"#, Snapshot(), Snapshot()),
            (#" {"new": [{"id": "A", "items": []}], "old": []} "#, Snapshot(), Snapshot(sections: [Section(id: "A")])),
            (#"{"old": [{"id": "A", "content": 3, "items": [{"id": "a"}]}], "new": []}"#,
             Snapshot(sections: [Section(id: "A", content: 3, items: [Item(id: "a")])]), Snapshot()),
            (#"{"old": [{"id": "A\n", "items": []}], "new": []}"#, Snapshot(sections: [Section(id: "A\n")]), Snapshot()),
        ]
        for (text, old, new) in lines {
            let read = try SnapshotJSON.request(fromJSON: Array(text.utf8)).get()
            #expect(read.old == old && read.new == new, "\(text)")
        }
    }

    @Test(arguments: [
        (#"{"old": [], "new": [], "extra": 1}"#, #"request: unknown key "extra""#),
        (#"{"old": [], "new": [], "zz": 1, "aa": 2}"#, #"request: unknown key "zz""#),
        (#"{"old": []}"#, #"request needs "old" and "new""#),
        (#"{"old": [], "old": []}"#, #"request breaks the protocol: the key "old" is written twice (each key of an object once)"#),
        (#"{"old": [{"id": "A"}], "new": []}"#, #"old[0] has no "items""#),
        (#"{"old": [{"id": "A", "items": [], "x": 0}], "new": []}"#, #"old[0]: unknown key "x""#),
        (#"{"old": [{"id": "A", "content": -1, "items": []}], "new": []}"#, "old[0].content: expected a non-negative integer but found -1"),
        (#"{"old": [{"id": 1, "items": []}], "new": []}"#, "old[0].id: expected a string but found 1"),
        (#"{"old": 3, "new": []}"#, "old: expected a list of sections but found 3"),
        (#"{"old": [{"id": "A", "items": [{"id": "a", "content": 1.0}]}], "new": []}"#, "old[0].items[0].content: expected a non-negative integer but found 1.0"),
        (#"{"old": [], "new": []} x"#, "not JSON at line 1, column 24: expected the end of the line"),
        (#"{"old": [], "new": []"#, "not JSON at line 1, column 22: expected ',' or '}' but found the end of the line"),
        ("", "not JSON at line 1, column 1: expected a value but found the end of the line"),
        ("null", "request: expected a JSON object but found null"),
        ("[]", "request: expected a JSON object but found []"),
    ])
    func refusesAnUnusualRequest(text: String, expected: String) {
        guard case .failure(let error) = SnapshotJSON.request(fromJSON: Array(text.utf8)) else {
            Issue.record("read \(text)")
            return
        }
        #expect(error.message == expected)
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
