// ExitCode: the exit codes every command shares, and how a command says what went wrong.
import DiffHarness
import Foundation

/// Exit codes, the same for every subcommand.
enum ExitCode {
    /// Everything holds.
    static let success: Int32 = 0
    /// A property failed or a case missed its expectation.
    static let failure: Int32 = 1
    /// Bad usage or unreadable input (named with file and line).
    static let usage: Int32 = 2
    /// The run broke off, for want of processes to run it (`fuzz`: its
    /// workers kept dying outside any case): neither a verdict on the
    /// engine nor a fault of the command line.
    static let brokenRun: Int32 = 3
    /// Nothing failed, but the campaign judged less than it was asked
    /// (`RandomPartReport.judgedLessThanAsked`): never a silent 0.
    static let unjudged: Int32 = GateResult.unjudgedCode
    /// `check` stopped by `signal` (Ctrl-C: SIGINT) before anything failed:
    /// 128 + its number, as a shell reports a command a signal stopped.
    static func interrupted(by signal: Int32) -> Int32 { 128 + signal }
}

let exitCodeHelp = """
Exit codes: 0 everything holds; 1 a property failed or a case missed its
expectation; 2 bad usage or unreadable input (named with file and line; the
rest still runs); fuzz only: 3 the run broke off, its workers dying outside
any case; check and fuzz: 4 nothing failed, but cases were not judged (past
the engine's limits, still running past --timeout when the time was up, or
not reached within check's budget), listed by size class; check only: 130
stopped by Ctrl-C before anything failed (128 + the signal: 143 SIGTERM,
129 SIGHUP).
"""

/// A usage error: printed with the command's name, exit code 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
