// DiffCommand: `diffcheck diff FILE`, the core's stages in case format.
import CommandOptions
import DiffHarness
import DiffProcess
import ListModel

/// `diffcheck diff`'s options: the engine options.
struct DiffOptions: EngineCommandOptions {
    @Positionals(exactly: 1, else: "give one case file") var positional: [String]
    var common = EngineOptions()
}

enum DiffCommand {
    static let help = DiffOptions.help(usage: "Usage: diffcheck diff FILE [OPTIONS]", description: """
    Prints, in the case format, the stages the engine (default: the core)
    produces for the case's old and new snapshots: a case with `batch:` (and
    `then:`) lines that `diffcheck repro` replays and passes.
    """, footer: exitCodeHelp)

    static func run(_ arguments: [String]) -> Int32 {
        let options: DiffOptions, engine: any DiffEngine
        do { (options, engine, _) = try DiffOptions.readWithEngine(arguments, command: "diff", help: help) } catch { return error.code }
        guard let c = readCase(options.positional[0], command: "diff") else { return ExitCode.usage }
        switch engine.diff(old: c.old, new: c.new) {
        case .refusal(let reason):
            printError("diffcheck diff: the engine refused the case: \(reason)")
            return ExitCode.failure
        case .failure(let failure):
            printError("diffcheck diff: the engine failed on the case: \(failure.reason)")
            return ExitCode.failure
        case .stages(let stages):
            let out = Case(comments: ["stages of engine \(engine.name) for \(options.positional[0])"],
                           old: c.old, new: c.new, stages: stages, expectation: .pass, profile: c.profile)
            print(CasePrinter.text(out), terminator: "")
            return ExitCode.success
        }
    }
}
