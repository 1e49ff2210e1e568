// EngineProcess: one running external-engine process and the pipes to it;
// `fly` keeps several requests in flight on them (pipelining).
//
// Requests go in one a line, answers come back one a line, in request order
// (the protocol has no ids: an engine reads its next request after
// answering, so a line-oriented engine that never heard of pipelining
// answers a flight exactly as it answers requests one at a time).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DiffHarness
import Foundation

/// Why talking to the process stopped.
enum PipeFailure: Error {
    /// The request passed its limit on one of its clocks (`EngineClock`).
    case timedOut(TimeVerdict)
    /// A line `skips` took was not followed by an answer within
    /// `EngineProcess.strayGrace` (nor within the request's time).
    case noAnswerAfterStrayLine
    case tooLong
    /// The process tree held more resident memory than its limit
    /// (`memoryLimitBytes`): this many bytes at the reading.
    case overMemory(Int)
    /// The process tree was read to have used more CPU on the request than
    /// its limit (`cpuLimitSeconds`): this many seconds at the reading.
    case overCPU(Double)
    /// The process closed its end; whether part of an answer had arrived.
    case closed(hasPartialAnswer: Bool)
    /// The engine broke the protocol (an answer nobody asked for, a late or
    /// second declaration): why, in words.
    case brokeProtocol(String)
    case system(String)

    var reason: String {
        switch self {
        case .system(let what), .brokeProtocol(let what): return what
        default: return "\(self)"
        }
    }
}

/// How a flight ended: how many requests were answered, and why it
/// stopped short, if it did.
struct FlightEnd {
    /// The requests answered and accepted, the first ones in order. When
    /// the flight stopped short, request `answered` is the one that failed.
    var answered: Int
    /// Why request `answered` got no answer; nil when every request was
    /// answered, or when `accept` refused request `answered`'s line.
    var failure: PipeFailure?
    /// How many requests were written, wholly or in part: the engine may
    /// have read (and died of) any of them.
    var written: Int

    /// Whether any byte of a request after request `answered` had been written.
    var wroteBeyond: Bool { written > answered + 1 }
}

/// One running engine process: its id (also its process group) and our ends
/// of its stdin and stdout pipes (non-blocking), with buffers kept across
/// requests.
final class EngineProcess {
    static let maximumLine = 64 * 1_048_576
    /// Requests sent ahead of the oldest unanswered one, at most.
    static let maximumInFlight = 64
    /// Encoded requests waiting for room in the pipe, at most (a request is
    /// always queued whole, however long).
    static let maximumQueuedBytes = 65_536
    /// Nanoseconds the answer may take after a line that is not one (an
    /// engine that prints before it answers answers at once; one that
    /// printed instead of answering would otherwise cost the timeout).
    static let strayGrace: UInt64 = 1_000_000_000
    /// Why a flight stops at an answer line that came before the request it
    /// would answer was sent: the engine answered a request twice, or
    /// printed an answer before reading one. The engine's protocol error
    /// (one answer line a request), never diffcheck's.
    static let unaskedAnswer = "the engine broke the protocol: it printed an answer nobody asked for "
        + "(a line came before the request it would answer was sent: one answer line a request line)"
    /// A declaration (`{"engine": …}`) after the engine's first answer.
    static let lateDeclaration = "the engine broke the protocol: it declared itself ({\"engine\": …}) after it had answered; "
        + "a declaration is the first line an engine writes, or it sends none"
    /// A second declaration before any answer.
    static let secondDeclaration = "the engine broke the protocol: it declared itself ({\"engine\": …}) twice; "
        + "a declaration is the first line an engine writes, once"

    let pid: pid_t
    private var input: Int32
    private var output: Int32
    /// Its stderr's drain, and where what it reads goes.
    private var errors: ErrorTail?

