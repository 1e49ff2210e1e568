// RandomPartReport: what the random part of a campaign did, and its summary.
import Foundation
import ListModel

/// One failure the random part found: the smallest case number that failed
/// its property.
public struct RandomFailure: Sendable {
    /// The smallest case number that failed the property.
    public var caseNumber: Int
    /// The property's stable name (`reaches-target`).
    public var property: String
    /// Where the finding was saved (`-` if it could not be).
    public var path: String
    /// One line: what is wrong.
    public var message: String
    /// How shrinking went ("145265 calls, 0.61 s"), when known.
    public var shrinking: String?
    /// Why it was kept before shrinking could end, if it was.
    public var unshrunkBecause: String?
    /// The finding's case file, when it could not be saved (`path` is
    /// then `-`): the summary prints it whole, with `saveError`.
    public var unsavedCase: String?
    /// Why the finding could not be saved, if it could not.
    public var saveError: String?
    /// Whether it is a hang (`no-crash`: no answer within the hang
    /// deadline): a finding apart from the property's other failures, so
    /// that a trap found first does not hide it.
    public var isHang: Bool
    /// Whether it is a `valid` failure only the stricter reading finds (a
    /// batch the view accepts): kept apart from the view's exceptions
    /// (`FindingKind`).
    public var isStricterReading: Bool

    /// A failure of `property` on case `caseNumber`, saved at `path`.
    /// `unsavedCase` and `saveError`: the case and why, when it could not be saved.
    public init(caseNumber: Int, property: String, path: String, message: String,
                shrinking: String? = nil, unshrunkBecause: String? = nil, unsavedCase: String? = nil, saveError: String? = nil,
                isHang: Bool = false, isStricterReading: Bool = false) {
        self.isHang = isHang
        self.isStricterReading = isStricterReading
        self.unsavedCase = unsavedCase
        self.saveError = saveError
        self.caseNumber = caseNumber
        self.property = property
        self.path = path
        self.message = message
        self.shrinking = shrinking
        self.unshrunkBecause = unshrunkBecause
    }
}

extension RandomFailure {
    /// The kind of finding; nil for a property name diffcheck does not know.
    public var kind: FindingKind? { PropertyName(rawValue: property).map { FindingKind($0, isStricterReading: isStricterReading) } }

    /// What a campaign keeps one failure of (the smallest case): a kind of
    /// finding (a property; for `valid`, its reading), or a property's hangs.
    public var key: String { RandomFailure.key(kind: kind, property: property, isHang: isHang) }

    /// The key of a kind's failures, or of its hangs.
    public static func key(kind: FindingKind, isHang: Bool) -> String {
        key(kind: kind, property: kind.property.rawValue, isHang: isHang)
    }

    private static func key(kind: FindingKind?, property: String, isHang: Bool) -> String {
        (kind?.token ?? property) + (isHang ? " hang" : "")
    }
}

/// A slow case: the engine used more CPU on it than the timeout allows and
/// answered within its limit. Judged like any other case; never a failure.
public struct SlowCase: Sendable, Hashable {
    /// The case's number within its seed.
    public var caseNumber: Int
    /// Items in the case, old and new together.
    public var items: Int
    /// Deletes, inserts and moves the core finds for it (nil: not counted).
    public var changes: Int?
    /// CPU seconds the engine's processes used on the answer.
    public var seconds: Double

    /// Case `caseNumber`, of `items` items and `changes` changes, answered in `seconds`.
    public init(caseNumber: Int, items: Int, changes: Int?, seconds: Double) {
        self.caseNumber = caseNumber
        self.items = items
        self.changes = changes
        self.seconds = seconds
    }

    /// "case 29826 (99723 items, 12000 changes) took 17.1 s of CPU".
    public var description: String {
        "case \(caseNumber) (\(quantity(items, "item"))" + (changes.map { ", " + quantity($0, "change") } ?? "")
            + ") took " + String(format: seconds >= 10 ? "%.1f s" : "%.2f s", seconds) + " of CPU"
    }
}

