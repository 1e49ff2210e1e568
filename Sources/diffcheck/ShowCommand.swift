// ShowCommand: `diffcheck show FILE`, a case drawn for a person.
import DiffHarness
import ListModel

enum ShowCommand {
    static let help = """
    Usage: diffcheck show FILE [--engine NAME] [--profile P]

    Draws a case: old and new side by side, section by section, each item's
    fate marked (kept, moved with an arrow to its new place, deleted,
    inserted, reloaded, stale). A case without `batch:` lines is drawn with
    the stages the engine (its `engine:` line, or --engine, default core)
    produces.

    \(exitCodeHelp)
    """

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do { options = try Options(arguments) } catch {
            printError("diffcheck show: \(error)\n\n\(help)")
            return ExitCode.usage
        }
        if options.isHelp { print(help); return ExitCode.success }
        guard !options.positional.isEmpty else {
            printError("diffcheck show: give a case file\n\n\(help)")
            return ExitCode.usage
        }
        var code = ExitCode.success
        let engines = IsolatedEngines(timeout: options.timeout)
        for path in options.positional {
            guard let c = readCase(path, command: "show") else { code = ExitCode.usage; continue }
            var stages: [Stage]? = c.stages.isEmpty ? nil : c.stages
            var title = "stages from the file"
            if stages == nil {
                let engine = c.engine.flatMap(engines.engine(named:)) ?? (try? options.isolatedEngine(engines))
                switch engine?.diff(old: c.old, new: c.new) {
                case .stages(let produced):
                    stages = produced
                    title = "stages from engine \(engine?.name ?? "")"
                case .refusal(let reason):
                    title = "engine \(engine?.name ?? "") gave no stages: \(reason)"
                case nil:
                    break
                }
            }
            print("== \(path) (\(title))")
            for comment in c.comments { print("# \(comment)") }
            print(CaseDrawing.draw(old: c.old, new: c.new, stages: stages, profile: c.profile ?? options.profile))
            if let stages {
                for line in CasePrinter.stageLines(stages, isFlat: c.old.isFlat && c.new.isFlat) { print(line) }
            }
        }
        return code
    }
}
