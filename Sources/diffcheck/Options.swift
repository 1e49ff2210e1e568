// Options: the command line's common options and argument reading.
import DiffHarness
import DiffProcess
import Foundation
import ListModel

/// Exit codes, the same for every subcommand.
enum ExitCode {
    /// Everything holds.
    static let success: Int32 = 0
    /// A property failed or a case missed its expectation.
    static let failure: Int32 = 1
    /// Bad usage or unreadable input (named with file and line).
    static let usage: Int32 = 2
    /// `check` stopped by `signal` (Ctrl-C: SIGINT) before anything failed:
    /// 128 + its number, as a shell reports a command a signal stopped.
    static func interrupted(by signal: Int32) -> Int32 { 128 + signal }
}

let exitCodeHelp = """
Exit codes: 0 everything holds; 1 a property failed or a case missed its
expectation; 2 bad usage or unreadable input (named with file and line; the
rest still runs); check only: 130 stopped by Ctrl-C before anything failed
(128 + the signal: 143 SIGTERM, 129 SIGHUP).
"""

let commonOptionsHelp = """
Common options:
  --engine NAME        engine under test: core (default), stdlib, reload-all,
                       simple, or mutant:NAME (see `diffcheck engines`)
  --engine-cmd 'CMD'   an external engine speaking JSON Lines on stdin/stdout;
                       tried once first: a command that cannot start, exits
                       before its first answer or does not speak the
                       protocol is a usage error (exit 2); what its first
                       line declares (flat-only, claims, refusals) is used
  --timeout SECONDS    how long an engine may take on one case (default 10;
                       a case of more than 20,000 items gets 50 µs more for
                       each further item); a case past it is a question,
                       not a verdict: it is asked again alone
  --hang-timeout SECONDS
                       how long a case that passed --timeout may take when
                       asked again alone of a fresh process (default 600):
                       an answer within it makes the case a slow case,
                       judged and reported with its time, never a failure;
                       no answer is a hang (no-crash)
  --seed N             seed of the random cases (default 1)
  --profile P          strict (default: the portable subset), uikit
                       (UICollectionView as its validator runs) or
                       tableview (UITableView)
  --max-size N         most items in one generated snapshot (default
                       200,000; it caps the size classes below)
  --size CLASS         every random case of this size class: thousands,
                       tens-of-thousands or hundreds-of-thousands of items
                       (default: the size schedule — mostly small cases,
                       one in twenty up to 200 items, a few in the
                       thousands and tens of thousands in every campaign)
  --flat               generate one-section snapshots only (and exhaust only
                       the flat bound); with --engine-cmd it also declares
                       the engine flat-only: a sectioned case (in the
                       corpus, say) is skipped, never sent to it
  --no-duplicates      generate no repeated identities
  --claims P,P…        the properties an --engine-cmd engine claims (default:
                       what its declaration says, else valid,
                       reaches-target, fresh); no-crash and deterministic
                       are always checked
  --shapes S           general (default) or fetched-results: the pairs a
                       fetched-results controller reports (one sorted
                       section, key-path sections, merged entities; the
                       default for the frc:… and diffable:… engines)
"""

/// A usage error: printed with the command's name, exit code 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
}