/// A case the engine answered pathologically slowly: a hundred times or more
/// the time of a request with at least its items and its changes (a
/// finding about speed, not correctness: never a failure).
public struct PathologicalCase: Sendable, Hashable {
    /// The case's number within its seed.
    public var caseNumber: Int
    /// Its answer: items, changes and the CPU seconds its readings show.
    public var answer: EngineScaling.Answer
    /// The quickest answered request with at least its items and changes.
    public var dominator: EngineScaling.Answer
    /// Where it was saved, shrunk (`slow/pathological.case` in the
    /// findings folder), or why it was not; nil: not saved.
    public var path: String?
    /// Items (old and new together) in the saved case, once shrunk.
    public var shrunkItems: Int?
    /// The CPU seconds the saved case still takes more of (the shrink's
    /// limit: `ExternalEngine.dominatedFactor` times the dominator's time).
    public var limit: Double?
    /// The command that shows it (`repro … --max-cpu-per-case LIMIT`).
    public var reproduce: String?

    /// Case `caseNumber`'s `answer`, slow beside `dominator`'s.
    public init(caseNumber: Int, answer: EngineScaling.Answer, dominator: EngineScaling.Answer) {
        self.caseNumber = caseNumber
        self.answer = answer
        self.dominator = dominator
    }

    /// How many times the dominator's time it took.
    public var ratio: Double { answer.seconds / max(dominator.seconds, 1e-9) }

    /// "case 48 (300 items, 13 changes) took 2.01 s of CPU, 167 times the
    /// 12 ms of a request at least as large (13459 items, 1063 changes)".
    public var description: String {
        SlowCase(caseNumber: caseNumber, items: answer.items, changes: answer.changes, seconds: answer.seconds).description
            + ", \(Int(ratio.rounded(.down))) times the \(EngineScaling.seconds(dominator.seconds)) of a request at least as large ("
            + quantity(dominator.items, "item") + (dominator.changes.map { ", " + quantity($0, "change") } ?? "") + ")"
    }
}

/// The cases an engine refused for one reason (`{"error": REASON}` on an
/// input with repeated identities: a legitimate refusal, not a failure).
public struct RefusedCases: Sendable, Hashable {
    /// How many cases were refused for this reason.
    public var count = 0
    /// The smallest case number refused for this reason.
    public var firstCase: Int
    /// That case's pair, as `old: … / new: …` (filled in when known).
    public var firstPair: String?
    /// Whether that pair has more than one section (filled in with `firstPair`).
    public var isFirstSectioned = false

    /// `count` cases refused, the smallest being `firstCase`.
    public init(count: Int = 0, firstCase: Int, firstPair: String? = nil) {
        self.count = count
        self.firstCase = firstCase
        self.firstPair = firstPair
    }
}

/// Cases of one size class that a campaign did not reach within its
/// budget: how many, and the first.
public struct UnreachedCases: Sendable, Hashable {
    /// How many cases of the class were not reached.
    public var count = 0
    /// The smallest of them.
    public var firstCase: Int

    /// `count` cases not reached, the smallest being `firstCase`.
    public init(count: Int = 0, firstCase: Int) {
        self.count = count
        self.firstCase = firstCase
    }
}

