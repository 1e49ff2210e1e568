// Campaign: the supervisor of worker processes (`fuzz`, and the random part
// of `check`).
//
// Workers run the engine; the supervisor only reads their lines. When a
// worker traps, is killed or stays on one case longer than `--timeout`, the
// supervisor records that case as a `no-crash` failure, shrinks it by running
// candidates in fresh single-case workers, saves it, and starts a new worker
// at the next case of the same stride. Nothing a worker found is lost: its
// findings are on disk before it reports them, and the case it is running is
// in its state file before it starts.
import DiffHarness
import Foundation
import ListModel

nonisolated(unsafe) var isInterrupted: sig_atomic_t = 0

/// One failure a campaign found.
struct CampaignFailure {
    var caseNumber: Int
    var property: String
    var path: String
    var message: String
    /// How shrinking went ("145265 calls, 0.61 s"), when known.
    var shrinking: String?
}

/// What a campaign did.
struct CampaignReport {
    var casesRun = 0
    var skipped = 0
    var failures: [CampaignFailure] = []
    /// Cases that failed a property already found (counted, not shrunk again).
    var repeatedFailures: [String: Int] = [:]
    var labelCounts: [Label: Int] = [:]
    var elapsed = 0.0
    var wasInterrupted = false
}

/// Runs a campaign over cases 0..<maxCases (or until the time is up or Ctrl-C).
struct Supervisor {
    var options: Options
    var jobs: Int
    var maxCases: Int
    var maxTime: Double?
    var findings: String
    /// Prints a status line now and then (a live line on a terminal).
    var showsStatus: Bool

    func workerArguments(startingAt index: Int) -> [String] {
        ["worker"] + options.forwarded + ["--jobs", String(jobs), "--index", String(index),
                                          "--cases", String(maxCases), "--findings", findings,
                                          "--state", stateFile(index % jobs)]
    }

    func stateFile(_ stride: Int) -> String {
        (findings as NSString).appendingPathComponent(".worker-\(stride).state")
    }

