// ExhaustiveBound.pairCount: the pairs of a walk counted without walking
// (issue 43, point 12: `exhaust` showed no total for a custom bound).
import DiffHarness
import Testing

/// Every count the formula gives is the count the walk visits: flat and
/// sectioned, repeated identities allowed or not, one to three content
/// versions, sections that may be empty or full.
@Test(arguments: [
    ExhaustiveBound.flat,
    ExhaustiveBound.sectioned,
    ExhaustiveBound(isFlat: true, maxTotalItems: 4, maxItemsPerSection: 3, contentVersions: 1),
    ExhaustiveBound(isFlat: true, maxTotalItems: 5, maxItemsPerSection: 5, contentVersions: 3, allowsDuplicates: false),
    ExhaustiveBound(isFlat: false, maxTotalItems: 3, maxSections: 3, maxItemsPerSection: 1),
    ExhaustiveBound(isFlat: false, maxTotalItems: 4, maxSections: 2, maxItemsPerSection: 3, allowsDuplicates: false),
    ExhaustiveBound(isFlat: false, maxTotalItems: 2, maxSections: 3, maxItemsPerSection: 2, contentVersions: 3),
])
func theCountedPairsAreTheWalkedPairs(_ bound: ExhaustiveBound) {
    let walked = ExhaustiveEnumeration(bound: bound).forEach { _, _, _ in true }
    #expect(bound.pairCount == Double(walked), "\(bound)")
}

/// The two defaults, as the README and `check` print them, and the bound
/// CI walks (3 sections: 16 million), counted in no time.
@Test func theDefaultBoundsHoldTheCountsThatArePrinted() {
    #expect(ExhaustiveBound.flat.pairCount == 16_420)
    #expect(ExhaustiveBound.sectioned.pairCount == 127_219)
    var three = ExhaustiveBound.sectioned
    three.maxSections = 3
    #expect(three.pairCount == 16_023_434)
    #expect(groupedDigits(three.pairCount) == "16,023,434")
    #expect(groupedDigits(999) == "999" && groupedDigits(1_000) == "1,000")
}