/// The options every subcommand understands, and the rest of the arguments.
struct Options {
    var engineName = "core"
    var engineCommand: String?
    var timeout = 10.0
    var hangTimeout = ExternalEngine.defaultHangTimeout
    var seed: UInt64 = 1
    var profile = Profile.strict
    var generator = GeneratorOptions()
    /// `--claims`: the properties an `--engine-cmd` engine claims (nil: every one it can).
    var claims: Set<PropertyName>?
    var isHelp = false
    /// Subcommand-specific options (`--name value` or `--flag`) and positional arguments.
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    /// Reads `arguments`; `valued` and `switches` name the subcommand's own options.
    init(_ arguments: [String], valued: Set<String> = [], switches: Set<String> = []) throws {
        var index = 0
        var shapes: GeneratorShapes?
        func value(_ name: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(description: "\(name) needs a value") }
            return arguments[index]
        }
        func number<T: FixedWidthInteger>(_ name: String, _ text: String) throws -> T {
            guard let n = T(text), n >= 0 else { throw UsageError(description: "\(name) takes a whole number, not '\(text)'") }
            return n
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h": isHelp = true
            case "--engine": engineName = try value(argument)
            case "--engine-cmd":
                let command = try value(argument)
                guard !command.allSatisfy(\.isWhitespace) else {
                    throw UsageError(description: "--engine-cmd needs a command (it was empty)")
                }
                engineCommand = command
            case "--timeout":
                let text = try value(argument)
                guard let t = Double(text), t > 0 else { throw UsageError(description: "--timeout takes a positive number of seconds, not '\(text)'") }
                timeout = t
            case "--hang-timeout":
                let text = try value(argument)
                guard let t = Double(text), t > 0, t.isFinite else {
                    throw UsageError(description: "--hang-timeout takes a positive number of seconds, not '\(text)'")
                }
                hangTimeout = t
            case "--seed": seed = try number(argument, try value(argument))
            case "--profile":
                let text = try value(argument)
                guard let p = Profile(rawValue: text) else { throw UsageError(description: "--profile is strict, uikit or tableview, not '\(text)'") }
                profile = p
            case "--max-size": generator.maxSize = try number(argument, try value(argument))
            case "--size":
                let text = try value(argument)
                guard let size = SizeClass(name: text), size.isLong else {
                    throw UsageError(description: "--size is thousands, tens-of-thousands or hundreds-of-thousands, not '\(text)'")
                }
                generator.everyCaseSize = size
            case "--claims":
                let text = try value(argument)
                var named: Set<PropertyName> = []
                for name in text.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let property = PropertyName(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                        throw UsageError(description: "--claims takes property names separated by commas ("
                                         + PropertyName.allCases.map(\.rawValue).joined(separator: ", ") + "), not '\(name)'")
                    }
                    named.insert(property)
                }
                claims = named
            case "--flat": generator.isFlatOnly = true
            case "--no-duplicates": generator.allowsDuplicates = false
            case "--shapes":
                let text = try value(argument)
                guard let s = GeneratorShapes(rawValue: text) else {
                    throw UsageError(description: "--shapes is general or fetched-results, not '\(text)'")
                }
                shapes = s
            default:
                if valued.contains(argument) {
                    values[argument] = try value(argument)
                } else if switches.contains(argument) {
                    flags.insert(argument)
                } else if argument.hasPrefix("--") {
                    throw UsageError(description: "unknown option \(argument)")
                } else {
                    positional.append(argument)
                }
            }
            index += 1
        }
        generator.shapes = shapes ?? (engineCommand == nil ? GeneratorShapes.defaultShapes(forEngine: engineName) : .general)
    }

    /// The engine and generator options, as a campaign's workers get them.
    var campaign: CampaignOptions {
        CampaignOptions(engineName: engineName, engineCommand: engineCommand, timeout: timeout, seed: seed,
                        profile: profile, generator: generator, claims: claims, hangTimeout: hangTimeout)
    }

    /// The engine under test.
    func engine() throws -> any DiffEngine {
        try campaign.engine()
    }

    /// The engine under test, run in a child process when it is a built-in
    /// one (an external engine is one already): a trap or a hang fails
    /// `no-crash` on that case and the run goes on.
    func isolatedEngine(_ engines: IsolatedEngines) throws -> any DiffEngine {
        try campaign.isolatedEngine(engines)
    }

    func integer(_ name: String, default fallback: Int) throws -> Int {
        guard let text = values[name] else { return fallback }
        guard let n = Int(text), n >= 0 else { throw UsageError(description: "\(name) takes a whole number, not '\(text)'") }
        return n
    }

    /// `--jobs`: worker processes, 1 to 64.
    func jobs(default fallback: Int) throws -> Int {
        let jobs = try integer("--jobs", default: fallback)
        guard (1...64).contains(jobs) else {
            throw UsageError(description: "--jobs takes a number of worker processes from 1 to 64, not \(jobs)")
        }
        return jobs
    }

    /// A whole number option that must be at least `minimum`.
    func integer(_ name: String, default fallback: Int, atLeast minimum: Int) throws -> Int {
        let n = try integer(name, default: fallback)
        guard n >= minimum else { throw UsageError(description: "\(name) takes a whole number of at least \(minimum), not \(n)") }
        return n
    }

    func seconds(_ name: String) throws -> Double? {
        guard let text = values[name] else { return nil }
        guard let n = Double(text), n >= 0 else { throw UsageError(description: "\(name) takes a number of seconds, not '\(text)'") }
        return n
    }

    /// The common options as arguments again (for worker processes and the
    /// one-line reproduce command).
    /// `--shard K/N` (the whole run when absent).
    func shard() throws -> Shard {
        guard let text = values["--shard"] else { return .whole }
        guard let shard = Shard(text) else {
            throw UsageError(description: "--shard takes K/N with 1 ≤ K ≤ N (shard K of N), not '\(text)'")
        }
        return shard
    }

    var forwarded: [String] { campaign.forwarded }
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

extension IsolatedEngines {
    /// Isolated engines started from this executable (`diffcheck worker --serve`).
    convenience init(timeout: Double, hangTimeout: Double = ExternalEngine.defaultHangTimeout) {
        self.init(timeout: timeout, hangTimeout: hangTimeout, executable: ownExecutable())
    }
}
