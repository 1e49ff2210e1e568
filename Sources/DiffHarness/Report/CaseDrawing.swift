// CaseDrawing: a case drawn for a person — old and new side by side, section
// by section, each section and item marked with its fate.
//
//     old: [A: a b c] [B: d e]
//     new: [A: a c] [B: e d]
//     batch: delete 0.1, move 1.1 1.0
//
// is drawn
//
//     old                      new
//     [A]      kept            [A]
//       0.0 a  kept              0.0 a
//       0.1 b  deleted           0.1 c  from 0.2
//       0.2 c  -> 0.1          [B]
//     [B]      kept              1.0 e  moved from 1.1
//       1.0 d  -> 1.1            1.1 d  from 1.0
//       1.1 e  moved -> 1.0
//
//     stages: 1, all accepted (profile strict)
//     stale after the update: none
//
// Old side: `kept` (same place), `-> P` (shifted there by other changes),
// `moved -> P` (an explicit move, or out of order in the pairing), `deleted`,
// `reloaded`. New side: nothing (kept), `from P`, `moved from P`, `inserted`,
// `reloaded`, `updated` (pairing only), and after a replay `stale: shows x`
// or `view shows x` where the view disagrees with the data source.

import ListModel

/// Draws a case in plain text for a terminal or a CI log.
public enum CaseDrawing {
    /// Items drawn per section before a `… N more items` line.
    public static let maxItemsPerSection = 40
    /// Sections drawn per side before a `… N more sections` line.
    public static let maxSections = 40
    /// Longest item or section spelling drawn; longer ones end in `…`.
    public static let maxLabelLength = 24
    /// Footer lines drawn per list (stale cells, mismatches).
    public static let maxFooterEntries = 10

    /// Draws `old` and `new` side by side with each section's and item's fate.
    ///
    /// With `stages`, the fates are what the reference model does with them:
    /// each old cell is followed through every stage (`ListView.apply` with
    /// `profile`), and cells the view shows stale at the end are marked
    /// (`ListView.staleCells`). When the model rejects a stage, or `stages`
    /// is `nil`, the fates come from the identity pairing alone (the k-th old
    /// occurrence of an identity with the k-th new one) and a rejection is
    /// named at the bottom with its 1-based stage number and message.
    ///
    /// Never traps: empty snapshots, duplicated identities and operations out
    /// of range are drawn as far as they go.
    ///
    /// - Complexity: O(*k*·(*k* + *n*)) for *k* operations and *n* items per
    ///   stage (one model replay plus one traced one); the text is capped at
    ///   `maxSections` × `maxItemsPerSection` rows per side.
    public static func draw(old: Snapshot, new: Snapshot, stages: [Stage]?, profile: Profile = .strict) -> String {
        let isFlat = old.isFlat && new.isFlat
        var notes: FateNotes
        var footer: [String] = []
        if let stages {
            let replay = ListView.replay(stages, from: old, to: new, profile: profile)
            if let rejected = replay.rejection {
                notes = FateNotes(pairing: old, new, isFlat: isFlat)
                footer += rejectionLines(rejected, stages: stages, isFlat: isFlat)
                footer.append("fates from the identity pairing (the stages were not all applied)")
            } else if let traced = FateNotes(tracing: stages, from: old, to: new, profile: profile, isFlat: isFlat) {
                notes = traced
                let shown = replay.final ?? old
                footer.append("stages: \(stages.count), all accepted (profile \(profile.rawValue))")
                footer += notes.markViewDifferences(shown: shown, data: new, isFlat: isFlat)
            } else {
                // The traced replay disagreed with the real one; should not happen.
                notes = FateNotes(pairing: old, new, isFlat: isFlat)
                footer.append("fates from the identity pairing (the stages could not be traced)")
            }
        } else {
            notes = FateNotes(pairing: old, new, isFlat: isFlat)
            footer.append("no stages: fates from the identity pairing")
        }
        let left = side(old, sectionNotes: notes.oldSections, itemNotes: notes.oldItems, isFlat: isFlat)
        let right = side(new, sectionNotes: notes.newSections, itemNotes: notes.newItems, isFlat: isFlat)
        return (columns(["old"] + left, ["new"] + right) + [""] + footer).joined(separator: "\n") + "\n"
    }

    // MARK: Footer

    private static func rejectionLines(_ rejected: StageRejection, stages: [Stage], isFlat: Bool) -> [String] {
        var lines = ["rejected at stage \(rejected.stage + 1) of \(stages.count) (\(rejected.rejection.rule.rawValue)):",
                     "  " + rejected.rejection.message]
        if stages.indices.contains(rejected.stage) {
            let batch = CasePrinter.batch(stages[rejected.stage].batch, isFlat: isFlat)
            lines.append("  batch: " + clipped(batch, to: 200))
        }
        return lines
    }

    // MARK: Layout

