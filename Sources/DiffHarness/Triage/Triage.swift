// Triage: a UIKit crash log in, a case, the model's verdicts and an explanation out.
import ListModel

/// What `diffcheck triage` makes of one crash log.
public struct TriageReport: Hashable, Sendable {
    /// The exception the log holds.
    public var exception: LoggedException
    /// The case: placeholder snapshots sized to the logged counts, the batch,
    /// `expect: error` with the logged message (in UICollectionView's words),
    /// `profile: uikit`.
    public var reproducingCase: Case
    /// The model's rejection of the case's batch under each profile (nil: accepted).
    public var verdicts: [Profile: Rejection?]
    /// Whether the model, under `uikit` (the profile a UIKit log comes
    /// from), rejects the batch with the logged message — and, for iOS
    /// 16.4's whole-batch form, with the logged counts.
    public var isReproduced: Bool
    /// For the whole-batch form: the valid batch nearest the logged one for
    /// the logged counts (nil when none is near, or the form has no batch).
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
    public static func triage(_ text: String) throws(TriageInputError) -> TriageReport {
        let exception = try ExceptionReader.read(text)
        var c = TriageCase.make(exception)
        let (before, after, batch, _) = TriageCase.shape(exception)
        var verdicts: [Profile: Rejection?] = [:]
        for profile in Profile.allCases {
            verdicts[profile] = CountCheck(before: before, after: after, batch: batch, profile: profile).rejection
        }
        let uikit = verdicts[.uikit] ?? nil
        var isReproduced = uikit.map { $0.message.contains(exception.message) } ?? false
        var nearest: Batch?
        if case .batch(let before, let after, let updates, _) = exception.kind {
            // The model must also name a section whose logged counts it used.
            if isReproduced, let uikit { isReproduced = countsAgree(uikit.message, before: before, after: after, updates: updates) }
            if isReproduced, let uikit, let section = uikit.message.firstMatch(of: try! Regex(#"^Invalid update: invalid number of items in section \d+\."#)) {
                c.expectation = .error(String(uikit.message[section.range]))
            }
            nearest = NearestBatch.find(before: before, after: after, updates: updates)
        }
        let explanation = TriageExplanation.lines(exception, verdicts: verdicts, isReproduced: isReproduced,
                                                  nearest: nearest, isFlat: c.old.isFlat && c.new.isFlat)
        return TriageReport(exception: exception, reproducingCase: c, verdicts: verdicts,
                            isReproduced: isReproduced, nearestBatch: nearest, explanation: explanation)
    }

    /// Whether a count message's numbers are the logged ones: the sections
    /// after and before, or the items after the update in the section it
    /// names (and before it, when no section moves, so the index is the same).
    static func countsAgree(_ message: String, before: [Int], after: [Int], updates: Batch) -> Bool {
        let numbers = message.matches(of: try! Regex(#"\((\d+)\)"#)).compactMap { Int($0.output[1].substring ?? "") }
        if message.hasPrefix("Invalid update: invalid number of sections.") {
            return numbers.count >= 2 && numbers[0] == after.count && numbers[1] == before.count
        }
        guard let s = message.firstMatch(of: try! Regex(#"in section (\d+)\."#)).flatMap({ Int($0.output[1].substring ?? "") }),
              numbers.count >= 2, after.indices.contains(s), numbers[0] == after[s] else { return false }
        let sectionsStay = updates.insertedSections.isEmpty && updates.deletedSections.isEmpty && updates.movedSections.isEmpty
        return !sectionsStay || (before.indices.contains(s) && numbers[1] == before[s])
    }
}
