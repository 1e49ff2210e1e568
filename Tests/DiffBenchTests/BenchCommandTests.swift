// The bench's command line, its inputs, its own move minimum and its
// statistics (timings are not tested: they mean something only in a
// release build).
import CommandOptions
import Testing
@testable import DiffBench
import DiffHarness
import DiffcheckCore

@Test func benchArgumentsAreChecked() {
    #expect(BenchCommand.run(["--help"]) == 0)
    #expect(BenchCommand.run(["--bogus"]) == 2)
    #expect(BenchCommand.run(["--runs", "0"]) == 2)
    #expect(BenchCommand.run(["--seed"]) == 2)
    #expect(BenchCommand.run(["--input", "0"]) == 2)
    #expect(BenchCommand.run(["--quick", "--input", "99"]) == 2)
    #expect(BenchCommand.run(["--harness", "--cases", "0"]) == 2)
}

/// The bench reads its options as every command does (`read(_:as:)`), its
/// usage printed after every error, a line break apart.
@Test func benchUsageErrorsAreFollowedByItsUsage() {
    let usage = CommandUsage.bench(help: "usage: diffcheck bench")
    #expect(usage.message(for: OptionError("--runs needs a positive number")) == "diffcheck bench: --runs needs a positive number\nusage: diffcheck bench")
    #expect(usage.message(for: OptionError("unknown argument '--x'", showsHelp: true)) == "diffcheck bench: unknown argument '--x'\nusage: diffcheck bench")
}

/// The engine bench's seconds are read as the other commands' are: an
/// infinite, not-a-number or zero timeout is refused with one message, a
/// finite positive one is taken.
@Test func benchSecondsAreFiniteAndPositive() throws {
    func error(_ arguments: [String]) -> String? {
        do { _ = try EngineBenchOptions.parse(["--engine", "core"] + arguments); return nil } catch { return error.description }
    }
    for option in ["--timeout", "--hang-timeout"] {
        for text in ["inf", "nan", "0", "-2"] {
            #expect(error([option, text]) == "\(option) takes a positive number of seconds, not '\(text)'")
        }
    }
    guard case .options(let options) = try EngineBenchOptions.parse(["--engine", "core", "--timeout", "0.25", "--hang-timeout", "7"]) else {
        Issue.record("no options")
        return
    }
    #expect(options.timeout == 0.25 && options.hangTimeout == 7)
    #expect(BenchCommand.run(["--engine", "core", "--timeout", "inf"]) == 2)
    #expect(BenchCommand.run(["--engine", "core", "--hang-timeout", "inf"]) == 2)
}

/// The harness workload times its three runs once a round (what the times
/// are is not tested: only a release build's mean something).
@Test func harnessWorkloadTimesEachRun() {
    let sample = BenchHarness.measure(seed: 1, cases: 200, runs: 2)
    #expect(sample.checked.count == 2 && sample.engine.count == 2 && sample.generated.count == 2)
    #expect((sample.checked.minimumCPU ?? 0) > 0)
    #expect(BenchCommand.run(["--harness", "--cases", "50", "--runs", "1"]) == 0)
}

/// The bench computes the longest-increasing-subsequence minimum on its own;
/// the core reports exactly that many moves on small versions of its inputs,
/// of every identity type.
@Test func benchMinimumAgreesWithTheCore() {
    var random = SplitMix64(seed: 3)
    let inputs = [
        BenchInput.edited("edited", count: 300, deleted: 40, inserted: 40, shuffled: 20, updated: 10, &random),
        BenchInput.edited("Int", count: 300, deleted: 40, inserted: 40, shuffled: 20, updated: 10,
                          identity: BenchInput.integer, &random),
        BenchInput.edited("String", count: 300, deleted: 40, inserted: 40, shuffled: 20, updated: 10,
                          identity: BenchInput.string, unshare: BenchInput.unshared, &random),
        BenchInput.shuffled("shuffled", count: 200, &random),
        BenchInput.reversed("reversed", count: 200, &random),
        BenchInput.rotated("rotated", count: 4, &random),
        BenchInput.sectioned("sectioned", sections: 10, items: 200, &random),
        BenchInput.sectioned("many sections", sections: 300, items: 10, &random),
    ]
    for input in inputs {
        let moves = input.run(.core, iterations: 1)
        #expect(moves == input.minimumMoves, "\(input.name)")
        #expect(input.minimumMoves > 0, "\(input.name)")
    }
    #expect(BenchInput.grouped(1_234_567) == "1,234,567")
    #expect(BenchInput.grouped(999) == "999")
}

