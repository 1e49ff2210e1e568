// CasePrinter: writes a Case in the canonical case format.
//
// Canonical means: comments first, then a finding's `finding:`, `origin:`,
// `shrunk:` and `choices:`, then `old:`, `new:`, the `batch:`/`then:`
// lines (or the `recorded:`/`then:` lines, then the `again:`/`then:` lines of
// a second answer), `expect:` (left out when it is `pass`), `profile:`, `engine:`
// and `engine-command:` (left out when unset); one space between tokens; no
// trailing spaces. An engine's answer of no stages at all is `recorded: none`
// (`again: none`); no choices at all is `choices: none`.
//
// Snapshots: a flat snapshot (one section with the implicit identifier `_`
// and content 0) prints without brackets, `old: a b c`, except an empty one,
// which prints `old: [_:]` so it stays apart from the snapshot with no
// sections at all, `old:`. Item paths print as `I` alone only when both old
// and new are flat.
//
// Texts: a comment, a finding's message, an `expect: error` text, an engine
// name and an engine command are each written on one line, whatever they
// hold (`OneLineText`: a line break is `\n`, a control character
// `\u{HEX}`), so a text an engine supplied never adds a line.
//
// Round trip: `CaseParser.parse(CasePrinter.text(c))` gives back `c` for every
// case the format can express: identifiers of letters, digits, `_` and `-`;
// content versions ≥ 0; indexes ≥ 0; texts of any characters (an engine name
// not empty); `data` on every stage but the last and not on the last;
// `stages` or `recorded`, not both.

/// Writes cases, snapshots and batches in the case format.
public enum CasePrinter {
    /// The case as `.case` text, ending with a line break.
    public static func text(_ c: Case) -> String {
        var lines = commentLines(c)
        lines += factLines(c)
        lines.append(line("old", snapshot(c.old)))
        lines.append(line("new", snapshot(c.new)))
        lines += stageLines(c.stages, isFlat: c.old.isFlat && c.new.isFlat)
        lines += stageLines(c.recorded, isFlat: c.old.isFlat && c.new.isFlat, directive: "recorded")
        if c.recordsNoStages && c.recorded.isEmpty { lines.append(line("recorded", CaseParser.noStages)) }
        lines += stageLines(c.recordedAgain, isFlat: c.old.isFlat && c.new.isFlat, directive: "again")
        if c.recordsNoStagesAgain && c.recordedAgain.isEmpty { lines.append(line("again", CaseParser.noStages)) }
        if c.expectation != .pass { lines.append(line("expect", expectation(c.expectation))) }
        if let profile = c.profile { lines.append(line("profile", profile.rawValue)) }
        if let engine = c.engine { lines.append(line("engine", OneLineText.written(engine, in: .word))) }
        if let command = c.engineCommand, !command.isEmpty {
            lines.append(line("engine-command", OneLineText.written(command, in: .toLineEnd)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The case's comment lines, `# TEXT` (`#` alone for an empty one), each text on one line.
    public static func commentLines(_ c: Case) -> [String] {
        c.comments.map { $0.isEmpty ? "#" : "# " + OneLineText.written($0, in: .comment) }
    }

    /// A finding's `finding:`, `origin:` and `shrunk:` lines, and `choices:`:
    /// what the case says of itself, before its snapshots.
    public static func factLines(_ c: Case) -> [String] {
        var lines: [String] = []
        if let finding = c.finding {
            lines.append(line("finding", finding.property + ": " + OneLineText.written(finding.message, in: .toLineEnd)))
            if let origin = finding.origin { lines.append(line("origin", origin.description)) }
            if let shrinking = finding.shrinking { lines.append(line("shrunk", shrinking.description)) }
        }
        if let choices = c.choices {
            lines.append(line("choices", choices.isEmpty ? CaseParser.noStages : choices.map(String.init).joined(separator: " ")))
        }
        return lines
    }

    /// `batch:` and `then:` lines for a sequence of stages, as a report shows
    /// an engine's answer. `isFlat`: whether old and new are both flat.
    /// `directive`: `batch` (the default), `recorded` or `again`.
    public static func stageLines(_ stages: [Stage], isFlat: Bool, directive: String = "batch") -> [String] {
        var lines: [String] = []
        for stage in stages {
            lines.append(line(directive, batch(stage.batch, isFlat: isFlat)))
            if let data = stage.data { lines.append(line("then", snapshot(data))) }
        }
        return lines
    }

    /// The text of an `old:`, `new:` or `then:` line after the directive.
    public static func snapshot(_ snapshot: Snapshot) -> String {
        if snapshot.isFlat && !snapshot.sections[0].items.isEmpty {
            return snapshot.sections[0].items.map(\.description).joined(separator: " ")
        }
        return snapshot.sections.map { section in
            let header = Item(id: section.id, content: section.content).description + ":"
            return "[" + ([header] + section.items.map(\.description)).joined(separator: " ") + "]"
        }.joined(separator: " ")
    }

    /// The text of a `batch:` line after the directive.
    public static func batch(_ batch: Batch, isFlat: Bool) -> String {
        batch.operations.map { operation($0, isFlat: isFlat) }.joined(separator: ", ")
    }

    /// One operation: `delete 0.1`, `move section 1 0`, or `delete 1` when flat.
    public static func operation(_ operation: Operation, isFlat: Bool) -> String {
        func path(_ p: ItemPath) -> String { isFlat && p.section == 0 ? "\(p.item)" : p.description }
        switch operation {
        case .deleteSection(let s): return "delete section \(s)"
        case .insertSection(let s): return "insert section \(s)"
        case .reloadSection(let s): return "reload section \(s)"
        case .moveSection(let from, let to): return "move section \(from) \(to)"
        case .deleteItem(let p): return "delete \(path(p))"
        case .insertItem(let p): return "insert \(path(p))"
        case .reloadItem(let p): return "reload \(path(p))"
        case .moveItem(let from, let to): return "move \(path(from)) \(path(to))"
        }
    }

    /// The text of an `expect:` line after the directive.
    public static func expectation(_ expectation: Expectation) -> String {
        switch expectation {
        case .pass: return "pass"
        case .error(let text): return text.isEmpty ? "error" : "error " + OneLineText.written(text, in: .beforeComment)
        case .fail(let property): return "fail " + property
        }
    }

    private static func line(_ directive: String, _ text: String) -> String {
        text.isEmpty ? directive + ":" : directive + ": " + text
    }
}
