// CommandOptions: a command's options declared once, as the typed
// properties of a struct, and both its parser and its --help generated from
// that struct (in the spirit of swift-argument-parser, in a few hundred lines
// of our own: the package takes no dependency).
//
//     struct FuzzOptions: ParsableOptions {
//         @Option("--jobs", "N", help: "worker processes (default 1)", .wholeNumber) var jobs = 1
//         @Flag("--no-timings", help: "leave timings out of the summary") var hidesTimings: Bool
//         @Positionals var positional: [String]
//         var common = EngineOptions()        // a group: its own section of the help
//     }
//
//     switch try FuzzOptions.parse(arguments) {
//     case .help: print(FuzzOptions.optionsHelp)
//     case .options(let options): run(options.jobs, …)
//     }
//
// `Mirror` finds the declarations, in the order written: the parser knows
// every option the struct declares and no other, and the help lists each of
// them; a command reads its options only as the struct's properties, so it
// cannot read an option its help does not list.
//
// Files: `Option.swift` (`@Option`, `@Flag`, `@Positionals`),
// `OptionValue.swift` (how a value is read, and the error when it is not
// one), `ParsableOptions.swift` (the parser), `OptionsHelp.swift` (the help),
// `CommandUsage.swift` (`read(_:as:)`: the options, or the help or a usage
// error printed and the command's exit code, for every command).
