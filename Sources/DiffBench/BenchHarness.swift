// BenchHarness: `diffcheck bench --harness` — what the harness itself costs
// per core case: a campaign's random cases checked in this process, as a
// worker checks them, against the two engine calls alone on the same pairs.
import DiffHarness
import Foundation

/// The harness's cost per case, on the thread's CPU clock.
///
/// A round times three runs over the same cases n = 0, 1, … of one seed,
/// interleaved so a burst of load lands on all of them: generating the pairs
/// (`generated`), generating and checking them as a campaign does
/// (`CampaignCases.check`: the pair, the core called twice, the model's
/// replay, every property, the labels; `checked`), and the core's two calls
/// alone on pairs generated beforehand (`engine`). Checked minus engine is
/// the harness's own cost per case; checked minus generated minus engine is
/// the checking (model, properties, labels). No worker process, no pipe:
/// `diffcheck check` adds its worker loop and its protocol lines to this.
enum BenchHarness {
    /// Cases a round checks by default: about a second of a release build.
    static let defaultCases = 20_000

    struct Sample {
        var generated = BenchSamples(), checked = BenchSamples(), engine = BenchSamples()
    }

    /// `runs` rounds over cases 0..<cases of `seed`; each sample is per case.
    static func measure(seed: UInt64, cases: Int, runs: Int) -> Sample {
        let campaign = CampaignCases(engine: CoreEngine(), seed: seed)
        let pairs = (0..<cases).map { campaign.generator.campaignCase(seed: seed, n: $0) }
        let engine = CoreEngine()
        var sample = Sample()
        // What each run computed, read at the end, so that no run is optimized away.
        var sink = 0
        func timed(_ body: () -> Void) -> BenchClock {
            let start = BenchClock.now()
            body()
            return BenchClock.elapsed(from: start, to: BenchClock.now(), iterations: max(cases, 1))
        }
        for round in 0..<max(runs, 1) {
            for offset in 0..<3 {
                switch (offset + round) % 3 {
                case 0:
                    sample.generated.append(timed {
                        for n in 0..<cases { sink &+= campaign.generator.campaignCase(seed: seed, n: n).old.sections.count }
                    })
                case 1:
                    sample.checked.append(timed {
                        for n in 0..<cases { sink &+= Int(campaign.check(n).labels.rawValue) }
                    })
                default:
                    sample.engine.append(timed {
                        for pair in pairs {
                            sink &+= engine.stages(old: pair.old, new: pair.new).count
                            sink &+= engine.stages(old: pair.old, new: pair.new).count
                        }
                    })
                }
            }
        }
        if sink == Int.min { FileHandle.standardError.write(Data("\n".utf8)) }
        return sample
    }

    /// The table: per-case CPU time of each run and what the harness adds.
    static func table(_ sample: Sample, seed: UInt64, cases: Int, runs: Int, load: (String?, String?)) -> String {
        func time(_ value: Double?) -> String { value.map(BenchCommand.formatTime) ?? "—" }
        func rate(_ value: Double?) -> String { value.map { String(format: "%.0f", 1 / max($0, 1e-12)) } ?? "—" }
        let checked = sample.checked.minimumCPU ?? 0, engine = sample.engine.minimumCPU ?? 0
        let generated = sample.generated.minimumCPU ?? 0
        var lines = [
            "harness cost per core case: cases 0..<\(cases) of seed \(seed), \(runs) rounds, runs interleaved; "
                + "load average \(load.0 ?? "?") before, \(load.1 ?? "?") after",
            (BenchClock.hasThreadClock ? "time: thread CPU time" : "time: wall clock (no thread CPU clock here)")
                + " per case (min, median over rounds); one thread, no worker process",
            "",
            "| run | min CPU | median CPU | cases/s (min) | spread |",
            "| --- | ---: | ---: | ---: | ---: |",
        ]
        for (name, samples) in [("checked (CampaignCases.check)", sample.checked), ("engine (the core, twice)", sample.engine),
                                ("generated (the pair only)", sample.generated)] {
            let spread = samples.spread.map { String(format: "%.2f", $0) + (samples.isNoisy ? " !" : "") } ?? "—"
            lines.append("| \(name) | \(time(samples.minimumCPU)) | \(time(samples.medianCPU)) | \(rate(samples.minimumCPU)) | \(spread) |")
        }
        lines.append("")
        lines.append("the harness's own cost (checked − engine): \(BenchCommand.formatTime(checked - engine)) a case, "
            + String(format: "%.1f", engine > 0 ? (checked - engine) / engine : 0) + "× the engine calls; of it the checking "
            + "(checked − engine − generated: model, properties, labels) \(BenchCommand.formatTime(checked - engine - generated))")
        return lines.joined(separator: "\n")
    }
}
