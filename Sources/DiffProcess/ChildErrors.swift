// ChildErrors: what a child process writes to stderr. Each child's stderr
// is a pipe drained by a thread of its own (`ErrorTail`), so that a chatty
// child never blocks; what it wrote is kept as a bounded excerpt
// (`ErrorExcerpt`: the first and last lines, each cut short) for the
// report. An external engine's stderr passes through to ours as it comes,
// except where it is kept from ours (`EngineErrors`): always for an engine
// diffcheck runs itself, and while a user's engine is shrunk, where every
// candidate that traps would print its backtrace. What passes through is
// read a line at a time (`EngineErrorStream`), so that a trap's report
// (`Fatal error: …`, its backtrace, the shell's `Illegal instruction`)
// passes through once, bounded, and the later ones are counted
// (`TrapReports`).
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bounded excerpt of what a child wrote to stderr: its first
/// `keptAtEachEnd` non-empty lines and its last ones, each cut at
/// `lineLength` characters, how many lines there were, and the line that
/// best explains how it died. Memory stays bounded however much it writes.
package struct ErrorExcerpt: Hashable, Sendable {
    /// Lines kept at the start and at the end.
    package static let keptAtEachEnd = 5
    /// Characters kept of a line.
    package static let lineLength = 300
    /// Bytes of one line looked at (for `Fatal error`); the rest is skipped.
    static let scannedLineBytes = 4096

    /// The first lines, whitespace trimmed, cut short.
    package private(set) var first: [String] = []
    /// The last lines after `first`, oldest first.
    package private(set) var last: [String] = []
    /// How many non-empty lines were written.
    package private(set) var lineCount = 0
    private var lastFatal: String?
    private var lastError: String?
    /// The line being read, up to `scannedLineBytes`.
    private var partial: [UInt8] = []

    /// An empty excerpt: nothing written yet.
    package init() {}

    /// Takes more of the child's stderr.
    package mutating func append<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var rest = bytes[...]
        while let newline = rest.firstIndex(of: 10) {
            take(rest[..<newline])
            endLine()
            rest = rest[rest.index(after: newline)...]
        }
        take(rest)
    }

    /// Ends the last line, if the child did not.
    package mutating func finish() {
        endLine()
    }

    private mutating func take(_ bytes: some Collection<UInt8>) {
        let room = ErrorExcerpt.scannedLineBytes - partial.count
        if room > 0 { partial += bytes.prefix(room) }
    }

    private mutating func endLine() {
        defer { partial.removeAll(keepingCapacity: true) }
        let text = String(decoding: partial, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return }
        let line = text.count > ErrorExcerpt.lineLength ? String(text.prefix(ErrorExcerpt.lineLength)) + "…" : text
        lineCount += 1
        if text.contains("Fatal error") { lastFatal = line }
        if text.lowercased().contains("error") { lastError = line }
        if first.count < ErrorExcerpt.keptAtEachEnd {
            first.append(line)
            return
        }
        last.append(line)
        if last.count > ErrorExcerpt.keptAtEachEnd { last.removeFirst() }
    }

    /// The line that best explains how the child died: the last saying
    /// `Fatal error`, else the last saying `error`, else the last line.
    package var explanation: String? {
        lastFatal ?? lastError ?? last.last ?? first.last
    }

    /// Whether nothing but blank lines was written.
    package var isEmpty: Bool { lineCount == 0 }

    /// The excerpt to print: the first lines, a line saying how many are
    /// left out (if any), the last lines.
    package var lines: [String] {
        let leftOut = lineCount - first.count - last.count
        return first + (leftOut > 0 ? ["… \(leftOut) line\(leftOut == 1 ? "" : "s") left out …"] : []) + last
    }

    /// What the excerpt holds, in words: "its 3 lines", "the first 5 and
    /// last 5 of its 16 lines".
    package var extent: String {
        let kept = first.count + last.count
        if kept == lineCount { return "its \(lineCount) line\(lineCount == 1 ? "" : "s")" }
        return "the first \(first.count) and last \(last.count) of its \(lineCount) lines"
    }
}

