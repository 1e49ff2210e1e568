// Triage: a UIKit crash log in, a case, the model's verdicts and an explanation out.
import ListModel

/// What `diffcheck triage` makes of one crash log.
public struct TriageReport: Hashable, Sendable {
    /// The exception the log holds.
    public var exception: LoggedException
    /// The exception as the log words it (a UITableView's `rows`, `table
    /// view`): its message as logged, or for iOS 16.4's whole-batch form
    /// `exception.summary`. The case and the verdicts use the same view's
    /// words (`exception.message`).
    public var quote: String
    /// The case: placeholder snapshots sized to the logged counts, the batch,
    /// `expect: error` with the logged message (in the logging view's words),
    /// `profile: uikit` for a UICollectionView's log, `profile: tableview` for a UITableView's.
    public var reproducingCase: Case
    /// The model's rejection of the case's batch under each profile (nil: accepted).
    public var verdicts: [Profile: Rejection?]
    /// Whether the model, under the logging view's profile (`uikit` or
    /// `tableview`, `exception.profile`), rejects the batch with the logged message — and, for iOS
    /// 16.4's whole-batch form, with the logged counts.
    public var isReproduced: Bool
    /// For the whole-batch form: the valid batch nearest the logged one for
    /// the logged counts under the logging view's profile (nil when none is
    /// near, or the form has no batch).
    public var nearestBatch: Batch?
    /// What the numbers say, in the app's terms: one screen of lines.
    public var explanation: [String]

    /// The case as `.case` text.
    public var caseText: String { CasePrinter.text(reproducingCase) }
}

/// Reads a crash log and judges what it logs.
public enum Triage {
    /// The report for the first batch-update exception of `text`.
    ///
    ///     let report = try Triage.triage(crashLog)
    ///     print(report.caseText)          // a case diffcheck replays
    ///     report.isReproduced             // the model rejects it as UIKit did
    ///
    /// Throws when the text holds no exception the reader knows, an
    /// unreadable one (the error's `position` says where), or one whose
    /// numbers need a case over `TriageCase.sizeBound`.
    ///
    /// - Complexity: O(*n*) to read a log of *n* characters, then the
    ///   model's cost on the case (within `TriageCase.sizeBound`) under each profile.
    public static func triage(_ text: String) throws(TriageInputError) -> TriageReport {
        let (exception, start, logged) = try ExceptionReader.read(ExceptionText(text))
        let quote = logged ?? exception.summary
        let shape: TriageCase.Shape
        do { shape = try TriageCase.shape(exception) } catch {
            if case .caseTooLarge(let needed, let bound, nil) = error { throw .caseTooLarge(needed: needed, bound: bound, at: start) }
            throw error
        }
        var c = TriageCase.make(exception, shape, quote: quote)
        let (before, after, batch, _) = shape
        var verdicts: [Profile: Rejection?] = [:]
        for profile in Profile.allCases {
            verdicts[profile] = CountCheck(before: before, after: after, batch: batch, profile: profile).rejection
        }
        let judged = verdicts[exception.profile] ?? nil
        var isReproduced = judged.map { $0.message.contains(exception.message) } ?? false
        var nearest: Batch?
        if case .batch(let before, let after, let updates, _) = exception.kind {
            // The model must also name a section whose logged counts it used.
            let words = exception.words
            if isReproduced, let judged { isReproduced = countsAgree(judged.message, before: before, after: after, updates: updates, words: words) }
            if isReproduced, let judged, let section = itemCountHead(judged.message, words: words) {
                c.expectation = .error(section)
            }
            nearest = NearestBatch.find(before: before, after: after, updates: updates, profile: exception.profile)
        }
        let explanation = TriageExplanation.lines(exception, verdicts: verdicts, isReproduced: isReproduced,
                                                  nearest: nearest, isFlat: c.old.isFlat && c.new.isFlat, quote: quote)
        return TriageReport(exception: exception, quote: quote, reproducingCase: c, verdicts: verdicts,
                            isReproduced: isReproduced, nearestBatch: nearest, explanation: explanation)
    }

    /// `Invalid update: invalid number of items in section S.` (`rows` in
    /// UITableView's `words`), the head of the model's item-count message
    /// (wherever it stands), or nil for another message.
    static func itemCountHead(_ message: String, words: ViewWords = .collectionView) -> String? {
        guard let lead = message.firstRange(of: countLead(words)) else { return nil }
        var scanner = TextScanner(message[lead.upperBound...])
        guard scanner.digits() != nil, scanner.skip(".") else { return nil }
        return String(message[lead.lowerBound..<scanner.rest.startIndex])
    }

    /// Whether a count message's numbers are the logged ones: the sections
    /// after and before, or the items after the update in the section it
    /// names (and before it, when no section moves, so the index is the same).
    static func countsAgree(_ message: String, before: [Int], after: [Int], updates: Batch, words: ViewWords = .collectionView) -> Bool {
        let numbers = parenthesizedNumbers(message)
        if message.hasPrefix("Invalid update: invalid number of sections.") {
            return numbers.count >= 2 && numbers[0] == after.count && numbers[1] == before.count
        }
        guard let head = itemCountHead(message, words: words),
              let s = Int(head.dropFirst(countLead(words).count).dropLast()),
              numbers.count >= 2, after.indices.contains(s), numbers[0] == after[s] else { return false }
        let sectionsStay = updates.insertedSections.isEmpty && updates.deletedSections.isEmpty && updates.movedSections.isEmpty
        return !sectionsStay || (before.indices.contains(s) && numbers[1] == before[s])
    }

    /// How an item-count message begins, in `words`.
    static func countLead(_ words: ViewWords) -> String {
        "Invalid update: invalid number of \(words.items) in section "
    }

    /// The numbers written `(N)` in `message`, in order.
    static func parenthesizedNumbers(_ message: String) -> [Int] {
        var numbers: [Int] = []
        var rest = message[...]
        while let open = rest.firstIndex(of: "(") {
            var scanner = TextScanner(rest[rest.index(after: open)...])
            if let digits = scanner.digits(), scanner.skip(")"), let n = Int(digits) { numbers.append(n) }
            rest = rest[rest.index(after: open)...]
        }
        return numbers
    }
}
