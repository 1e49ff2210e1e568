// Gate: the CI gate as one value — the corpus replayed against its
// expectations, then every pair of the exhaustive bounds, then a fixed-seed
// random budget — run by `diffcheck check` (the engine in child processes,
// the cases in worker processes) and by `checkEngine` (all in this
// process). How each part runs is a `GateParts`; what runs, in which order,
// what stops the gate and what each finding is, is decided here, once.
//
// The parts, and what passes between them:
//
//     corpus ──(stops: a signal; a missed file when stopsAfterFailingCorpus;
//               runsCorpusOnly)──▶
//     exhaustive bounds, one by one ──(stops: a signal)──▶
//     random cases, told each bound walked whole and the properties it found
//
// The result (`GateResult`) holds data only; `GateTextReport` and
// `JUnitReport(_:text:)` render it.
import Foundation
import ListModel

/// A step of a gate's run, told to its observer as soon as it is done
/// (a report printed as the gate goes).
public enum GateStep: Hashable, Sendable {
    /// The corpus part began (its read errors are known).
    case corpusBegan
    /// The corpus file at this index of `GateCorpusPart.files` was replayed.
    case corpusFile(Int)
    /// The corpus part ended.
    case corpusEnded
    /// The bound at this index of `GateResult.exhaustive` was walked and its findings checked.
    case bound(Int)
    /// The exhaustive part ended (it ran).
    case exhaustiveEnded
    /// The random part ended (it ran, or could not).
    case random
}

/// The CI gate: an engine's corpus, exhaustive bounds and random cases.
public struct Gate: Sendable {
    /// The engine checked, as the reports and findings name it.
    public var engine: GateEngine
    /// The list view the engine's stages are checked as.
    public var profile: Profile
    /// Fixes the random cases.
    public var seed: UInt64
    /// What the random cases may hold.
    public var generator: GeneratorOptions
    /// The part of every part to check: corpus files, exhaustive places and random case numbers it owns.
    public var shard: Shard
    /// The corpus to replay.
    public var corpus: GateCorpus
    /// The bounds whose every pair is checked, in order.
    public var exhaustiveBounds: [ExhaustiveBound]
    /// Random cases (0: the random part does not run).
    public var cases: Int
    /// Where the exhaustive part saves each failing property's smallest
    /// pair (the random part's runner saves there too); nil: not saved.
    public var findings: String?
    /// Whether a corpus file that misses its expectation, is unreadable or
    /// cannot run stops the gate there (a test suite's saved failures: fix
    /// them first). Otherwise the other parts run all the same.
    public var stopsAfterFailingCorpus = false
    /// Whether only the corpus part runs (`check --recorded`: the other
    /// parts would run an engine the user did not ask for).
    public var runsCorpusOnly = false
    /// Whether a property is reported for its first bound only. Otherwise
    /// each bound reports each property that fails in it.
    public var reportsEachPropertyOnce = false

    /// A gate of `engine` over `corpus`, `exhaustiveBounds` and `cases` random cases of `seed`.
    public init(engine: GateEngine, profile: Profile = .strict, seed: UInt64 = 0, generator: GeneratorOptions = GeneratorOptions(),
                shard: Shard = .whole, corpus: GateCorpus, exhaustiveBounds: [ExhaustiveBound], cases: Int, findings: String?) {
        self.engine = engine
        self.profile = profile
        self.seed = seed
        self.generator = generator
        self.shard = shard
        self.corpus = corpus
        self.exhaustiveBounds = exhaustiveBounds
        self.cases = cases
        self.findings = findings
    }

