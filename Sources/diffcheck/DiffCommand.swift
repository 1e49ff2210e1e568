// DiffCommand: `diffcheck diff FILE`, the core's stages in case format.
import DiffHarness
import DiffProcess
import ListModel

enum DiffCommand {
    static let help = """
    Usage: diffcheck diff FILE [--engine NAME]

    Prints, in the case format, the stages the engine (default: the core)
    produces for the case's old and new snapshots: a case with `batch:` (and
    `then:`) lines that `diffcheck repro` replays and passes.

    \(exitCodeHelp)
    """

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do { options = try Options(arguments) } catch {
            printError("diffcheck diff: \(error)\n\n\(help)")
            return ExitCode.usage
        }
        if options.isHelp { print(help); return ExitCode.success }
        guard options.positional.count == 1 else {
            printError("diffcheck diff: give one case file\n\n\(help)")
            return ExitCode.usage
        }
        guard let c = readCase(options.positional[0], command: "diff") else { return ExitCode.usage }
        let engine: any DiffEngine
        do { engine = try options.isolatedEngine(IsolatedEngines(timeout: options.timeout, hangTimeout: options.hangTimeout)) } catch { printError("diffcheck diff: \(error)"); return ExitCode.usage }
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