    /// One side's lines: section headers (unless flat), then items, capped.
    private static func side(_ snapshot: Snapshot, sectionNotes: [Int: String], itemNotes: [ItemPath: String], isFlat: Bool) -> [String] {
        var rows: [(label: String, note: String)] = []
        if snapshot.sections.isEmpty { rows.append(("(no sections)", "")) }
        for (s, section) in snapshot.sections.enumerated().prefix(maxSections) {
            let indent = isFlat ? "" : "  "
            if !isFlat {
                let header = clipped(Item(id: section.id, content: section.content).description, to: maxLabelLength)
                rows.append(("[\(header)]", sectionNotes[s] ?? ""))
            }
            if section.items.isEmpty { rows.append((indent + "(empty)", "")) }
            for (i, item) in section.items.enumerated().prefix(maxItemsPerSection) {
                let path = place(ItemPath(s, i), isFlat: isFlat)
                rows.append((indent + path + " " + clipped(item.description, to: maxLabelLength), itemNotes[ItemPath(s, i)] ?? ""))
            }
            if section.items.count > maxItemsPerSection {
                rows.append((indent + "… \(section.items.count - maxItemsPerSection) more items", ""))
            }
        }
        if snapshot.sections.count > maxSections {
            rows.append(("… \(snapshot.sections.count - maxSections) more sections", ""))
        }
        let width = rows.map(\.label.count).max() ?? 0
        return rows.map { row in
            row.note.isEmpty ? row.label : padded(row.label, to: width) + "  " + row.note
        }
    }

    /// Two columns of lines, the left one padded to its widest line.
    private static func columns(_ left: [String], _ right: [String]) -> [String] {
        let width = left.map(\.count).max() ?? 0
        return (0..<max(left.count, right.count)).map { row in
            let l = row < left.count ? left[row] : ""
            let r = row < right.count ? right[row] : ""
            return r.isEmpty ? l : padded(l, to: width) + "    " + r
        }
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    static func clipped(_ text: String, to length: Int) -> String {
        text.count <= length ? text : String(text.prefix(max(0, length - 1))) + "…"
    }

    /// `S.I`, or `I` alone when the case is flat.
    static func place(_ path: ItemPath, isFlat: Bool) -> String {
        isFlat && path.section == 0 ? "\(path.item)" : path.description
    }
}

/// The notes drawn beside each old and new section and item.
struct FateNotes {
    var oldSections: [Int: String] = [:]
    var newSections: [Int: String] = [:]
    var oldItems: [ItemPath: String] = [:]
    var newItems: [ItemPath: String] = [:]

    /// Fates from the identity pairing: a matched section or item is kept
    /// (or shifted) when it belongs to a longest run kept in order, moved
    /// otherwise; an item that changes section is moved.
    init(pairing old: Snapshot, _ new: Snapshot, isFlat: Bool) {
        func place(_ p: ItemPath) -> String { CaseDrawing.place(p, isFlat: isFlat) }
        let matching = Matching(old: old, new: new)

        let sectionPairs = matching.newSectionOfOld.enumerated().compactMap { s, t in t.map { (old: s, new: $0) } }
        let keptSections = Set(Matching.longestIncreasingMembers(sectionPairs.map(\.new)).map { sectionPairs[$0].old })
        for s in old.sections.indices { oldSections[s] = "deleted" }
        for t in new.sections.indices { newSections[t] = "inserted" }
        for (s, t) in sectionPairs {
            let isKept = keptSections.contains(s)
            oldSections[s] = isKept ? (s == t ? "kept" : "-> \(t)") : "moved -> \(t)"
            var note = isKept ? (s == t ? "" : "from \(s)") : "moved from \(s)"
            if old.sections[s].content != new.sections[t].content { note = FateNotes.joined(note, "updated") }
            newSections[t] = note
        }

        // Items that stay in their (matched) section, grouped by old section, in old order.
        var staying: [Int: [(old: ItemPath, new: ItemPath)]] = [:]
        for pair in matching.itemPairs where matching.newSectionOfOld[pair.old.section] == pair.new.section {
            staying[pair.old.section, default: []].append(pair)
        }
        var keptItems = Set<ItemPath>()
        for (_, pairs) in staying {
            for index in Matching.longestIncreasingMembers(pairs.map(\.new.item)) { keptItems.insert(pairs[index].old) }
        }
        for (s, section) in old.sections.enumerated() {
            for i in section.items.indices { oldItems[ItemPath(s, i)] = "deleted" }
        }
        for (t, section) in new.sections.enumerated() {
            for j in section.items.indices { newItems[ItemPath(t, j)] = "inserted" }
        }
        for pair in matching.itemPairs {
            let isKept = keptItems.contains(pair.old)
            oldItems[pair.old] = isKept ? (pair.old == pair.new ? "kept" : "-> " + place(pair.new)) : "moved -> " + place(pair.new)
            var note = isKept ? (pair.old == pair.new ? "" : "from " + place(pair.old)) : "moved from " + place(pair.old)
            let before = old.sections[pair.old.section].items[pair.old.item]
            let after = new.sections[pair.new.section].items[pair.new.item]
            if before.content != after.content { note = FateNotes.joined(note, "updated") }
            newItems[pair.new] = note
        }
    }