    func run() throws -> CampaignReport {
        try FileManager.default.createDirectory(atPath: findings, withIntermediateDirectories: true)
        isInterrupted = 0
        let previous = signal(SIGINT) { _ in isInterrupted = 1 }
        // A parent may have started us with SIGINT blocked (test runners do).
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
        defer { signal(SIGINT, previous) }
        var report = CampaignReport()
        let start = Date()
        var workers: [Worker] = []
        for j in 0..<min(jobs, max(maxCases, 0)) {
            workers.append(try Worker(executable: ownExecutable(), arguments: workerArguments(startingAt: j), stride: j,
                                      capturesErrors: options.engineCommand == nil))
        }
        let isTerminal = isatty(STDERR_FILENO) != 0
        var lastStatus = Date()
        while !workers.isEmpty {
            if isInterrupted != 0 {
                report.wasInterrupted = true
                break
            }
            if let maxTime, Date().timeIntervalSince(start) >= maxTime { break }
            var descriptors = workers.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            _ = poll(&descriptors, nfds_t(descriptors.count), 100)
            var finished: [Int] = []
            for (slot, worker) in workers.enumerated() {
                if descriptors[slot].revents != 0 {
                    for line in worker.readLines() { handle(line, from: worker, report: &report) }
                }
                // A case calls the engine twice (for `deterministic`), plus the checking.
                let limit = worker.shrinking == nil ? options.timeout * 2 + 2 : max(120, options.timeout * 10)
                let isHung = worker.inFlight != nil && Date().timeIntervalSince(worker.startedAt) > limit
                guard worker.isAtEnd || isHung else { continue }
                if isHung { worker.kill() }
                let ending = worker.ending()
                // A worker killed by Ctrl-C (before it could ignore it) is an interruption, not a crash.
                if !isHung && worker.process.terminationReason == .uncaughtSignal && worker.process.terminationStatus == SIGINT {
                    isInterrupted = 1
                    finished.append(slot)
                    continue
                }
                if let n = worker.inFlight {
                    let why = isHung ? "the engine did not return within \(options.timeout) s" : (ending ?? "the worker stopped")
                    let noCrash = PropertyName.noCrash.rawValue
                    if let recorded = report.failures.firstIndex(where: { $0.property == noCrash }),
                       report.failures[recorded].caseNumber < n {
                        // One counterexample per property: later crashes are counted (seed and case number rebuild them).
                        report.repeatedFailures[noCrash, default: 0] += 1
                    } else {
                        // The crash with the smallest case number is the one reported, whatever the timing
                        // of the workers (one found earlier stays saved and is counted).
                        if let recorded = report.failures.firstIndex(where: { $0.property == noCrash }) {
                            report.failures.remove(at: recorded)
                            report.repeatedFailures[noCrash, default: 0] += 1
                        }
                        report.failures.append(recordCrash(n, why: why, shrinking: worker.shrinking))
                        // Shrinking took a while: the other workers' cases get a fresh clock.
                        for other in workers { other.startedAt = Date() }
                    }
                    report.casesRun += 1
                    let next = n + jobs
                    if next < maxCases {
                        workers[slot] = try Worker(executable: ownExecutable(), arguments: workerArguments(startingAt: next),
                                                   stride: worker.stride, capturesErrors: options.engineCommand == nil)
                        continue
                    }
                }
                finished.append(slot)
            }
            for slot in finished.reversed() { workers.remove(at: slot) }
            if showsStatus && Date().timeIntervalSince(lastStatus) >= (isTerminal ? 0.5 : 10) {
                lastStatus = Date()
                let elapsed = Date().timeIntervalSince(start)
                let rate = Double(report.casesRun) / max(elapsed, 0.001)
                let line = "cases \(report.casesRun)  \(Int(rate))/s  failures \(report.failures.count)  elapsed \(Int(elapsed)) s"
                FileHandle.standardError.write(Data((isTerminal ? "\r\(line)   " : line + "\n").utf8))
            }
        }
        for worker in workers { worker.kill(); _ = worker.ending() }
        for j in 0..<jobs { unlink(stateFile(j)) }
        if showsStatus && isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
        report.elapsed = Date().timeIntervalSince(start)
        report.failures.sort { $0.caseNumber < $1.caseNumber }
        return report
    }

    func handle(_ line: String, from worker: Worker, report: inout CampaignReport) {
        let fields = line.split(separator: " ", maxSplits: line.hasPrefix("found ") ? 5 : 3).map(String.init)
        guard let kind = fields.first, fields.count >= 2, let n = Int(fields[1]) else { return }
        switch kind {
        case "start":
            worker.inFlight = n
            worker.startedAt = Date()
        case "shrinking" where fields.count >= 3:
            worker.shrinking = (n, fields[2])
        case "found" where fields.count >= 6:
            worker.shrinking = nil
            let message = (try? String(contentsOfFile: fields[5], encoding: .utf8))
                .flatMap { $0.split(separator: "\n").first { $0.hasPrefix("# finding: ") } }
                .map { String($0.dropFirst("# finding: ".count)) } ?? fields[2]
            report.failures.append(CampaignFailure(caseNumber: n, property: fields[2], path: fields[5], message: message,
                                                   shrinking: "\(fields[3]) calls, \(fields[4]) s"))
        case "again" where fields.count >= 3:
            report.repeatedFailures[fields[2], default: 0] += 1
        case "done":
            worker.inFlight = nil
            report.casesRun += 1
            let labels = fields.count >= 3 ? fields[2] : "-"
            if labels == "skipped" { report.skipped += 1; return }
            for name in labels.split(separator: ",") {
                if let label = Label(rawValue: String(name)) { report.labelCounts[label, default: 0] += 1 }
            }
        default:
            break
        }
    }

