// SizeClass: how many items a generated case holds, and the schedule that
// puts long cases into every campaign.
//
// Real engines change behaviour with size (fast paths past a threshold,
// tables that grow, "too many changes, reload everything" cut-offs, 16-bit
// counters), so a campaign must reach well past the sizes a random walk of
// "go on?" flags ever makes. The long classes draw their length as one
// choice: the shrinker lowers it by binary search, which removes large runs
// of items at once and then finer ones, down to the size the failure needs.

/// The size classes of generated pairs, smallest first (the simpler draw first).
public enum SizeClass: Int, CaseIterable, Comparable, Sendable {
    /// Lists that stop early: a "go on?" choice per element, odds 3 to 1.
    case small
    /// Up to `largeCap` items a snapshot (odds 60 to 1 per item).
    case large
    /// An old snapshot of 201 to 9,999 items (most of them past 1,000).
    case thousands
    /// An old snapshot of 10,000 to 70,000 items (past 2^16 now and then).
    case tensOfThousands
    /// An old snapshot of 100,000 to 200,000 items: planned only by
    /// `--size` (each case takes about a second to check).
    case hundredsOfThousands

    public static func < (lhs: SizeClass, rhs: SizeClass) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The most items a snapshot of the `large` class holds.
    public static let largeCap = 200

    /// Whether the class draws its lengths as one choice (`LongLists`).
    public var isLong: Bool { self >= .thousands }

    /// The items of a long class's old snapshot, before `--max-size` caps them.
    public var itemRange: ClosedRange<Int> {
        switch self {
        case .small, .large: return 0...SizeClass.largeCap
        case .thousands: return 201...9_999
        case .tensOfThousands: return 10_000...70_000
        case .hundredsOfThousands: return 100_000...200_000
        }
    }

    /// Its name on the command line (`--size`) and in reports.
    public var name: String {
        switch self {
        case .small: return "small"
        case .large: return "large"
        case .thousands: return "thousands"
        case .tensOfThousands: return "tens-of-thousands"
        case .hundredsOfThousands: return "hundreds-of-thousands"
        }
    }

    /// The class named `name`.
    public init?(name: String) {
        guard let found = SizeClass.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }

    /// The bound of the tier choice drawn after the "large" flag, and the
    /// values that pick the long classes: `large` is every value below
    /// them, so a random or fuzzed case is long only rarely (1 in 100,000
    /// of the large ones, for each long class); the size schedule plans
    /// the rest.
    static let tierBound = 99_999
    var tier: Int {
        switch self {
        case .small, .large: return 0
        case .thousands: return SizeClass.tierBound - 2
        case .tensOfThousands: return SizeClass.tierBound - 1
        case .hundredsOfThousands: return SizeClass.tierBound
        }
    }

    init(tier: Int) {
        let fromTop = SizeClass.tierBound - tier
        self = fromTop == 0 ? .hundredsOfThousands : (fromTop == 1 ? .tensOfThousands : (fromTop == 2 ? .thousands : .large))
    }
}

/// Which campaign cases are long: case 50 of every campaign is in the
/// thousands and case 5,000 in the tens of thousands; past those, case n
/// of seed s is long when a hash of (s, n) says so, one case in 10,000 in
/// the thousands and one in 50,000 in the tens of thousands, spread evenly
/// over shards and workers. Each first long case comes after about as
/// many items of small cases as it holds, so that a short run stays short
/// on a slow engine: the README's `--cases 2000` and `checkEngine`'s 1,000
/// cases hold one case in the thousands and none in the tens of thousands
/// (`--size tens-of-thousands` asks for them), while a default `check` of
/// the core (1,000,000 cases) has about 100 and 20 of them, one of an
/// `--engine-cmd` engine (100,000) about 10 and 2, besides the first two.
/// The other cases draw their size as before (mostly small, one in twenty
/// large).
public enum SizeSchedule {
    /// The case every campaign has in the thousands …
    public static let firstThousands = 50
    /// … and in the tens of thousands.
    public static let firstTensOfThousands = 5_000
    /// Past those, one case in this many is planned in the thousands …
    public static let thousandsEvery: UInt64 = 10_000
    /// … and one in this many in the tens of thousands.
    public static let tensOfThousandsEvery: UInt64 = 50_000

    /// The class planned for case `n` of seed `seed`, or nil: drawn as
    /// usual. `every` (`--size`) plans every case in that class.
    public static func plannedClass(seed: UInt64, n: Int, every: SizeClass? = nil) -> SizeClass? {
        if let every { return every }
        if n == firstThousands { return .thousands }
        if n == firstTensOfThousands { return .tensOfThousands }
        var mixer = SplitMix64(seed: caseSeed(seed, n) ^ 0x5A5A_C3C3_0F0F_9696)
        let draw = mixer.next()
        if draw % tensOfThousandsEvery == 0 { return .tensOfThousands }
        if draw % thousandsEvery == 1 { return .thousands }
        return nil
    }
}
