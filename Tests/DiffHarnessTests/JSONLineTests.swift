// JSONLine: a line read with the place, position and written text of every
// value, the first key written twice noted, on any bytes without a trap;
// what it reads as JSON is what Foundation's reader does.
import Foundation
import Testing
import TestSupport
@testable import DiffHarness

private func line(_ text: String) throws -> JSONLine {
    try JSONLine(Array(text.utf8))
}

extension JSONLine {
    /// The node at `place` (`stages[0].deleteSections`), found by looking
    /// at every node's place.
    func node(at place: String) -> Int? {
        nodes.indices.first { self.place(of: $0, root: "") == place && (self.kind($0) != .string || !isKey($0)) }
    }

    /// Whether `node` is a key of an object.
    func isKey(_ node: Int) -> Bool {
        for object in nodes.indices where kind(object) == .object {
            var field = object + 1
            for _ in 0..<count(object) {
                if field == node { return true }
                field = next(field + 1)
            }
        }
        return false
    }
}

@Suite struct JSONLineTests {
    @Test func findsTheFirstKeyWrittenTwiceAndWhere() throws {
        func repeated(_ text: String) throws -> String? {
            let read = try line(text)
            return read.repeatedKey.map { "\(read.place(of: $0.object, root: ""))|\(read.string($0.key)!)" }
        }
        #expect(try repeated(#"{"a": 1, "b": [{"c": 0}, {"c": 1, "d": 2, "c": 3}], "a": 2}"#) == "b[1]|c")
        #expect(try repeated(#"{"a": 1, "a": 2}"#) == "|a")
        #expect(try repeated(#"{"a\u00e9": 1, "aé": 2}"#) == "|aé")
        #expect(try repeated(#"{"😀": 1, "\ud83d\ude00": 2}"#) == "|😀")
        #expect(try repeated(#"{"a": {"a": {"a": 1}}, "b": "a\"a"}"#) == nil)
        #expect(try repeated(#"[{"x": 1}, {"x": 1}]"#) == nil)
    }

    @Test func quotesAValueAsItIsWritten() throws {
        let read = try line(#"{"stages": [{"deleteSections": [0, 1.0 , 2e3], "moveSections": [[ 0,1 ]]}]}"#)
        func written(_ place: String) -> String? { read.node(at: place).map { read.written($0) } }
        #expect(written("stages[0].deleteSections[1]") == "1.0")
        #expect(written("stages[0].deleteSections[2]") == "2e3")
        #expect(written("stages[0].moveSections[0]") == "[ 0,1 ]")
        #expect(written("stages[0].deleteSections[3]") == nil)
        #expect(written("stages[1]") == nil)
        let snapshot = try line("[7.50]")
        #expect(snapshot.place(of: 1, root: "snapshot") == "snapshot[0]" && snapshot.written(1) == "7.50")
        let long = try line("[\"" + String(repeating: "é", count: 100) + "\"]")
        #expect(long.written(1) == "\"" + String(repeating: "é", count: 79) + "…")
    }

    @Test func readsStringsIntegersAndBooleans() throws {
        let read = try line(#"["plain", "caf\u00e9 \"q\" \\ \/ \b\f\n\r\t", "\ud83d\ude00", 0, 9223372036854775807, 9223372036854775808, -0, 1.0, 1e2, true, false, null]"#)
        let values = (1..<read.nodes.count).map { node in
            read.string(node).map { "s:" + $0 } ?? read.integer(node).map { "i:\($0)" } ?? read.boolean(node).map { "b:\($0)" } ?? "-"
        }
        #expect(values == ["s:plain", "s:café \"q\" \\ / \u{8}\u{C}\n\r\t", "s:😀", "i:0", "i:9223372036854775807", "-", "i:0", "-", "-", "b:true", "b:false", "-"])
        #expect(read.isString(1, "plain") && !read.isString(1, "plai") && !read.isString(2, "plain"))
        #expect(try line(#""\u0065rror""#).isString(0, "error"))
    }

    /// A syntax error is reported at its line and column (a column counts
    /// Unicode scalars).
    @Test(arguments: [
        ("", 1, 1), ("junk", 1, 1), ("[1, 2", 1, 6), ("[1 2]", 1, 4), ("{\"a\" 1}", 1, 6), ("{1: 2}", 1, 2),
        ("[1,\n 2,\n x]", 3, 2), ("[\"é\", tru]", 1, 7), ("[01]", 1, 3), ("[1.]", 1, 4), ("[-]", 1, 3),
        ("[\"a\tb\"]", 1, 4), ("[\"\\x\"]", 1, 4), ("[\"\\ude00\"]", 1, 3), ("{} {}", 1, 4),
    ])
    func reportsWhereTheTextIsNotJSON(text: String, line: Int, column: Int) {
        do {
            _ = try JSONLine(Array(text.utf8))
            Issue.record("read \(text.debugDescription)")
        } catch {
            let position = JSONLine.position(of: error.offset, in: Array(text.utf8))
            #expect(position.line == line && position.column == column, "\(text.debugDescription): \(error.problem)")
        }
    }

    /// What the reader takes as JSON is what JSONSerialization takes, on
    /// short lines of the characters that matter (the same lines every
    /// run), but for one difference: a number past a Double's range (`8e811`)
    /// is JSON by its grammar, which the reader follows, and Foundation
    /// refuses it. No such number is an index or a count, so an answer that
    /// holds one is refused for what it holds, not for its syntax.
    @Test func readsAsJSONWhatFoundationDoes() {
        var generator = SeededGenerator(seed: 49)
        let alphabet = Array(#"{}[]",:\u0dD8 1.e-tn"#.utf8)
        var compared = 0
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let ours = (try? JSONLine(bytes)) != nil
            let foundation = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
            let text = String(decoding: bytes, as: UTF8.self)
            // An exponent of three digits or more may be past a Double's range.
            if text.contains(/[eE]-?\d{3}/) { continue }
            compared += 1
            #expect(ours == foundation, "\(text)")
        }
        #expect(compared > 15_000)
        #expect((try? JSONLine(Array("8e811".utf8))) != nil)
        #expect((try? JSONSerialization.jsonObject(with: Data("8e811".utf8), options: [.fragmentsAllowed])) == nil)
    }

    /// Cut anywhere, or made of random bytes, a line is read without a trap.
    @Test func neverTrapsOnAnyBytes() {
        let text = Array(#"{"stages": [{"deleteSections": [0, 1.0], "data": [{"id": "\u00e9\ud83d\ude00", "items": []}]}], "x": "\\"}"#.utf8)
        for end in 0...text.count {
            guard let read = try? JSONLine(Array(text[..<end])) else { continue }
            for node in read.nodes.indices { _ = (read.place(of: node, root: ""), read.written(node), read.string(node)) }
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array(#"{}[]",:\u0dD8 1.e-"#.utf8) + [0xC3, 0xA9, 0xFF, 0x0A]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            do {
                let read = try JSONLine(bytes)
                for node in read.nodes.indices { _ = (read.place(of: node, root: ""), read.written(node), read.string(node)) }
            } catch {
                _ = JSONLine.position(of: error.offset, in: bytes)
            }
        }
        let deep = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect((try? JSONLine(deep)) == nil)
        let deepest = Array((String(repeating: "[", count: JSONLine.maximumDepth) + String(repeating: "]", count: JSONLine.maximumDepth)).utf8)
        #expect((try? JSONLine(deepest)) != nil)
    }
}
