// EngineOptions: the options of the engine under test and of the cases it
// is given, one group every engine command shares (`Common options:` in
// its help), read into the `CampaignOptions` a campaign's workers get.
import CommandOptions
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// `--engine`, `--engine-cmd`, the timeouts, the seed, the profile and the generator's options.
struct EngineOptions: ParsableOptions {
    static var sectionTitle: String { "Common options:" }
    static var labelWidth: Int { 21 }

    @Option("--engine", "NAME", help: """
        engine under test: core (default), stdlib, reload-all,
        simple, or mutant:NAME (see `diffcheck engines`)
        """, .text)
    var engineName = "core"

    @Option("--engine-cmd", "'CMD'", help: """
        an external engine speaking JSON Lines on stdin/stdout;
        tried once first: a command that cannot start, exits
        before its first answer or does not speak the
        protocol is a usage error (exit 2); what its first
        line declares (flat-only, claims, refusals) is used
        """, .engineCommand)
    var engineCommand: String?

    @Option("--timeout", "SECONDS", help: """
        how long an engine may take on one case (default 10;
        a case of more than 20,000 items gets 50 µs more for
        each further item); a case past it is a question,
        not a verdict: it is asked again alone
        """, .positiveSeconds)
    var timeout = 10.0

    @Option("--hang-timeout", "SECONDS", help: """
        how long a case that passed --timeout may take when
        asked again alone of a fresh process (default 600):
        an answer within it makes the case a slow case,
        judged and reported with its time, never a failure;
        no answer is a hang (no-crash)
        """, .positiveSeconds)
    var hangTimeout = ExternalEngine.defaultHangTimeout

    @Option("--rss-limit-mb", "MB", help: """
        the most resident memory an --engine-cmd engine's
        processes may hold (megabytes; default: no limit),
        read every 0.1 s while an answer is late (0.25 s
        or more): an engine past it is stopped and the case
        is not judged (exit 4), its memory named; never a
        no-crash failure
        """, .wholeNumber(atLeast: 1))
    var rssLimitMB: Int?

    @Option("--max-cpu-per-case", "SECONDS", help: """
        fail an --engine-cmd engine that uses more CPU than
        this on one case (at least 0.1; default: no limit):
        the property max-cpu, shrunk to the smallest case
        still over it. CPU is read from the engine's
        processes from 0.25 s on, every 0.1 s, and never
        counts its start-up or the machine's load
        """, .positiveSeconds.checked({ name, n in "\(name) takes at least 0.1 seconds of CPU, not \(n)" }) { $0 >= 0.1 })
    var maxCPUPerCase: Double?

    @Option("--seed", "N", help: "seed of the random cases (default 1)", .wholeNumber)
    var seed: UInt64 = 1

    @Option("--profile", "P", help: """
        strict (default: the portable subset), uikit
        (UICollectionView as its validator runs) or
        tableview (UITableView)
        """, .profile)
    var profile = Profile.strict

    @Option("--max-size", "N", help: """
        most items in one generated snapshot (default
        200,000; it caps the size classes below)
        """, .wholeNumber)
    var maxSize = GeneratorOptions.defaultMaxSize

    @Option("--size", "CLASS", help: """
        every random case of this size class: thousands,
        tens-of-thousands or hundreds-of-thousands of items
        (default: the size schedule — mostly small cases,
        one in twenty up to 200 items, a few in the
        thousands and tens of thousands in every campaign)
        """, .sizeClass)
    var size: SizeClass?

    @Flag("--flat", help: """
        generate one-section snapshots only (and exhaust only
        the flat bound); with --engine-cmd it also declares
        the engine flat-only: a sectioned case (in the
        corpus, say) is skipped, never sent to it
        """)
    var isFlat: Bool

    @Flag("--no-duplicates", help: "generate no repeated identities")
    var hasNoDuplicates: Bool

    @Option("--claims", "P,P…", help: """
        the properties an --engine-cmd engine claims (default:
        what its declaration says, else valid,
        reaches-target, fresh); no-crash and deterministic
        are always checked
        """, .properties)
    var claims: Set<PropertyName>?

    @Option("--shapes", "S", help: """
        general (default) or fetched-results: the pairs a
        fetched-results controller reports (one sorted
        section, key-path sections, merged entities; the
        default for the frc:… and diffable:… engines)
        """, .shapes)
    var shapes: GeneratorShapes?

    /// What the `--engine-cmd` engine declared of itself when it was
    /// probed (`readProbingEngine`), nil before: it counts as `--flat`,
    /// `--claims` and `--no-duplicates` where the command line gave none
    /// of them (`declaredArguments`).
    var declaration: EngineDeclaration?

