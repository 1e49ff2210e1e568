// LegacyFindingComments: the facts of a finding saved before they were
// case-format lines, read from the comments it kept them in.
//
// Such a file says, in comments before `old:`:
//
//     # finding: fresh: item a' at 0.0 is stale: it shows a
//     # engine mutant:stale-moved-update, profile strict
//     # engine command: python3 engine.py
//     # seed 1, case 7; original 6 items, shrunk in 4373 calls
//     # exhaustive: pair 144 of up to 2 sections of …; 62584 failing pairs of valid
//     # choices: 1 0 2 2 0 1 2 1 0 0 0 0 0 1 0
//
// (a finding saved before its shrinking ended has ` (not shrunk: the
// campaign stopped while shrinking it)` after its message; one that stopped
// at the shrink budget says `(stopped at the shrink budget: it may shrink
// further)` after its calls). This is the one place those comments are
// read: each becomes its field, and the comments that said only that are
// dropped, so the case prints in today's form. A field the file has wins
// over its comment.

enum LegacyFindingComments {
    static let unshrunkNote = " (not shrunk: the campaign stopped while shrinking it)"
    static let budgetNote = " (stopped at the shrink budget: it may shrink further)"

    /// Reads the facts `c`'s comments hold into its fields, and drops those comments.
    static func read(into c: inout Case) {
        // A `finding:` line is today's form: its file keeps its facts as
        // lines, never as comments, so a comment there is a comment (an
        // engine's text that starts `engine command: ` stays one).
        guard c.finding == nil else { return }
        var kept: [String] = []
        var finding: FindingFacts?
        var origin: FindingOrigin?, shrinking: FindingShrinking?
        // Where a case came from is a finding's fact: in a case that is no finding, such a comment stays.
        let isFinding = c.finding != nil || c.comments.contains { findingLine($0) != nil }
        for comment in c.comments {
            if c.finding == nil, let facts = findingLine(comment) {
                finding = facts.facts
                if facts.isUnshrunk { shrinking = FindingShrinking(.notShrunk) }
            } else if comment.hasPrefix("engine command: "), let command = trimmed(comment.dropFirst("engine command: ".count)) {
                if c.engineCommand == nil { c.engineCommand = command }
            } else if comment.hasPrefix("choices:") && c.choices == nil {
                let words = comment.dropFirst("choices:".count).split(separator: " ")
                if words.first == "none" {
                    c.choices = []
                } else {
                    let values = words.compactMap { Int($0) }.filter { $0 >= 0 }
                    guard values.count == words.count else { kept.append(comment); continue }
                    c.choices = values
                }
            } else if !isFinding {
                kept.append(comment)
            } else if let random = randomOrigin(comment) {
                origin = random.origin
                if shrinking?.state != .notShrunk { shrinking = random.shrinking }
            } else if let walked = exhaustiveOrigin(comment) {
                origin = walked
            } else if isEngineAndProfile(comment) {
                continue
            } else {
                kept.append(comment)
            }
        }
        c.comments = kept
        if c.finding == nil, var finding {
            finding.origin = finding.origin ?? origin
            finding.shrinking = finding.shrinking ?? shrinking
            c.finding = finding
        }
    }

    /// `finding: PROPERTY: MESSAGE`, and whether the message ends with the unshrunk note.
    private static func findingLine(_ comment: String) -> (facts: FindingFacts, isUnshrunk: Bool)? {
        guard comment.hasPrefix("finding: ") else { return nil }
        let rest = comment.dropFirst("finding: ".count)
        guard let colon = rest.firstIndex(of: ":"), CaseParser.propertyNames.contains(String(rest[..<colon])) else { return nil }
        var message = rest[rest.index(after: colon)...]
        let isUnshrunk = message.hasSuffix(unshrunkNote)
        if isUnshrunk { message = message.dropLast(unshrunkNote.count) }
        return (FindingFacts(property: String(rest[..<colon]), message: trimmed(message) ?? ""), isUnshrunk)
    }

    /// `seed S, case N; original I items, shrunk in C calls[ (stopped at the shrink budget…)]`.
    private static func randomOrigin(_ comment: String) -> (origin: FindingOrigin, shrinking: FindingShrinking)? {
        var text = Substring(comment)
        let stopped = text.hasSuffix(budgetNote)
        if stopped { text = text.dropLast(budgetNote.count) }
        let words = text.split(separator: " ")
        guard words.count == 11, words[0] == "seed", words[2] == "case", words[4] == "original", words[6] == "items,",
              words[7] == "shrunk", words[8] == "in", words[10] == "calls",
              let seed = UInt64(words[1].dropLast()), words[1].hasSuffix(","),
              let n = Int(words[3].dropLast()), words[3].hasSuffix(";"),
              let items = Int(words[5]), let calls = Int(words[9]) else { return nil }
        return (.random(seed: seed, caseNumber: n), FindingShrinking(stopped ? .stoppedAtBudget : .done, calls: calls, originalItems: items))
    }

    /// `exhaustive: pair N of BOUND; K failing pairs of PROPERTY`.
    private static func exhaustiveOrigin(_ comment: String) -> FindingOrigin? {
        guard comment.hasPrefix("exhaustive: pair ") else { return nil }
        let rest = comment.dropFirst("exhaustive: pair ".count)
        guard let space = rest.firstIndex(of: " "), let place = Int(rest[..<space]),
              rest[space...].hasPrefix(" of ") else { return nil }
        var bound = rest[rest.index(space, offsetBy: 4)...]
        if let semicolon = bound.lastIndex(of: ";"), bound[semicolon...].contains(" failing pair") {
            bound = bound[..<semicolon]
        }
        guard let walked = trimmed(bound) else { return nil }
        return .exhaustive(place: place, bound: walked)
    }

    /// `text` without the spaces at its ends, as a line's text is read; nil when nothing is left.
    private static func trimmed(_ text: Substring) -> String? {
        let inner = text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
        return inner.isEmpty ? nil : String(inner)
    }

    /// `engine NAME, profile P`: what the `engine:` and `profile:` lines say.
    private static func isEngineAndProfile(_ comment: String) -> Bool {
        let words = comment.split(separator: " ")
        return words.count == 4 && words[0] == "engine" && words[1].hasSuffix(",") && words[2] == "profile"
            && Profile(rawValue: String(words[3])) != nil
    }
}