/// Unshared String identities are equal to the old ones but own their storage.
@Test func unsharedStringsAreEqualCopies() {
    let item = BenchItem(id: "0123456789-0123456789-0123456789", content: 0)
    let copy = BenchInput.unshared(item)
    #expect(copy.id == item.id)
    let sameBuffer = item.id.utf8.withContiguousStorageIfAvailable { a in
        copy.id.utf8.withContiguousStorageIfAvailable { b in a.baseAddress == b.baseAddress }
    }
    #expect(sameBuffer == false)
}

/// Same seed, same inputs, for every identity type.
@Test func benchInputsAreDeterministic() {
    func make() -> [BenchInput] {
        var random = SplitMix64(seed: 7)
        return [
            BenchInput.edited("Int", count: 200, deleted: 9, inserted: 9, shuffled: 9, updated: 9,
                              identity: BenchInput.integer, &random),
            BenchInput.edited("String", count: 200, deleted: 9, inserted: 9, shuffled: 9, updated: 9,
                              identity: BenchInput.string, unshare: BenchInput.unshared, &random),
            BenchInput.sectioned("sectioned", sections: 20, items: 10, &random),
        ]
    }
    let first = make(), second = make()
    #expect(first.map(\.minimumMoves) == second.map(\.minimumMoves))
    #expect(first.map(\.workload.identityName) == ["Int", "String", "UUID"])
    let a = first[0].workload as? FlatWorkload<Int>, b = second[0].workload as? FlatWorkload<Int>
    #expect(a?.new.map(\.id) == b?.new.map(\.id))
    #expect(a?.new.map(\.id) != nil)
}

/// Minimum, median, spread and the paired ratio of the samples.
@Test func benchSamplesSummarize() {
    var fast = BenchSamples(), slow = BenchSamples()
    for (a, b) in [(1.0, 2.0), (1.1, 2.2), (3.0, 6.0)] {
        fast.append(BenchClock(cpu: a, wall: a))
        slow.append(BenchClock(cpu: b, wall: b))
    }
    #expect(fast.minimumCPU == 1.0)
    #expect(fast.medianCPU == 1.1)
    #expect(slow.ratio(to: fast) == 2.0)
    #expect(BenchSamples.median([4, 1, 3, 2]) == 2.5)
    #expect(!fast.isNoisy)
    fast.append(BenchClock(cpu: 5, wall: 5))
    #expect(fast.isNoisy)  // median 2.05 over minimum 1
    // Unequal counts: ratio of the medians.
    #expect(fast.ratio(to: slow) == 2.05 / 2.2)
}

/// One run of the table on the smallest input: every contender appears, the
/// core's moves are the minimum, and the baseline's ratio to itself is 1.
@Test func benchMeasuresEveryContender() {
    var random = SplitMix64(seed: 5)
    let input = BenchInput.rotated("rotated", count: 4, &random)
    let rows = BenchCommand.measure(input, runs: 3)
    #expect(rows.map(\.contender) == BenchContender.allCases.map(\.rawValue))
    #expect(rows.allSatisfy { $0.runs == 3 })
    #expect(rows.first { $0.contender == "core" }?.moves == 1)
    #expect(rows.first { $0.contender == "Dictionary baseline" }?.ratioToBaseline == 1)
}