/// What the random part of a campaign did, in process or in workers.
public struct RandomPartReport: Sendable {
    /// How many cases were run, skipped ones included.
    public var casesRun = 0
    /// Cases the engine did not apply to: refused (`refusals`) or, for a
    /// flat-only engine, sectioned. Their labels are not counted.
    public var skipped = 0
    /// The refused cases among `skipped`, by the engine's reason.
    public var refusals: [String: RefusedCases] = [:]
    /// The cases whose answer was not judged (`EngineFailure.isTooSlow`:
    /// a coverage gap, never a failure), by size class.
    public var tooSlow: [String: Int] = [:]
    /// The smallest case number not judged, and why.
    public var firstTooSlow: (caseNumber: Int, reason: String)?
    /// The slow cases (answered after the timeout, within the hang
    /// deadline), slowest first: at most `shownSlowCases` are kept.
    public var slowCases: [SlowCase] = []
    /// How many slow cases there were in all.
    public var slowCaseCount = 0
    /// The slowest case, saved apart from the findings for profiling (`slow/` in the findings folder), if it was.
    public var slowestPath: String?
    /// How to time the slowest case (`diffcheck bench --engine-cmd … FILE`), if it was saved.
    public var slowestTiming: String?
    /// The most pathologically slow case (the largest ratio to its
    /// dominator's time), saved shrunk for profiling; nil: none.
    public var pathological: PathologicalCase?
    /// How many pathologically slow cases there were in all.
    public var pathologicalCount = 0
    /// How the engine's time and memory grew over the campaign (an
    /// external engine's, as its workers measured it); nil: not measured.
    public var engineScaling: EngineScaling?
    /// The slow cases the report names.
    public static let shownSlowCases = 3
    /// Whether every failure is on a sectioned case the engine answered
    /// with no section operation (`noteIfEveryFailureIsSectioned`): the
    /// engine may handle one section only, and the summary says how to
    /// declare it.
    public var everyFailureIsSectioned = false
    /// One per property, in case-number order.
    public var failures: [RandomFailure] = []
    /// Cases that failed a kind of finding already found (counted, not shrunk again).
    public var repeatedFailures: [FindingKind: Int] = [:]
    /// How many judged cases carried each label (a label never seen is a coverage gap).
    public var labelCounts: [Label: Int] = [:]
    /// Workers that died outside a case's checking, or of a kill from
    /// outside (their cases were run again): one line each.
    public var workerDeaths: [String] = []
    /// Cases still running, within their timeout, when the campaign's
    /// `--time` was up: not reached (a case past its timeout then is
    /// not judged, in `tooSlow`).
    public var unfinished: [String] = []
    /// The cases the campaign's wall budget did not reach, by the size
    /// class the schedule plans for them (`SizeSchedule`): not judged.
    public var unreached: [String: UnreachedCases] = [:]
    /// The wall budget, in seconds, that ended the campaign before its
    /// cases were done (nil: it did not).
    public var budgetSeconds: Double?
    /// Why the campaign stopped before its cases or time were done, if so.
    public var stoppedEarly: String?
    /// The part's wall time, in seconds.
    public var elapsed = 0.0
    /// Whether Ctrl-C (or a signal) stopped the part.
    public var wasInterrupted = false

    /// An empty report, before any case ran.
    public init() {}

    /// Counts case `n` as refused for `reason`, keeping the smallest case
    /// number of each reason (workers report in any order).
    public mutating func noteRefusal(_ reason: String, caseNumber n: Int) {
        var refused = refusals[reason] ?? RefusedCases(firstCase: n)
        refused.count += 1
        refused.firstCase = min(refused.firstCase, n)
        refusals[reason] = refused
    }

    /// Counts case `n`, of size class `sizeClass`, as too slow for the
    /// engine for `reason`, keeping the smallest case number's reason.
    public mutating func noteTooSlow(_ reason: String, sizeClass: String, caseNumber n: Int) {
        tooSlow[sizeClass, default: 0] += 1
        if firstTooSlow.map({ n < $0.caseNumber }) ?? true { firstTooSlow = (n, reason) }
    }

    /// Counts case `n`, planned in size class `sizeClass`, as not reached
    /// within the campaign's budget.
    public mutating func noteUnreached(sizeClass: String, caseNumber n: Int) {
        var cases = unreached[sizeClass] ?? UnreachedCases(firstCase: n)
        cases.count += 1
        cases.firstCase = min(cases.firstCase, n)
        unreached[sizeClass] = cases
    }

    /// How many cases the campaign was asked to judge and did not: not
    /// judged (`tooSlow`) or not reached within its budget (`unreached`).
    public var unjudgedCount: Int {
        tooSlow.values.reduce(0, +) + unreached.values.reduce(0) { $0 + $1.count }
    }

    /// Size class names (`CampaignCases.sizeClassName`), smallest first:
    /// `small-or-large`, then the long classes in order.
    static func smallestFirst(_ names: some Sequence<String>) -> [String] {
        let order = ["small-or-large"] + SizeClass.allCases.filter(\.isLong).map(\.name)
        return names.sorted { (order.firstIndex(of: $0) ?? 0, $0) < (order.firstIndex(of: $1) ?? 0, $1) }
    }

