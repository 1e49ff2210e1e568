// SignalName: how a process that died of a signal is described in reports.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
