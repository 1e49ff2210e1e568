// `--shard K/N`: N shards check exactly the cases (and pairs) of the whole
// run, disjointly, and their findings folders merge by copying.
import DiffHarness
import Foundation
import Testing

/// The label counts of a summary's `labels:` line.
private func labelCounts(_ output: String) -> [String: Int] {
    guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("labels: ") }) else { return [:] }
    var counts: [String: Int] = [:]
    for entry in line.dropFirst("labels: ".count).split(separator: ",") {
        let parts = entry.split(separator: " ")
        if parts.count == 2, let n = Int(parts[1]) { counts[String(parts[0]), default: 0] += n }
    }
    return counts
}

private func sum(_ a: [String: Int], _ b: [String: Int]) -> [String: Int] {
    a.merging(b, uniquingKeysWith: +)
}

@Suite struct ShardTests {
    @Test func shardsOwnEveryNumberOnce() {
        for count in 1...5 {
            let shards = (0..<count).map { Shard(index: $0, count: count) }
            for n in 0..<50 { #expect(shards.filter { $0.owns(n) }.count == 1) }
            for total in [0, 1, 7, 50] {
                #expect(shards.map { $0.share(of: total) }.reduce(0, +) == total)
                for shard in shards {
                    #expect(shard.share(of: total) == (0..<total).filter(shard.owns).count)
                    #expect((0..<shard.share(of: total)).map(shard.number).allSatisfy { $0 < total && shard.owns($0) })
                }
            }
        }
        #expect(Shard("2/3") == Shard(index: 1, count: 3))
        for bad in ["0/2", "3/2", "1/0", "2", "a/b", "1/2/3", ""] { #expect(Shard(bad) == nil, "\(bad)") }
    }

    @Test func fuzzShardsTogetherRunTheWholeCampaign() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func fuzz(_ extra: [String]) throws -> Run {
            try diffcheck(["fuzz", "--engine", "mutant:last-wins", "--cases", "300", "--jobs", "2", "--no-timings",
                           "--findings", folder.appendingPathComponent("findings-\(extra.last ?? "all")".replacingOccurrences(of: "/", with: "-")).path]
                          + extra)
        }
        let whole = try fuzz([]), first = try fuzz(["--shard", "1/2"]), second = try fuzz(["--shard", "2/2"])
        #expect(whole.output.contains("300 cases"))
        #expect(first.output.contains("shard 1/2") && first.output.contains("150 cases"))
        #expect(second.output.contains("shard 2/2") && second.output.contains("150 cases"))
        #expect(!labelCounts(whole.output).isEmpty)
        #expect(sum(labelCounts(first.output), labelCounts(second.output)) == labelCounts(whole.output))
        // The smallest failing case of the whole run is in one of the shards, named the same.
        let failing = { (run: Run) in run.output.split(separator: "\n").filter { $0.hasPrefix("FAIL case ") }.map(String.init) }
        let wholeFirst = try #require(failing(whole).first)
        #expect(failing(first).contains(wholeFirst) || failing(second).contains(wholeFirst))
        #expect(try diffcheck(["fuzz", "--shard", "3/2", "--cases", "1"]).status == 2)
    }

    @Test func exhaustShardsTogetherCheckEveryPairOnce() throws {
        func exhaust(_ extra: [String]) throws -> (pairs: Int, total: Int, failing: Int) {
            let run = try diffcheck(["exhaust", "--engine", "mutant:last-wins", "--flat", "--max-items", "4",
                                     "--findings", try temporaryDirectory().path] + extra)
            #expect(run.status == 1)
            let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("exhaustive (") }.map(String.init))
            let numbers = line.split(separator: ")", maxSplits: 1)[1].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            // "shard K/N: X of T distinct pairs, F failing" or "T distinct pairs, F failing"
            return extra.isEmpty ? (numbers[0], numbers[0], numbers[1]) : (numbers[2], numbers[3], numbers[4])
        }
        let whole = try exhaust([]), first = try exhaust(["--shard", "1/2"]), second = try exhaust(["--shard", "2/2"])
        #expect(whole.pairs > 100)
        #expect(first.total == whole.total && second.total == whole.total)
        #expect(first.pairs + second.pairs == whole.pairs)
        #expect(whole.failing > 0)
        #expect(first.failing + second.failing == whole.failing)
    }
}