    /// A case whose worker trapped or hung: shrink it with the engine in a
    /// child process of its own (`IsolatedEngine`) and save it.
    func recordCrash(_ n: Int, why: String, shrinking: (Int, String)?) -> CampaignFailure {
        let began = Date()
        let engines = IsolatedEngines(timeout: options.timeout)
        let engine = (try? options.isolatedEngine(engines)) ?? ReloadAllEngine()
        var generatorOptions = options.generator
        if engine.isFlatOnly { generatorOptions.isFlatOnly = true }
        let generator = PairGenerator(options: generatorOptions)
        let checker = Checker(engine: engine, profile: options.profile)
        let pair = generator.campaignCase(seed: options.seed, n: n)
        var message = why
        if let (_, property) = shrinking { message += " while shrinking a \(property) failure" }
        var shrunk = (old: pair.old, new: pair.new, choices: Optional(pair.choices), calls: 1)
        var failure = PropertyFailure(.noCrash, message)
        let first = checker.check(old: pair.old, new: pair.new)
        if shrinking == nil, first.failures.contains(where: { $0.property == .noCrash }) {
            let result = shrinkCrash(choices: pair.choices, old: pair.old, new: pair.new, checker: checker, generator: generator)
            shrunk = (result.old, result.new, result.choices, result.calls + 1)
            failure = result.verdict.failures.first { $0.property == .noCrash } ?? failure
        } else if shrinking == nil {
            failure.message += " (the engine alone does not trap on this case: the trap may be in diffcheck's own checking; please report it)"
        }
        let replayed = generator.replay(shrunk.choices ?? pair.choices)
        let example = Counterexample(
            failure: failure, engine: options.engineCommand.map { "external: \($0)" } ?? options.engineName,
            profile: options.profile, seed: options.seed, caseNumber: n,
            original: pair, shrunk: replayed, shrunkVerdict: Verdict(output: nil, failures: [failure], isSkipped: false),
            shrinkCalls: shrunk.calls, isShrinkBudgetExhausted: false)
        let path = (try? saveFinding(example, in: findings)) ?? "-"
        return CampaignFailure(caseNumber: n, property: PropertyName.noCrash.rawValue, path: path, message: failure.message,
                               shrinking: String(format: "%d calls, %.2f s", shrunk.calls, Date().timeIntervalSince(began)))
    }
}

extension CampaignReport {
    /// The end-of-campaign summary: counts, label statistics, coverage gaps, failures.
    func summary(engine: String, seed: UInt64, showsTimings: Bool = true) -> String {
        var lines: [String] = []
        let rate = showsTimings ? String(format: " in %.1f s (%.0f cases/s)", elapsed, Double(casesRun) / max(elapsed, 0.001)) : ""
        lines.append("engine \(engine), seed \(seed): \(casesRun) cases\(rate), \(failures.count) failures" + (wasInterrupted ? " (interrupted)" : ""))
        if skipped > 0 { lines.append("  \(skipped) cases did not apply to the engine") }
        let counted = Label.allCases.map { label in "\(label.rawValue) \(labelCounts[label, default: 0])" }
        lines.append("labels: " + counted.joined(separator: ", "))
        let gaps = Label.allCases.filter { labelCounts[$0, default: 0] == 0 }
        if casesRun > 0 && !gaps.isEmpty {
            lines.append("coverage gaps (never generated): " + gaps.map(\.rawValue).joined(separator: ", "))
        }
        if !repeatedFailures.isEmpty {
            let counts = repeatedFailures.keys.sorted().map { "\($0) \(repeatedFailures[$0]!)" }.joined(separator: ", ")
            lines.append("more failing cases of properties already found (not shrunk again): " + counts)
        }
        for failure in failures {
            lines.append("FAIL case \(failure.caseNumber): \(failure.message)")
            lines.append("  saved: \(failure.path)" + (failure.shrinking.map { " (shrunk in \($0))" } ?? ""))
            lines.append("  reproduce: diffcheck repro \(shellQuoted(failure.path))")
        }
        return lines.joined(separator: "\n")
    }
}
