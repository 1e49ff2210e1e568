// CrashDescription: how an engine that died is described in reports: the
// signal that ended it, and the line of its stderr that explains why.
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
