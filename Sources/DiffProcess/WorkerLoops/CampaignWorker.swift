// CampaignWorker: a campaign worker's loop (`diffcheck worker`, started by
// `Supervisor`). It runs cases n = first, first + caseStride, … and tells
// its supervisor what happens, one `WorkerMessage` a line on standard
// output. After `failed` it waits for one `SupervisorReply` on stdin:
// `shrink`, or `skip` (a smaller case of the property is already kept: one
// counterexample per property). A finding travels by value: `shrinking`
// carries the unshrunk case, `found` the shrunk one, each a case file's
// text; the supervisor alone writes findings. A worker with an in-process
// engine sends its `start` and `done` lines in batches (`ProtocolLines`),
// so the case running is its state file's (`WorkerStateFile`), which may
// be past the last `start` line.
import DiffHarness
import Foundation
import ListModel

/// A campaign worker's share of the cases.
package struct CampaignShare: Sendable, Hashable {
    /// Its first case.
    package var first: Int
    /// The stride between its cases.
    package var caseStride: Int
    /// Cases from this number on are not run (`Int.max`: no limit).
    package var limit: Int
    /// Cases of its share not to run (the supervisor counted them already:
    /// the engine trapped on them, after cases it had not reported).
    package var skipped: Set<Int>

    /// The cases first, first + caseStride, … below `limit`, but `skipped`.
    package init(first: Int, caseStride: Int, limit: Int = .max, skipped: Set<Int> = []) {
        self.first = first
        self.caseStride = max(caseStride, 1)
        self.limit = limit
        self.skipped = skipped
    }

    /// The first case of the share from `m` on that is not skipped (`limit` past the end).
    func unskipped(_ m: Int) -> Int {
        var m = m
        while m < limit && skipped.contains(m) { m = after(m) }
        return m
    }

    /// The case after `m` in the share (`limit` past the end).
    func after(_ m: Int) -> Int {
        let (sum, overflows) = m.addingReportingOverflow(caseStride)
        return overflows ? limit : sum
    }
}

