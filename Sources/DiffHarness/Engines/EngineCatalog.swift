// EngineCatalog: every built-in engine by name.
import ListModel

/// The built-in engines, as `--engine` and `diffcheck engines` know them.
public enum EngineCatalog {
    /// Every built-in engine, the core first, then the references, then the
    /// mutants, then the fetched-results and diffable pipelines (RULES.md §5, §6).
    public static var all: [any DiffEngine] {
        var engines: [any DiffEngine] = [CoreEngine(), StandardLibraryEngine(), ReloadAllEngine(), SimpleEngine()]
        engines += Flaw.allCases.map { SimpleEngine(flaw: $0) }
        engines += FetchedResultsCollector.allCases.map { FetchedResultsEngine(collector: $0) }
        engines += DiffableSystem.allCases.map { DiffableEngine(system: $0) }
        return engines
    }

    /// The mutants: engines with a seeded bug the harness must catch.
    public static var mutants: [SimpleEngine] { Flaw.allCases.map { SimpleEngine(flaw: $0) } }

    /// The names a case's `engine:` line may give: every built-in engine,
    /// and `external` (the `--engine-cmd` engine of the run).
    public static var caseEngineNames: [String] {
        all.map(\.name) + [CaseParser.externalEngine]
    }

    /// The engine called `name`, or nil.
    public static func engine(named name: String) -> (any DiffEngine)? {
        all.first { $0.name == name }
    }
}