/// Where an external engine's stderr goes, for every process it starts:
/// through to ours as it comes, or kept from ours — always (`isAlwaysKept`,
/// an engine diffcheck runs itself), or while `beginKeeping` is in effect
/// (a user's engine while it is shrunk) — and what was kept meanwhile, for
/// one note at the end.
package final class EngineErrors: @unchecked Sendable {
    private let lock = NSLock()
    /// Whether it never passes through.
    package let isAlwaysKept: Bool
    /// Nested `beginKeeping` scopes open; guarded by `lock`.
    private var keeping = 0
    /// Whether the outermost scope began while passing through; guarded by `lock`.
    private var isScopeNoted = false
    /// Lines kept from ours in the outermost scope; guarded by `lock`.
    private var keptLines = 0
    /// The excerpt of the first process that died in the outermost scope; guarded by `lock`.
    private var firstDeath: ErrorExcerpt?

    /// Passes the engine's stderr through to ours (but while `beginKeeping`
    /// is in effect), or, when `isAlwaysKept`, never.
    package init(isAlwaysKept: Bool) {
        self.isAlwaysKept = isAlwaysKept
    }

    /// Whether what the engine writes now reaches our stderr.
    package var passesThrough: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isPassing
    }

    /// `passesThrough`, with `lock` held.
    private var isPassing: Bool { !isAlwaysKept && keeping == 0 }

    /// What a drain read of one process's stderr (`stream`): written to
    /// our stderr a line at a time (a trap's report as `TrapReports` says),
    /// or counted as kept.
    func take(_ bytes: ArraySlice<UInt8>, from stream: EngineErrorStream) {
        lock.lock()
        let passes = isPassing
        if !passes { keptLines += bytes.reduce(0) { $1 == 10 ? $0 + 1 : $0 } }
        lock.unlock()
        guard passes else {
            stream.partial.removeAll()
            return
        }
        var rest = bytes
        while let newline = rest.firstIndex(of: 10) {
            stream.partial += rest[...newline]
            rest = rest[rest.index(after: newline)...]
            pass(stream.takeLine(), from: stream)
        }
        stream.partial += rest
        // A line too long to hold goes through as it is.
        if stream.partial.count >= EngineErrorStream.longestHeldLine { pass(stream.takeLine(), from: stream) }
    }

    /// The end of a process's stderr: its last line, if it did not end it,
    /// and how much of its trap's report was left out.
    func end(_ stream: EngineErrorStream) {
        guard passesThrough else { return }
        if !stream.partial.isEmpty { pass(stream.takeLine(), from: stream) }
        if let note = TrapReports.shared.end(stream) { EngineErrors.write(Array(note.utf8)[...]) }
    }

    /// Writes `line` to our stderr, or counts it, as the trap reports say.
    private func pass(_ line: [UInt8], from stream: EngineErrorStream) {
        for text in TrapReports.shared.shown(line, from: stream) { EngineErrors.write(text[...]) }
    }

    /// A process of the engine ended having written `excerpt`; `isDeath`:
    /// it did not exit with status 0 (a signal, a failure status). The
    /// first death while a scope keeps its stderr is kept for the scope's note.
    func noteEnd(_ excerpt: ErrorExcerpt, isDeath: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if isDeath && keeping > 0 && firstDeath == nil && !excerpt.isEmpty { firstDeath = excerpt }
    }

    /// Keeps the engine's stderr from ours until the matching `endKeeping`.
    package func beginKeeping() {
        lock.lock()
        defer { lock.unlock() }
        if keeping == 0 {
            isScopeNoted = isPassing
            keptLines = 0
            firstDeath = nil
        }
        keeping += 1
    }

    /// Ends a `beginKeeping`; at the end of the outermost one, the note on
    /// what was kept (`activity`: "shrinking"), or nil when the engine wrote
    /// nothing, or when it was not passing through at the scope's start.
    package func endKeeping(activity: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        keeping -= 1
        guard keeping == 0, isScopeNoted, keptLines > 0 || firstDeath != nil else { return nil }
        var note = "diffcheck: while \(activity), the engine wrote \(keptLines) line\(keptLines == 1 ? "" : "s") to stderr, "
            + "not shown (engines started meanwhile had SWIFT_BACKTRACE=enable=no)"
        if let firstDeath {
            note += "; the first engine process that died wrote (\(firstDeath.extent), each cut at \(ErrorExcerpt.lineLength) characters):"
            for line in firstDeath.lines { note += "\n    " + line }
        }
        return note + "\n"
    }

    /// Writes to our stderr, whole, without SIGPIPE if it is closed.
    private static func write(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                let written = ChildProcess.writeIgnoringBrokenPipe(2, buffer.baseAddress! + sent, buffer.count - sent)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                sent += written
            }
        }
    }
}

