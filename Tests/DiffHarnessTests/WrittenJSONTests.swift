// WrittenJSON: a line read for what JSONSerialization's values lose, the
// keys written twice and the text of a value, on any bytes without a trap.
import Foundation
import Testing
@testable import DiffHarness

@Suite struct WrittenJSONTests {
    @Test func findsTheFirstKeyWrittenTwiceAndWhere() {
        func repeated(_ text: String) -> String? {
            WrittenJSON.firstRepeatedKey(Array(text.utf8)).map { "\($0.place)|\($0.key)" }
        }
        #expect(repeated(#"{"a": 1, "b": [{"c": 0}, {"c": 1, "d": 2, "c": 3}], "a": 2}"#) == "b[1]|c")
        #expect(repeated(#"{"a": 1, "a": 2}"#) == "|a")
        #expect(repeated(#"{"a\u00e9": 1, "aé": 2}"#) == "|aé")
        #expect(repeated(#"{"😀": 1, "\ud83d\ude00": 2}"#) == "|😀")
        #expect(repeated(#"{"a": {"a": {"a": 1}}, "b": "a\"a"}"#) == nil)
        #expect(repeated(#"[{"x": 1}, {"x": 1}]"#) == nil)
    }

    @Test func quotesAValueAsItIsWritten() {
        let line = Array(#"{"stages": [{"deleteSections": [0, 1.0 , 2e3], "moveSections": [[ 0,1 ]]}]}"#.utf8)
        #expect(WrittenJSON.text(at: "stages[0].deleteSections[1]", in: line) == "1.0")
        #expect(WrittenJSON.text(at: "stages[0].deleteSections[2]", in: line) == "2e3")
        #expect(WrittenJSON.text(at: "stages[0].moveSections[0]", in: line) == "[ 0,1 ]")
        #expect(WrittenJSON.text(at: "stages[0].deleteSections[3]", in: line) == nil)
        #expect(WrittenJSON.text(at: "stages[1]", in: line) == nil)
        #expect(WrittenJSON.text(at: "snapshot[0]", in: Array("[7.50]".utf8), root: "snapshot") == "7.50")
    }

    /// Cut anywhere, or made of random bytes, a line is read without a trap.
    @Test func neverTrapsOnAnyBytes() {
        let line = Array(#"{"stages": [{"deleteSections": [0, 1.0], "data": [{"id": "\u00e9\ud83d", "items": []}]}], "x": "\\"}"#.utf8)
        for end in 0...line.count {
            let cut = Array(line[..<end])
            _ = WrittenJSON.firstRepeatedKey(cut)
            _ = WrittenJSON.text(at: "stages[0].data[0].id", in: cut)
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array(#"{}[]",:\u0dD8 1.e-"#.utf8)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            _ = WrittenJSON.firstRepeatedKey(bytes)
            _ = WrittenJSON.text(at: "[0].a[1]", in: bytes)
        }
        let deep = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(WrittenJSON.firstRepeatedKey(deep) == nil)
    }
}
