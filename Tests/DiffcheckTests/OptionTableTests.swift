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