/// One engine process's stderr as it passes through to ours: the line
/// being read, and whether it has begun a trap's report (after which every
/// line of it is the report's: a dying process writes nothing else).
final class EngineErrorStream: @unchecked Sendable {
    /// Bytes of a line held until it ends, at most; a longer one goes
    /// through in pieces.
    static let longestHeldLine = 65_536
    /// The line being read (only its drain's thread touches it).
    var partial: [UInt8] = []
    /// Whether a trap's report has begun, and whether it is the one shown;
    /// guarded by `TrapReports`' lock.
    var isInTrap = false
    var isShownTrap = false
    /// Lines of its trap's report shown and left out; guarded by `TrapReports`' lock.
    var trapLinesShown = 0
    var trapLinesLeftOut = 0

    init() {}

    /// The line read so far, and a fresh start.
    func takeLine() -> [UInt8] {
        defer { partial.removeAll(keepingCapacity: true) }
        return partial
    }
}

/// The trap reports that engine processes write on the way through to our
/// stderr: the first passes through, cut at `shownLines`; each later one
/// is counted, its first line (the reason) shown when no report before had
/// that reason. A campaign of an engine that traps on every fifth case
/// would otherwise write a backtrace of twenty lines for each
/// (`withheldNote` says how many were left out, at the end).
final class TrapReports: @unchecked Sendable {
    /// The one reports are counted in, for the whole process.
    static let shared = TrapReports()
    /// Lines shown of the first trap's report.
    static let shownLines = 30
    /// Reasons shown of later traps, at most.
    static let shownReasons = 10
    /// Words that begin a trap's report: Swift's runtime (`Fatal error: …`,
    /// then `Current stack trace:` or its backtracer's `Program crashed:`),
    /// and Python's traceback.
    static let beginnings = ["Fatal error:", "Current stack trace:", "Program crashed:", "Traceback (most recent call last):"]

    private let lock = NSLock()
    /// Whether a report was shown; the reasons seen; the reports and lines left out. Guarded by `lock`.
    private var hasShownReport = false
    private var reasons: Set<[UInt8]> = []
    private var reportsLeftOut = 0
    private var linesLeftOut = 0

    /// What to write of `line` from `stream`: the line itself, nothing (a
    /// line of a later report), or a note before it (the first report left out).
    func shown(_ line: [UInt8], from stream: EngineErrorStream) -> [[UInt8]] {
        lock.lock()
        defer { lock.unlock() }
        if !stream.isInTrap {
            let text = String(decoding: line.prefix(4096), as: UTF8.self)
            guard TrapReports.beginnings.contains(where: text.contains) else { return [line] }
            stream.isInTrap = true
            stream.isShownTrap = !hasShownReport
            hasShownReport = true
            let reason = line.last == 10 ? Array(line.dropLast()) : line
            let isNewReason = reasons.insert(reason).inserted
            if !stream.isShownTrap {
                reportsLeftOut += 1
                var written: [[UInt8]] = []
                if reportsLeftOut == 1 {
                    written.append(Array(("diffcheck: the engine trapped again; the reports of its later traps are counted, not shown "
                                          + "(a new reason is shown in one line)\n").utf8))
                }
                if isNewReason && reasons.count <= TrapReports.shownReasons { written.append(line) } else { linesLeftOut += 1 }
                return written
            }
        }
        guard stream.isShownTrap, stream.trapLinesShown < TrapReports.shownLines else {
            if stream.isShownTrap { stream.trapLinesLeftOut += 1 } else { linesLeftOut += 1 }
            return []
        }
        stream.trapLinesShown += 1
        return [line]
    }

    /// The note at the end of the shown report, when lines of it were left out.
    func end(_ stream: EngineErrorStream) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard stream.isShownTrap, stream.trapLinesLeftOut > 0 else { return nil }
        return "diffcheck: … and \(stream.trapLinesLeftOut) more lines of this trap's report, not shown\n"
    }

    /// How many trap reports were left out, in a line, or nil when none was.
    var withheldNote: String? {
        lock.lock()
        defer { lock.unlock() }
        guard reportsLeftOut > 0 else { return nil }
        return "diffcheck: the engine's processes trapped \(reportsLeftOut) more time\(reportsLeftOut == 1 ? "" : "s") "
            + "after the report shown; their reports (\(linesLeftOut) line\(linesLeftOut == 1 ? "" : "s")) were not shown"
    }
}

