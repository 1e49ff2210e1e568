// ShellQuoting: the commands a report prints, quoted so that they paste
// into `sh` as they are (a test suite's report names files with spaces).
import Foundation

/// Quotes an argument for a shell command line a user can paste: as it is
/// when every character is safe, else in single quotes.
///
///     shellQuoted("Corpus/findings/0123.case")   // Corpus/findings/0123.case
///     shellQuoted("python3 engine.py")           // 'python3 engine.py'
package func shellQuoted(_ argument: String) -> String {
    let safe = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=,".contains($0) }
    return safe && !argument.isEmpty ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// How the user ran diffcheck, for the commands a report prints: the path
/// that was run when it was run by path (`/opt/bin/diffcheck`,
/// `.build/release/diffcheck`: it need not be on PATH), `diffcheck` when it
/// was found on PATH.
package func invokedCommand(_ argument0: String = CommandLine.arguments.first ?? "diffcheck") -> String {
    argument0.contains("/") ? argument0 : "diffcheck"
}
