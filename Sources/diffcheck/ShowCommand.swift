// ShowCommand: `diffcheck show FILE`, a case drawn for a person.
import CommandOptions
import DiffHarness
import DiffProcess
import ListModel

/// `diffcheck show`'s options.
struct ShowOptions: EngineCommandOptions {
    static var labelWidth: Int { 21 }

    @Positionals(atLeast: 1, else: "give a case file") var positional: [String]

    @Flag("--full", help: "print long batches and comments whole")
    var printsWhole: Bool

    var common = EngineOptions()
}

enum ShowCommand {
    static let help = ShowOptions.help(usage: "Usage: diffcheck show FILE… [OPTIONS]", description: """
    Draws a case: old and new side by side, section by section, each item's
    fate marked (kept, moved with an arrow to its new place, deleted,
    inserted, reloaded, stale). The stages drawn, in this order:
      - the case's own `batch:` lines;
      - else the answer recorded in it (`recorded:` lines: what its engine
        answered when the finding was saved), never another engine's;
      - else the stages its engine (its `engine:` line, or --engine,
        default core) produces now. A case saying `engine: external` is
        drawn with --engine-cmd's stages, and without --engine-cmd it is
        refused (exit 2): diffcheck never runs a command written in a case.
        So is a case naming an engine that is not built in (your own:
        checkEngine saves its cases under the engine's name; they record
        its answer, so they are drawn without running anything).
    For a fetched-results or diffable engine (`frc:…`, `diffable:…`), what
    the pipeline hands the view comes first: the controller's change stream,
    or the diffable snapshot and the items marked for reload.
    Exits 1 when a stage drawn is rejected by the model or does not reach
    the new snapshot, or when the engine gives no stages. A batch or a
    comment longer than \(CaseSummary.longestLine) characters is summed up in one line (its
    size, its first and last operations); --full prints it whole.
    """, footer: exitCodeHelp)

    static func run(_ arguments: [String]) -> Int32 {
        let options: ShowOptions
        do { options = try ShowOptions.readProbingEngine(arguments, command: "show", help: help) } catch { return error.code }
        var code = ExitCode.success
        func worsen(_ to: Int32) { code = max(code, to) }
        let engines = options.isolatedEngines
        for path in options.positional {
            guard let c = readCase(path, command: "show") else { worsen(ExitCode.usage); continue }
            var stages: [Stage]?
            let title: String
            if !c.stages.isEmpty {
                stages = c.stages
                title = "stages from the file"
            } else if c.hasRecordedAnswer {
                stages = c.recorded
                let command = c.engineCommand.map { " `\($0)`" } ?? ""
                title = "the answer recorded for engine \(c.engine ?? "core")\(command), not run now"
            } else {
                let engine: any DiffEngine
                if let name = c.engine, EntryRefusal.runsOnEngineCommandOnly(engine: name) {
                    // `external`, or an engine of the user's own (a case `checkEngine` saved).
                    guard options.engineCommand != nil, let external = try? options.engine() else {
                        printError(EntryRefusal.withoutEngineCommand(c, engine: name, path: path).message(path: path))
                        worsen(ExitCode.usage)
                        continue
                    }
                    engine = external
                } else if let name = c.engine {
                    guard let named = engines.engine(named: name) else { worsen(ExitCode.usage); continue }
                    engine = named
                } else {
                    do { engine = try options.isolatedEngine(engines) } catch {
                        printError("diffcheck show: \(error)")
                        return ExitCode.usage
                    }
                }
                let kind = EngineKind(name: engine.name)
                var shown = kind.shown(command: options.engineCommand)
                if kind.isExternal, let named = c.engine, !EngineKind(name: named).isExternal {
                    shown += " for the case's engine \(named)"
                }
                switch engine.diff(old: c.old, new: c.new) {
                case .stages(let produced):
                    stages = produced
                    title = "stages from engine \(shown)"
                case .refusal(let reason):
                    title = "engine \(shown) gave no stages: \(reason)"
                    worsen(ExitCode.failure)
                case .failure(let failure):
                    title = "engine \(shown) failed: \(failure.reason)"
                    worsen(ExitCode.failure)
                }
            }
            print("== \(path) (\(title))")
            let isFull = options.printsWhole
            for line in CasePrinter.commentLines(c) + CasePrinter.factLines(c) {
                print(isFull ? line : CaseSummary.clippedLine(line))
            }
            let profile = c.profile ?? options.profile
            let pipelineEngine = c.engine ?? EngineKind(name: options.engineName, command: options.engineCommand).name
            for line in CaseDrawing.pipelineLines(engineName: pipelineEngine, old: c.old, new: c.new) { print(line) }
            print(CaseDrawing.draw(old: c.old, new: c.new, stages: stages, profile: profile))
            if let stages {
                let directive = c.stages.isEmpty && c.hasRecordedAnswer ? "recorded" : "batch"
                let isFlat = c.old.isFlat && c.new.isFlat
                let lines = isFull ? CasePrinter.stageLines(stages, isFlat: isFlat, directive: directive)
                    : CaseSummary.stageLines(stages, isFlat: isFlat, directive: directive)
                for line in lines { print(line) }
                if stages.isEmpty && c.recordsNoStages { print("recorded: \(CaseParser.noStages)") }
                let checked = checkStages(stages, old: c.old, new: c.new, profile: profile, properties: [.valid, .reachesTarget, .fresh])
                for failure in checked.failures { print("\(failure.property.rawValue): FAILS: \(failure.message)") }
                if !checked.failures.isEmpty { worsen(ExitCode.failure) }
            }
        }
        return code
    }
}