    /// Waits (up to half a second) for its stderr's drain to have handed on
    /// what the engine wrote so far.
    func catchUpOnErrors() {
        errors?.catchUp(milliseconds: 500)
    }
    private var engineErrors: EngineErrors?
    /// Bytes read and not yet handed out: lines from `lineStart`, the part
    /// before `scanned` known to hold no line break.
    private var buffer: [UInt8] = []
    private var lineStart = 0
    private var scanned = 0
    /// Where read(2) puts what it reads, before it is appended to `buffer`.
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
    /// Encoded requests; during a flight, those not yet written, from `sentStart`.
    private var outgoing: [UInt8] = []
    private var isReaped = false
    private var isStopped = false
    private var status: Int32 = 0
    /// How many requests this process has answered.
    var answered = 0
    /// Whether this process has declared itself.
    private var hasDeclared = false
    /// How long the answer `accept` is given took, in seconds, from the
    /// moment its request could start (as its deadline counts).
    private(set) var lastAnswerSeconds = 0.0
    /// The CPU seconds the process tree used on the answer `accept` is
    /// given (`EngineClock`): read when the answer took long enough to be
    /// read at all (`firstReading`), else its wall time, an upper bound on
    /// one processor.
    private(set) var lastAnswerCPUSeconds = 0.0
    /// The clock of the answer `accept` is given, when it was read.
    private(set) var lastAnswerClock: EngineClock?
    /// The tree's CPU seconds read as its last answer came (its own
    /// count), when that answer's clock was read; nil when it was not
    /// (the CPU since is unknown). A request after it starts from there:
    /// the engine uses no CPU between requests.
    private var cpuAtLastAnswer: Double?
    /// The largest resident memory of the process tree read so far, in bytes.
    private(set) var peakResidentBytes = 0
    /// The most resident memory the process tree may hold while it owes
    /// an answer, in bytes (`--rss-limit-mb`); nil: no limit. Read with
    /// the request's clocks: from `firstReading` on, every `readingInterval`.
    var memoryLimitBytes: Int?
    /// The most CPU the process tree may be read to use on one request, in
    /// seconds (`--max-cpu-per-case`); nil: no limit. Judged by the CPU
    /// the readings show (`EngineClock.measuredCPUSeconds`), read from
    /// `firstReading` (or an eighth of the limit, if less) and every
    /// `readingInterval` (or a quarter of the limit).
    var cpuLimitSeconds: Double?
    /// The CPU seconds the readings show the last answer used (0 when it
    /// came before a reading): a lower bound on `lastAnswerCPUSeconds`.
    private(set) var lastAnswerMeasuredCPUSeconds = 0.0
    /// Seconds a request waits before its process tree is first read: a
    /// quicker answer costs no reading of the process table.
    static let firstReading = 0.25
    /// Seconds a request that `fly`'s `readsEarly` names waits before its
    /// process tree is first read: its CPU is then measured from there (an
    /// upper bound: this time, one processor, plus what the readings show),
    /// so that a quick answer on a loaded machine is not timed by the wall.
    /// A quicker answer costs no reading.
    static let earlyReading = 0.005
    /// Seconds a process may sit idle before its first answer, at least:
    /// its start-up reads files and loads code, and on a loaded machine
    /// (or a network file system) it waits on them, idle.
    static let startupIdleSeconds = 10.0
    /// Seconds this process's first request may sit idle, at least (its
    /// start-up's allowance): `startupIdleSeconds` unless its owner says
    /// less (an engine whose earlier process sat idle past it unanswered).
    var firstAnswerIdleSeconds = EngineProcess.startupIdleSeconds
    /// Seconds between readings of the process tree while an answer is late.
    static let readingInterval = 0.1
    /// How long a flight waits, before its first request goes out, for
    /// output the engine may still be writing after its last answer (a
    /// second copy of it, written apart): 0 by default; a bench, which
    /// would time such a copy as the next answer, waits a little.
    var settleSeconds = 0.0

    private init(pid: pid_t, input: Int32, output: Int32) {
        self.pid = pid
        self.input = input
        self.output = output
    }

