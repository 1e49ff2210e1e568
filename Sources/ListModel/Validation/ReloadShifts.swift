// ReloadShifts: the batch's deletes and inserts indexed once, so that every
// reload's insert half is placed without walking them all again
// (RULES.md §3.1 step 3).
//
// The validator places a reload's insert half by walking every delete
// (descending) and every insert (ascending) of the batch for each reload
// (`CollectionViewUpdate.walkedInsertPath`, the literal transcription).
// That is O(reloads × operations): a long list with thousands of reloads and
// thousands of deletes costs millions of steps. The walk has a closed form,
// worked out below; `ReloadShifts` gives the same answer in
// O(s + log n) a reload, for s sections with deletes or inserts.

/// The deletes and inserts of one batch, grouped by section, as the reload
/// split walks them.
struct ReloadShifts {
    /// Deletes by section, sections descending (the walk's order).
    private let deleteGroups: [Group]
    /// Inserts by section, sections ascending (the walk's order).
    private let insertGroups: [Group]
    /// Whether an index is so large that the walk's wrapping arithmetic
    /// could wrap; then `insertPath` walks (`walkedInsertPath`).
    private let hasExtremeIndex: Bool
    private let deletes: [UpdateItem], inserts: [UpdateItem]

    /// Indexes `deletes` (in descending order) and `inserts` (ascending).
    ///
    /// - Complexity: O(*d* + *i*).
    init(deletes: [UpdateItem], inserts: [UpdateItem]) {
        self.deletes = deletes
        self.inserts = inserts
        deleteGroups = Self.groups(deletes).map { $0.finishing { $0.finishDescending() } }
        insertGroups = Self.groups(inserts).map { $0.finishing { $0.finishAscending() } }
        hasExtremeIndex = deletes.contains { Self.isExtreme($0.path) } || inserts.contains { Self.isExtreme($0.path) }
    }

    /// `items` (sorted, so a section's are together) grouped by section.
    private static func groups(_ items: [UpdateItem]) -> [Group] {
        var groups: [Group] = []
        for item in items {
            if groups.last?.section != item.path.section { groups.append(Group(section: item.path.section)) }
            if let i = item.path.item {
                groups[groups.count - 1].items.add(i)
            } else {
                groups[groups.count - 1].sectionOperations += 1
            }
        }
        return groups
    }

    /// Whether an index of `path` is negative (NSIndexPath sorts it after
    /// every other, so the groups are not in signed order) or past 2^40,
    /// where sums of at most 2^31 operations could come near wrapping.
    private static func isExtreme(_ path: UpdatePath) -> Bool {
        let limit: UInt = 1 << 40
        return path.section < 0 || (path.item ?? 0) < 0 || path.section.magnitude > limit || (path.item ?? 0).magnitude > limit
    }

    /// Whether a delete names `path` itself.
    ///
    /// - Complexity: O(log *d*).
    func isDeleted(_ path: UpdatePath) -> Bool {
        // A negative or extreme index breaks the signed order the groups
        // are searched in (NSIndexPath sorts −1 last): look at every delete.
        if hasExtremeIndex { return deletes.contains { $0.path == path } }
        // The group of path's section (groups descending by section).
        var low = 0, high = deleteGroups.count
        while low < high {
            let mid = (low + high) / 2
            if deleteGroups[mid].section <= path.section { high = mid } else { low = mid + 1 }
        }
        guard low < deleteGroups.count, deleteGroups[low].section == path.section else { return false }
        guard let item = path.item else { return deleteGroups[low].sectionOperations > 0 }
        return deleteGroups[low].items.containsDescending(item)
    }

    /// Where the insert half of a reload at `path` goes: what
    /// `walkedInsertPath` computes, for a reload no delete names.
    ///
    /// - Complexity: O(*s* + log *n*), *s* the sections with deletes or
    ///   inserts, *n* the most deletes or inserts in one section.
    func insertPath(for path: UpdatePath) -> UpdatePath {
        if hasExtremeIndex || Self.isExtreme(path) {
            return CollectionViewUpdate.walkedInsertPath(path, deletes: deletes, inserts: inserts)
        }
        var section = path.section
        var item = path.item
        // Deletes, sections descending. A group above the current section
        // does nothing: its section deletes are past it, its item deletes in
        // another section. The current section only goes down.
        for group in deleteGroups where group.section <= section {
            if group.section != path.section && group.sectionOperations > 0 {
                // Section deletes at or before the section, one at a time:
                // each moves it down one while it is still at or after them.
                section = max(section - group.sectionOperations, group.section - 1)
            }
            if let i = item, group.section == section {
                item = group.items.afterDescendingWalk(from: i)
            }
        }
        // Inserts, sections ascending; the current section only goes up.
        for group in insertGroups {
            if group.section > section { break }
            if let i = item, group.section == section {
                item = group.items.afterAscendingWalk(from: i)
            }
            // A section insert sorts after its section's items.
            section += group.sectionOperations
        }
        return UpdatePath(section: section, item: item)
    }
}

