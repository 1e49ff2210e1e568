// TriageExplanation: what a logged exception's numbers say, in the app's terms.
import ListModel

/// One screen of lines on a triaged exception: what UIKit said, whether the
/// model says the same under each profile, what the numbers mean for the app
/// (which counts disagree and the usual reasons; which two operations
/// collide and why), and, for the whole-batch form, the nearest valid batch
/// (its first `TriageInputError.excerptLength` characters). However long
/// the log, the lines are bounded: a long count list is cut
/// (`LoggedException.summary`), at most `sectionsShown` sections are named.
public enum TriageExplanation {
    /// The explanation's lines for `exception`: the model's `verdicts` under
    /// each profile, whether the case reproduces the logged message, and the
    /// `nearest` valid batch. The first line quotes the exception as `quote`
    /// says it (the log's own words, `TriageReport.quote`), or as
    /// `exception.summary`.
    public static func lines(
        _ exception: LoggedException, verdicts: [Profile: Rejection?], isReproduced: Bool,
        nearest: Batch?, isFlat: Bool, quote: String? = nil
    ) -> [String] {
        let view = exception.isTableView ? "UITableView" : "UICollectionView"
        var lines = ["\(view) rejected the batch: \(quote ?? exception.summary)"]
        for profile in Profile.allCases {
            let verdict: String
            switch verdicts[profile] ?? nil {
            case nil: verdict = "accepts the batch"
            case let rejection?:
                verdict = rejection.message.contains(exception.message) ? "rejects it with the logged message" : otherVerdict(rejection, exception)
            }
            lines.append("model, profile \(profile.rawValue): \(verdict)")
        }
        lines.append(isReproduced ? "reproduced: the case on stdout replays the crash (diffcheck repro, diffcheck show)"
                                  : "NOT reproduced under profile \(exception.profile.rawValue): the case on stdout expects the logged message and fails")
        lines.append("")
        lines += meaning(exception)
        if case .batch = exception.kind {
            if let nearest {
                let text = nearest.isEmpty ? "(no updates)" : CasePrinter.batch(nearest, isFlat: isFlat)
                let shown = TriageInputError.excerpt(text)
                lines.append("nearest valid batch for these counts: batch: \(shown)"
                             + (shown != text ? " (\(nearest.operations.count) updates in all)" : ""))
            } else {
                lines.append("no valid batch is near for these counts: fix the conflict first, or call reloadData")
            }
        }
        return lines
    }

    /// What differs when the model rejects the batch with another message
    /// than the log's: only the view's words (rows for items), or the
    /// numbers of the same exception, or the exception itself (the model
    /// stopped at another rule first), with the model's message when it
    /// says something the log does not.
    static func otherVerdict(_ rejection: Rejection, _ exception: LoggedException) -> String {
        let otherView = LoggedException(exception.kind, isTableView: !exception.isTableView)
        if rejection.message.contains(otherView.message) {
            return "rejects it with the same exception and numbers, in \(otherView.isTableView ? "UITableView" : "UICollectionView")'s words (\(otherView.words.items))"
        }
        let said = try? ExceptionReader.read(rejection.message)
        if let said, said.kind.caseName == exception.kind.caseName {
            return "rejects it with the same exception but other numbers: \(rejection.message)"
        }
        let reading = rejection.rule.isOpen ? ", the portable subset's, not a UIKit exception" : ""
        return "rejects it with another exception (rule \(rejection.rule.rawValue)\(reading)), met before the logged one: \(rejection.message)"
    }

    private static let staleView = "the data changed without a batch for it, or the view had not seen an earlier change (RULES.md §4)"
    private static let unappliedData = "the batch was issued but the data source does not return its result yet (update the data inside performBatchUpdates' block, before the view asks for counts)"