    /// What the generated cases may hold; the shapes, when not given, are the engine's default.
    var generator: GeneratorOptions {
        GeneratorOptions(isFlatOnly: isFlat || declaration?.isFlatOnly == true,
                         allowsDuplicates: !(hasNoDuplicates || declaration?.refusesDuplicates == true), maxSize: maxSize,
                         shapes: shapes ?? EngineOptions.defaultShapes(engineName: engineName, engineCommand: engineCommand),
                         everyCaseSize: size)
    }

    /// The engine and generator options, as a campaign's workers get them.
    var campaign: CampaignOptions {
        CampaignOptions(engineName: engineName, engineCommand: engineCommand, timeout: timeout, seed: seed,
                        profile: profile, generator: generator, claims: claims ?? declaredClaims, hangTimeout: hangTimeout,
                        memoryLimitMB: rssLimitMB, maxCPUPerCase: maxCPUPerCase)
    }

    /// The claims the declaration stands for: its own, or, when it claims
    /// nothing, what every engine owes (`deterministic`, `no-crash`).
    private var declaredClaims: Set<PropertyName>? {
        declaration?.claims.map { $0.isEmpty ? [.deterministic, .noCrash] : $0 }
    }

    /// The options the declaration stands for that the command line did not
    /// give, as a user would write them (`--flat --claims valid,fresh`),
    /// each spelled as it is declared: what the run says it checks as.
    var declaredArguments: [String] {
        guard let declaration else { return [] }
        var arguments: [String] = []
        if declaration.isFlatOnly && !isFlat { arguments.append(_isFlat.spec.name) }
        if let claims = declaredClaims, !$claims {
            arguments += [_claims.spec.name, claims.sorted().map(\.rawValue).joined(separator: ",")]
        }
        if declaration.refusesDuplicates && !hasNoDuplicates { arguments.append(_hasNoDuplicates.spec.name) }
        return arguments
    }

    /// Whether the command line names the engine under test (`--engine`
    /// or `--engine-cmd`), rather than leaving it at the default.
    var namesAnEngine: Bool { $engineName || engineCommand != nil }

    /// The shapes of the generated cases when `--shapes` is not given: the
    /// built-in engine's own (`GeneratorShapes.defaultShapes(forEngine:)`),
    /// general for an `--engine-cmd` engine.
    static func defaultShapes(engineName: String, engineCommand: String?) -> GeneratorShapes {
        engineCommand == nil ? GeneratorShapes.defaultShapes(forEngine: engineName) : .general
    }
}

extension EngineOptions {
    /// The engine options that give `given` on a command line, each spelled
    /// as it is declared (`--engine-cmd 'python3 e.py' --flat --timeout 3`):
    /// `--engine-cmd` whenever there is one (a case never carries its
    /// command), else `--engine` when it is not the default or
    /// `namingEngine`; `--flat`, `--profile`, `--timeout`,
    /// `--hang-timeout`, `--rss-limit-mb`, `--max-cpu-per-case`, `--max-size` and `--no-duplicates` when not the
    /// defaults, `--shapes` when not the engine's default.
    static func arguments(giving given: CampaignOptions, namingEngine: Bool) -> [String] {
        let declared = EngineOptions()
        let defaults = declared.campaign
        var arguments: [String] = []
        if let command = given.engineCommand {
            arguments += [declared._engineCommand.spec.name, command]
        } else if given.engineName != defaults.engineName || namingEngine {
            arguments += [declared._engineName.spec.name, given.engineName]
        }
        if given.generator.isFlatOnly { arguments.append(declared._isFlat.spec.name) }
        if given.profile != defaults.profile { arguments += [declared._profile.spec.name, given.profile.rawValue] }
        if given.timeout != defaults.timeout { arguments += [declared._timeout.spec.name, secondsText(given.timeout)] }
        if given.hangTimeout != defaults.hangTimeout {
            arguments += [declared._hangTimeout.spec.name, secondsText(given.hangTimeout)]
        }
        if let limit = given.memoryLimitMB { arguments += [declared._rssLimitMB.spec.name, String(limit)] }
        if let limit = given.maxCPUPerCase { arguments += [declared._maxCPUPerCase.spec.name, secondsText(limit)] }
        if given.generator.maxSize != defaults.generator.maxSize {
            arguments += [declared._maxSize.spec.name, String(given.generator.maxSize)]
        }
        if !given.generator.allowsDuplicates { arguments.append(declared._hasNoDuplicates.spec.name) }
        if given.generator.shapes != defaultShapes(engineName: given.engineName, engineCommand: given.engineCommand) {
            arguments += [declared._shapes.spec.name, given.generator.shapes.rawValue]
        }
        return arguments
    }

    /// `--engine-cmd`, as declared: what names an external engine in a report (`--engine-cmd 'python3 e.py'`).
    static var engineCommandName: String { EngineOptions()._engineCommand.spec.name }

