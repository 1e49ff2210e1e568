import Foundation
import Testing
@testable import DiffHarness
import ListModel

// AnswerFastPath reads common answers without Foundation: whenever it
// answers, it must answer what the slow reader does; whatever it leaves,
// the slow reader decides. And the byte encoder of requests spells them as
// the string encoder always did.

/// The answers every built-in engine gives on generated pairs (the
/// trapping mutant excepted), as the lines an engine would send.
private func builtInAnswerLines(pairs count: Int) -> [[UInt8]] {
    let generator = PairGenerator()
    var lines: [[UInt8]] = []
    for engine in EngineCatalog.all where engine.name != "mutant:duplicate-key-trap" {
        for n in 0..<count {
            let pair = generator.campaignCase(seed: 7, n: n)
            if engine.isFlatOnly && !(pair.old.isFlat && pair.new.isFlat) { continue }
            lines.append(Array(SnapshotJSON.answer(engine.diff(old: pair.old, new: pair.new)).utf8))
        }
    }
    return lines
}

/// The request encoder as it was, building strings: the reference for the byte encoder.
private func stringRequest(old: Snapshot, new: Snapshot) -> String {
    func encode(_ snapshot: Snapshot) -> String {
        "[" + snapshot.sections.map { section in
            "{\"id\": \(SnapshotJSON.quoted(section.id)), \"content\": \(section.content), \"items\": ["
                + section.items.map { "{\"id\": \(SnapshotJSON.quoted($0.id)), \"content\": \($0.content)}" }.joined(separator: ", ")
                + "]}"
        }.joined(separator: ", ") + "]"
    }
    return "{\"old\": \(encode(old)), \"new\": \(encode(new))}"
}

@Suite struct AnswerFastPathTests {
    @Test func readsEveryBuiltInAnswerAsTheSlowReaderDoes() {
        let lines = builtInAnswerLines(pairs: 150)
        #expect(lines.count > 1_000)
        var multiStage = 0
        for line in lines {
            let slow = SnapshotJSON.answerThroughFoundation(fromJSON: line)
            guard let fast = AnswerFastPath.answer(line) else {
                // Escaped strings (a diffable subject's refusal quotes identifiers with control characters) are the slow reader's.
                if !line.contains(UInt8(ascii: "\\")) { Issue.record("left to the slow reader: \(String(decoding: line, as: UTF8.self))") }
                continue
            }
            #expect(.success(fast) == slow, "\(String(decoding: line, as: UTF8.self))")
            if case .stages(let stages) = fast, stages.count > 1 { multiStage += 1 }
        }
        #expect(multiStage > 0) // `data` snapshots were read too
    }

