// CrashDescription: how a child that died is described in reports: the
// signal that ended it, by name and by what it usually means, whether it
// came straight from wait(2) or through a shell's exit status, and the line
// of its stderr that explains why.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The line of a child's stderr that best explains how it died: the last
/// one saying `Fatal error` or `error` (a Swift trap prints the first, then
/// perhaps a stack), else the last non-empty line; at most 300 characters.
package func explanatoryLine(_ errors: [UInt8]) -> String? {
    var excerpt = ErrorExcerpt()
    excerpt.append(errors)
    excerpt.finish()
    return excerpt.explanation
}

/// The conventional name of a signal (`SIGILL`), or nil for one without a
/// name here (a real-time signal, say).
package func signalName(_ signal: Int32) -> String? {
    switch signal {
    case SIGHUP: return "SIGHUP"
    case SIGINT: return "SIGINT"
    case SIGQUIT: return "SIGQUIT"
    case SIGILL: return "SIGILL"
    case SIGTRAP: return "SIGTRAP"
    case SIGABRT: return "SIGABRT"
    case SIGBUS: return "SIGBUS"
    case SIGFPE: return "SIGFPE"
    case SIGKILL: return "SIGKILL"
    case SIGUSR1: return "SIGUSR1"
    case SIGSEGV: return "SIGSEGV"
    case SIGUSR2: return "SIGUSR2"
    case SIGPIPE: return "SIGPIPE"
    case SIGALRM: return "SIGALRM"
    case SIGTERM: return "SIGTERM"
    case SIGXCPU: return "SIGXCPU"
    case SIGXFSZ: return "SIGXFSZ"
    case SIGSYS: return "SIGSYS"
    default: return nil
    }
}

/// What a signal that ended a child usually means, for someone whose engine
/// is a Swift program: a Swift runtime trap is SIGILL on x86-64 (`ud2`) and
/// SIGTRAP on arm64 (`brk`). Nil for a signal without a name here.
package func signalMeaning(_ signal: Int32) -> String? {
    switch signal {
    case SIGILL, SIGTRAP:
        return "a Swift runtime trap (fatalError, precondition, force-unwrap of nil, array index out of range)"
    case SIGABRT: return "abort (abort(), a failed C assert, an uncaught C++ or Objective-C exception, a corrupted heap)"
    case SIGSEGV: return "a memory fault (a bad pointer, or a stack overflow from deep recursion)"
    case SIGBUS: return "a memory fault (an unmapped or misaligned address)"
    case SIGFPE: return "an arithmetic fault (an integer division by zero in C code)"
    case SIGKILL: return "killed at once: it cannot be caught or ignored"
    case SIGTERM: return "asked to terminate, and it did not handle it"
    case SIGINT: return "interrupted (Ctrl-C)"
    case SIGHUP: return "its terminal hung up"
    case SIGQUIT: return "quit (Ctrl-\\)"
    case SIGPIPE: return "it wrote to a pipe no one reads any more"
    case SIGALRM: return "an alarm it did not handle"
    case SIGUSR1, SIGUSR2: return "a user signal it did not handle"
    case SIGXCPU: return "over its CPU time limit (ulimit -t)"
    case SIGXFSZ: return "over its file size limit (ulimit -f)"
    case SIGSYS: return "a system call it may not make"
    default: return nil
    }
}

/// A signal in words: `signal 4, SIGILL: a Swift runtime trap (…)`, or
/// `signal 40` for one without a name here.
package func describeSignal(_ signal: Int32) -> String {
    guard let name = signalName(signal) else { return "signal \(signal)" }
    return "signal \(signal), \(name)" + (signalMeaning(signal).map { ": " + $0 } ?? "")
}

/// The signal a shell's exit status stands for, or nil.
///
/// A shell reports a command that a signal killed as exit status 128 + N
/// (POSIX only says "greater than 128"; dash, bash, zsh and busybox sh all
/// use 128 + N): an engine run as `/bin/sh -c COMMAND` that traps reads
/// "exited with status 132" when the shell outlives it (`cd dir && ./engine`),
/// and "killed by signal 4" when the shell replaced itself with it (`exec
/// ./engine`, or a shell's own last-command exec). So a status in
/// 129...128 + 31 (the classic signals, common to Linux and macOS) is read as
/// a signal, for a child started through a shell only. The reading is a
/// heuristic: an engine that itself exits with 132 is misread, which is
/// why the report says the shell's status too.
package func signalFromShellStatus(_ code: Int32) -> Int32? {
    (129...(128 + 31)).contains(code) ? code - 128 : nil
}
