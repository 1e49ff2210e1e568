// EngineClock: the one rule for time verdicts about a process that owes an
// answer (an engine on a request, a worker on a case, an engine starting
// up), fed readings and returning a verdict; it reads no clock itself.
//
// The wall clock measures the machine: on a 2-core runner at load 15 an
// engine gets a fifth of a core, and a wall deadline fails a correct engine
// on one run and passes it on the next. So three clocks run, and each
// verdict says which one decided:
//
//   - CPU: the seconds of processor the process and its children used
//     since the answer became due. Using `limits.cpu` of it without
//     answering is passing the time allowed, whatever the load.
//   - idle: the seconds during which no process of the tree was running or
//     runnable (every one waited on a pipe, a sleep, a lock) and it used no
//     processor. A diff engine has nothing to wait for, so `limits.idle` of
//     it is a hang (a deadlock), not slowness. Time waiting for a processor
//     (runnable, starved by the load) and time stopped from outside
//     (SIGSTOP) count on neither clock: they are the machine's, not the
//     engine's.
//   - wall: a far backstop only (`limits.wall`), for what the other two
//     cannot see.
//
// Between two readings, idle time grows by at most `maximumStep` (the
// reader itself may have been held up by the load; a gap in its readings is
// not the engine's idle time), and only when the tree was idle at the
// reading and used less than a tenth of the gap in CPU.

/// Which clock decided a time verdict.
enum TimeClock: String, Sendable, Hashable {
    /// The processor time the process tree used.
    case cpu
    /// Time the process tree sat neither running nor runnable.
    case idle
    /// The wall clock (a far backstop).
    case wall

    /// How a message names a limit on this clock: "10 s of CPU".
    func amount(_ seconds: Double) -> String {
        let shown = seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
        switch self {
        case .cpu: return shown + " of CPU"
        case .idle: return shown + " idle (neither running nor waiting for a processor)"
        case .wall: return shown + " of wall-clock time"
        }
    }
}

/// What a process owing an answer may spend on each clock.
struct TimeLimits: Sendable, Hashable {
    /// CPU seconds (the process tree's).
    var cpu: Double
    /// Seconds idle: no process of the tree running or runnable.
    var idle: Double
    /// Wall-clock seconds: a backstop far past what the other two allow.
    var wall: Double

    /// Limits of `cpu` CPU seconds and `idle` idle seconds, with the wall
    /// backstop at `wallFactor` times the larger plus a minute.
    init(cpu: Double, idle: Double) {
        self.cpu = cpu
        self.idle = idle
        self.wall = TimeLimits.wallFactor * max(cpu, idle) + 60
    }

    /// Limits with an explicit wall backstop.
    init(cpu: Double, idle: Double, wall: Double) {
        self.cpu = cpu
        self.idle = idle
        self.wall = wall
    }

    /// How many times its CPU limit an answer may take in wall-clock time:
    /// a process at a twentieth of a core (load 40 on 2 cores) still gets
    /// its CPU.
    static let wallFactor = 20.0
}

/// A time verdict: the process passed its limit on one clock.
struct TimeVerdict: Sendable, Hashable {
    /// The clock that decided.
    var clock: TimeClock
    /// The limit on it that was passed, in seconds.
    var limit: Double
    /// What the process had used on each clock when it was judged.
    var cpuSeconds: Double, idleSeconds: Double, wallSeconds: Double

    /// "10 s of CPU (used 10.2 s of CPU in 31.5 s of wall-clock time)".
    var description: String {
        clock.amount(limit) + " (" + TimeVerdict.usage(cpu: cpuSeconds, idle: idleSeconds, wall: wallSeconds) + ")"
    }

    /// "used 10.2 s of CPU in 31.5 s of wall-clock time, 0.4 s idle".
    static func usage(cpu: Double, idle: Double, wall: Double) -> String {
        var text = String(format: "used %.1f s of CPU in %.1f s of wall-clock time", cpu, wall)
        if idle >= 0.05 { text += String(format: ", %.1f s idle", idle) }
        return text
    }
}

