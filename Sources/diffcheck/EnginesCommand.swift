// EnginesCommand: `diffcheck engines`.
import DiffHarness
import DiffProcess

enum EnginesCommand {
    static let help = """
    Usage: diffcheck engines

    Lists the built-in engines, what each claims, and which are mutants
    (engines with a seeded bug that the harness must catch).

    \(exitCodeHelp)
    """

    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.allSatisfy({ $0 == "--help" || $0 == "-h" }) else {
            printError("diffcheck engines: takes no arguments")
            return ExitCode.usage
        }
        do { _ = try NoOptions.read(arguments, command: "engines", help: help) } catch { return error.code }
        let width = EngineCatalog.all.map(\.name.count).max() ?? 0
        for engine in EngineCatalog.all {
            let padded = engine.name.padding(toLength: width, withPad: " ", startingAt: 0)
            print("\(padded)  \(engine.summary)")
            let claims = engine.claims.union([.noCrash, .deterministic]).sorted().map(\.rawValue)
            print(String(repeating: " ", count: width) + "  checks: " + claims.joined(separator: ", ") + (engine.isFlatOnly ? " (flat lists only)" : ""))
        }
        print("\nexternal engines: --engine-cmd 'COMMAND' (JSON Lines; the protocol: Sources/DiffProcess/DiffProcess.docc/EngineProtocol.md)")
        return ExitCode.success
    }
}
