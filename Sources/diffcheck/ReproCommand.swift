// ReproCommand: `diffcheck repro` and `diffcheck shrink`.
import CommandOptions
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// `diffcheck repro`'s options.
struct ReproOptions: EngineCommandOptions {
    @Positionals(atLeast: 1, else: "give case files or directories") var positional: [String]

    @Flag("--recorded", help: """
        judge the stages a case records (`recorded:` lines,
        the engine's answer when the finding was saved)
        instead of running its engine
        """)
    var judgesRecorded: Bool

    @Flag("--full", help: "print long snapshots and batches whole")
    var printsWhole: Bool

    var common = EngineOptions()
}

/// `diffcheck shrink`'s options: the engine options.
struct ShrinkOptions: EngineCommandOptions {
    @Positionals(exactly: 1, else: "give one file") var positional: [String]
    var common = EngineOptions()
}

enum ReproCommand {
    static let help = ReproOptions.help(usage: "Usage: diffcheck repro FILE|DIR… [OPTIONS]", description: """
    Replays text cases (.case) and binary inputs (libFuzzer corpus files and
    crash-* artifacts, decoded as choice buffers). For each: the decoded case,
    the engine's stages, each property's verdict with the model's message
    (a property that could not be judged says so), the shrunk case when
    something fails, and a command that reproduces it. A case with `batch:`
    lines is checked as written; a case without is run through its
    `engine:` (or --engine, default core). The engine runs in a child
    process, so one that traps or hangs fails no-crash (with its own last
    words, e.g. `Fatal error: …`) instead of stopping the replay.

    A case saying `engine: external` runs on --engine-cmd only: diffcheck
    never runs a command written in a case (its `# engine command:` comment
    is for the reader). So does a case naming an engine that is not built
    in (one of your own: checkEngine saves its cases under the engine's
    name; serve it with serveEngine). Without --engine-cmd such a case
    exits 2, unless --recorded judges the answer recorded in it. A crash artifact runs on the
    engine its folder names (Corpus/crashes/ENGINE/crash-…, as Fuzz/run.sh
    saves them); one elsewhere needs --engine or --engine-cmd.

    A snapshot, a batch or a comment longer than \(CaseSummary.longestLine) characters is
    summed up in one line (its size, its first and last items or
    operations, and where old and new differ); --full prints it whole.
    """, footer: exitCodeHelp)

    static func run(_ arguments: [String]) -> Int32 {
        let options: ReproOptions, engine: any DiffEngine, engines: IsolatedEngines
        do { (options, engine, engines) = try ReproOptions.readWithEngine(arguments, command: "repro", help: help) } catch { return error.code }
        let (entries, unreadable) = readEntries(options.positional)
        let replayer = options.corpusReplayer(engine: engine, engines: engines)
        var code = unreadable == 0 ? ExitCode.success : ExitCode.usage
        for entry in entries {
            let outcome = replayer.replay(entry)
            if let refusal = outcome.refusal {
                printError(refusal.message(path: outcome.path))
                code = ExitCode.usage
                continue
            }
            print(describe(outcome, options: options))
            if !outcome.judgedRecordedStages {
                switch guardedShrunkCase(outcome, options: options.campaign, engines: engines) {
                case .shrunk(let shrunk):
                    print("shrunk (\(totalItems(shrunk.old, shrunk.new)) items, was \(totalItems(outcome.checkedCase.old, outcome.checkedCase.new))):")
                    print(caseText(shrunk, options: options), terminator: "")
                case .stoppedFromOutside(let why):
                    print("not shrunk: \(why); that is no failure of the engine's")
                case .notSmaller:
                    break
                }
            }
            print("reproduce: " + reproduceLine(path: outcome.path, options: options))
            print("")
            if !outcome.meetsExpectation && code == ExitCode.success { code = ExitCode.failure }
        }
        return code
    }

    /// The corpus entries of `paths`, each file that cannot be read said on stderr; how many those were.
    static func readEntries(_ paths: [String]) -> (entries: [CorpusEntry], unreadable: Int) {
        let (entries, errors) = readCorpus(paths)
        for error in errors { printError(error.description) }
        return (entries, errors.count)
    }

