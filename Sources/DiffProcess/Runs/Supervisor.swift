// Supervisor: the random campaign (`fuzz`, and the random part of `check`)
// in worker processes: its configuration, its deadlines, the arguments of
// its workers (`runCampaignWorker`), and its run — a `CampaignJob` on the
// one `WorkerPool`.
import DiffHarness
import Foundation
import ListModel

/// Runs a campaign over cases 0..<maxCases (or until the time is up or Ctrl-C)
/// in `jobs` worker processes, each a `diffcheck worker` started from
/// `workerExecutable` (the `diffcheck` executable: inside diffcheck,
/// `ownExecutable()`).
public struct Supervisor {
    /// The engine and how its cases are made, as every worker is told.
    package var options: CampaignOptions
    /// How many worker processes run at once.
    package var jobs: Int
    /// The cases are 0..<maxCases (of the whole run; a shard runs its own).
    package var maxCases: Int
    /// The part of the run this campaign checks.
    package var shard = Shard.whole
    /// Seconds after which the campaign stops; nil: no limit.
    package var maxTime: Double?
    /// Whether `maxTime` is the campaign's wall budget, not a time the
    /// user asked for (`check`'s default for an `--engine-cmd` engine):
    /// the cases it does not reach are listed by size class as not
    /// judged, and the run ends with exit 4.
    package var isMaxTimeABudget = false
    /// The folder each property's saved failure goes to.
    package var findings: String
    /// Prints a status line now and then (a live line on a terminal).
    package var showsStatus: Bool
    /// The `diffcheck` executable the workers run.
    package var workerExecutable: URL
    /// Seconds a worker may take to start, or between two cases.
    package var startupAllowance = 60.0
    /// Seconds a worker's shrink may run (the shrinker stops itself then;
    /// a hang in the engine does not).
    package var shrinkSeconds = 60.0
    /// What an exhaustive part before this campaign found, passed to every
    /// worker as `--walked` (its shrinks then do not walk those bounds again).
    package var walkedBounds: String?
    /// Kinds of finding a part before this campaign found failing and
    /// saved (the exhaustive part of `check`): a random case failing one is
    /// counted as a repeat, not shrunk and saved again (one finding a kind).
    package var foundKinds: Set<FindingKind> = []

    /// A campaign of `options` over cases 0..<`maxCases` in `jobs` workers, saving into `findings`.
    public init(options: CampaignOptions, jobs: Int, maxCases: Int, maxTime: Double?, findings: String,
                showsStatus: Bool, workerExecutable: URL) {
        self.options = options
        self.jobs = jobs
        self.maxCases = maxCases
        self.maxTime = maxTime
        self.findings = findings
        self.showsStatus = showsStatus
        self.workerExecutable = workerExecutable
    }

    /// The stride between a worker's cases: its cases are n, n + caseStride, n + 2·caseStride, …
    var caseStride: Int { jobs * shard.count }

    /// The worker (0..<jobs) whose share holds case `n`.
    func workerIndex(of n: Int) -> Int { (n / shard.count) % jobs }

    /// The arguments of the worker whose share resumes at case `n`,
    /// `skipping` those cases of its share (already counted).
    func workerArguments(startingAt n: Int, skipping: [Int] = []) -> [String] {
        ["worker"] + options.forwarded + ["--jobs", String(jobs), "--index", String(n), "--case-stride", String(caseStride),
                                          "--cases", String(maxCases), "--state", stateFile(workerIndex(of: n))]
            + (walkedBounds.map { ["--walked", $0] } ?? [])
            + (skipping.isEmpty ? [] : ["--skip", skipping.map(String.init).joined(separator: ",")])
    }

    /// The state file of worker `index` (`WorkerStateFile`), named
    /// by this process as well: a worker maps it shared, and a campaign
    /// that opened another's (on the same findings folder) would truncate it
    /// under that mapping and kill its worker (SIGBUS).
    func stateFile(_ index: Int) -> String {
        (findings as NSString).appendingPathComponent(".worker-\(getpid())-\(index).state")
    }