    /// Runs the parts in order with `parts`, telling `observe` each step
    /// as it is done, and returns what they found.
    public func run(_ parts: some GateParts, observing observe: (GateStep, GateResult) -> Void = { _, _ in }) -> GateResult {
        let start = ContinuousClock.now
        var corpusPart = GateCorpusPart(hasCorpus: corpus.hasCorpus)
        corpusPart.readErrors = corpus.readErrors
        corpusPart.othersFindings = corpus.othersFindings
        corpusPart.findingsFolder = corpus.findingsFolder
        let entries = corpus.entries.enumerated().filter { shard.owns($0.offset) }.map(\.element)
        corpusPart.entryCount = entries.count
        var result = GateResult(engine: engine, seed: seed, generator: generator, shard: shard, corpus: corpusPart)
        result.isCorpusOnly = runsCorpusOnly

        // 1. The corpus: a signal stops it after the file it is replaying.
        observe(.corpusBegan, result)
        for entry in entries {
            if parts.interruption != 0 { break }
            let began = ContinuousClock.now
            let outcome = parts.replay(entry)
            var isCaseFile = false
            if case .text = entry { isCaseFile = true }
            result.corpus.files.append(GateCorpusFile(isCaseFile: isCaseFile, outcome: outcome, seconds: seconds(since: began),
                                                      caseText: outcome.meetsExpectation ? nil : parts.caseText(of: outcome)))
            observe(.corpusFile(result.corpus.files.count - 1), result)
        }
        result.corpus.interruption = parts.interruption
        result.corpus.seconds = corpus.readingSeconds + seconds(since: start)
        result.stoppedAfterFailingCorpus = stopsAfterFailingCorpus && (result.corpus.missedCount > 0 || result.corpus.hasUnreadable)
        observe(.corpusEnded, result)
        guard !runsCorpusOnly, result.corpus.interruption == 0, !result.stoppedAfterFailingCorpus else {
            result.interruption = parts.interruption
            result.seconds = seconds(since: start)
            return result
        }

        // 2. The exhaustive bounds: a signal stops the part after its bound.
        if !exhaustiveBounds.isEmpty {
            var reported: Set<FindingKind> = []
            for bound in exhaustiveBounds {
                let began = ContinuousClock.now
                var part: GateBoundResult
                do {
                    part = GateBoundResult(bound: bound, shard: shard, walk: try parts.walk(bound))
                } catch {
                    part = GateBoundResult(bound: bound, shard: shard, walk: nil, runError: "\(error)")
                }
                if part.walk.map({ !$0.firstPlaceByKind.isEmpty }) ?? false {
                    part.checkSmallestFailures(engine: parts.engineForCheckingAgain(), profile: profile, engineCommand: engine.command,
                                               findings: findings, skipping: reportsEachPropertyOnce ? reported : [])
                    reported.formUnion(part.findings.map(\.kind))
                }
                part.seconds = seconds(since: began)
                result.exhaustive.append(part)
                observe(.bound(result.exhaustive.count - 1), result)
                if parts.interruption != 0 { break }
            }
            result.exhaustiveInterruption = parts.interruption
            observe(.exhaustiveEnded, result)
        }

        // 3. The random cases, unless a signal came.
        if cases > 0 && parts.interruption == 0 {
            let walks = result.exhaustive.compactMap { part in part.wholeWalk.map { (bound: part.bound, firstFailingPlaces: $0) } }
            let found = Set(walks.flatMap { $0.firstFailingPlaces.keys })
            do {
                result.random = try parts.runRandom(GateRandomRequest(cases: cases, walks: walks, foundKinds: found))
            } catch {
                result.random = GateRandomPart(runError: "\(error)")
            }
            observe(.random, result)
        }
        result.interruption = parts.interruption
        result.seconds = seconds(since: start)
        return result
    }
}

extension GateResult {
    /// The steps the run made, in order (what its observer was told).
    public var steps: [GateStep] {
        var steps: [GateStep] = [.corpusBegan] + corpus.files.indices.map { .corpusFile($0) } + [.corpusEnded]
        if !exhaustive.isEmpty { steps += exhaustive.indices.map { .bound($0) } + [.exhaustiveEnded] }
        if random != nil { steps.append(.random) }
        return steps
    }
}