    /// Whether the campaign judged less than it was asked: `check` and
    /// `fuzz` then end with their own exit code (4), never 0.
    public var judgedLessThanAsked: Bool { unjudgedCount > 0 }

    /// Counts a slow case, keeping the slowest ones (workers report in any order).
    public mutating func noteSlow(_ slow: SlowCase) {
        slowCaseCount += 1
        slowCases.append(slow)
        slowCases.sort { ($0.seconds, $1.caseNumber) > ($1.seconds, $0.caseNumber) }
        if slowCases.count > RandomPartReport.shownSlowCases { slowCases.removeLast() }
    }

    /// Counts a pathologically slow case, keeping the one of the largest ratio (the first, at equal ratios).
    public mutating func notePathological(_ found: PathologicalCase) {
        pathologicalCount += 1
        if let kept = pathological, (kept.ratio, -kept.caseNumber) >= (found.ratio, -found.caseNumber) { return }
        pathological = found
    }

    /// Sets `everyFailureIsSectioned` from the saved findings: true when
    /// there is a failure and each one's case (read from its file) is
    /// sectioned and its recorded answer holds no section operation (a
    /// `max-cpu` failure says nothing of what the engine handles).
    public mutating func noteIfEveryFailureIsSectioned() {
        everyFailureIsSectioned = !failures.isEmpty && failures.allSatisfy { failure in
            guard failure.property != PropertyName.maxCPU.rawValue, let data = FileManager.default.contents(atPath: failure.path),
                  case .success(let c) = CaseParser.parse(bytes: [UInt8](data), file: failure.path) else { return false }
            let touchesSections = c.recorded.contains { stage in
                stage.batch.operations.contains { operation in
                    switch operation {
                    case .deleteSection, .insertSection, .moveSection, .reloadSection: return true
                    default: return false
                    }
                }
            }
            return !(c.old.isFlat && c.new.isFlat) && !touchesSections
        }
    }

    /// How many failing cases of `valid` are exceptions of the view and how
    /// many only the stricter reading's (each with its own finding): nil
    /// when no case failed `valid`.
    var validReadings: String? {
        func count(stricter: Bool) -> Int {
            failures.filter { $0.property == PropertyName.valid.rawValue && $0.isStricterReading == stricter && !$0.isHang }.count
                + repeatedFailures[FindingKind(.valid, isStricterReading: stricter), default: 0]
        }
        let exceptions = count(stricter: false), stricter = count(stricter: true)
        guard exceptions + stricter > 0 else { return nil }
        return "valid, by reading: \(quantity(exceptions, "failing case")) the view throws on, "
            + "\(stricter) only the stricter reading rejects (a batch the view accepts); each reading's smallest is shrunk and saved"
    }

    /// Writes each reason's first refused pair, generated by `pair(n)`.
    public mutating func describeFirstRefusals(_ pair: (Int) -> GeneratedPair) {
        for (reason, refused) in refusals {
            let first = pair(refused.firstCase)
            refusals[reason]?.firstPair = "old: \(CasePrinter.snapshot(first.old)) / new: \(CasePrinter.snapshot(first.new))"
            refusals[reason]?.isFirstSectioned = !(first.old.isFlat && first.new.isFlat)
        }
    }

