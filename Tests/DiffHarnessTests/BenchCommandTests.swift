// The bench's command line and its own move minimum (timings are not tested:
// they mean something only in a release build).
import Testing
@testable import DiffHarness
import ListDiff

@Test func benchArgumentsAreChecked() {
    #expect(BenchCommand.run(["--help"]) == 0)
    #expect(BenchCommand.run(["--bogus"]) == 2)
    #expect(BenchCommand.run(["--runs", "0"]) == 2)
    #expect(BenchCommand.run(["--seed"]) == 2)
    #expect(BenchCommand.run(["--input", "0"]) == 2)
}

/// The bench computes the longest-increasing-subsequence minimum on its own;
/// the core reports exactly that many moves on small versions of its inputs.
@Test func benchMinimumAgreesWithTheCore() {
    var random = SplitMix64(seed: 3)
    let inputs = [
        BenchInput.edited("edited", count: 300, deleted: 40, inserted: 40, shuffled: 20, updated: 10, &random),
        BenchInput.shuffled("shuffled", count: 200, &random),
        BenchInput.reversed("reversed", count: 200, &random),
        BenchInput.sectioned("sectioned", sections: 10, items: 200, &random),
    ]
    for input in inputs {
        let moves: Int
        switch input.shape {
        case .flat(let old, let new): moves = ListDiff.diff(old: old, new: new).moveCount
        case .sectioned(let old, let new): moves = ListDiff.diff(oldSections: old, newSections: new).moveCount
        }
        #expect(moves == input.minimumMoves, "\(input.name)")
        #expect(input.minimumMoves > 0, "\(input.name)")
    }
    #expect(BenchInput.grouped(1_234_567) == "1,234,567")
    #expect(BenchInput.grouped(999) == "999")
}