    /// Fates from following each old cell through the stages with the model.
    /// `nil` when the traced replay rejects a stage.
    init?(tracing stages: [Stage], from old: Snapshot, to new: Snapshot, profile: Profile, isFlat: Bool) {
        func place(_ p: ItemPath) -> String { CaseDrawing.place(p, isFlat: isFlat) }
        var tracer = CellTracer(old: old)
        for (index, stage) in stages.enumerated() {
            let data = index == stages.count - 1 ? new : (stage.data ?? new)
            guard tracer.apply(stage.batch, data: data, stage: index, profile: profile) else { return nil }
        }
        let shown = tracer.shown

        for s in old.sections.indices { oldSections[s] = "deleted" }
        for (t, section) in shown.sections.enumerated() {
            guard let trace = tracer.sections[section.id] else { continue }
            guard let s = trace.origin else {
                newSections[t] = "inserted"
                continue
            }
            if trace.isReloaded {
                oldSections[s] = s == t ? "reloaded" : "reloaded -> \(t)"
                newSections[t] = "reloaded"
            } else if trace.isMoved {
                oldSections[s] = "moved -> \(t)"
                newSections[t] = "moved from \(s)"
            } else {
                oldSections[s] = s == t ? "kept" : "-> \(t)"
                newSections[t] = s == t ? "" : "from \(s)"
            }
        }

        for (s, section) in old.sections.enumerated() {
            for i in section.items.indices { oldItems[ItemPath(s, i)] = "deleted" }
        }
        for (t, section) in shown.sections.enumerated() {
            for (j, item) in section.items.enumerated() {
                let here = ItemPath(t, j)
                guard let trace = tracer.items[item.id] else { continue }
                guard let origin = trace.origin else {
                    newItems[here] = "inserted"
                    continue
                }
                if trace.isReloaded {
                    oldItems[origin] = origin == here ? "reloaded" : "reloaded -> " + place(here)
                    newItems[here] = origin == here ? "reloaded" : "reloaded from " + place(origin)
                } else if trace.isMoved {
                    oldItems[origin] = "moved -> " + place(here)
                    newItems[here] = "moved from " + place(origin)
                } else {
                    oldItems[origin] = origin == here ? "kept" : "-> " + place(here)
                    newItems[here] = origin == here ? "" : "from " + place(origin)
                }
            }
        }
    }

    /// Marks the new side where the view `shown` after the update differs
    /// from `data`, and returns the footer lines that list it.
    mutating func markViewDifferences(shown: Snapshot, data: Snapshot, isFlat: Bool) -> [String] {
        var lines: [String] = []
        let stale = ListView.staleCells(displayed: shown, data: data)
        for cell in stale {
            let shownSpelling = Item(id: cell.id, content: cell.shownContent).description
            if let path = cell.path {
                newItems[path] = FateNotes.joined(newItems[path] ?? "", "stale: shows " + shownSpelling)
            } else {
                newSections[cell.section] = FateNotes.joined(newSections[cell.section] ?? "", "stale: shows [\(shownSpelling)]")
            }
        }
        if stale.isEmpty {
            lines.append("stale after the update: none")
        } else {
            lines.append("stale after the update: \(stale.count)")
            lines += FateNotes.listed(stale.map(\.description))
        }

        let mismatches = ListView.mismatches(displayed: shown, data: data)
        for mismatch in mismatches {
            switch mismatch.place {
            // The traced fate there is the shown cell's, not this item's.
            case .item(let path):
                newItems[path] = FateNotes.showing(mismatch.shown, fate: newItems[path])
            case .section(let s):
                newSections[s] = FateNotes.showing("[\(mismatch.shown)]", fate: newSections[s])
            case .itemCount, .sectionCount:
                break
            }
        }
        if !mismatches.isEmpty {
            lines.append("the view does not show the new snapshot: \(quantity(mismatches.count, "difference"))")
            lines += FateNotes.listed(mismatches.map(\.description))
        }
        return lines
    }

    private static func listed(_ entries: [String]) -> [String] {
        var lines = entries.prefix(CaseDrawing.maxFooterEntries).map { "  " + CaseDrawing.clipped($0, to: 200) }
        if entries.count > CaseDrawing.maxFooterEntries {
            lines.append("  … \(entries.count - CaseDrawing.maxFooterEntries) more")
        }
        return lines
    }

    /// `view shows x`, with the fate of the cell shown there in parentheses.
    private static func showing(_ shown: String, fate: String?) -> String {
        guard let fate, !fate.isEmpty else { return "view shows " + shown }
        return "view shows \(shown) (\(fate))"
    }

    static func joined(_ note: String, _ extra: String) -> String {
        note.isEmpty ? extra : note + ", " + extra
    }
}
