// WorkerCommand: `diffcheck worker`, the process that runs an engine for a
// supervisor (hidden; started by the other commands).
//
// In a campaign (`fuzz`, the random part of `check`) it runs cases n = index, index + step, … and speaks one line per event on
// standard output:
//   start N            before case N runs (also written to the state file)
//   failed N PROPERTY [hang]
//                      case N failed PROPERTY (`hang`: the engine did not
//                      answer in time); the worker waits for one line
//                      on stdin: `shrink`, or `skip` (a smaller case of
//                      PROPERTY is already kept: one counterexample per property)
//   shrinking N PROPERTY PATH
//                      shrinking it; the unshrunk failure is saved at PATH
//   unsaved N PROPERTY WHY CASE
//                      case N's finding of PROPERTY could not be saved (a
//                      read-only or full disk): WHY and the case file's text,
//                      each in base64; sent before the `shrinking` line (the
//                      unshrunk case) or the `found` line (the shrunk one)
//                      whose PATH is then `-`
//   found N PROPERTY CALLS SECONDS PATH
//                      the shrunk case of case N is saved at PATH (the
//                      unshrunk file is gone); shrinking took CALLS engine
//                      calls and SECONDS
//   done N LABELS      case N ran; LABELS is a LabelSet's bits in hexadecimal,
//                      `skipped` (the engine does not apply to it), or
//                      `refused REASON` (the engine declined it: REASON is the
//                      rest of the line), or `slow CLASS REASON` (too long for
//                      the engine's measured speed: not judged) (written with
//                      the next `start` line)
//   allow N SECONDS    the flight of cases from N (generated, about to be
//                      checked) may take SECONDS (`Supervisor.checkingSeconds`:
//                      it grows with the cases' sizes); sent only when that
//                      is more than `Supervisor.baseCheckingSeconds`
//   busy               the engine is asked again about a case that timed out
//                      (alone, or on a part of it): the case's deadline starts again
//   end                its share of the cases is done
//   engine PGID, engine-end PGID
//                      it started (stopped) an engine process group
// Other modes, each for one supervisor:
//   --serve          the engine as an external engine: one JSON request a line
//                    on stdin, one answer a line on stdout (`IsolatedEngine`)
//   --shrink FILE    shrinks FILE's failure, each pair in the state file first
//                    (`guardedShrunkCase`)
//   --exhaust BOUND  checks its share of an exhaustive walk (`ExhaustiveRun`)
import DiffHarness
import DiffProcess
import Foundation
import ListModel