/// Runs a campaign worker's share of the cases with `engine` (the engine
/// `options` names, built by the caller), writing each flight's first
/// case to `state` before it runs; `walked`: what the exhaustive part
/// before the campaign found (shrinks do not walk it again). Returns when
/// the share is done (after `end`) or the supervisor is gone.
package func runCampaignWorker(engine: any DiffEngine, options: CampaignOptions, share: CampaignShare,
                              walked: WalkedBounds? = nil, state: WorkerStateFile?) {
    var cases = CampaignCases(engine: engine, profile: options.profile, generatorOptions: options.generator,
                              seed: options.seed, engineCommand: options.engineCommand)
    if let walked { cases.walked = walked }
    // Read once: a closure made for every case copies what it captures.
    let timeout = options.timeout
    // An external engine gets its cases in flights (pipelined): as many
    // as answer within an eighth of the timeout, up to 256, so the
    // supervisor's deadline (from the last line) is never at risk. An
    // in-process engine gains nothing from a flight and must not have
    // one: if it traps, the case in this worker's state file has to be
    // the one it trapped on. Its `done` and `start` lines go out in
    // batches (`ProtocolLines`): the state file names the case running.
    // Cast once: a cast a case cost three dynamic casts (about 1,400 instructions) for an in-process engine.
    let external = engine as? ExternalEngine
    let isPipelined = external != nil
    ProtocolLines.isBatched = !isPipelined
    let limit = share.limit
    var n = share.unskipped(share.first)
    var flight = 1
    var sentPeakMemory = 0
    while n < limit {
        var numbers = [n]
        while isPipelined && numbers.count < flight, case let m = share.unskipped(share.after(numbers[numbers.count - 1])), m < limit {
            numbers.append(m)
        }
        // Enough to rebuild the cases is on disk before they run.
        state?.write(caseNumber: n, following: numbers.count - 1, step: share.caseStride)
        ProtocolLines.queue(WorkerMessage.start(n).line)
        ProtocolLines.sendIfDue()
        let began = isPipelined ? ContinuousClock.now : nil
        // The supervisor's deadline for the flight grows with its cases.
        let allow = { (pairs: [GeneratedPair]) in
            // One case short enough to answer within the timeout gets the base deadline (most cases: nothing to add up).
            if Supervisor.needsOnlyTheBaseDeadline(pairs) { return }
            let seconds = Supervisor.checkingSeconds(timeout: timeout, pairs: pairs)
            // Only a flight that needs more than the base deadline says so (one write a case otherwise).
            if seconds > Supervisor.baseCheckingSeconds(timeout: timeout) {
                emit(.allow(n, seconds: seconds))
            }
        }
        let flown = isPipelined ? cases.check(numbers, willCheck: allow) : [cases.check(n, willCheck: allow)]
        if let began {
            let seconds = began.duration(to: .now).inSeconds
            if seconds < timeout / 8 { flight = min(flight * 2, 256) } else if seconds > timeout / 4 { flight = max(flight / 2, 1) }
        }
        // Slow answers, by the case they answered (the first of that size in the flight).
        for slow in external?.takeSlowAnswers() ?? [] {
            guard let checked = flown.first(where: { slow.isAnswer(old: $0.pair.old, new: $0.pair.new) }) else { continue }
            emit(.slow(checked.caseNumber, items: totalItems(checked.pair.old, checked.pair.new), changes: slow.changes,
                       seconds: slow.seconds))
        }
        // Pathologically slow answers, the same way: the supervisor keeps the most, and shrinks it at the end.
        for slow in external?.takePathologicalAnswers() ?? [] {
            guard let dominator = slow.dominator,
                  let checked = flown.first(where: { slow.isAnswer(old: $0.pair.old, new: $0.pair.new) }) else { continue }
            let answer = EnginePace.Measurement(items: totalItems(checked.pair.old, checked.pair.new), changes: slow.changes,
                                                seconds: slow.seconds)
            emit(.pathological(checked.caseNumber, answer: answer, dominator: dominator))
        }
        // What the supervisor reports of the engine's growth, as it is measured (a worker stopped at --time keeps it).
        if let external {
            let measured = external.takeMeasurements()
            if !measured.isEmpty { emit(.measured(measured)) }
            if external.peakMemory > sentPeakMemory {
                sentPeakMemory = external.peakMemory
                emit(.memory(sentPeakMemory))
            }
        }
        for (position, checked) in flown.enumerated() {
            let n = checked.caseNumber
            if position > 0 { emit(.start(n)) }
            // The supervisor decides, across workers, which case of a property is shrunk.
            if let failure = checked.verdict.failures.first {
                emit(.failed(n, kind: failure.kind, isHang: failure.isHang))
                guard let answer = readLine() else { return }
                if SupervisorReply(line: answer) == .shrink { shrink(checked, failure: failure, cases: cases, engine: engine) }
            }
            let ending: CaseEnding = checked.refusalReason.map(CaseEnding.refused)
                ?? checked.tooSlowReason.map { .tooSlow(sizeClass: CampaignCases.sizeClassName(checked.pair), reason: $0) }
                ?? (checked.verdict.isSkipped ? .skipped : .checked(labels: checked.labels.rawValue))
            ProtocolLines.queue(WorkerMessage.done(n, ending).line)
        }
        n = share.unskipped(share.after(flown.last?.caseNumber ?? n))
    }
    emit(.end)
}

/// Shrinks `checked`'s failure, sending its unshrunk case first (kept if
/// the shrink never ends) and then the shrunk one.
private func shrink(_ checked: CheckedCase, failure: PropertyFailure, cases: CampaignCases, engine: any DiffEngine) {
    let n = checked.caseNumber, kind = failure.kind
    // An external engine's stderr is kept from ours while it is shrunk: one note at the end.
    // A hang is shrunk with every timeout a hang, and the case kept is confirmed with the hang deadline.
    let external = failure.isHang ? engine as? ExternalEngine : nil
    let stillHangs = external.map { external in { (pair: GeneratedPair) in external.confirmsHang(old: pair.old, new: pair.new) } }
    let shrunk = keepingEngineErrors(engine) {
        treatingTimeoutsAsHangs(external) {
            cases.shrink(checked, failure: failure, stillFails: stillHangs) { unshrunk in
                emit(.shrinking(n, kind: kind, unshrunk: CasePrinter.text(findingCase(unshrunk))))
            }
        }
    }
    // Slow answers while shrinking belong to no campaign case.
    _ = external?.takeSlowAnswers()
    _ = (engine as? ExternalEngine)?.takePathologicalAnswers()
    emit(.found(n, kind: kind, calls: shrunk.example.shrinkCalls, seconds: shrunk.seconds,
                shrunk: CasePrinter.text(findingCase(shrunk.example))))
}
