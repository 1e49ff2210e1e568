// OptionsHelp: the options part of a command's --help, generated from its
// declarations.

extension ParsableOptions {
    /// The help's option sections: for this struct and each group, its
    /// title and one entry per option — `  --jobs N          worker
    /// processes…`, the help text's lines from the option column on (on
    /// the next line when the option is wider than the column). A section
    /// with no options is left out.
    public static var optionsHelp: String {
        Self().sections.filter { !$0.options.isEmpty }.map { section in
            ([section.title] + section.options.map { entry($0.spec, width: section.labelWidth) }).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// One option's entry.
    static func entry(_ spec: OptionSpec, width: Int) -> String {
        let indent = String(repeating: " ", count: 2 + width)
        var lines = spec.help.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
        let label = "  " + spec.label
        if label.count < indent.count, !lines.isEmpty {
            lines[0] = label + String(lines[0].dropFirst(label.count))
        } else {
            lines.insert(label, at: 0)
        }
        return lines.joined(separator: "\n")
    }
}

extension ParsableOptions {
    /// A command's whole help: `usage` (its `Usage:` lines), `description`
    /// (what the command does, in prose), the option sections, `footer`
    /// (the exit codes, say), each apart by a blank line.
    public static func help(usage: String, description: String, footer: String?) -> String {
        ([usage, description, optionsHelp] + (footer.map { [$0] } ?? [])).filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
}
