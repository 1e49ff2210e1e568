// SizeBudget: the bound on what a case built from a log's numbers may hold.
//
// A log is untrusted input: pasted, truncated, mangled. Its counts size the
// case's placeholder snapshots and, for the older count messages, the
// operations of its batch, so a count of 2147483648 would ask for billions
// of items. Every such size is spent from a budget before anything is
// built; past the bound the triage refuses the log, naming the size and the
// bound, and nothing is allocated. The sums saturate at `Int.max`: a logged
// 9223372036854775807 plus one is "too large", never an overflow trap.

/// The items, sections and operations a triaged case may still take.
struct SizeBudget {
    /// The most the case may hold in all (both snapshots' items and
    /// sections, and the operations of its batch).
    let bound: Int
    /// What the case holds so far (saturated at `Int.max`).
    private(set) var spent = 0

    init(bound: Int) { self.bound = bound }

    /// Takes `amounts` (a negative one counts 0), or throws `caseTooLarge`
    /// when the case would hold more than `bound`.
    mutating func spend(_ amounts: Int...) throws(TriageInputError) {
        for amount in amounts { spent = spent.saturatingAdding(max(amount, 0)) }
        guard spent <= bound else { throw .caseTooLarge(needed: spent, bound: bound, at: nil) }
    }

    /// Takes the sum of `counts`.
    mutating func spend(sumOf counts: [Int]) throws(TriageInputError) {
        for count in counts { try spend(count) }
    }
}

extension Int {
    /// `self + other`, or `Int.max` (`-Int.max`) past it: never traps.
    func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow || sum == .min else { return sum }
        return other > 0 ? .max : -.max
    }

    /// `self - other`, or `Int.max` (`-Int.max`) past it: never traps.
    func saturatingSubtracting(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow || difference == .min else { return difference }
        return other < 0 ? .max : -.max
    }
}
