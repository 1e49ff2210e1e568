// CaseOrder: which of two old/new pairs is the simpler case.
//
// The choice shrinker judges a candidate by its items, then by its choices
// in shortlex order. A case without choices is judged the same way, with
// the case's own shape written as a sequence of numbers in place of the
// choices: fewer items first, then the shortlex order of that sequence,
// then the names.
import ListModel

/// Whether the pair `old`/`new` is a simpler case than `other`: fewer items
/// (old and new together); at equal items, a shortlex-smaller `caseShape`;
/// at an equal shape, smaller `nameRanks` (shortlex). A strict order: no
/// pair is simpler than itself, and every chain of ever simpler pairs with
/// at most a given number of items and of sections is finite (contents only
/// go down, names only towards `a`, `b`, … and `A`, `B`, …).
public func isSimpler(old: Snapshot, new: Snapshot, than other: (old: Snapshot, new: Snapshot)) -> Bool {
    let size = totalItems(old, new), otherSize = totalItems(other.old, other.new)
    if size != otherSize { return size < otherSize }
    let shape = caseShape(old, new), otherShape = caseShape(other.old, other.new)
    if shape != otherShape { return isSimpler(shape, than: otherShape) }
    return isSimpler(nameRanks(old, new), than: nameRanks(other.old, other.new))
}

/// A pair's shape as numbers, simplest first: 0 when both sides are flat
/// (else 1); each side's section count and the item count of each of its
/// sections; the section identities, then the item identities, each as the
/// index of its first appearance (old, then new: `a b a` is 0 1 0); the
/// section contents, then the item contents, old then new. Two pairs that
/// differ only by the names of their identities have the same shape.
func caseShape(_ old: Snapshot, _ new: Snapshot) -> [Int] {
    var shape = [old.isFlat && new.isFlat ? 0 : 1]
    for side in [old, new] {
        shape.append(side.sections.count)
        shape += side.sections.map(\.items.count)
    }
    let sections = [old, new].flatMap(\.sections)
    let items = sections.flatMap(\.items)
    shape += firstAppearances(sections.map(\.id))
    shape += firstAppearances(items.map(\.id))
    shape += sections.map(\.content)
    shape += items.map(\.content)
    return shape
}

/// Each identity (sections first, then items, each in order of first
/// appearance) as its rank among the generator's names: the implicit
/// section `_` is -1, `A` and `a` are 0, `B` and `b` 1, …; any other name
/// ranks after them all. Naming by first appearance (`a`, `b`, …) gives the
/// smallest sequence.
func nameRanks(_ old: Snapshot, _ new: Snapshot) -> [Int] {
    let sections = [old, new].flatMap(\.sections)
    var ranks: [Int] = []
    for id in distinctInOrder(sections.map(\.id)) {
        ranks.append(id == Snapshot.implicitSectionID ? -1 : nameRank(id, uppercase: true))
    }
    for id in distinctInOrder(sections.flatMap(\.items).map(\.id)) {
        ranks.append(nameRank(id, uppercase: false))
    }
    return ranks
}

/// The index `k` with `PairGenerator.Names.itemName(k) == name` (or
/// `sectionName`), or `Int.max` for a name the generator never makes.
func nameRank(_ name: String, uppercase: Bool) -> Int {
    guard let letter = name.unicodeScalars.first, name.unicodeScalars.count <= 12 else { return Int.max }
    let first = uppercase ? Unicode.Scalar("A").value : Unicode.Scalar("a").value
    guard letter.value >= first, letter.value < first + 26 else { return Int.max }
    let rest = name.unicodeScalars.dropFirst()
    let round = rest.isEmpty ? 0 : (Int(String(String.UnicodeScalarView(rest))) ?? -1)
    guard round >= 0 else { return Int.max }
    let index = Int(letter.value - first) + 26 * round
    let made = uppercase ? PairGenerator.Names.sectionName(index) : PairGenerator.Names.itemName(index)
    return made == name ? index : Int.max
}

/// Each value as the index of its first appearance among the distinct values.
func firstAppearances(_ values: [String]) -> [Int] {
    var seen: [String: Int] = [:]
    return values.map { value in
        if let index = seen[value] { return index }
        seen[value] = seen.count
        return seen.count - 1
    }
}

/// The distinct values, in order of first appearance.
func distinctInOrder(_ values: [String]) -> [String] {
    var seen: Set<String> = []
    return values.filter { seen.insert($0).inserted }
}
