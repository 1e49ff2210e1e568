import Testing
@testable import DiffHarness
import ListModel

// SnapshotJSONEncoding: the byte encoder spells requests and answers as the
// string-building references below do, one escaper for every string.

/// A request built from strings: the reference for the byte encoder.
private func stringRequest(old: Snapshot, new: Snapshot) -> String {
    "{\"old\": \(stringSnapshot(old)), \"new\": \(stringSnapshot(new))}"
}

private func stringSnapshot(_ snapshot: Snapshot) -> String {
    "[" + snapshot.sections.map { section in
        "{\"id\": \(SnapshotJSON.quoted(section.id)), \"content\": \(section.content), \"items\": ["
            + section.items.map { "{\"id\": \(SnapshotJSON.quoted($0.id)), \"content\": \($0.content)}" }.joined(separator: ", ")
            + "]}"
    }.joined(separator: ", ") + "]"
}

/// An answer built from strings: the reference for the byte encoder.
private func stringAnswer(_ output: EngineOutput) -> String {
    switch output {
    case .refusal(let why):
        return "{\"error\": \(SnapshotJSON.quoted(why))}"
    case .failure(let failure):
        return "{\"failure\": \(SnapshotJSON.quoted(failure.reason))" + (failure.isHang ? ", \"hang\": true}" : "}")
    case .stages(let stages):
        return "{\"stages\": [" + stages.enumerated().map { index, stage in
            let batch = stage.batch
            func path(_ p: ItemPath) -> String { "[\(p.section), \(p.item)]" }
            var fields: [String] = []
            func add(_ key: String, _ values: [String]) {
                if !values.isEmpty { fields.append("\"\(key)\": [" + values.joined(separator: ", ") + "]") }
            }
            add("deleteSections", batch.deletedSections.map(String.init))
            add("insertSections", batch.insertedSections.map(String.init))
            add("reloadSections", batch.reloadedSections.map(String.init))
            add("moveSections", batch.movedSections.map { "[\($0.from), \($0.to)]" })
            add("deleteItems", batch.deletedItems.map(path))
            add("insertItems", batch.insertedItems.map(path))
            add("reloadItems", batch.reloadedItems.map(path))
            add("moveItems", batch.movedItems.map { "[\(path($0.from)), \(path($0.to))]" })
            if index < stages.count - 1, let data = stage.data { fields.append("\"data\": " + stringSnapshot(data)) }
            return "{" + fields.joined(separator: ", ") + "}"
        }.joined(separator: ", ") + "]}"
    }
}

@Suite struct SnapshotJSONEncodingTests {
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

    @Test func theByteEncoderSpellsAnswersAsTheStringEncoderDid() {
        let generator = PairGenerator()
        for engine in EngineCatalog.all where engine.name != "mutant:duplicate-key-trap" {
            for n in 0..<60 {
                let pair = generator.campaignCase(seed: 11, n: n)
                if engine.isFlatOnly && !(pair.old.isFlat && pair.new.isFlat) { continue }
                let output = engine.diff(old: pair.old, new: pair.new)
                #expect(SnapshotJSON.answer(output) == stringAnswer(output), "\(engine.name) case \(n)")
            }
        }
        for output in [EngineOutput.refusal("no \"dupes\"\u{1}"), .failure(EngineFailure("a \"trap\"")), .failure(EngineFailure("slow", isHang: true)),
                       .stages([Stage(batch: Batch(), data: Snapshot()), Stage(batch: Batch([.moveSection(from: 0, to: 1)]), data: Snapshot())])] {
            #expect(SnapshotJSON.answer(output) == stringAnswer(output))
        }
    }

    /// The one escaper: `"`, `\` and the control characters, nothing else.
    @Test func quotesAsJSONStringLiterals() {
        #expect(SnapshotJSON.quoted("plain é 😀 \u{7f}") == "\"plain é 😀 \u{7f}\"")
        #expect(SnapshotJSON.quoted("\"\\\n\r\t\u{0}\u{1f}") == #""\"\\\n\r\t\u0000\u001f""#)
    }
}
