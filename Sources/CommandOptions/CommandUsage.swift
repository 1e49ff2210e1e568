// CommandUsage: what a command says when it does not run (its help, asked
// for, or a usage error), and `read(_:as:)`, the one place a command's
// options are read or the command ends before it runs.
//
//     let options: CheckOptions
//     do { options = try CheckOptions.read(arguments, as: CommandUsage(command: "diffcheck check", help: help)) }
//     catch { return error.code }
//
//     diffcheck check --help             the help on standard output, exit 0
//     diffcheck check --x                diffcheck check: unknown option --x, a blank line, the help; exit 2
//     diffcheck check --jobs 0           diffcheck check: --jobs takes …, not 0; exit 2 (no help: the line was followed)
import Foundation

/// How a command answers a line it will not run: the name its errors
/// start with, its help, and when that help follows an error.
public struct CommandUsage: Sendable {
    /// When the help follows a usage error's message.
    public enum HelpAfterError: Sendable {
        /// The message alone.
        case never
        /// For a line the parser could not follow (`OptionError.showsHelp`:
        /// an unknown option, a missing value), not for a value it refused.
        case whenUnfollowed
        /// After every usage error.
        case always
    }

    /// What each error starts with: `diffcheck check` in `diffcheck check: unknown option --x`.
    public var command: String
    /// The command's help: printed for `--help`, and after an error as `helpAfterError` says.
    public var help: String { makeHelp() }
    /// Makes `help` when it is printed (a command's help is text enough to
    /// cost a worker's start when built every time).
    private let makeHelp: @Sendable () -> String
    /// When the help follows an error.
    public var helpAfterError: HelpAfterError
    /// What stands between an error and the help after it: a blank line (`"\n\n"`) or a line break (`"\n"`).
    public var separator: String
    /// The exit code of `--help`: with 0 the help goes to standard output;
    /// with another (a command not meant to be run by hand, say
    /// `CommandExit.usageCode`) to standard error.
    public var helpExitCode: Int32

    /// A command's usage; by default the help follows an error the parser
    /// could not follow, after a blank line, and `--help` exits 0.
    public init(command: String, help: @autoclosure @escaping @Sendable () -> String, helpAfterError: HelpAfterError = .whenUnfollowed,
                separator: String = "\n\n", helpExitCode: Int32 = 0) {
        self.command = command
        makeHelp = help
        self.helpAfterError = helpAfterError
        self.separator = separator
        self.helpExitCode = helpExitCode
    }

    /// What a usage error prints (without the final line break): `COMMAND: MESSAGE`, and the help when it follows.
    public func message(for error: OptionError) -> String {
        let followsHelp = switch helpAfterError {
        case .never: false
        case .whenUnfollowed: error.showsHelp
        case .always: true
        }
        return "\(command): \(error)" + (followsHelp ? separator + help : "")
    }
}

/// How a command ends before it runs: its help printed, or a usage error.
public struct CommandExit: Error, Sendable {
    /// The exit code the command returns.
    public var code: Int32

    /// The exit code of a usage error.
    public static let usageCode: Int32 = 2

    /// An exit with `code`.
    public init(code: Int32) {
        self.code = code
    }
}

extension ParsableOptions {
    /// The options `arguments` give, or the command ends before it runs:
    /// `--help` prints `usage.help` and throws `usage.helpExitCode`; a
    /// usage error prints `usage.message(for:)` on standard error and
    /// throws `CommandExit.usageCode` (2).
    public static func read(_ arguments: [String], as usage: CommandUsage) throws(CommandExit) -> Self {
        let parsed: Parsed<Self>
        do { parsed = try parse(arguments) } catch {
            FileHandle.standardError.write(Data((usage.message(for: error) + "\n").utf8))
            throw CommandExit(code: CommandExit.usageCode)
        }
        switch parsed {
        case .help:
            if usage.helpExitCode == 0 {
                print(usage.help)
            } else {
                FileHandle.standardError.write(Data((usage.help + "\n").utf8))
            }
            throw CommandExit(code: usage.helpExitCode)
        case .options(let options):
            return options
        }
    }
}