    /// Seconds as a user writes them: `3`, `0.5`.
    private static func secondsText(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}

/// The options of a command that runs an engine: the shared group
/// (`common`), read as the campaign's options as if they were the
/// command's own (`options.timeout`), and what the shared helpers
/// (`describe`, `reproduceLine`, the corpus replayer) ask of the command's
/// own options.
@dynamicMemberLookup
protocol EngineCommandOptions: ParsableOptions {
    /// The engine options, as given, and the engine's declaration once probed.
    var common: EngineOptions { get set }
    /// The engine options as a campaign's workers get them (the common group's, unless the command was given them whole).
    var campaign: CampaignOptions { get }
    /// `--full`: long snapshots and batches printed whole.
    var printsWhole: Bool { get }
    /// `--recorded`: the answers recorded in findings judged, their engine not run.
    var judgesRecorded: Bool { get }
    /// `--shard K/N`: the part of the run this process checks.
    var shard: Shard { get }
    /// `--time`: how long the run may take, so the engine's probe too; nil: no limit.
    var timeLimit: Double? { get }
}

extension EngineCommandOptions {
    var printsWhole: Bool { false }
    var judgesRecorded: Bool { false }
    var shard: Shard { .whole }
    var timeLimit: Double? { nil }
    var campaign: CampaignOptions { common.campaign }

    subscript<Value>(dynamicMember path: KeyPath<CampaignOptions, Value>) -> Value { campaign[keyPath: path] }

    /// The engine under test.
    func engine() throws -> any DiffEngine { try campaign.engine() }

    /// The engine under test, isolated when built in (`CampaignOptions.isolatedEngine`).
    func isolatedEngine(_ engines: IsolatedEngines) throws -> any DiffEngine { try campaign.isolatedEngine(engines) }

    /// The isolated engines of this run, with its timeouts.
    var isolatedEngines: IsolatedEngines { IsolatedEngines(timeout: campaign.timeout, hangTimeout: campaign.hangTimeout) }
}

extension OptionValue where Value == String {
    /// A command that is not blank: `--engine-cmd needs a command (it was empty)`.
    static var engineCommand: OptionValue<String> {
        OptionValue { (name, text) throws(OptionError) in
            guard !text.allSatisfy(\.isWhitespace) else { throw OptionError("\(name) needs a command (it was empty)") }
            return text
        }
    }
}

extension OptionValue where Value == Profile {
    /// `strict`, `uikit` or `tableview`.
    static var profile: OptionValue<Profile> {
        OptionValue { (name, text) throws(OptionError) in
            guard let profile = Profile(rawValue: text) else { throw OptionError("\(name) is strict, uikit or tableview, not '\(text)'") }
            return profile
        }
    }
}

extension OptionValue where Value == SizeClass {
    /// One of the long size classes.
    static var sizeClass: OptionValue<SizeClass> {
        OptionValue { (name, text) throws(OptionError) in
            guard let size = SizeClass(name: text), size.isLong else {
                throw OptionError("\(name) is thousands, tens-of-thousands or hundreds-of-thousands, not '\(text)'")
            }
            return size
        }
    }
}

extension OptionValue where Value == Set<PropertyName> {
    /// Property names separated by commas.
    static var properties: OptionValue<Set<PropertyName>> {
        OptionValue { (name, text) throws(OptionError) in
            var named: Set<PropertyName> = []
            for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let property = PropertyName(rawValue: word.trimmingCharacters(in: .whitespaces)) else {
                    throw OptionError("\(name) takes property names separated by commas ("
                                      + PropertyName.allCases.map(\.rawValue).joined(separator: ", ") + "), not '\(word)'")
                }
                named.insert(property)
            }
            return named
        }
    }
}

extension OptionValue where Value == GeneratorShapes {
    /// `general` or `fetched-results`.
    static var shapes: OptionValue<GeneratorShapes> {
        OptionValue { (name, text) throws(OptionError) in
            guard let shapes = GeneratorShapes(rawValue: text) else {
                throw OptionError("\(name) is general or fetched-results, not '\(text)'")
            }
            return shapes
        }
    }
}

extension OptionValue where Value == Int {
    /// `--jobs`: worker processes, 1 to 64.
    static var jobs: OptionValue<Int> {
        wholeNumber.checked({ name, jobs in "\(name) takes a number of worker processes from 1 to 64, not \(jobs)" }) {
            (1...64).contains($0)
        }
    }
}

extension OptionValue where Value == Shard {
    /// `K/N` (`--shard`).
    static var shard: OptionValue<Shard> {
        OptionValue { (name, text) throws(OptionError) in
            guard let shard = Shard(text) else {
                throw OptionError("\(name) takes K/N with 1 ≤ K ≤ N (shard K of N), not '\(text)'")
            }
            return shard
        }
    }
}

extension IsolatedEngines {
    /// Isolated engines started from this executable (`diffcheck worker --serve`).
    convenience init(timeout: Double, hangTimeout: Double = ExternalEngine.defaultHangTimeout) {
        self.init(timeout: timeout, hangTimeout: hangTimeout, executable: ownExecutable())
    }
}