    /// Removes the state files of campaigns whose supervisor is gone (killed
    /// before it could remove them, by `kill -9` say); a live campaign's
    /// are left alone. Returns the process ids of the live campaigns whose
    /// state files are there: campaigns saving into this folder now.
    @discardableResult
    func removeStaleStateFiles() -> [pid_t] {
        var live: Set<pid_t> = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: findings)) ?? []
        where name.hasPrefix(".worker-") && name.hasSuffix(".state") {
            let fields = name.dropFirst(".worker-".count).split(separator: "-")
            guard fields.count == 2, let pid = Int32(fields[0]), pid != getpid() else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else {
                live.insert(pid)
                continue
            }
            unlink((findings as NSString).appendingPathComponent(name))
        }
        return live.sorted()
    }

    /// The warning for campaigns already saving into the findings folder,
    /// or nil for none.
    func sharedFolderWarning(_ others: [pid_t]) -> String? {
        guard !others.isEmpty else { return nil }
        let which = others.count == 1 ? "another campaign (process \(others[0])) is" : "other campaigns (processes \(others.map(String.init).joined(separator: ", "))) are"
        return "diffcheck: warning: \(which) saving findings into \(findings) now: two campaigns on one folder may each save "
            + "the same finding, one of them unshrunk; give each campaign a findings folder of its own (--findings DIR)\n"
    }

    /// The seconds a worker may take to check a flight of `pairs`, at
    /// `timeout`: each case asks the engine twice (for `deterministic`),
    /// each time allowed what `ExternalEngine.allowedSeconds(_:items:)`
    /// allows its items and sections (`ExternalEngine.elements`, what the
    /// engine's own deadline counts), plus `secondsPerExtraItem` an item
    /// or section past `itemsWithinTimeout` for the checking, plus 10 s;
    /// never less than twice the timeout plus 10 s. A case of 309,932 items
    /// and sections at `--timeout 10` may take 2 × 24.5 s and more.
    package static func checkingSeconds(timeout: Double, pairs: [GeneratedPair]) -> Double {
        checkingSeconds(timeout: timeout, items: pairs.map { ExternalEngine.elements(($0.old, $0.new)) })
    }

    /// Whether a flight of `pairs` needs no more than the base deadline
    /// (`baseCheckingSeconds`): one case small enough to be answered
    /// within the timeout, as most are.
    package static func needsOnlyTheBaseDeadline(_ pairs: [GeneratedPair]) -> Bool {
        pairs.count == 1 && ExternalEngine.elements((pairs[0].old, pairs[0].new)) <= ExternalEngine.itemsWithinTimeout
    }

    /// `checkingSeconds(timeout:pairs:)` of cases of `items` items and sections each.
    package static func checkingSeconds(timeout: Double, items: [Int]) -> Double {
        let asked = items.reduce(0.0) { total, n in
            total + 2 * ExternalEngine.allowedSeconds(timeout, items: n)
                + Double(max(n - ExternalEngine.itemsWithinTimeout, 0)) * ExternalEngine.secondsPerExtraItem
        }
        return max(asked + 10, baseCheckingSeconds(timeout: timeout))
    }

    /// The seconds a worker may take to check a case when its `allow` line
    /// says nothing more: twice the timeout plus 10 s, what
    /// `checkingSeconds(timeout:items:)` gives every case short enough to
    /// answer within the timeout. A worker sends `allow` only for a flight
    /// that needs more, so a campaign of small cases writes no extra line.
    package static func baseCheckingSeconds(timeout: Double) -> Double {
        2 * timeout + 10
    }

    /// The deadline of a worker in `state`; `allowance`: the seconds its
    /// flight of cases may take (`checkingSeconds`, from its `allow` line);
    /// `busyUntil`: the end of the longer time its engine was given on a
    /// case (its `busy SECONDS` line), which the deadline is never before.
    func deadline(_ state: WorkerState, allowance: Double? = nil, busyUntil: Double? = nil) -> Double {
        let normal = deadline(state, allowance: allowance)
        return busyUntil.map { max($0, normal) } ?? normal
    }

    private func deadline(_ state: WorkerState, allowance: Double?) -> Double {
        let checking = allowance ?? Supervisor.baseCheckingSeconds(timeout: options.timeout)
        switch state {
        case .checking(_, let since): return since + checking
        case .shrinking(_, _, _, let since): return since + shrinkSeconds + checking
        case .starting(let since), .idle(let since): return since + startupAllowance + options.timeout
        }
    }

    /// Runs the campaign to its end, its time limit or Ctrl-C, and returns what `diffcheck fuzz` prints; throws `CampaignError` when workers keep dying outside any case.
    public func run() throws -> RandomPartReport {
        try runMeasured().report
    }

    /// `run()`, and the longest a call into the campaign held the pool's
    /// loop (`WorkerPool.longestCallback`), in seconds.
    package func runMeasured() throws -> (report: RandomPartReport, longestCallback: Double) {
        // The folders this run creates (the findings folder and those above it that were not there) are
        // removed again when nothing was saved in them: a campaign that finds nothing leaves no folder.
        var created: [String] = []
        var folder = (findings as NSString).standardizingPath
        while !folder.isEmpty && folder != "/" && folder != "." && !FileManager.default.fileExists(atPath: folder) {
            created.append(folder)
            folder = parentFolder(of: folder)
        }
        defer { for path in created { rmdir(path) } }
        try createFindingsFolder(findings)
        if let warning = sharedFolderWarning(removeStaleStateFiles()) { FileHandle.standardError.write(Data(warning.utf8)) }
        let pool = WorkerPool(progress: showsStatus ? ProgressLine() : nil)
        var campaign = CampaignJob(supervisor: self, pool: pool,
                                     existing: Set((try? FileManager.default.contentsOfDirectory(atPath: findings)) ?? []))
        try catchingInterruptions {
            try campaign.launchWorkers()
            try pool.run(&campaign)
        }
        let report = campaign.finish()
        for j in 0..<jobs { unlink(stateFile(j)) }
        return (report, pool.longestCallback)
    }
}
