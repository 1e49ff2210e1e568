// ParsableOptions: a struct of declarations (`@Option`, `@Flag`,
// `@Positionals`, groups), parsed from a command line.

/// A command's options: its stored properties are its declarations, read
/// with `Mirror` in the order written. A property whose type is itself
/// `ParsableOptions` is a group (the engine options every engine command
/// shares): its options are parsed with the command's and shown as a
/// section of their own in the help.
public protocol ParsableOptions {
    /// Every option undeclared: each has its default.
    init()
    /// The title of this struct's section of the help (`Options:`).
    static var sectionTitle: String { get }
    /// The width of the option column in the help: a help text starts
    /// there, on the option's line when the option fits, else on the next.
    static var labelWidth: Int { get }
    /// The error for `argument`, an option no declaration names (`unknown option --x`).
    static func unknownOption(_ argument: String) -> String
    /// The error for `argument`, a positional argument given to options that take none.
    static func unexpectedArgument(_ argument: String) -> String
}

/// What a command line asks for: the options, or the help.
public enum Parsed<Options> {
    /// The options, filled from the command line.
    case options(Options)
    /// `--help` or `-h` was given.
    case help
}

extension ParsableOptions {
    public static var sectionTitle: String { "Options:" }
    public static var labelWidth: Int { 18 }
    public static func unknownOption(_ argument: String) -> String { "unknown option \(argument)" }
    public static func unexpectedArgument(_ argument: String) -> String { "unexpected argument \(argument)" }

    /// Reads `arguments`: each option by its declaration, the rest as
    /// positional arguments. `--help` or `-h` anywhere asks for the help
    /// (once the line parses). Throws the first thing wrong: an unknown
    /// option, an option without its value, a positional argument where
    /// none is taken or too few or too many of them (each `showsHelp`), a
    /// value its option does not take.
    public static func parse(_ arguments: [String]) throws(OptionError) -> Parsed<Self> {
        let options = Self()
        let declarations = options.declarations
        var byName: [String: any OptionDeclaration] = [:]
        for declaration in declarations.options { byName[declaration.spec.name] = declaration }
        var isHelp = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--help" || argument == "-h" {
                isHelp = true
            } else if let declaration = byName[argument] {
                if declaration.spec.valueName == nil {
                    try declaration.accept(nil)
                } else {
                    index += 1
                    guard index < arguments.count else { throw OptionError(declaration.missingValue, showsHelp: true) }
                    try declaration.accept(arguments[index])
                }
            } else if argument.hasPrefix("--") {
                throw OptionError(unknownOption(argument), showsHelp: true)
            } else if let positionals = declarations.positionals {
                positionals.append(argument)
            } else {
                throw OptionError(unexpectedArgument(argument), showsHelp: true)
            }
            index += 1
        }
        if isHelp { return .help }
        if let positionals = declarations.positionals, !positionals.counts.contains(positionals.wrappedValue.count) {
            throw OptionError(positionals.why, showsHelp: true)
        }
        return .options(options)
    }

    /// Every option this struct declares, its groups' included, in order.
    public static var optionSpecs: [OptionSpec] { Self().declarations.options.map(\.spec) }

    /// The declarations: options in the order written, groups' in place; the positional sink.
    var declarations: (options: [any OptionDeclaration], positionals: Positionals?) {
        var options: [any OptionDeclaration] = []
        var positionals: Positionals?
        for section in sections {
            options += section.options
            positionals = positionals ?? section.positionals
        }
        return (options, positionals)
    }

    /// This struct's own declarations, then each group's, as the help's sections.
    var sections: [(title: String, labelWidth: Int, options: [any OptionDeclaration], positionals: Positionals?)] {
        var own: [any OptionDeclaration] = []
        var positionals: Positionals?
        var groups: [(title: String, labelWidth: Int, options: [any OptionDeclaration], positionals: Positionals?)] = []
        for child in Mirror(reflecting: self).children {
            if let declaration = child.value as? any OptionDeclaration {
                own.append(declaration)
            } else if let sink = child.value as? Positionals {
                positionals = sink
            } else if let group = child.value as? any ParsableOptions {
                groups += group.sections
            }
        }
        return [(Self.sectionTitle, Self.labelWidth, own, positionals)] + groups
    }
}