enum WorkerCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try Options(arguments, valued: ["--jobs", "--index", "--step", "--stride", "--shard", "--cases", "--findings",
                                                      "--state", "--shrink", "--exhaust", "--walked", "--from"],
                                  switches: ["--serve"])
        } catch {
            printError("diffcheck worker: \(error)")
            return ExitCode.usage
        }
        let modes = ["--shrink", "--exhaust", "--state"].filter { options.values[$0] != nil } + (options.flags.contains("--serve") ? ["--serve"] : [])
        guard !options.isHelp, !modes.isEmpty else {
            printError("diffcheck worker: an internal command, started by check, fuzz, exhaust, repro, show and shrink "
                       + "with the options they choose; it is not for direct use (see `diffcheck --help`)")
            return ExitCode.usage
        }
        // The supervisor decides when a campaign stops (a signal to the whole group stops it in order).
        for number in interruptingSignals { signal(number, SIG_IGN) }
        exitWhenOrphaned()
        let engine: any DiffEngine
        do { engine = try options.engine() } catch {
            printError("diffcheck worker: \(error)")
            return ExitCode.usage
        }
        // The engine behind an `IsolatedEngine`: the same server a user's engine gets.
        if options.flags.contains("--serve") { serveEngine(engine) }
        // The supervisor kills the engines we start if we die first.
        ProcessGroups.engineObserver = { group, isRunning in emit((isRunning ? "engine " : "engine-end ") + String(group)) }
        ExternalEngine.retryObserver = { emit("busy") }
        if let path = options.values["--shrink"] { return shrinkCase(path, engine: engine, options: options) }
        if let spec = options.values["--exhaust"] {
            guard let bound = ExhaustiveBound(workerSpec: spec), let statePath = options.values["--state"] else { return ExitCode.usage }
            let state = open(statePath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard state >= 0 else { return ExitCode.usage }
            defer { close(state) }
            return exhaustInWorker(bound, checker: Checker(engine: engine, profile: options.profile),
                                   jobs: max((try? options.integer("--jobs", default: 1)) ?? 1, 1),
                                   index: (try? options.integer("--index", default: 0)) ?? 0,
                                   shard: (try? options.shard()) ?? .whole,
                                   from: (try? options.integer("--from", default: 0)) ?? 0, state: state)
        }
        var cases = CampaignCases(engine: engine, profile: options.profile, generatorOptions: options.generator,
                                  seed: options.seed, engineCommand: options.engineCommand)
        // What the exhaustive part before this campaign found (`check`): shrinks do not walk it again.
        if let text = options.values["--walked"], let walked = walkedBounds(text) { cases.walked = walked }
        let jobs = max((try? options.integer("--jobs", default: 1)) ?? 1, 1)
        let index = (try? options.integer("--index", default: 0)) ?? 0
        let step = max((try? options.integer("--step", default: jobs)) ?? jobs, 1)
        let stride = (try? options.integer("--stride", default: index % jobs)) ?? index % jobs
        let limit = (try? options.integer("--cases", default: Int.max)) ?? Int.max
        // Findings go to a staging folder of this worker's; the supervisor
        // moves those it keeps into the findings folder.
        let findings = options.values["--findings"].map { stagingFolder($0, stride: stride) } ?? "Corpus/findings"
        let state = options.values["--state"].map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } ?? -1
        defer { if state >= 0 { close(state) } }
        var n = index
        // One write per case: its `done` line, then the next case's `start`.
        var pending = "start \(n)"
        // An external engine gets its cases in flights (pipelined): as many
        // as answer within an eighth of the timeout, up to 256, so the
        // supervisor's deadline (from the last line) is never at risk. An
        // in-process engine gains nothing from a flight and must not have
        // one: if it traps, the case in this worker's `start` line has to be
        // the one it trapped on.
        let isPipelined = engine is ExternalEngine
        var flight = 1
        while n < limit {
            let numbers = Array(Swift.stride(from: n, to: limit, by: step).prefix(isPipelined ? flight : 1))
            // Enough to rebuild the cases is on disk before they run (a
            // fixed-width line: one write, nothing to truncate).
            if state >= 0 {
                let text = "seed \(options.seed) case \(n)" + (numbers.count > 1 ? " and the \(numbers.count - 1) after it, step \(step)" : "")
                var line = Array(text.utf8)
                line += repeatElement(UInt8(ascii: " "), count: max(95 - line.count, 0))
                line.append(UInt8(ascii: "\n"))
                _ = line.withUnsafeBytes { pwrite(state, $0.baseAddress, $0.count, 0) }
            }
            emit(pending)
            let began = ContinuousClock.now
            // The supervisor's deadline for the flight grows with its cases.
            let allow = { (pairs: [GeneratedPair]) in
                let seconds = Supervisor.checkingSeconds(timeout: options.timeout, items: pairs.map { totalItems($0.old, $0.new) })
                // Only a flight that needs more than the base deadline says so (one write a case otherwise).
                if seconds > Supervisor.baseCheckingSeconds(timeout: options.timeout) {
                    emit("allow \(n) " + String(format: "%.3f", seconds))
                }
            }
            let flown = isPipelined ? cases.check(numbers, willCheck: allow) : [cases.check(n, willCheck: allow)]
            if isPipelined {
                let seconds = began.duration(to: .now).inSeconds
                if seconds < options.timeout / 8 { flight = min(flight * 2, 256) } else if seconds > options.timeout / 4 { flight = max(flight / 2, 1) }
            }
            for (position, checked) in flown.enumerated() {
                if position > 0 { emit(pending) }
                let n = checked.caseNumber
                // The supervisor decides, across workers, which case of a property is shrunk.
                if let failure = checked.verdict.failures.first {
                    emit("failed \(n) \(failure.property.rawValue)" + (failure.isHang ? " hang" : ""))
                    guard let answer = readLine() else { return ExitCode.success }
                    if answer == "shrink" {
                        // An external engine's stderr is kept from ours while it is shrunk: one note at the end.
                        let saved = keepingEngineErrors(engine) {
                            cases.shrinkAndSave(checked, failure: failure, in: findings) { pending in
                                var path = pending
                                if path == nil {
                                    // Not on disk: the supervisor gets the case itself.
                                    let unshrunk = findingCase(cases.unshrunk(checked, failure: failure))
                                    do { path = try saveFinding(unshrunk, in: findings) } catch {
                                        emitUnsaved(n, failure.property.rawValue, why: "\(error)", text: CasePrinter.text(unshrunk))
                                    }
                                }
                                emit("shrinking \(n) \(failure.property.rawValue) \(path ?? "-")")
                            }
                        }
                        if saved.path == nil {
                            emitUnsaved(n, failure.property.rawValue, why: saved.saveError ?? "the findings folder cannot be written",
                                        text: CasePrinter.text(findingCase(saved.example)))
                        }
                        emit("found \(n) \(failure.property.rawValue) \(saved.example.shrinkCalls) "
                             + String(format: "%.2f", saved.seconds) + " \(saved.path ?? "-")")
                    }
                }
                // The labels as the hexadecimal bits of a LabelSet.
                pending = "done \(n) " + (checked.refusalReason.map { "refused " + $0 }
                    ?? checked.tooSlowReason.map { "slow \(CampaignCases.sizeClassName(checked.pair)) " + $0 }
                    ?? (checked.verdict.isSkipped ? "skipped" : String(checked.labels.rawValue, radix: 16)))
                if n + step < limit { pending += "\nstart \(n + step)" }
            }
            n = (flown.last?.caseNumber ?? n) + step
        }
        emit(n == index ? "end" : pending + "\nend")
        return ExitCode.success
    }
}

