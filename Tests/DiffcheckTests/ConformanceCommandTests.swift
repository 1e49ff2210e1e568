// `diffcheck conformance export|compare` as CI runs them: the input on
// stdout, the report on stdout, exit 0 agree / 1 disagree / 2 unreadable.
import Foundation
import Testing

@Suite struct ConformanceCommandTests {
    private let samples = (("\(#filePath)" as NSString).deletingLastPathComponent as NSString)
        .appendingPathComponent("../DiffHarnessTests/ConformanceSamples")

    @Test func exportPrintsTheSameInputTwiceWithTheCorpusFirst() throws {
        let root = (("\(#filePath)" as NSString).deletingLastPathComponent as NSString).appendingPathComponent("../..")
        let first = try diffcheck(["conformance", "export", "--generated", "20"], in: URL(fileURLWithPath: root))
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.hasPrefix("# diffcheck conformance input: "))
        #expect(first.output.contains("\ncase: uikit-delete-and-move\nold: a b c\nnew: b a\nbatch: delete 0, move 0 1\n"))
        #expect(first.output.components(separatedBy: "\ncase: generated-").count == 21)
        #expect(first.errors.contains("conformance export: "))
        let second = try diffcheck(["conformance", "export", "--generated", "20"], in: URL(fileURLWithPath: root))
        #expect(second.output == first.output)
    }

    @Test func compareExitsZeroWhenEveryCaseAgreesAndOneOnADisagreement() throws {
        let input = "\(samples)/input.txt"
        let agrees = try diffcheck(["conformance", "compare", input, "\(samples)/output-agrees.txt"])
        #expect(agrees.status == 0, "\(agrees.errors)")
        #expect(agrees.output.contains("conformance, UITableView: 6 cases, 6 agree with the model (profile tableview), 0 disagree"))
        let disagrees = try diffcheck(["conformance", "compare", input, "\(samples)/output-disagrees.txt"])
        #expect(disagrees.status == 1)
        #expect(disagrees.output.hasPrefix("DISAGREES moved-item-stays-stale (output line 9, UICollectionView): "))
    }

    @Test func unreadableInputOrUsageExitsTwo() throws {
        let dir = try temporaryDirectory()
        let broken = dir.appendingPathComponent("out.txt")
        try "case: delete-and-move\ncollection: perhaps\n".write(to: broken, atomically: true, encoding: .utf8)
        let run = try diffcheck(["conformance", "compare", "\(samples)/input.txt", broken.path])
        #expect(run.status == 2)
        #expect(run.errors.contains("out.txt:2:1: error: expected accepted or rejected"))
        #expect(try diffcheck(["conformance", "compare", "\(samples)/input.txt"]).status == 2)
        #expect(try diffcheck(["conformance", "export", "--seed", "x"]).status == 2)
        #expect(try diffcheck(["conformance", "export", "--corpus", dir.path]).status == 2)
        #expect(try diffcheck(["conformance", "frobnicate"]).status == 2)
        #expect(try diffcheck(["conformance", "--help"]).status == 0)
    }
}