    @Test func leavesTheUnusualToTheSlowReaderAndAgreesOnTheRest() {
        let lines = [
            #"{"stages": []}"#, #"{"stages": [{}]}"#, #" { "error" : "why" } "#, #"{"failure": "boom", "hang": true}"#,
            #"{"failure": "boom", "hang": false}"#, #"{"failure": "boom"}"#, #"{"failure": "boom", "hang": 1}"#,
            #"{"stages": [{"deleteSections": [0, 12345678901234567]}]}"#,
            #"{"stages": [{"deleteSections": [1.0]}]}"#, #"{"stages": [{"deleteSections": [1e2]}]}"#,
            #"{"stages": [{"deleteSections": [-1]}]}"#, #"{"stages": [{"deleteSections": [01]}]}"#,
            #"{"stages": [{"deleteSections": [true]}]}"#, #"{"stages": [{"deleteSections": [1234567890123456789012]}]}"#,
            #"{"stages": [{"deleteSections": [0]}], "stages": []}"#, #"{"stages": [{"deleteSections": [0], "deleteSections": [1]}]}"#,
            #"{"stages": [{"bogus": [0]}]}"#, #"{"stages": [], "extra": 1}"#, #"{"stages": [], "error": "x"}"#,
            #"{"error": "say \"hi\"\n"}"#, #"{"error": "caf\u00e9"}"#, #"{"error": "café"}"#, #"{"error": 3}"#,
            #"{"stages": [{"data": [{"id": "A", "items": [{"id": "a", "content": 2}]}]}, {}]}"#,
            #"{"stages": [{"data": [{"id": "A", "items": []}]}]}"#, #"{"stages": [{}, {}]}"#,
            #"{"stages": [{"data": [{"id": "A"}]}, {}]}"#, #"{"stages": [{"data": [{"id": "A", "items": [], "x": 0}]}, {}]}"#,
            #"{"stages": [{"moveItems": [[[0, 1], [2, 3]]], "moveSections": [[0, 1]], "insertItems": [[0, 0]]}]}"#,
            #"{"stages": [{"moveItems": [[[0, 1]]]}]}"#, #"{"stages": [{"moveItems": [[[0, 1], [2]]]}]}"#,
            #"{"stages": [{"deleteSections": [0]}]} x"#, #"{"stages": [{"deleteSections": [0]}]"#, "", "junk", "[1, 2]", "null",
            #"{"stages": [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]}"#, "{\"error\": \"tab\there\"}",
        ]
        var fastCount = 0
        for text in lines {
            let line = Array(text.utf8)
            let slow = SnapshotJSON.answerThroughFoundation(fromJSON: line)
            if let fast = AnswerFastPath.answer(line) {
                fastCount += 1
                #expect(.success(fast) == slow, "\(text)")
            }
            #expect(SnapshotJSON.answer(fromJSON: line) == slow, "\(text)")
        }
        #expect(fastCount >= 10)
        // Not valid UTF-8: never read as text by the fast path.
        let invalid: [UInt8] = Array(#"{"error": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        #expect(AnswerFastPath.answer(invalid) == nil)
    }

    @Test func theByteEncoderSpellsRequestsAsTheStringEncoderDid() throws {
        let odd = Snapshot(sections: [
            Section(id: "é\"\\\u{1}\u{1f}\n\r\t😀", content: 1_000_000_007, items: [Item(id: "a\u{7f}"), Item(id: "", content: 12)]),
            Section(id: "B"),
        ])
        var buffer: [UInt8] = Array("left over".utf8)
        buffer.removeAll(keepingCapacity: true)
        SnapshotJSON.appendRequest(old: odd, new: Snapshot(), to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == stringRequest(old: odd, new: Snapshot()))
        #expect(try SnapshotJSON.request(fromJSON: buffer).get().old == odd)
        let generator = PairGenerator()
        for n in 0..<300 {
            let pair = generator.campaignCase(seed: 3, n: n)
            buffer.removeAll(keepingCapacity: true)
            SnapshotJSON.appendRequest(old: pair.old, new: pair.new, to: &buffer)
            #expect(String(decoding: buffer, as: UTF8.self) == stringRequest(old: pair.old, new: pair.new))
            #expect(SnapshotJSON.request(old: pair.old, new: pair.new) == stringRequest(old: pair.old, new: pair.new))
        }
    }
}

/// Requests take the fast path too (a served or isolated engine reads them):
/// whenever it reads one, it reads what JSONSerialization's reader reads.
@Suite struct RequestFastPathTests {
    @Test func readsEveryGeneratedRequestAsTheSlowReaderDoes() throws {
        let generator = PairGenerator(options: GeneratorOptions())
        var buffer: [UInt8] = []
        for n in 0..<300 {
            let pair = generator.campaignCase(seed: 5, n: n)
            buffer.removeAll(keepingCapacity: true)
            SnapshotJSON.appendRequest(old: pair.old, new: pair.new, to: &buffer)
            let fast = try #require(AnswerFastPath.request(buffer), "case \(n) left to the slow reader")
            #expect(fast.old == pair.old && fast.new == pair.new, "case \(n)")
            let slow = try SnapshotJSON.requestThroughFoundation(fromJSON: buffer).get()
            #expect(slow.old == pair.old && slow.new == pair.new, "case \(n)")
        }
    }

    @Test func leavesTheUnusualToTheSlowReaderAndAgreesOnTheRest() {
        let lines = [
            #"{"old": [], "new": []}"#, #" {"new": [{"id": "A", "items": []}], "old": []} "#,
            #"{"old": [{"id": "A", "content": 3, "items": [{"id": "a"}]}], "new": []}"#,
            #"{"old": [], "new": [], "extra": 1}"#, #"{"old": []}"#, #"{"old": [], "old": []}"#,
            #"{"old": [{"id": "A"}], "new": []}"#, #"{"old": [{"id": "A", "items": [], "x": 0}], "new": []}"#,
            #"{"old": [{"id": "A", "content": -1, "items": []}], "new": []}"#,
            #"{"old": [{"id": "A\n", "items": []}], "new": []}"#, #"{"old": [{"id": 1, "items": []}], "new": []}"#,
            #"{"old": [], "new": []} x"#, #"{"old": [], "new": []"#, "", "null", "[]",
        ]
        var fastCount = 0
        for text in lines {
            let line = Array(text.utf8)
            let slow = SnapshotJSON.requestThroughFoundation(fromJSON: line)
            let both = SnapshotJSON.request(fromJSON: line)
            if let fast = AnswerFastPath.request(line) {
                fastCount += 1
                #expect((try? slow.get()).map { $0.old == fast.old && $0.new == fast.new } == true, "\(text)")
            }
            switch (both, slow) {
            case (.success(let a), .success(let b)): #expect(a.old == b.old && a.new == b.new, "\(text)")
            case (.failure(let a), .failure(let b)): #expect(a.message == b.message, "\(text)")
            default: Issue.record("the two readers part on \(text)")
            }
        }
        #expect(fastCount == 3)
    }
}
