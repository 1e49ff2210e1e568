// Option: the declarations a `ParsableOptions` struct is made of — an
// option with a value (`@Option`), a switch (`@Flag`), the positional
// arguments (`@Positionals`).

/// One option as the parser and the help see it: its name, the word for its
/// value in the help (nil for a switch), its help text.
public struct OptionSpec: Sendable, Hashable {
    /// `--jobs`.
    public var name: String
    /// `N` in `--jobs N`; nil for a switch.
    public var valueName: String?
    /// What the option does, as lines of the help (already wrapped).
    public var help: String

    /// `--jobs N`, as the help shows it.
    public var label: String { valueName.map { "\(name) \($0)" } ?? name }
}

/// A declaration the parser fills: an option or a switch.
public protocol OptionDeclaration {
    /// Its name, value word and help.
    var spec: OptionSpec { get }
    /// Takes the option's text (nil for a switch); throws when the text is not a value of it.
    func accept(_ text: String?) throws(OptionError)
    /// The error of an option given last, without its value.
    var missingValue: String { get }
}

/// Where a parsed value is kept: a declaration is a value inside the
/// options struct, and the parser fills it through this box.
final class ParsedValue<Value>: @unchecked Sendable {
    var value: Value?
}

/// An option that takes a value: `--jobs N`.
///
///     @Option("--jobs", "N", help: "worker processes (default 2)", .wholeNumber) var jobs = 2
///     @Option("--junit", "FILE", help: "also write JUnit XML", .text) var junit: String?
@propertyWrapper
public struct Option<Value>: OptionDeclaration {
    public let spec: OptionSpec
    private let reader: OptionValue<Value>
    private let defaultValue: Value
    private let parsed = ParsedValue<Value>()

    /// An option whose value is `wrappedValue` when not given.
    public init(wrappedValue: Value, _ name: String, _ valueName: String, help: String, _ reader: OptionValue<Value>) {
        spec = OptionSpec(name: name, valueName: valueName, help: help)
        self.reader = reader
        defaultValue = wrappedValue
    }

    /// An option whose value is nil when not given.
    public init<Wrapped>(_ name: String, _ valueName: String, help: String, _ reader: OptionValue<Wrapped>)
        where Value == Wrapped? {
        spec = OptionSpec(name: name, valueName: valueName, help: help)
        self.reader = OptionValue(missing: reader.missing) { (name, text) throws(OptionError) in try reader.read(name, text) }
        defaultValue = nil
    }

    /// The value given, else the default.
    public var wrappedValue: Value { parsed.value ?? defaultValue }

    /// Whether the command line gave the option.
    public var projectedValue: Bool { parsed.value != nil }

    public func accept(_ text: String?) throws(OptionError) {
        parsed.value = try reader.read(spec.name, text ?? "")
    }

    public var missingValue: String { reader.missing?(spec.name) ?? "\(spec.name) needs a value" }
}

/// A switch: `--flat`. False unless given.
@propertyWrapper
public struct Flag: OptionDeclaration {
    public let spec: OptionSpec
    private let parsed = ParsedValue<Bool>()

    /// A switch called `name`.
    public init(_ name: String, help: String) {
        spec = OptionSpec(name: name, valueName: nil, help: help)
    }

    public var wrappedValue: Bool { parsed.value ?? false }

    public func accept(_ text: String?) throws(OptionError) { parsed.value = true }

    public var missingValue: String { "" }
}

/// The arguments that are not options, in order (`PATHS…`, `FILE`), and
/// how many the command takes. A struct without `@Positionals` takes none.
///
///     @Positionals(exactly: 1, else: "give one case file") var positional: [String]
@propertyWrapper
public struct Positionals {
    private let parsed = ParsedValue<[String]>()
    /// How many are taken.
    let counts: ClosedRange<Int>
    /// What is said when there are not that many.
    let why: String

    /// Any number, none included.
    public init() {
        counts = 0...Int.max
        why = ""
    }

    /// Exactly `count`: `why` otherwise.
    public init(exactly count: Int, else why: String) {
        counts = count...count
        self.why = why
    }

    /// At least `count`: `why` otherwise.
    public init(atLeast count: Int, else why: String) {
        counts = count...Int.max
        self.why = why
    }

    public var wrappedValue: [String] { parsed.value ?? [] }

    func append(_ argument: String) {
        // Taken out first, so that the array is appended to in place, not copied for each argument.
        var values = parsed.value ?? []
        parsed.value = nil
        values.append(argument)
        parsed.value = values
    }
}
