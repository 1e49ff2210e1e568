import Foundation
import Testing
@testable import DiffHarness
import ListModel

// SnapshotJSON: the shapes external engines read and write, and a clear
// message (never a trap) for every shape that is wrong.

private func answer(_ text: String) -> Result<EngineOutput, SnapshotJSONError> {
    SnapshotJSON.answer(fromJSON: Array(text.utf8))
}

private func message(_ text: String) -> String? {
    if case .failure(let error) = answer(text) { return error.message }
    return nil
}

@Suite struct SnapshotJSONTests {
    @Test func encodesASnapshotThatDecodesBack() throws {
        let snapshot = Snapshot(sections: [
            Section(id: "A", content: 1, items: [Item(id: "a"), Item(id: "a", content: 2), Item(id: "tab\there\u{1}")]),
            Section(id: "é\"\\"),
        ])
        let text = SnapshotJSON.encode(snapshot)
        #expect(!text.contains("\n"))
        #expect(try SnapshotJSON.snapshot(fromJSON: text).get() == snapshot)
        #expect(SnapshotJSON.encode(.flat([Item(id: "a")])) == #"[{"id": "_", "content": 0, "items": [{"id": "a", "content": 0}]}]"#)
        #expect(SnapshotJSON.request(old: Snapshot(), new: Snapshot()) == #"{"old": [], "new": []}"#)
    }