    /// The end-of-campaign summary: counts, label statistics, coverage gaps,
    /// failures, each with the command `reproduce(path)` returns. Without
    /// timings, two runs of the same seed and cases print the same text
    /// whatever the number of workers.
    ///
    /// Refused cases are summed up by reason, each with its first case, and
    /// with how to stop generating them (`--no-duplicates`); the labels
    /// count only the cases the engine answered, and say so. A label the
    /// generator options rule out (`generator.possibleLabels`: sectioned ones
    /// under `--flat`, duplicates under `--no-duplicates`) is no coverage gap.
    public func summary(engine: String, seed: UInt64, shard: Shard = .whole, shapes: GeneratorShapes = .general,
                        generator: GeneratorOptions? = nil,
                        showsTimings: Bool = true, judgeAlone: ((Int) -> String)? = nil,
                        reproduce: (String) -> String) -> String {
        var lines: [String] = []
        let rate = showsTimings ? String(format: " in %.1f s (%.0f cases/s)", elapsed, Double(casesRun) / max(elapsed, 0.001)) : ""
        let part = shard.isWhole ? "" : ", shard \(shard) (cases n with n mod \(shard.count) = \(shard.index))"
        // Failing cases of a property already found are failures too: the headline counts them, and says how many are new.
        let repeated = repeatedFailures.values.reduce(0, +)
        let failing = repeated == 0 ? quantity(failures.count, "failure") : "\(failures.count + repeated) failing, \(failures.count) new"
        lines.append("engine \(engine), seed \(seed)\(part): \(quantity(casesRun, "case"))\(rate), \(failing)" + (wasInterrupted ? " (interrupted)" : ""))
        if let stoppedEarly { lines.append("  stopped early: \(stoppedEarly)") }
        if !unfinished.isEmpty && showsTimings {
            lines.append("  still running, within --timeout, when --time was up (not reached): " + unfinished.joined(separator: ", "))
        }
        let refused = refusals.values.reduce(0) { $0 + $1.count }
        let slow = tooSlow.values.reduce(0, +)
        if let slowest = slowCases.first {
            // Timings only: which cases are slow depends on the machine.
            if showsTimings {
                lines.append("  \(quantity(slowCaseCount, "slow case")), \(slowCaseCount == 1 ? "not a failure" : "not failures") (more CPU than --timeout, answered "
                             + "within its limit; judged like every case): " + slowCases.map(\.description).joined(separator: ", ")
                             + (slowCaseCount > slowCases.count ? " and \(slowCaseCount - slowCases.count) more, faster" : ""))
                if let slowestPath {
                    lines.append("  the slowest, case \(slowest.caseNumber), saved apart for profiling (never a failing expectation): "
                                 + slowestPath + (slowestTiming.map { "; time it: " + $0 } ?? ""))
                }
            } else {
                lines.append("  \(quantity(slowCaseCount, "slow case")), \(slowCaseCount == 1 ? "not a failure" : "not failures") "
                             + "(more CPU than --timeout, answered within its limit)")
            }
        }
        if let pathological {
            let count = quantity(pathologicalCount, "pathologically slow case")
            if showsTimings {
                lines.append("  \(count) (a finding about speed, never a failure): the most, " + pathological.description)
                if let path = pathological.path {
                    var shrunk = ""
                    if let items = pathological.shrunkItems, let limit = pathological.limit {
                        shrunk = " (shrunk to \(quantity(items, "item")), still over \(EngineScaling.seconds(limit)) of CPU)"
                    }
                    lines.append("  saved apart for profiling\(shrunk): " + path + (pathological.reproduce.map { "; see it: " + $0 } ?? ""))
                }
            } else {
                lines.append("  \(count) (a finding about speed, never a failure)")
            }
        }
        // Timings only, as the slow cases: the growth is the machine's as well as the engine's.
        if let engineScaling, showsTimings { lines.append("  " + engineScaling.description) }
        if let firstTooSlow {
            lines.append("  \(quantity(slow, "case")) not judged (a limit, not a failure): "
                         + "the first, case \(firstTooSlow.caseNumber): \(firstTooSlow.reason)")
            if let judgeAlone { lines.append("  judge it alone: " + judgeAlone(firstTooSlow.caseNumber)) }
        }
        if !unreached.isEmpty {
            let classes = RandomPartReport.smallestFirst(unreached.keys)
            let budget = budgetSeconds.map { " of \(Int($0.rounded())) s" } ?? ""
            lines.append("  \(quantity(unjudgedCount - slow, "case")) not reached within the campaign's wall budget\(budget) "
                         + "(not judged, a limit and not a failure; --cases or --time sets another budget): "
                         + classes.map { "\($0) \(unreached[$0]!.count) (the first, case \(unreached[$0]!.firstCase))" }.joined(separator: ", "))
            if let judgeAlone, let longest = classes.last, let first = unreached[longest]?.firstCase {
                lines.append("  judge one alone: " + judgeAlone(first))
            }
        }
        if skipped > refused + slow {
            lines.append("  \(quantity(skipped - refused - slow, "case")) did not apply to the engine (sectioned, and the engine is flat-only)")
        }
        if refused > 0 {
            lines.append("  \(quantity(refused, "case")) refused by the engine (each repeats an identity; not counted in the labels below):")
            for reason in refusals.keys.sorted(by: { (refusals[$0]!.count, $1) > (refusals[$1]!.count, $0) }) {
                let cases = refusals[reason]!
                lines.append("    \(reason.isEmpty ? "(no reason given)" : reason): \(quantity(cases.count, "case")), the first case \(cases.firstCase)"
                             + (cases.firstPair.map { ": " + $0 } ?? ""))
            }
            let isAnyFirstSectioned = refusals.values.contains { $0.isFirstSectioned }
            if isAnyFirstSectioned && !(generator?.isFlatOnly ?? false) {
                lines.append("  if the engine handles one section only, declare it flat-only with --flat (sectioned inputs are then never sent)")
            }
            if generator?.allowsDuplicates ?? true {
                lines.append("  to check only inputs the engine accepts, run with --no-duplicates (it generates no repeated identity)")
            }
        }
        for death in workerDeaths { lines.append("  \(death)") }
        let counted = Label.allCases.map { label in "\(label.rawValue) \(labelCounts[label, default: 0])" }
        lines.append("labels: " + counted.joined(separator: ", "))
        let gaps = (generator?.possibleLabels ?? shapes.possibleLabels).filter { labelCounts[$0, default: 0] == 0 }
        if casesRun > 0 && !gaps.isEmpty {
            lines.append("coverage gaps (never generated): " + gaps.map(\.rawValue).joined(separator: ", "))
        }
        if !tooSlow.isEmpty {
            let classes = RandomPartReport.smallestFirst(tooSlow.keys)
            lines.append("coverage gaps (not judged: an answer past diffcheck's limits): "
                         + classes.map { "\($0) \(quantity(tooSlow[$0]!, "case"))" }.joined(separator: ", "))
        }
        if !repeatedFailures.isEmpty {
            let counts = repeatedFailures.keys.sorted().map { "\($0) \(repeatedFailures[$0]!)" }.joined(separator: ", ")
            lines.append("more failing cases of properties already found (not shrunk again): " + counts)
        }
        if let readings = validReadings { lines.append(readings) }
        if everyFailureIsSectioned && !(generator?.isFlatOnly ?? false) {
            lines.append("  every failure is on a sectioned case, and the engine answered each with no section operation: "
                         + "if it handles one section only, declare it flat-only with --flat (sectioned cases are then never sent)")
        }
        for failure in failures {
            // The message may quote a long case: the saved file holds it whole.
            lines.append("FAIL case \(failure.caseNumber): " + (failure.saveError == nil ? CaseSummary.clippedLine(failure.message, whole: CaseSummary.inTheFile) : failure.message))
            if let text = failure.unsavedCase {
                // Nothing on disk to point at: the case itself, to be saved by hand.
                lines.append("  not saved: \(failure.saveError ?? "the findings folder cannot be written")")
                lines.append("  the case (save it as a .case file to replay it):")
                lines += text.split(separator: "\n").map { "    " + $0 }
                lines.append("  reproduce, once saved as FILE.case: " + reproduce("FILE.case"))
                continue
            }
            let how: String
            if let why = failure.unshrunkBecause {
                how = " (not shrunk: \(why))"
            } else if let shrinking = failure.shrinking, showsTimings {
                how = " (shrunk in \(shrinking))"
            } else if let shrinking = failure.shrinking {
                how = " (shrunk in \(shrinking.split(separator: ",").first ?? ""))"
            } else {
                how = ""
            }
            lines.append("  saved: \(failure.path)" + how)
            lines.append("  reproduce: " + reproduce(failure.path))
        }
        return lines.joined(separator: "\n")
    }
}
