// CrashDescription: how an engine that died is described in reports: the
// signal that ended it, and the line of its stderr that explains why.
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The line of an engine's stderr that best explains how it died: the last
/// one saying `Fatal error` or `error` (a Swift trap prints the first, then
/// perhaps a stack), else the last non-empty line; at most 300 characters.
public func explanatoryLine(_ errors: [UInt8]) -> String? {
    let lines = String(decoding: errors, as: UTF8.self).split(separator: "\n")
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    let line = lines.last { $0.contains("Fatal error") } ?? lines.last { $0.lowercased().contains("error") } ?? lines.last
    return line.map { $0.count > 300 ? String($0.prefix(300)) + "…" : $0 }
}

/// The name of a signal that ends a crashed engine, with what it usually
/// means for a Swift program (`SIGILL: a Swift trap`), or nil for others.
public func signalName(_ signal: Int32) -> String? {
    switch signal {
    case SIGILL: return "SIGILL: a Swift trap"
    case SIGTRAP: return "SIGTRAP: a Swift trap"
    case SIGABRT: return "SIGABRT"
    case SIGSEGV: return "SIGSEGV"
    case SIGKILL: return "SIGKILL"
    case SIGBUS: return "SIGBUS"
    default: return nil
    }
}

/// The last few kilobytes a child process writes to a pipe (its stderr),
/// read by a thread of its own until the pipe closes, so that a chatty child
/// never blocks on a full pipe, whatever its parent is waiting for.
public final class ErrorTail: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    /// Signalled when the pipe has closed and everything is read.
    private let finished = DispatchSemaphore(value: 0)

    /// Starts draining `descriptor` (which it closes at the end).
    public init(draining descriptor: Int32) {
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                lock.lock()
                bytes += chunk[..<count]
                if bytes.count > 8192 { bytes.removeFirst(bytes.count - 4096) }
                lock.unlock()
            }
            close(descriptor)
            finished.signal()
        }
    }

    /// The line that best explains how the child died (`explanatoryLine`),
    /// after waiting up to half a second for the rest of its stderr (a child
    /// that has died closes it; one of its own children may keep it open).
    public var explanation: String? {
        if finished.wait(timeout: .now() + .milliseconds(500)) == .success { finished.signal() }
        lock.lock()
        defer { lock.unlock() }
        return explanatoryLine(bytes)
    }
}