    /// The case, the stages, and each property's verdict.
    static func describe(_ outcome: EntryOutcome, options: some EngineCommandOptions) -> String {
        var lines = ["== \(outcome.path)"]
        var shown = outcome.checkedCase
        if outcome.choices != nil {
            lines.append("decoded from \(outcome.choices?.count ?? 0) choices:")
            shown.comments = []
        }
        lines.append(caseText(shown, options: options).trimmingCharacters(in: .newlines))
        let isFlat = shown.old.isFlat && shown.new.isFlat
        if let engine = outcome.engineName {
            let kind = EngineKind(name: engine)
            let shownEngine = kind.shown(command: options.engineCommand)
            var whose = outcome.ranOnNamedEngine ? " (the engine the case names)" : ""
            if kind.isExternal, let named = outcome.checkedCase.engine, !EngineKind(name: named).isExternal {
                whose = " (for the case's engine \(named), which is not built in)"
            }
            lines.append("engine \(shownEngine) answered\(whose):")
            if kind.isExternal, let recorded = outcome.checkedCase.engineCommand,
               !isSameEngineCommand(recorded, options.engineCommand ?? "") {
                lines.append("  (the case was recorded with another engine command, `\(recorded)`)")
            }
            let stageLines = options.printsWhole ? CasePrinter.stageLines(outcome.stages, isFlat: isFlat)
                : CaseSummary.stageLines(outcome.stages, isFlat: isFlat)
            lines += outcome.stages.isEmpty ? ["  (no stages)"] : stageLines.map { "  " + $0 }
        } else if outcome.judgedRecordedStages {
            lines.append("judging the answer recorded for engine \(outcome.checkedCase.engine ?? "core") (not run):")
        }
        for property in PropertyName.allCases where outcome.applicable.contains(property) {
            let failures = outcome.failures.filter { $0.property == property }
            if !failures.isEmpty {
                for failure in failures { lines.append("  \(property.rawValue): FAILS: \(failure.message)") }
            } else if outcome.evaluated.contains(property) {
                lines.append("  \(property.rawValue): holds")
            } else {
                lines.append("  \(property.rawValue): not evaluated (\(outcome.notEvaluated[property] ?? "it could not be judged"))")
            }
        }
        lines.append((outcome.meetsExpectation ? "ok: " : "MISSED: ") + outcome.summary)
        return lines.joined(separator: "\n")
    }

    /// A case's text as repro prints it: whole with `--full`, else with its
    /// long lines summed up (`CaseSummary`).
    static func caseText(_ c: Case, options: some EngineCommandOptions) -> String {
        options.printsWhole ? CasePrinter.text(c) : CaseSummary.text(c)
    }
}

enum ShrinkCommand {
    static let help = ShrinkOptions.help(usage: "Usage: diffcheck shrink FILE [OPTIONS]", description: """
    Shrinks a failing case (a .case file or a binary fuzz input) and writes
    the shrunk case next to it, as FILE.shrunk.case (the extension .case is
    replaced; a link there is replaced, never followed). The case keeps
    failing the same property. The file keeps the original's comments and
    expectation (a saved finding expects a pass, so its shrunk form fails
    the gate as the original does), says what failed and how far it shrank
    (`finding:`, `shrunk:`) and records the engine's answer (`recorded:`).
    A case with no
    choices (hand-written) is shrunk by editing the case itself: removing
    identities, sections and items, lowering contents, renaming, then every
    smaller pair of the exhaustive bounds. Shrinking runs in
    a child process; if the engine traps on a candidate, that candidate is
    shrunk and written instead, as a no-crash failure. If FILE.shrunk.case
    cannot be written (a full or read-only disk), the shrunk case is
    printed whole instead.
    """, footer: exitCodeHelp)

    static func run(_ arguments: [String]) -> Int32 {
        let options: ShrinkOptions, engine: any DiffEngine, engines: IsolatedEngines
        do { (options, engine, engines) = try ShrinkOptions.readWithEngine(arguments, command: "shrink", help: help) } catch { return error.code }
        guard let entry = ReproCommand.readEntries(options.positional).entries.first else { return ExitCode.usage }
        let outcome = options.corpusReplayer(engine: engine, engines: engines).replay(entry)
        if let refusal = outcome.refusal {
            printError(refusal.message(path: outcome.path))
            return ExitCode.usage
        }
        guard !outcome.failures.isEmpty else {
            print("\(outcome.path): nothing fails, nothing to shrink (\(outcome.summary))")
            return ExitCode.success
        }
        let shrunk: Case
        switch guardedShrunkCase(outcome, options: options.campaign, engines: engines) {
        case .shrunk(let c):
            shrunk = c
        case .notSmaller:
            print("\(outcome.path): no smaller failing case found; it is minimal within the exhaustive bound")
            return ExitCode.failure
        case .stoppedFromOutside(let why):
            print("\(outcome.path): shrinking stopped: \(why); that is no failure of the engine's, and nothing is written")
            return ExitCode.failure
        }
        let base = outcome.path.hasSuffix(".case") ? String(outcome.path.dropLast(5)) : outcome.path
        let target = base + ".shrunk.case"
        do { try writeCaseFile(CasePrinter.text(shrunk), to: target) } catch {
            // A full or read-only disk loses no work: the shrunk case is printed whole instead.
            printError("\(error)")
            print("\(target) not written (\(totalItems(shrunk.old, shrunk.new)) items, was "
                  + "\(totalItems(outcome.checkedCase.old, outcome.checkedCase.new))); the shrunk case (save it as a .case file to replay it):")
            print(CasePrinter.text(shrunk), terminator: "")
            return ExitCode.failure
        }
        print("wrote \(target) (\(totalItems(shrunk.old, shrunk.new)) items, was \(totalItems(outcome.checkedCase.old, outcome.checkedCase.new)))")
        print(CasePrinter.text(shrunk), terminator: "")
        return ExitCode.failure
    }
}
