// Every command's options come from one table (CommandOptions): the help
// lists every option the command reads, and the code reads no option
// that no command declares.
import CommandOptions
@testable import diffcheck
import Foundation
import Testing

/// Each command's help lists each option its table declares, as `--name VALUE`:
/// a command reads its options only as its table's properties, so it cannot
/// read one its help does not list.
@Test func everyOptionACommandReadsIsInItsHelp() {
    for command in commands {
        let help = command.help()
        let names = command.options().map(\.name)
        #expect(Set(names).count == names.count, "\(command.name) declares an option twice: \(names)")
        for option in command.options() {
            #expect(help.contains("  " + option.label), "diffcheck \(command.name) reads \(option.name), which its help does not list")
        }
    }
}

/// `diffcheck --help` lists every command but the internal one, from the same registry the command line runs.
@Test func theUsageListsEveryCommand() {
    for command in commands {
        #expect(usage.contains("\n  \(command.name)") == !command.isHidden, "\(command.name)")
    }
}

/// No option is read from the raw arguments unless some command's table
/// declares it: every `"--name"` the command line's sources spell is one
/// of the declared options.
@Test func theSourcesNameOnlyDeclaredOptions() throws {
    let declared = Set(commands.flatMap { $0.options().map(\.name) } + ["--help"])
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    for folder in ["diffcheck", "DiffBench"] {
        let directory = sources.appendingPathComponent(folder)
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            let literals = try Regex(#""(--[a-z][a-z-]*)""#)
            for match in text.matches(of: literals) {
                let name = String(text[match.range].dropFirst().dropLast())
                #expect(declared.contains(name), "\(folder)/\(file) names \(name), which no command declares")
            }
        }
    }
}

/// The table's parser keeps the command line's words: an unknown option,
/// an option without its value, a value refused by its option.
@Test func theParserSaysWhatIsWrong() throws {
    func error(_ arguments: [String]) -> String? {
        do { _ = try CheckOptions.parse(arguments); return nil } catch { return error.description }
    }
    #expect(error(["--x"]) == "unknown option --x")
    #expect(error(["--junit"]) == "--junit needs a value")
    #expect(error(["--jobs", "0"]) == "--jobs takes a number of worker processes from 1 to 64, not 0")
    #expect(error(["--cases", "many"]) == "--cases takes a whole number, not 'many'")
    #expect(error(["--timeout", "0"]) == "--timeout takes a positive number of seconds, not '0'")
    #expect(error(["--engine-cmd", " "]) == "--engine-cmd needs a command (it was empty)")
    guard case .options(let options) = try CheckOptions.parse(["a", "--jobs", "3", "--no-exhaustive", "--engine", "simple", "b"]) else {
        Issue.record("no options")
        return
    }
    #expect(options.positional == ["a", "b"] && options.jobs == 3 && options.skipsExhaustive && options.engineName == "simple")
    #expect(options.cases == nil && options.timeout == 10 && !options.common.$engineCommand && options.common.$engineName)
    guard case .help = try CheckOptions.parse(["--help"]) else { Issue.record("no help"); return }
    // The worker refuses what it cannot read, instead of running on a default.
    #expect(throws: OptionError.self) { try WorkerOptions.parse(["--serve", "--jobs", "x"]) }
}

/// Every command reads its options with one function (`read(_:as:)`): a
/// usage error starts with the command's name, and the help follows it as
/// the command's usage says — after a blank line, and only when the line
/// could not be followed, for the commands; never, for a caller that wants
/// the message alone.
@Test func aUsageErrorIsWordedAsTheCommandsUsageSays() {
    let unfollowed = OptionError("unknown option --x", showsHelp: true)
    let refused = OptionError("--jobs takes a number of worker processes from 1 to 64, not 0")
    let check = CommandUsage(command: "diffcheck check", help: "HELP")
    #expect(check.message(for: unfollowed) == "diffcheck check: unknown option --x\n\nHELP")
    #expect(check.message(for: refused) == "diffcheck check: --jobs takes a number of worker processes from 1 to 64, not 0")
    let bare = CommandUsage(command: "diffcheck worker", help: "HELP", helpAfterError: .never, helpExitCode: CommandExit.usageCode)
    #expect(bare.message(for: unfollowed) == "diffcheck worker: unknown option --x")
    #expect(CommandExit.usageCode == ExitCode.usage)
}

/// The commands' `read(_:command:help:)` ends a command as `read(_:as:)`
/// does: a usage error is exit 2, `--help` exit 0, and options are returned.
@Test func aCommandsOptionsAreReadOrItEndsWithItsCode() throws {
    func code(_ arguments: [String]) -> Int32? {
        do { _ = try CheckOptions.read(arguments, command: "check", help: "HELP"); return nil } catch { return error.code }
    }
    #expect(code(["--jobs", "0"]) == ExitCode.usage)
    #expect(code(["--x"]) == ExitCode.usage)
    #expect(code(["--help"]) == ExitCode.success)
    #expect(code(["--jobs", "2"]) == nil)
}

/// Seconds are one reader's (`OptionValue.seconds`, `.positiveSeconds`):
/// an infinite or not-a-number value is refused by every seconds option,
/// with the same words, and so is 0 by a timeout; a finite positive value
/// is taken.
@Test(arguments: ["check", "fuzz"])
func secondsAreFiniteEverywhere(command: String) throws {
    func error(_ arguments: [String]) -> String? {
        do {
            if command == "check" { _ = try CheckOptions.parse(arguments) } else { _ = try FuzzOptions.parse(arguments) }
            return nil
        } catch { return error.description }
    }
    for text in ["inf", "nan", "-inf", "infinity"] {
        #expect(error(["--timeout", text]) == "--timeout takes a positive number of seconds, not '\(text)'")
        #expect(error(["--hang-timeout", text]) == "--hang-timeout takes a positive number of seconds, not '\(text)'")
        #expect(error(["--time", text]) == "--time takes a number of seconds, not '\(text)'")
    }
    #expect(error(["--hang-timeout", "0"]) == "--hang-timeout takes a positive number of seconds, not '0'")
    #expect(error(["--time", "-1"]) == "--time takes a number of seconds, not '-1'")
    #expect(error(["--timeout", "0.5", "--hang-timeout", "30", "--time", "0"]) == nil)
    guard case .options(let options) = try FuzzOptions.parse(["--timeout", "0.5", "--hang-timeout", "30", "--time", "2.5"]) else {
        Issue.record("no options")
        return
    }
    #expect(options.timeout == 0.5 && options.hangTimeout == 30 && options.time == 2.5)
}
