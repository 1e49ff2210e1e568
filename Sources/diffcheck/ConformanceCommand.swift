// ConformanceCommand: `diffcheck conformance export|compare`, the Linux side of the UIKit conformance runner.
import CommandOptions
import DiffHarness
import Foundation
import ListModel

/// `diffcheck conformance export`'s options.
struct ConformanceExportOptions: ParsableOptions {
    static var sectionTitle: String { "Options of export:" }
    static var labelWidth: Int { 16 }
    static func unknownOption(_ argument: String) -> String { "unexpected '\(argument)'" }
    static func unexpectedArgument(_ argument: String) -> String { "unexpected '\(argument)'" }

    @Option("--corpus", "DIR", help: "the uikit-*.case and tableview-*.case files to export (default Corpus/regressions)",
            OptionValue(missing: ConformanceExportOptions.unexpected) { _, text in text })
    var corpus = "Corpus/regressions"

    @Option("--seed", "N", help: "seed of the generated cases (default \(ConformanceSample.defaultSeed))",
            OptionValue(missing: ConformanceExportOptions.unexpected) { (name, text) throws(OptionError) in
                guard let n = UInt64(text) else { throw OptionError("\(name) takes a whole number, not '\(text)'") }
                return n
            })
    var seed = ConformanceSample.defaultSeed

    @Option("--generated", "N", help: "how many generated cases (default \(ConformanceSample.defaultGeneratedCount))",
            OptionValue(missing: ConformanceExportOptions.unexpected) { (name, text) throws(OptionError) in
                guard let n = Int(text), n >= 0 else { throw OptionError("\(name) takes a count, not '\(text)'") }
                return n
            })
    var generated = ConformanceSample.defaultGeneratedCount

    /// An option given last, without its value.
    @Sendable static func unexpected(_ name: String) -> String { "unexpected '\(name)'" }
}

enum ConformanceCommand {
    static let help = ConformanceExportOptions.help(usage: """
    Usage: diffcheck conformance export [--corpus DIR] [--seed N] [--generated N]
           diffcheck conformance compare INPUT OUTPUT
    """, description: """
    The UIKit conformance runner (Tests/UIKitConformanceTests, run on the iOS
    simulator by CI's ios-simulator job) applies batches to a real
    UICollectionView and UITableView and records what they did.

    export    prints the runner's input: every uikit-*.case and tableview-*.case of DIR (default
              Corpus/regressions), then N generated cases (default \(ConformanceSample.defaultGeneratedCount)) of
              seed N (default \(ConformanceSample.defaultSeed)), flat and sectioned, valid and invalid.
    compare   compares a runner's OUTPUT with the model (profile uikit for
              UICollectionView, tableview for UITableView) on the
              INPUT it was given: accept or reject, the message, the cells
              shown; prints each disagreement and a summary.
    """, footer: """
    Exit codes: 0 export written / every case agrees; 1 a disagreement (or a
    case the runner did not judge); 2 bad usage or unreadable input, named
    with file and line.
    """)

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.isEmpty || ["--help", "-h"].contains(arguments[0]) {
            print(help)
            return arguments.isEmpty ? ExitCode.usage : ExitCode.success
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") { print(help); return ExitCode.success }
        switch arguments[0] {
        case "export": return export(rest)
        case "compare": return compare(rest)
        default:
            printError("diffcheck conformance: unknown subcommand '\(arguments[0])'\n\n\(help)")
            return ExitCode.usage
        }
    }

    static func export(_ arguments: [String]) -> Int32 {
        let options: ConformanceExportOptions
        do { options = try ConformanceExportOptions.read(arguments, command: "conformance export", help: help) } catch { return error.code }
        let (corpus, seed, count) = (options.corpus, options.seed, options.generated)
        let (corpusCases, skipped, errors) = ConformanceSample.corpusCases(in: corpus)
        for error in errors { printError(error) }
        for note in skipped { printError("diffcheck conformance export: skipped \(note)") }
        let generated = ConformanceSample.generated(seed: seed, count: count)
        let header = [
            "diffcheck conformance input: \(corpusCases.count + generated.count) cases for the UIKit runner (Tests/UIKitConformanceTests)",
            "\(corpusCases.count) from \(corpus)/uikit-*.case and tableview-*.case, \(generated.count) generated (seed \(seed))",
        ]
        print(ConformanceInput.text(corpusCases + generated, header: header), terminator: "")
        let rejected = generated.filter { if case .failure = $0.modelVerdict { return true } else { return false } }.count
        let flat = generated.filter { $0.old.isFlat && $0.data.isFlat }.count
        printError("conformance export: \(corpusCases.count) corpus cases, \(generated.count) generated (seed \(seed)): "
                   + "\(flat) flat, \(generated.count - flat) sectioned; the model rejects \(rejected), accepts \(generated.count - rejected)")
        return errors.isEmpty ? ExitCode.success : ExitCode.usage
    }

    static func compare(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2 else { return usage("compare takes INPUT and OUTPUT") }
        let (inputPath, outputPath) = (arguments[0], arguments[1])
        guard let inputText = readText(inputPath), let outputText = readText(outputPath) else { return ExitCode.usage }
        let input: [ConformanceCase], output: [RecordedCase]
        switch ConformanceInput.cases(fromText: inputText, file: inputPath) {
        case .success(let cases): input = cases
        case .failure(let error): printError("\(error)"); return ExitCode.usage
        }
        switch ConformanceOutput.recorded(fromText: outputText, file: outputPath) {
        case .success(let cases): output = cases
        case .failure(let error): printError("\(error)"); return ExitCode.usage
        }
        let report: ConformanceReport
        do { report = try ConformanceReport(input: input, output: output, outputFile: outputPath) } catch {
            printError("\(error)")
            return ExitCode.usage
        }
        for line in report.lines { print(line) }
        return report.isAgreement ? ExitCode.success : ExitCode.failure
    }

    private static func readText(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("\(path): error: cannot read the file")
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            printError("\(path): error: not UTF-8 text")
            return nil
        }
        return text
    }

    private static func usage(_ message: String) -> Int32 {
        printError("diffcheck conformance: \(message)\n\n\(help)")
        return ExitCode.usage
    }
}