    /// The reading of the numbers.
    static func meaning(_ exception: LoggedException) -> [String] {
        let w = exception.words
        switch exception.kind {
        case .batch(let before, let after, let updates, let isElided):
            var lines: [String] = []
            if isElided { lines.append("the log elides some updates: the sums below count only those it shows") }
            let sectionChange = updates.insertedSections.count - updates.deletedSections.count
            if after.count - before.count != sectionChange {
                lines.append("the batch changes the number of sections by \(signed(sectionChange)), the data source by \(signed(after.count - before.count)): "
                             + (sectionChange == 0 ? staleView : "the section updates do not match the data"))
                return lines
            }
            let sectionsStay = updates.insertedSections.isEmpty && updates.deletedSections.isEmpty && updates.movedSections.isEmpty
            guard sectionsStay else {
                lines.append("the section updates match the section counts; \(w.anItem) count disagrees (the model names the section above)")
                return lines
            }
            // One pass over the updates, then a line per section that disagrees (the first few).
            let changes = updates.itemChangePerSection
            var disagreeing = 0
            for s in before.indices where s < after.count {
                let change = changes[s] ?? 0
                let data = after[s].saturatingSubtracting(before[s])
                guard change != data else { continue }
                disagreeing += 1
                guard disagreeing <= sectionsShown else { continue }
                let cause = change == 0 ? staleView : data == 0 ? unappliedData
                    : "the batch was computed from other data than the view showed (a diff against a stale old list, or two changes racing)"
                lines.append("the batch changes section \(s) by \(signed(change)) \(w.items), the data source by \(signed(data)): \(cause)")
            }
            if disagreeing > sectionsShown { lines.append("(and \(disagreeing - sectionsShown) more sections whose counts disagree)") }
            return lines
        case .sectionCount(let after, let before, let inserted, let deleted):
            let change = inserted.saturatingSubtracting(deleted), data = after.saturatingSubtracting(before)
            return ["the batch changes the number of sections by \(signed(change)), the data source by \(signed(data)): "
                    + (change == 0 ? staleView : data == 0 ? unappliedData : "the section inserts and deletes do not match the data")]
        case .itemCount(let s, let after, let before, let inserted, let deleted, let movedIn, let movedOut):
            let change = inserted.saturatingAdding(movedIn).saturatingSubtracting(deleted.saturatingAdding(movedOut))
            let data = after.saturatingSubtracting(before)
            return ["the batch changes section \(s) by \(signed(change)) \(w.items), the data source by \(signed(data)): "
                    + (change == 0 ? staleView : data == 0 ? unappliedData
                       : "the batch was computed from other data than the view showed (a diff against a stale old list, or two changes racing)")]
        case .deleteItemOutOfRange(let p, let n):
            return ["the batch deletes \(w.item) \(p.item) of section \(p.section), but the view showed only \(n) \(w.items) there:",
                    "the batch was computed against a longer list than the view had seen (RULES.md §4), or deletes the same \(w.item) twice across batches"]
        case .deleteItemSectionOutOfRange(let p, let n):
            return ["the batch deletes \(w.anItem) of section \(p.section), but the view showed only \(n) sections: the batch's old list is not the view's"]
        case .insertItemOutOfRange(let p, let n):
            return ["the batch inserts \(w.item) \(p.item) into section \(p.section), but the data source returns only \(n) \(w.items) there after the update:",
                    "the data source was not updated before the view asked (or the inserts index the old list instead of the new one, RULES.md §1)"]
        case .insertItemSectionOutOfRange(let p, let n):
            return ["the batch inserts into section \(p.section), but the data source returns only \(n) sections after the update"]
        case .deleteSectionOutOfRange(let s, let n):
            return ["the batch deletes section \(s), but the view showed only \(n) sections: the batch's old list is not the view's (RULES.md §4)"]
        case .insertSectionOutOfRange(let s, let n):
            return ["the batch inserts section \(s), but the data source returns only \(n) sections after the update"]
        case .insertAndMove(let p):
            return ["an insert and a move both end at \(p.uikitDescription) after the update: two cells cannot take one place.",
                    "UIKit splits a reload into a delete at its old index path and an insert at that path shifted by the batch's deletes and inserts,",
                    "so the insert is often a reload's insert half landing where a move goes; or the diff moved \(w.anItem) to a place it also inserts at.",
                    "Fix: reload only \(w.items) that stay in place (reload in a second batch, or reconfigure the cell), and give each new index path one operation"]
        case .deleteAndMove(let p):
            return ["a delete and a move both take the \(w.item) at \(p.uikitDescription) before the update: it cannot both leave and move.",
                    "Often the delete is a reload's delete half; reload in a second batch, or delete and insert instead of moving"]
        case .deleteAndReload(let p):
            return ["a delete and a reload both name \(p.uikitDescription) before the update: a reload is a delete plus an insert, so the \(w.item) is deleted twice.",
                    "Drop the reload of a deleted \(w.item)"]
        case .moveSourceOutOfRange(let p, let n):
            return ["the batch moves \(w.item) \(p.item) of section \(p.section), but the view showed only \(n) \(w.items) there:",
                    "a move's source is an index path before the update (RULES.md §1); the batch was computed against another old list, or counted the source after the deletes"]
        case .moveDestinationOutOfRange(let p, let q, let n):
            return ["the batch moves \(p.uikitDescription) to \(q.uikitDescription), but the data source returns only \(n) \(w.items) in section \(q.section) after the update:",
                    "a move's destination is an index path after the update (RULES.md §1); moves written as sequential steps land past the end"]
        case .moveToTwoPlaces(let p, let q, let r):
            return ["two moves take the \(w.item) at \(p.uikitDescription), to \(q.uikitDescription) and to \(r.uikitDescription): one cell cannot go to two places.",
                    "Often a diff reported one change twice (a duplicated identity, or an update and a move of the same item)"]
        case .moveTwoToOnePlace(let p, let q, let r):
            return ["two moves, of \(p.uikitDescription) and of \(q.uikitDescription), both end at \(r.uikitDescription): two cells cannot take one place.",
                    "Often two \(w.items) share an identity, and the diff paired both with one new \(w.item)"]
        case .moveOutOfDeletedSection(let s):
            return ["\(w.anItem) moves out of section \(s), which the batch deletes: a deleted section's \(w.items) go with it.",
                    "Delete the \(w.item) with its section and insert it where it goes"]
        case .moveIntoInsertedSection(let s):
            return ["\(w.anItem) moves into section \(s), which the batch inserts: an inserted section is filled from the data source.",
                    "Delete the \(w.item) where it was; the new section brings it"]
        }
    }

    /// The most sections whose counts disagree the explanation names one by one.
    static let sectionsShown = 10

    /// `+2`, `0`, `−1` (a minus sign, as a person writes it).
    static func signed(_ n: Int) -> String {
        n > 0 ? "+\(n)" : n < 0 ? "\u{2212}\(n.magnitude)" : "0"
    }
}
