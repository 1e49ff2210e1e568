// EngineProbing: an `--engine-cmd` engine tried once before a command runs
// it (`EngineProbe`): a command that cannot run ends the run with exit 2,
// and what the engine declares of itself becomes options.
import DiffHarness
import DiffProcess
import Foundation

/// `arguments` with the engine's declaration added as options (`--flat`,
/// `--claims`, `--no-duplicates`, each unless given; a declaration that
/// claims nothing is `--claims deterministic,no-crash`, the two every
/// engine owes), after one probe of
/// the `--engine-cmd` command; the same arguments when there is no
/// `--engine-cmd` or the command will not run it (`--help`, `--recorded`).
/// Throws what makes the command unusable.
func probedArguments(_ arguments: [String]) throws(EngineStartError) -> [String] {
    guard let index = arguments.firstIndex(of: "--engine-cmd"), index + 1 < arguments.count,
          !arguments.contains(where: { ["--help", "-h", "--recorded"].contains($0) }) else { return arguments }
    let command = arguments[index + 1]
    guard !command.allSatisfy(\.isWhitespace) else { return arguments }   // Options says why
    let timeout = arguments.firstIndex(of: "--timeout").flatMap { $0 + 1 < arguments.count ? Double(arguments[$0 + 1]) : nil } ?? 10
    let probed = try EngineProbe.run(command: command, timeout: max(timeout, 0.001))
    guard let declaration = probed.declaration else { return arguments }
    var added: [String] = []
    if declaration.isFlatOnly && !arguments.contains("--flat") { added.append("--flat") }
    if let claims = declaration.claims, !arguments.contains("--claims") {
        // Claiming nothing leaves what every engine owes: `--claims` names them (it takes no empty list).
        let checked = claims.isEmpty ? [.deterministic, .noCrash] : claims
        added += ["--claims", checked.sorted().map(\.rawValue).joined(separator: ",")]
    }
    if declaration.refusesDuplicates && !arguments.contains("--no-duplicates") { added.append("--no-duplicates") }
    if !added.isEmpty {
        printError("diffcheck: the engine declares itself" + (declaration.name.map { " \(shellQuoted($0))" } ?? "")
                   + ": checked as with " + added.joined(separator: " "))
    }
    return arguments + added
}