extension EngineErrors {
    /// The line that says how many engine trap reports this process left
    /// out of its stderr (`TrapReports`), or nil when it left none out.
    package static var withheldTrapsNote: String? { TrapReports.shared.withheldNote }
}

/// What a child writes to a pipe (its stderr), read by a thread of its own
/// until the pipe closes, so that a chatty child never blocks on a full
/// pipe, whatever its parent is waiting for. It keeps a bounded excerpt
/// (`ErrorExcerpt`); an engine's drain also hands each read to the
/// engine's `EngineErrors`, which passes it through to our stderr or not.
package final class ErrorTail: @unchecked Sendable {
    private let lock = NSLock()
    private var excerptSoFar = ErrorExcerpt()
    /// Signalled when the pipe has closed and everything is read.
    private let finished = DispatchSemaphore(value: 0)
    /// The pipe, while the drain reads it (-1 once it has closed it).
    private var descriptor: Int32
    /// Whether the drain is handing on what it read (not waiting in read(2)).
    private var isHandling = false

    /// Starts draining `descriptor` (which it closes at the end); the
    /// lines that begin with `passing` (a child's own messages for the
    /// user, say) go on to our stderr as they come.
    package init(draining descriptor: Int32, into destination: EngineErrors? = nil, passing prefix: String? = nil) {
        let prefix = prefix.map { Array($0.utf8) }
        self.descriptor = descriptor
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            let stream = EngineErrorStream()
            var line: [UInt8] = []
            var mayMatch = true
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                lock.lock()
                isHandling = true
                lock.unlock()
                if let prefix {
                    for byte in chunk[..<count] {
                        // A line is kept only while it may still begin with the prefix, and bounded.
                        if byte == 10 {
                            if mayMatch && line.count >= prefix.count {
                                line.append(byte)
                                _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
                            }
                            line.removeAll(keepingCapacity: true)
                            mayMatch = true
                            continue
                        }
                        if line.count < prefix.count && prefix[line.count] != byte { mayMatch = false }
                        if mayMatch && line.count < 4_096 { line.append(byte) }
                    }
                }
                destination?.take(chunk[..<count], from: stream)
                lock.lock()
                excerptSoFar.append(chunk[..<count])
                isHandling = false
                lock.unlock()
            }
            destination?.end(stream)
            lock.lock()
            close(descriptor)
            self.descriptor = -1
            lock.unlock()
            finished.signal()
        }
    }

    /// Waits up to `milliseconds` for the drain to have handed on every
    /// byte already in the pipe (a loaded machine may starve its thread):
    /// what a child wrote before now is then where it goes.
    /// It is caught up when the pipe is empty and the drain is waiting in
    /// read(2), twice in a row 1 ms apart (a read that has just returned
    /// has not yet said it is handing on).
    package func catchUp(milliseconds: Int) {
        let deadline = DispatchTime.now() + .milliseconds(milliseconds)
        var caughtUpBefore = false
        while DispatchTime.now() < deadline {
            lock.lock()
            var unread: Int32 = 0
            let isClosed = descriptor < 0
            let isCaughtUp = isClosed || (!isHandling && ioctl(descriptor, UInt(FIONREAD), &unread) == 0 && unread == 0)
            lock.unlock()
            if isClosed || (isCaughtUp && caughtUpBefore) { return }
            caughtUpBefore = isCaughtUp
            usleep(1_000)
        }
    }

    /// Waits up to `milliseconds` for the pipe to close; whether it has.
    @discardableResult
    package func waitForEnd(milliseconds: Int) -> Bool {
        guard finished.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else { return false }
        finished.signal()
        return true
    }

    /// What the child wrote, after waiting up to half a second for the rest
    /// (a child that has died closes its end; one of its own children may
    /// keep it open).
    package var excerpt: ErrorExcerpt {
        waitForEnd(milliseconds: 500)
        lock.lock()
        var excerpt = excerptSoFar
        lock.unlock()
        excerpt.finish()
        return excerpt
    }

    /// The line that best explains how the child died (`ErrorExcerpt.explanation`).
    package var explanation: String? {
        excerpt.explanation
    }
}