    /// Starts `/bin/sh -c command`. Its stderr is a pipe, drained into
    /// `errors` (through to ours, or kept from it). An engine started while
    /// its stderr is kept from ours gets `SWIFT_BACKTRACE=enable=no`: no one
    /// reads the backtrace, and Swift's backtracer can take a few tenths of
    /// a second per trap (a shrink may trap a hundred times); the trap's
    /// `Fatal error: …` line is still written, and is the reason's end.
    static func start(command: String, errors: EngineErrors) -> Result<EngineProcess, PipeFailure> {
        var environment: [String: String]?
        if !errors.passesThrough {
            environment = ProcessInfo.processInfo.environment
            environment?["SWIFT_BACKTRACE"] = "enable=no"
        }
        switch ChildProcess.spawn(["/bin/sh", "-c", command], environment: environment, capturesErrors: true) {
        case .failure(let failure):
            return .failure(.system("could not start engine: \(failure.description)"))
        case .success(let child):
            let started = EngineProcess(pid: child.pid, input: child.input, output: child.output)
            started.engineErrors = errors
            if child.errors >= 0 { started.errors = ErrorTail(draining: child.errors, into: errors) }
            ProcessGroups.engineObserver?(child.pid, true)
            return .success(started)
        }
    }

    /// Starts `/bin/sh -c command` alone, not as one of an `ExternalEngine`'s
    /// processes: its stderr kept from ours (`capturesErrors`) or passed through.
    static func start(command: String, capturesErrors: Bool) -> Result<EngineProcess, PipeFailure> {
        start(command: command, errors: EngineErrors(isAlwaysKept: capturesErrors))
    }

    /// The line of its stderr that explains how it died.
    var lastErrorLine: String? {
        errors?.explanation
    }

    // MARK: The flight