    @Test func readsEveryBatchKeyInTheModelsOrder() throws {
        let stage = try SnapshotJSON.stage(fromJSON: """
            {"moveItems": [[[0, 1], [2, 3]]], "reloadItems": [[4, 5]], "insertItems": [[6, 7]], "deleteItems": [[8, 9]],
             "moveSections": [[1, 2]], "reloadSections": [3], "insertSections": [4], "deleteSections": [5],
             "data": [{"id": "A", "content": 0, "items": []}]}
            """).get()
        #expect(stage.batch.operations == [
            .deleteSection(5), .insertSection(4), .reloadSection(3), .moveSection(from: 1, to: 2),
            .deleteItem(ItemPath(8, 9)), .insertItem(ItemPath(6, 7)), .reloadItem(ItemPath(4, 5)),
            .moveItem(from: ItemPath(0, 1), to: ItemPath(2, 3)),
        ])
        #expect(stage.data == Snapshot(sections: [Section(id: "A")]))
    }

    @Test func readsAnswers() {
        #expect(answer(#"{"stages": []}"#) == .success(.stages([])))
        #expect(answer(#"{"error": "no"}"#) == .success(.refusal("no")))
        #expect(answer(#"{"failure": "trapped"}"#) == .success(.failure(EngineFailure("trapped"))))
        #expect(answer(#"{"failure": "slow", "hang": true}"#) == .success(.failure(EngineFailure("slow", isHang: true))))
        guard case .failure(let error) = answer(#"{"failure": "x", "error": "y"}"#) else {
            Issue.record("a failure with an error key must not read")
            return
        }
        #expect(error.message.contains("\"failure\" key with a \"stages\" or \"error\" key"))
        // The last stage's data is the new snapshot: what an engine sends there is ignored.
        #expect(answer(#"{"stages": [{"data": []}]}"#) == .success(.stages([Stage(batch: Batch())])))
    }

    @Test(arguments: [
        ("not json", "engine answered garbage at line 1, column 1: not json"),
        ("", "engine answered garbage at line 1, column 1: "),
        (#"{"stages": [{"deleteSections": [1.]}]}"#, #"engine answered garbage at line 1, column 35: {"stages": [{"deleteSections": [1.]}]}"#),
        ("[]", "engine answer is not a JSON object: []"),
        (#"{"stages": 1}"#, #"engine answer's "stages" is not a list: 1"#),
        (#"{"error": 7}"#, #"engine answer's "error" is not a string: 7"#),
        (#"{"error": "x", "stages": []}"#, #"engine answer has both a "stages" and an "error" key"#),
        (#"{}"#, #"engine answer has no "stages" or "error" key: {}"#),
        (#"{"stages": [{}, {}]}"#, #"engine answer is malformed: stages[0] has no "data" (every stage but the last needs the data source's snapshot)"#),
        (#"{"stages": [3]}"#, "engine answer is malformed: stages[0]: expected a batch object but found 3"),
        (#"{"stages": [{"deleteItem": [[0, 1]]}]}"#, #"engine answer is malformed: stages[0]: unknown key "deleteItem" (expected one of deleteSections, insertSections, reloadSections, moveSections, deleteItems, insertItems, reloadItems, moveItems, data)"#),
        (#"{"stages": [{"deleteSections": [1.5]}]}"#, "engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found 1.5"),
        (#"{"stages": [{"deleteSections": [1.0]}]}"#, "engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found 1.0"),
        (#"{"stages": [{"deleteSections": [1e0]}]}"#, "engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found 1e0"),
        (#"{"stages": [{"deleteSections": [-1]}]}"#, "engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found -1"),
        (#"{"stages": [{"deleteSections": [true]}]}"#, "engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found true"),
        (#"{"stages": [{"deleteSections": ["0"]}]}"#, #"engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found "0""#),
        (#"{"stages": [{"deleteSections": [99999999999999999999]}]}"#, "engine answer is malformed: stages[0].deleteSections[0]: expected a non-negative integer but found 99999999999999999999"),
        (#"{"stages": [{"deleteSections": 0}]}"#, "engine answer is malformed: stages[0].deleteSections: expected a list of non-negative integers but found 0"),
        (#"{"stages": [{"insertItems": [[0]]}]}"#, "engine answer is malformed: stages[0].insertItems[0]: expected a pair of non-negative integers but found [0]"),
        (#"{"stages": [{"moveSections": [[0, 1, 2]]}]}"#, "engine answer is malformed: stages[0].moveSections[0]: expected a pair of non-negative integers but found [0, 1, 2]"),
        (#"{"stages": [{"moveItems": [[0, 1]]}]}"#, "engine answer is malformed: stages[0].moveItems[0][0]: expected a pair of non-negative integers but found 0"),
        (#"{"stages": [{"moveItems": [[[0, 1]]]}]}"#, "engine answer is malformed: stages[0].moveItems[0]: expected a move [[s, i], [s, i]] but found [[0, 1]]"),
        (#"{"stages": [{"data": {}}, {}]}"#, "engine answer is malformed: stages[0].data: expected a list of sections but found {}"),
        (#"{"stages": [{"data": [{"items": []}]}, {}]}"#, #"engine answer is malformed: stages[0].data[0] has no "id""#),
        (#"{"stages": [{"data": [{"id": "A"}]}, {}]}"#, #"engine answer is malformed: stages[0].data[0] has no "items""#),
        (#"{"stages": [{"data": [{"id": 1, "items": []}]}, {}]}"#, "engine answer is malformed: stages[0].data[0].id: expected a string but found 1"),
        (#"{"stages": [{"data": [{"id": "A", "items": [{"id": "a", "content": -2}]}]}, {}]}"#, "engine answer is malformed: stages[0].data[0].items[0].content: expected a non-negative integer but found -2"),
        (#"{"stages": [{"data": [{"id": "A", "items": [{"id": "a", "colour": 1}]}]}, {}]}"#, #"engine answer is malformed: stages[0].data[0].items[0]: unknown key "colour""#),
        (#"{"stages": [{"data": [{"id": "A", "items": ["a"]}]}, {}]}"#, #"engine answer is malformed: stages[0].data[0].items[0]: expected an item object but found "a""#),
    ])
    func explainsAWrongShape(text: String, expected: String) {
        #expect(message(text) == expected)
    }

    /// Issue 43, point 9: a key written twice in one object is the engine's
    /// protocol error, wherever it is, and however the key is spelled
    /// (JSONSerialization would keep the last).
    @Test(arguments: [
        (#"{"stages": [{"deleteSections": [0], "deleteSections": [1]}]}"#, #"engine answer breaks the protocol: the key "deleteSections" is written twice in stages[0] (each key of an object once)"#),
        (#"{"stages": [], "stages": [{"deleteSections": [0]}]}"#, #"engine answer breaks the protocol: the key "stages" is written twice (each key of an object once)"#),
        (#"{"error": "a", "\u0065rror": "b"}"#, #"engine answer breaks the protocol: the key "error" is written twice (each key of an object once)"#),
        (#"{"stages": [{"data": [{"id": "A", "id": "B", "items": []}]}, {}]}"#, #"engine answer breaks the protocol: the key "id" is written twice in stages[0].data[0] (each key of an object once)"#),
    ])
    func refusesAKeyWrittenTwice(text: String, expected: String) {
        #expect(message(text) == expected)
    }

    @Test func refusesARequestWithAKeyWrittenTwice() {
        let line = Array(#"{"old": [], "new": [], "old": [{"id": "A", "items": []}]}"#.utf8)
        guard case .failure(let error) = SnapshotJSON.request(fromJSON: line) else {
            Issue.record("read")
            return
        }
        #expect(error.message == #"request breaks the protocol: the key "old" is written twice (each key of an object once)"#)
    }

    @Test func neverTrapsOnDeepOrOddInput() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(message(deep) != nil)
        #expect(message(#"{"stages": [{"data": null}, {}]}"#) != nil)
        #expect(message("\u{0}\u{FF}") != nil)
    }

    @Test func everyBuiltInEnginesAnswerSurvivesTheTripThroughJSON() throws {
        // What an isolated engine relies on: the answer written by
        // `worker --serve` reads back to a verdict identical to the in-process one.
        struct ThroughJSON: DiffEngine {
            let engine: any DiffEngine
            var name: String { engine.name }
            var isFlatOnly: Bool { engine.isFlatOnly }
            var claims: Set<PropertyName> { engine.claims }
            func diff(old: Snapshot, new: Snapshot) -> EngineOutput {
                let request = try! SnapshotJSON.request(fromJSON: Array(SnapshotJSON.request(old: old, new: new).utf8)).get()
                let answer = SnapshotJSON.answer(engine.diff(old: request.old, new: request.new))
                return try! SnapshotJSON.answer(fromJSON: Array(answer.utf8)).get()
            }
        }
        let generator = PairGenerator(options: GeneratorOptions(maxSize: 10))
        for engine in EngineCatalog.all where engine.name != "mutant:duplicate-key-trap" {
            let direct = Checker(engine: engine), isolated = Checker(engine: ThroughJSON(engine: engine))
            for n in 0..<150 {
                let pair = generator.campaignCase(seed: 4, n: n)
                let a = direct.check(old: pair.old, new: pair.new), b = isolated.check(old: pair.old, new: pair.new)
                #expect(a.failures == b.failures && a.isSkipped == b.isSkipped, "\(engine.name) case \(n)")
                #expect(a.stages.map(\.data) == b.stages.map(\.data), "\(engine.name) case \(n)")
            }
        }
        #expect(SnapshotJSON.answer(.refusal("no \"dupes\"")) == #"{"error": "no \"dupes\""}"#)
        for failure in [EngineFailure("a \"trap\""), EngineFailure("slow", isHang: true)] {
            #expect(answer(SnapshotJSON.answer(.failure(failure))) == .success(.failure(failure)))
        }
    }

    @Test func aRequestThatIsNotOneReadsAsAnErrorNamingTheKey() {
        guard case .failure(let error) = SnapshotJSON.request(fromJSON: Array(#"{"old": [], "neu": []}"#.utf8)) else {
            Issue.record("accepted a misspelled key")
            return
        }
        #expect(error.message.contains("neu"))
    }
}

// The last stage's `data` is ignored, and the engine protocol says so.
@Test func theLastStagesDataIsIgnoredAsTheProtocolSays() throws {
    let stages = #"{"stages": [{"deleteItems": [[0, 0]], "data": [{"id": "_", "content": 0, "items": []}]}, {"insertItems": [[0, 0]], "data": "anything at all"}]}"#
    guard case .stages(let decoded) = try answer(stages).get() else { Issue.record("not stages"); return }
    #expect(decoded.count == 2 && decoded[0].data != nil && decoded[1].data == nil)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let protocolText = try String(contentsOf: root.appendingPathComponent("Sources/DiffProcess/DiffProcess.docc/EngineProtocol.md"), encoding: .utf8)
    let flat = protocolText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(flat.contains("On the last stage `data` is ignored"), "EngineProtocol.md does not say that the last stage's data is ignored")
}
