// ChildErrors: what a child process writes to stderr. Each child's stderr
// is a pipe drained by a thread of its own (`ErrorTail`), so that a chatty
// child never blocks; what it wrote is kept as a bounded excerpt
// (`ErrorExcerpt`: the first and last lines, each cut short) for the
// report. An external engine's stderr passes through to ours as it comes,
// except where it is kept from ours (`EngineErrors`): always for an engine
// diffcheck runs itself, and while a user's engine is shrunk, where every
// candidate that traps would print its backtrace.
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
public struct ErrorExcerpt: Hashable, Sendable {
    /// Lines kept at the start and at the end.
    public static let keptAtEachEnd = 5
    /// Characters kept of a line.
    public static let lineLength = 300
    /// Bytes of one line looked at (for `Fatal error`); the rest is skipped.
    static let scannedLineBytes = 4096

    /// The first lines, whitespace trimmed, cut short.
    public private(set) var first: [String] = []
    /// The last lines after `first`, oldest first.
    public private(set) var last: [String] = []
    /// How many non-empty lines were written.
    public private(set) var lineCount = 0
    private var lastFatal: String?
    private var lastError: String?
    /// The line being read, up to `scannedLineBytes`.
    private var partial: [UInt8] = []

    /// An empty excerpt: nothing written yet.
    public init() {}

    /// Takes more of the child's stderr.
    public mutating func append<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var rest = bytes[...]
        while let newline = rest.firstIndex(of: 10) {
            take(rest[..<newline])
            endLine()
            rest = rest[rest.index(after: newline)...]
        }
        take(rest)
    }

    /// Ends the last line, if the child did not.
    public mutating func finish() {
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
    public var explanation: String? {
        lastFatal ?? lastError ?? last.last ?? first.last
    }

    /// Whether nothing but blank lines was written.
    public var isEmpty: Bool { lineCount == 0 }

    /// The excerpt to print: the first lines, a line saying how many are
    /// left out (if any), the last lines.
    public var lines: [String] {
        let leftOut = lineCount - first.count - last.count
        return first + (leftOut > 0 ? ["… \(leftOut) line\(leftOut == 1 ? "" : "s") left out …"] : []) + last
    }

    /// What the excerpt holds, in words: "its 3 lines", "the first 5 and
    /// last 5 of its 16 lines".
    public var extent: String {
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
public final class EngineErrors: @unchecked Sendable {
    private let lock = NSLock()
    /// Whether it never passes through.
    public let isAlwaysKept: Bool
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
    public init(isAlwaysKept: Bool) {
        self.isAlwaysKept = isAlwaysKept
    }

    /// Whether what the engine writes now reaches our stderr.
    public var passesThrough: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isPassing
    }

    /// `passesThrough`, with `lock` held.
    private var isPassing: Bool { !isAlwaysKept && keeping == 0 }

    /// What a drain read: written to our stderr, or counted as kept.
    func take(_ bytes: ArraySlice<UInt8>) {
        lock.lock()
        let passes = isPassing
        if !passes { keptLines += bytes.reduce(0) { $1 == 10 ? $0 + 1 : $0 } }
        lock.unlock()
        guard passes else { return }
        EngineErrors.write(bytes)
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
    public func beginKeeping() {
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
    public func endKeeping(activity: String) -> String? {
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

/// What a child writes to a pipe (its stderr), read by a thread of its own
/// until the pipe closes, so that a chatty child never blocks on a full
/// pipe, whatever its parent is waiting for. It keeps a bounded excerpt
/// (`ErrorExcerpt`); an engine's drain also hands each read to the
/// engine's `EngineErrors`, which passes it through to our stderr or not.
public final class ErrorTail: @unchecked Sendable {
    private let lock = NSLock()
    private var excerptSoFar = ErrorExcerpt()
    /// Signalled when the pipe has closed and everything is read.
    private let finished = DispatchSemaphore(value: 0)

    /// Starts draining `descriptor` (which it closes at the end).
    public init(draining descriptor: Int32, into destination: EngineErrors? = nil) {
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                destination?.take(chunk[..<count])
                lock.lock()
                excerptSoFar.append(chunk[..<count])
                lock.unlock()
            }
            close(descriptor)
            finished.signal()
        }
    }

    /// Waits up to `milliseconds` for the pipe to close; whether it has.
    @discardableResult
    public func waitForEnd(milliseconds: Int) -> Bool {
        guard finished.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else { return false }
        finished.signal()
        return true
    }

    /// What the child wrote, after waiting up to half a second for the rest
    /// (a child that has died closes its end; one of its own children may
    /// keep it open).
    public var excerpt: ErrorExcerpt {
        waitForEnd(milliseconds: 500)
        lock.lock()
        var excerpt = excerptSoFar
        lock.unlock()
        excerpt.finish()
        return excerpt
    }

    /// The line that best explains how the child died (`ErrorExcerpt.explanation`).
    public var explanation: String? {
        excerpt.explanation
    }
}