/// Shrinks the case in `path` with the engine in this process, writing each
/// pair to the state file before the engine runs it; prints the shrunk case
/// (nothing when no smaller case fails). `guardedShrunkCase` reads it.
func shrinkCase(_ path: String, engine defaultEngine: any DiffEngine, options: Options) -> Int32 {
    guard let statePath = options.values["--state"] else { return ExitCode.usage }
    let state = open(statePath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard state >= 0, let entry = readCorpus([path]).entries.first else { return ExitCode.usage }
    defer { close(state) }
    let replayer = CorpusReplayer(defaultEngine: RecordingEngine(engine: defaultEngine, state: state), profile: options.profile,
                                  generatorOptions: options.generator,
                                  engineNamed: { EngineCatalog.engine(named: $0).map { RecordingEngine(engine: $0, state: state) } })
    let outcome = replayer.replay(entry)
    let engine = outcome.checkedCase.engine.flatMap(replayer.engineNamed) ?? replayer.defaultEngine
    if let shrunk = ReproCommand.shrunkCase(outcome, options: options, engine: engine) {
        FileHandle.standardOutput.write(Data(CasePrinter.text(shrunk).utf8))
    }
    return ExitCode.success
}

/// Ends this worker soon after its supervisor is gone (killed, or stopped by
/// Ctrl-C), even if an engine call never returns: a worker ignores SIGINT
/// and an isolated engine has a process group of its own.
func exitWhenOrphaned() {
    let supervisor = getppid()
    Thread.detachNewThread {
        while getppid() == supervisor { usleep(200_000) }
        ProcessGroups.killAll()
        _exit(0)
    }
}

/// Sends a finding that could not be saved: `unsaved N PROPERTY WHY CASE`,
/// WHY and CASE in base64 (one line whatever they hold).
func emitUnsaved(_ n: Int, _ property: String, why: String, text: String) {
    emit("unsaved \(n) \(property) \(Data(why.utf8).base64EncodedString()) \(Data(text.utf8).base64EncodedString())")
}

/// Writes one protocol line to standard output, unbuffered, so the
/// supervisor sees it even if the worker dies right after.
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