/// The clocks of one process tree owing one answer: readings in, a verdict
/// out. A value: the caller takes the readings (`ProcessTreeUsage`) and
/// the wall time, on a monotonic clock, and hands them in.
struct EngineClock: Sendable {
    /// What the process may spend.
    var limits: TimeLimits
    /// CPU seconds used since the answer became due: measured, and taken
    /// to be the wall time where no reading says (before the first, or
    /// when the tree cannot be read). An upper bound, for the limits.
    private(set) var cpuSeconds = 0.0
    /// The CPU seconds the readings show were used since the answer became
    /// due, and nothing taken: a lower bound (`--max-cpu-per-case` judges
    /// by it, so that an answer fails only when it surely used more).
    private(set) var measuredCPUSeconds = 0.0
    /// Seconds idle since the answer became due (counted only while `isOwed`).
    private(set) var idleSeconds = 0.0
    /// Wall seconds since the answer became due.
    private(set) var wallSeconds = 0.0
    /// Whether the process was stopped at the last reading.
    private(set) var isStopped = false
    /// The largest resident memory read, in bytes.
    private(set) var peakResidentBytes = 0
    /// The CPU reading the count starts from; nil until the first reading.
    private var cpuBase: Double?
    /// The wall time of the last reading.
    private var lastWall = 0.0

    /// The most idle time one gap between readings adds.
    static let maximumStep = 0.5

    /// A clock for an answer due from now, within `limits`.
    init(limits: TimeLimits) {
        self.limits = limits
    }

    /// A clock whose first reading comes `wall` seconds after the answer
    /// became due: the CPU used before it is taken to be at most that wall
    /// time (one processor), so no reading is needed while answers are quick.
    init(limits: TimeLimits, firstReadingAfter wall: Double) {
        self.limits = limits
        self.cpuSeconds = wall
        self.lastWall = wall
    }

    /// A clock whose first reading comes `wall` seconds after the answer
    /// became due, when the tree's CPU at that moment is known
    /// (`cpuAtStart`: read as the answer before it came, with nothing run
    /// since): the CPU used before the first reading is then measured, not
    /// taken to be the wall time.
    init(limits: TimeLimits, firstReadingAfter wall: Double, cpuAtStart: Double) {
        self.limits = limits
        self.lastWall = wall
        self.cpuBase = cpuAtStart
    }

    /// The tree's CPU seconds at the last reading (its own count, not
    /// since the answer became due); nil before a reading.
    var lastCPUReading: Double? { cpuBase }

    /// Takes a reading `wall` seconds after the answer became due: `usage`
    /// is the tree's, or nil when it cannot be read (the CPU clock then
    /// follows the wall, as the old rule did). `isOwed`: whether the answer
    /// is owed yet (the whole request written): idle time before counts for
    /// nothing (the process may be waiting for us). Returns the verdict, if
    /// a limit is passed.
    mutating func read(wall: Double, usage: ProcessTreeUsage?, isOwed: Bool = true) -> TimeVerdict? {
        let gap = max(wall - lastWall, 0)
        lastWall = wall
        wallSeconds = wall
        if let usage {
            let before = cpuSeconds
            if let base = cpuBase {
                cpuSeconds += max(usage.cpuSeconds - base, 0)
                measuredCPUSeconds += max(usage.cpuSeconds - base, 0)
            }
            cpuBase = usage.cpuSeconds
            isStopped = usage.isStopped
            peakResidentBytes = max(peakResidentBytes, usage.residentBytes)
            if isOwed && usage.isIdle && cpuSeconds - before < gap / 10 {
                idleSeconds += min(gap, EngineClock.maximumStep)
            }
        } else {
            isStopped = false
            cpuSeconds += gap
        }
        return verdict
    }

    /// The limit passed, if one is: CPU first, then idle, then the wall.
    var verdict: TimeVerdict? {
        let clock: TimeClock
        if cpuSeconds >= limits.cpu { clock = .cpu }
        else if idleSeconds >= limits.idle { clock = .idle }
        else if wallSeconds >= limits.wall { clock = .wall }
        else { return nil }
        let limit = switch clock { case .cpu: limits.cpu; case .idle: limits.idle; case .wall: limits.wall }
        return TimeVerdict(clock: clock, limit: limit, cpuSeconds: cpuSeconds, idleSeconds: idleSeconds, wallSeconds: wallSeconds)
    }

    /// What the process used so far, in words.
    var usage: String {
        TimeVerdict.usage(cpu: cpuSeconds, idle: idleSeconds, wall: wallSeconds)
    }
}
