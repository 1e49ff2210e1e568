// CaseCommand: `diffcheck case`, case N of a seed's campaign as a file.
import CommandOptions
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// `diffcheck case`'s options.
struct CaseOptions: EngineCommandOptions {
    static var labelWidth: Int { 21 }

    @Option("--case", "N", help: "the case's number in the campaign (0 is the first)", .wholeNumber)
    var number: Int?

    @Flag("--request", help: "write the request line an engine is sent")
    var writesRequest: Bool

    @Option("--output", "FILE", help: "write to FILE instead of stdout", .text)
    var output: String?

    var common = EngineOptions()
}

enum CaseCommand {
    static let help = CaseOptions.help(usage: "Usage: diffcheck case --case N [--seed S] [OPTIONS]", description: """
    Writes case N of seed S (default 1) as a campaign with the same options
    generates it (`fuzz`, the random part of `check`): the same size
    schedule, or every case of --size; --max-size, --flat, --no-duplicates
    and --shapes as the campaign had them; flat when the engine is
    flat-only (--engine, or what an --engine-cmd engine declares). By
    default it is a case file on stdout: `old:` and `new:` in the case
    format and `expect: pass` (and `engine:` when --engine or --engine-cmd
    names one), which `diffcheck repro` and `show` read. With --request it
    is the engine protocol's request line instead, `{"old": …, "new": …}`,
    exactly what the campaign sends the engine for that case.
    """, footer: """
    Exit codes: 0 the case is written; 2 bad usage (no --case, a number
    that is not one, an unknown engine, an --engine-cmd command that cannot
    run) or a FILE that cannot be written.
    """)

    static func run(_ arguments: [String]) -> Int32 {
        let options: CaseOptions
        do { options = try CaseOptions.readProbingEngine(arguments, command: "case", help: help) } catch { return error.code }
        guard let number = options.number else {
            printError("diffcheck case: give the case's number, --case N\n\n\(help)")
            return ExitCode.usage
        }
        var generatorOptions = options.generator
        var engineLine: String?
        if options.engineCommand != nil {
            // What the engine declares (flat-only) is in the options already (EngineProbing).
            engineLine = EngineKind.external.name
        } else {
            guard let engine = EngineCatalog.engine(named: options.engineName) else {
                printError("diffcheck case: unknown engine '\(options.engineName)' (see `diffcheck engines`)")
                return ExitCode.usage
            }
            generatorOptions = generatorOptions.forEngine(engine)
            if options.common.$engineName { engineLine = options.engineName }
        }
        let (old, new) = PairGenerator(options: generatorOptions).campaignSnapshots(seed: options.seed, n: number)
        var text: String
        if options.writesRequest {
            text = SnapshotJSON.request(old: old, new: new) + "\n"
        } else {
            let given = arguments.enumerated().filter { index, argument in
                argument != "--output" && (index == 0 || arguments[index - 1] != "--output")
            }.map { shellQuoted($0.element) }
            let comment = "case \(number) of seed \(options.seed), as a campaign generates it: diffcheck case " + given.joined(separator: " ")
            text = CasePrinter.text(Case(comments: [comment], old: old, new: new)) + "expect: pass\n"
            if options.profile != .strict { text += "profile: \(options.profile.rawValue)\n" }
            if let engineLine { text += "engine: \(engineLine)\n" }
        }
        guard let path = options.output else {
            print(text, terminator: "")
            return ExitCode.success
        }
        if let problem = writeFile(text, to: path) {
            printError("\(path): error: cannot write the file: \(problem)")
            return ExitCode.usage
        }
        return ExitCode.success
    }
}

/// Writes `text` to the file at `path` (made, or emptied first); nil, or
/// what the system said went wrong.
private func writeFile(_ text: String, to path: String) -> String? {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard file >= 0 else { return String(cString: strerror(errno)) }
    defer { close(file) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return String(cString: strerror(errno)) }
        bytes = bytes.dropFirst(written)
    }
    return nil
}