/// The deletes (or the inserts) of one section: the section's own,
/// counted, and its items'.
private struct Group {
    let section: Int
    var sectionOperations = 0
    var items = ItemRuns()

    /// The group with its runs' sums worked out by `finish`.
    func finishing(_ finish: (inout ItemRuns) -> Void) -> Group {
        var group = self
        finish(&group.items)
        return group
    }
}

/// The item indexes of one section's deletes or inserts, in the walk's
/// order, as runs of equal values (a batch may repeat an operation), with
/// the sums that give a whole walk over them in one binary search.
private struct ItemRuns {
    /// Run values, in walk order (strictly descending for deletes,
    /// strictly ascending for inserts).
    private var values: [Int] = []
    /// How many operations each run has.
    private var counts: [Int] = []
    /// Deletes: operations in runs `k...`. Inserts: in runs `..<k`.
    private var sums: [Int] = []
    /// Deletes: the highest floor in runs `k...` (see `afterDescendingWalk`).
    /// Inserts: the highest threshold in runs `...k`.
    private var extremes: [Int] = []

    mutating func add(_ value: Int) {
        if values.last == value {
            counts[counts.count - 1] += 1
        } else {
            values.append(value)
            counts.append(1)
        }
    }

    /// Deletes: the walk takes a run of `m` deletes at `v` from item `i ≥ v`
    /// to `max(i - m, v - 1)` (each delete moves the item down one while it
    /// is still at or after it), and every later run (`v' ≤ v - 1`) then
    /// applies too. Unrolled from the first run `J` at or before `i`:
    /// `max(i - Σ_{j≥J} m_j, max_{k≥J}(v_k - 1 - Σ_{j>k} m_j))`.
    ///
    /// (Arithmetic wraps here only for the extreme indexes that
    /// `insertPath` walks instead.)
    mutating func finishDescending() {
        let n = values.count
        sums = Array(filled: 0, count: n + 1)
        extremes = Array(filled: Int.min, count: n + 1)
        for k in stride(from: n - 1, through: 0, by: -1) {
            sums[k] = sums[k + 1] + counts[k]
            extremes[k] = max(extremes[k + 1], values[k] &- 1 &- sums[k + 1])
        }
    }

    /// Whether `value` is one of these runs' (descending).
    func containsDescending(_ value: Int) -> Bool {
        let k = firstAtOrBelow(value)
        return k < values.count && values[k] == value
    }

    /// The first run at or below `i` (values descending), or `values.count`.
    private func firstAtOrBelow(_ i: Int) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] <= i { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Where the descending walk over these deletes takes item `i`.
    func afterDescendingWalk(from i: Int) -> Int {
        let low = firstAtOrBelow(i)
        guard low < values.count else { return i }
        return max(i - sums[low], extremes[low])
    }

    /// Inserts: a run of `m` inserts at `v` takes item `i ≥ v` to `i + m`,
    /// and leaves it where it is when `v > i`, and then every later run
    /// (`v' > v`) too. So the walk applies runs `0...J` for the last `J`
    /// with `v_k - Σ_{j<k} m_j ≤ i` for every `k ≤ J` (the threshold's
    /// running maximum, which only grows, is what is searched).
    mutating func finishAscending() {
        let n = values.count
        sums = Array(filled: 0, count: n + 1)
        extremes = Array(filled: Int.min, count: n)
        var highest = Int.min
        for k in 0..<n {
            highest = max(highest, values[k] &- sums[k])
            extremes[k] = highest
            sums[k + 1] = sums[k] + counts[k]
        }
    }

    /// Where the ascending walk over these inserts takes item `i`.
    func afterAscendingWalk(from i: Int) -> Int {
        // The number of runs whose running threshold is at most i.
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if extremes[mid] <= i { low = mid + 1 } else { high = mid }
        }
        return i + sums[low]
    }
}
