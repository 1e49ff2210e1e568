// CaseSeed: the seed of case number n of a campaign.
import ListModel

/// The PRNG seed of case `n` in a campaign with seed `seed`. Each case has its
/// own stream, so the set of cases is fixed by the seed however many workers
/// share them, and case n can be rebuilt from (seed, n) alone.
public func caseSeed(_ seed: UInt64, _ n: Int) -> UInt64 {
    var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: n) &* 0xD1B5_4A32_D192_ED03))
    return mixer.next()
}

extension PairGenerator {
    /// Case `n` of the campaign with seed `seed`, of the size its schedule
    /// plans (`SizeSchedule`).
    public func campaignCase(seed: UInt64, n: Int) -> GeneratedPair {
        generate(from: RandomSource(seed: caseSeed(seed, n)),
                 plannedSize: SizeSchedule.plannedClass(seed: seed, n: n, every: options.everyCaseSize))
    }

    /// The old and new snapshots of `campaignCase(seed:n:)`, made without
    /// recording the choices (what a campaign checks; it makes the case
    /// again, with its choices, only when the case fails).
    public func campaignSnapshots(seed: UInt64, n: Int) -> (old: Snapshot, new: Snapshot) {
        snapshots(from: RandomSource(seed: caseSeed(seed, n)),
                  plannedSize: SizeSchedule.plannedClass(seed: seed, n: n, every: options.everyCaseSize))
    }
}