    /// Sends `count` requests and reads their answers at the same time, with
    /// up to `maximumInFlight` requests written ahead of the oldest
    /// unanswered one.
    ///
    /// `encode(n, &bytes)` appends request n (without its line break) to
    /// `bytes`, when there is room for it in the window. `accept(n, line)`
    /// gets the answer line of request n, in order, and says whether it is an
    /// answer; the flight stops at the first line it refuses. A line
    /// `skips` takes (one the engine printed that is not an answer at all)
    /// answers nothing: the flight goes on, and the request waits for its
    /// answer within its time, and within `strayGrace` of that line. A
    /// declaration line (`EngineDeclaration`) goes to `declared` and
    /// answers nothing either, with no grace: the answer has its full time;
    /// a second one, or one after the process's first answer, ends the
    /// flight with `.brokeProtocol(secondDeclaration)` or `.brokeProtocol(lateDeclaration)`.
    /// A line that would answer a request not yet sent, or that began
    /// before the flight's first request was sent (an engine that answers
    /// twice, or before it reads) ends the flight with
    /// `.brokeProtocol(unaskedAnswer)`: it cannot be an answer to that request.
    ///
    /// Request n must be answered within `limits(n)` (`EngineClock`), counted
    /// from the moment it could start: when it was queued or when request
    /// n − 1 was answered, whichever is later (so a request's time is what
    /// it would be one at a time, however long the queue ahead of it). Its
    /// CPU is the process tree's; its idle time counts from when the whole
    /// request was written. Its tree is first read after `firstReading`, or
    /// after `earlyReading` when `readsEarly(n)`. A request past a limit ends the flight with
    /// `.timedOut` and the verdict, which names the clock. One thread
    /// waits on both pipes with poll(2): an engine that fills its output
    /// pipe while we are still writing is read from, never deadlocked.
    func fly(count: Int, encode: (Int, inout [UInt8]) -> Void, limits: (Int) -> TimeLimits,
             readsEarly: (Int) -> Bool = { _ in false },
             skips: ([UInt8]) -> Bool = { _ in false }, declared: ([UInt8]) -> Void = { _ in },
             accept: (Int, [UInt8]) -> Bool) -> FlightEnd {
        var queued = 0, done = 0
        // Where each queued request ends, counted in bytes since the flight began.
        var ends: [Int] = []
        var queuedAt: [UInt64] = []
        ends.reserveCapacity(min(count, 4_096))
        queuedAt.reserveCapacity(min(count, 4_096))
        outgoing.removeAll(keepingCapacity: true)
        var sentStart = 0, discarded = 0
        var written: Int { discarded + sentStart }
        var isInputOpen = input >= 0
        var lastAnswer = DispatchTime.now().uptimeNanoseconds
        /// When the answer is due after a skipped line, if one came since the last answer.
        var strayDeadline: UInt64?
        var hasExitedWithOutputOpen = false
        /// The clock of request `done`, once it is read (after `firstReading`), and when it was last read.
        var clock: EngineClock?
        /// Whether request `done`'s idle time was looked into (`hasClosedOutputButLives`).
        var hasLookedForClosedOutput = false
        var lastReading: UInt64 = 0
        /// Whether the last write left bytes the pipe had no room for: the engine is not reading.
        var isInputFull = false
        func end(_ failure: PipeFailure?) -> FlightEnd {
            // Request n starts where request n - 1 ends.
            var started = done
            while started < queued && (started == 0 ? 0 : ends[started - 1]) < written { started += 1 }
            return FlightEnd(answered: done, failure: failure, written: started)
        }

        // A line already waiting came before any request of this flight: read it
        // now, so that it is not taken for the answer to the first one.
        if output >= 0 {
            if settleSeconds > 0 && answered > 0 {
                var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                _ = poll(&entry, 1, Int32(settleSeconds * 1000))
            }
            _ = readAvailable()
        }
        // A line begun before any request of this flight was sent (its first
        // part is waiting; the rest may come after a request is written) is
        // no answer to one: an engine that answered the last flight twice,
        // its second copy written in two parts.
        var isLineLeftOver = buffer.count > lineStart
        while done < count {
            // Invariant: requests ..<done answered and accepted; ..<queued encoded; bytes ..<written sent.
            while queued < count && queued - done < EngineProcess.maximumInFlight
                    && outgoing.count - sentStart < EngineProcess.maximumQueuedBytes {
                if sentStart > 0 && sentStart * 2 >= outgoing.count {
                    // The sent part is at least half: drop it (the buffer stays as large as a window).
                    outgoing.removeSubrange(..<sentStart)
                    discarded += sentStart
                    sentStart = 0
                }
                encode(queued, &outgoing)
                outgoing.append(10)
                ends.append(discarded + outgoing.count)
                queuedAt.append(DispatchTime.now().uptimeNanoseconds)
                queued += 1
            }
            if let line = nextLine() {
                let isLeftOver = isLineLeftOver
                isLineLeftOver = false
                // The engine's declaration of itself (its first line, if any) answers nothing and is no stray line.
                if EngineDeclaration.isDeclaration(line) {
                    if answered > 0 { return end(.brokeProtocol(EngineProcess.lateDeclaration)) }
                    if hasDeclared { return end(.brokeProtocol(EngineProcess.secondDeclaration)) }
                    hasDeclared = true
                    declared(line)
                    continue
                }
                if skips(line) {
                    if strayDeadline == nil { strayDeadline = DispatchTime.now().uptimeNanoseconds &+ EngineProcess.strayGrace }
                    continue
                }
                // Request `done` must have been sent (all but its line break, which a
                // streaming reader need not wait for) before a line can answer it.
                if isLeftOver || done >= queued || written < ends[done] - 1 { return end(.brokeProtocol(EngineProcess.unaskedAnswer)) }
                answered += 1
                lastAnswerSeconds = Double(DispatchTime.now().uptimeNanoseconds &- max(queuedAt[done], lastAnswer)) / 1e9
                if var read = clock {
                    _ = read.read(wall: lastAnswerSeconds, usage: ProcessTreeUsage.read(root: pid))
                    peakResidentBytes = max(peakResidentBytes, read.peakResidentBytes)
                    lastAnswerCPUSeconds = read.cpuSeconds
                    lastAnswerMeasuredCPUSeconds = read.measuredCPUSeconds
                    lastAnswerClock = read
                    cpuAtLastAnswer = read.lastCPUReading
                } else {
                    lastAnswerCPUSeconds = lastAnswerSeconds
                    lastAnswerMeasuredCPUSeconds = 0
                    lastAnswerClock = nil
                    cpuAtLastAnswer = nil
                }
                clock = nil
                hasLookedForClosedOutput = false
                guard accept(done, line) else { return end(nil) }
                done += 1
                lastAnswer = DispatchTime.now().uptimeNanoseconds
                strayDeadline = nil
                continue
            }
            if buffer.count - lineStart > EngineProcess.maximumLine { return end(.tooLong) }
            if hasExitedWithOutputOpen {
                // The engine exited and something else (a child of its own) holds its output open: what it
                // wrote before it exited is read, and then no answer can come.
                let before = buffer.count
                if case .failure(let failure) = readAvailable() { return end(failure) }
                if buffer.count == before { return end(.closed(hasPartialAnswer: buffer.count > lineStart)) }
                continue
            }
            if !isInputOpen && written < ends[done] {
                // The engine stopped reading before it had all of the request.
                return end(.closed(hasPartialAnswer: buffer.count > lineStart))
            }
            let now = DispatchTime.now().uptimeNanoseconds
            if let strayDeadline, now >= strayDeadline { return end(.noAnswerAfterStrayLine) }
            // The request's clocks: read from `firstReading` (or half its CPU limit, if less), then every `readingInterval`.
            let since = max(queuedAt[done], lastAnswer)
            let waited = Double(now &- since) / 1e9
            var requestLimits = limits(done)
            // A process's first answer waits for its start-up (an interpreter reading its files, a runtime loading
            // its bundle), which may sit idle on a loaded machine's disk: it gets the start-up's idle allowance.
            if answered == 0 { requestLimits.idle = max(requestLimits.idle, firstAnswerIdleSeconds) }
            let cpuLimit = cpuLimitSeconds ?? .infinity
            // Under a CPU limit, the CPU before the first reading (unknown unless the answer before was read) is at most an eighth of it.
            let firstRead = min(readsEarly(done) ? EngineProcess.earlyReading : EngineProcess.firstReading,
                                requestLimits.cpu / 2, requestLimits.idle / 2, cpuLimit / 8)
            var nextReading = since &+ UInt64(firstRead * 1e9)
            if clock == nil && waited >= firstRead {
                // Requests after the one being answered are not started on yet: the CPU at the last answer is this one's start.
                clock = cpuAtLastAnswer.map { EngineClock(limits: requestLimits, firstReadingAfter: waited, cpuAtStart: $0) }
                    ?? EngineClock(limits: requestLimits, firstReadingAfter: waited)
                lastReading = 0
            }
            if var reading = clock {
                let interval = UInt64(min(EngineProcess.readingInterval, requestLimits.cpu / 4, cpuLimit / 4) * 1e9)
                if now &- lastReading >= interval {
                    lastReading = now
                    // Idle counts once the engine has the whole request, or while it leaves the pipe full (it stopped reading).
                    let isOwed = written >= ends[done] - 1 || isInputFull
                    let usage = ProcessTreeUsage.read(root: pid)
                    let verdict = reading.read(wall: waited, usage: usage, isOwed: isOwed)
                    peakResidentBytes = max(peakResidentBytes, reading.peakResidentBytes)
                    clock = reading
                    if let limit = memoryLimitBytes, let held = usage?.residentBytes, held > limit { return end(.overMemory(held)) }
                    if reading.measuredCPUSeconds > cpuLimit { return end(.overCPU(reading.measuredCPUSeconds)) }
                    // Idle half a second owing an answer: is it because none can come (stdout closed, the process alive)?
                    if reading.idleSeconds >= 0.5 && !hasLookedForClosedOutput {
                        hasLookedForClosedOutput = true
                        if hasClosedOutputButLives() { return end(.brokeProtocol(EngineProcess.closedOutput)) }
                    }
                    if let verdict { return end(.timedOut(verdict)) }
                }
                nextReading = lastReading &+ interval
            }
            let deadline = min(max(nextReading, now &+ 1_000_000), strayDeadline ?? .max)

            let wantsToWrite = isInputOpen && sentStart < outgoing.count
            var entries = [pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wantsToWrite ? input : -1, events: Int16(POLLOUT), revents: 0)]
            // At most a tenth of a second at a time: an engine that exited is noticed even when its output
            // stays open.
            let milliseconds = Int32(min((deadline - now + 999_999) / 1_000_000, 100))
            let ready = poll(&entries, 2, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return end(.system("could not wait for the engine: \(EngineProcess.errorText())"))
            }
            if ready == 0 && hasExited() {
                hasExitedWithOutputOpen = true
                continue
            }
            if wantsToWrite && entries[1].revents != 0 {
                switch writePending(from: &sentStart) {
                case .success: isInputFull = sentStart < outgoing.count
                case .failure(.closed): isInputOpen = false
                case .failure(let failure): return end(failure)
                }
            }
            if entries[0].revents != 0 {
                switch readAvailable() {
                case .success: break
                case .failure(let failure): return end(failure)
                }
            }
        }
        return end(nil)
    }

    /// Writes what the pipe takes of `outgoing[sentStart...]`.
    private func writePending(from sentStart: inout Int) -> Result<Void, PipeFailure> {
        while sentStart < outgoing.count {
            let written = outgoing.withUnsafeBytes { bytes in
                ChildProcess.writeIgnoringBrokenPipe(input, bytes.baseAddress! + sentStart, bytes.count - sentStart)
            }
            if written >= 0 {
                sentStart += written
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN: return .success(())
            case EPIPE: return .failure(.closed(hasPartialAnswer: false))
            default: return .failure(.system("could not write to the engine: \(EngineProcess.errorText())"))
            }
        }
        return .success(())
    }

    /// One read(2) into `buffer`; an end of file is `.closed`.
    private func readAvailable() -> Result<Void, PipeFailure> {
        if lineStart > 0 && lineStart * 2 >= buffer.count {
            buffer.removeSubrange(..<lineStart)
            scanned -= lineStart
            lineStart = 0
        }
        let count = read(output, chunk.baseAddress, chunk.count)
        let failure = errno
        if count > 0 {
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            return .success(())
        }
        if count == 0 { return .failure(.closed(hasPartialAnswer: buffer.count > lineStart)) }
        if failure == EAGAIN || failure == EINTR { return .success(()) }
        errno = failure
        return .failure(.system("could not read from the engine: \(EngineProcess.errorText())"))
    }

    /// The next whole line read (without its line break), if there is one.
    private func nextLine() -> [UInt8]? {
        let found: Int? = buffer.withUnsafeBytes { bytes in
            guard scanned < bytes.count, let base = bytes.baseAddress,
                  let hit = memchr(base + scanned, 10, bytes.count - scanned) else { return nil }
            return base.distance(to: UnsafeRawPointer(hit))
        }
        guard let newline = found else {
            scanned = buffer.count
            return nil
        }
        let line = Array(buffer[lineStart..<newline])
        lineStart = newline + 1
        scanned = lineStart
        if lineStart == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            lineStart = 0
            scanned = 0
        }
        return line
    }

    // MARK: The process

    /// Whether the process has already exited (reaping it if so).
    func hasExited() -> Bool {
        if isReaped { return true }
        guard let status = ChildProcess.exitStatus(pid) else { return false }
        isReaped = true
        self.status = status
        return true
    }

    /// What an engine that closed its standard output and lives on broke
    /// (`hasClosedOutputButLives`).
    static let closedOutput = "the engine closed its standard output and did not exit: none of its processes holds the pipe "
        + "diffcheck reads answers from (only the shell that runs it does), so no answer can come. It broke the protocol: "
        + "one answer a line on stdout, for every request, until stdin ends"

    /// Whether the engine closed its standard output and lives on: the
    /// pipe diffcheck reads answers from is held open only by the process
    /// started (a shell running the engine as its child: `/bin/sh -c`),
    /// and by none of the processes under it, so no answer can come and
    /// no end of the pipe is seen. A protocol fault, not a hang. False
    /// when the process started is not a shell (`shells`: it is the engine,
    /// which holds its own stdout), when it has no child, or where the
    /// platform cannot say (only Linux's /proc lists a process's files).
    func hasClosedOutputButLives() -> Bool {
        #if os(Linux)
        var info = stat()
        guard fstat(output, &info) == 0, EngineProcess.isShell(pid), let rows = ProcessRow.table() else { return false }
        let pipe = "pipe:[\(info.st_ino)]"
        let others = ProcessTreeUsage.members(root: pid, rows: rows).filter { $0.pid != pid }
        return !others.isEmpty && !others.contains { EngineProcess.holds(pipe, pid: $0.pid) }
        #else
        return false
        #endif
    }

    /// The commands a shell runs `--engine-cmd` as (`/bin/sh -c` is one of them).
    static let shells: Set<String> = ["sh", "dash", "bash", "zsh", "ksh", "ash", "busybox"]

    #if os(Linux)
    /// Whether `pid` runs a shell (`shells`), by its /proc/PID/comm.
    private static func isShell(_ pid: pid_t) -> Bool {
        guard let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return false }
        return shells.contains(name.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether `pid` has `file` (as /proc/PID/fd's links name it: `pipe:[INODE]`) open.
    private static func holds(_ file: String, pid: pid_t) -> Bool {
        let folder = "/proc/\(pid)/fd"
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        var target = [CChar](repeating: 0, count: 256)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.first?.isNumber == true else { continue }
            let count = readlink(folder + "/" + name, &target, target.count - 1)
            guard count > 0 else { continue }
            if String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) == file { return true }
        }
        return false
    }
    #endif

    /// After the process closed its output: how it ended, waiting a little
    /// (never past the deadline) for it to exit.
    func exitReason(deadline: UInt64) -> String {
        let limit = min(deadline, DispatchTime.now().uptimeNanoseconds + 1_000_000_000)
        while !hasExited() && DispatchTime.now().uptimeNanoseconds < limit {
            usleep(1_000)
        }
        let excerpt = errors?.excerpt
        if let excerpt { engineErrors?.noteEnd(excerpt, isDeath: !isReaped || status != 0) }
        let said = excerpt?.explanation.map { ": " + $0 } ?? ""
        guard isReaped else {
            return "engine process closed its standard output with a request unanswered and did not exit: it broke the protocol "
                + "(one answer a line on stdout, for every request, until stdin ends)" + said
        }
        // The process is the shell of `/bin/sh -c COMMAND`: 128 + N is its command killed by signal N.
        return "engine process " + ChildProcess.describe(status, isShell: true) + said
    }

    /// Whether the process died on its own: reaped (`hasExited`,
    /// `exitReason`) with a signal or a nonzero exit status, before `stop`.
    var diedAbnormally: Bool { isReaped && !isStopped && status != 0 }

    /// Kills the process group and reaps the process; closes the pipes.
    func stop() {
        if input >= 0 { close(input); input = -1 }
        if output >= 0 { close(output); output = -1 }
        if !isStopped {
            isStopped = true
            // The group may hold the engine's own children even after the shell exited.
            kill(-pid, SIGKILL)
            if !isReaped { ChildProcess.stop(pid) } else { ChildProcess.endEscaped(afterKilling: pid) }
            ProcessGroups.remove(pid)
            ProcessGroups.engineObserver?(pid, false)
            // What it wrote last reaches our stderr before we go on (the pipe
            // closes as the group dies; a child outside it may hold it open).
            if engineErrors?.passesThrough == true { errors?.waitForEnd(milliseconds: 100) }
        }
        isReaped = true
    }

    deinit {
        stop()
        chunk.deallocate()
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
