// TriageCommand: `diffcheck triage [FILE|-]`, a UIKit crash log made a case.
import CommandOptions
import DiffHarness
import DiffTriage
import Foundation
import ListModel

/// `diffcheck triage`'s arguments: one log, or `-`; no options.
struct TriageOptions: ParsableOptions {
    static let oneLog = "give one crash log file, or - for standard input"
    static func unknownOption(_ argument: String) -> String { oneLog }

    @Positionals var positional: [String]
}

enum TriageCommand {
    static let help = """
    Usage: diffcheck triage [FILE|-]

    Reads a crash log or a pasted exception (FILE, or standard input when
    FILE is `-` or missing) and finds its UIKit batch-update exception:
    iOS 16.4's "Invalid batch updates detected: …" with the whole batch, or
    an older message ("Invalid update: invalid number of items in section S.
    …", "… number of sections …", "attempt to delete item I from section S
    …", "attempt to perform an insert and a move to the same index path …",
    and the other messages of UICollectionView's validator). Stack frames,
    Crashlytics and Xcode framing, markdown quoting, wrapped lines and the
    `<NSIndexPath: 0x…> {length = 2, path = 0 - 1}` spelling are tolerated;
    UITableView's rows read as items.

    Prints on stdout the case: placeholder snapshots sized to the logged
    counts, the logged updates as `batch:` (for an older message, the
    smallest case whose counts and offending operation give that message),
    `expect: error` with the logged message and `profile: uikit` (for a
    UITableView's log, `profile: tableview`, in rows). Prints on
    stderr whether the model reproduces the message under each profile,
    what the numbers say, and, when the whole batch is logged, the nearest
    valid batch for those counts.

    A log is untrusted input: a case is built only if the logged counts fit
    in \(TriageCase.sizeBound) items, sections and operations in all (both
    snapshots); errors name the line and column of the log (FILE:LINE:COL)
    and echo at most \(TriageInputError.excerptLength) characters of it.

    Exit codes: 0 the model reproduces the logged message (profile uikit or tableview);
    1 it does not (the case on stdout then fails `diffcheck repro`); 2 no
    batch-update exception in the input, or an unreadable one (saying what
    was expected, and where; a message cut off before its end, or a stack
    without its reason, says what it holds and what is missing), numbers
    over that bound, or an unreadable FILE.
    """

    static func run(_ arguments: [String]) -> Int32 {
        let options: TriageOptions
        do { options = try TriageOptions.read(arguments, command: "triage", help: help) } catch { return error.code }
        guard options.positional.count <= 1, options.positional.first.map({ $0 == "-" || !$0.hasPrefix("-") }) ?? true else {
            printError("diffcheck triage: \(TriageOptions.oneLog)\n\n\(help)")
            return ExitCode.usage
        }
        let path = options.positional.first ?? "-"
        let name = path == "-" ? "<stdin>" : path
        let data: [UInt8]
        switch InputFile.read(path, as: .crashLog) {
        case .success(let read): data = read
        case .failure(let error):
            printError(error.description)
            return ExitCode.usage
        }
        let text = String(decoding: data, as: UTF8.self)
        let report: TriageReport
        do { report = try Triage.triage(text) } catch {
            printError("\(name)\(error.position.map { ":\($0)" } ?? ""): error: \(error)")
            return ExitCode.usage
        }
        print(report.caseText, terminator: "")
        for line in report.explanation { printError(line) }
        return report.isReproduced ? ExitCode.success : ExitCode.failure
    }
}
