// Matching: the short-list pairing agrees with the hash-table pairing.
import Testing
@testable import DiffHarness

@Test func pairingByScanningAgreesWithPairingByHashing() {
    var random = SplitMix64(seed: 11)
    for _ in 0..<3000 {
        let alphabet = ["a", "b", "c", "d", "e"].prefix(random.value(upTo: 4) + 1)
        let old = (0..<random.value(upTo: 9)).map { _ in alphabet.randomElement(using: &random)! }
        let new = (0..<random.value(upTo: 9)).map { _ in alphabet.randomElement(using: &random)! }
        let scanned = Matching.pairInOrderByScanning(old, new), hashed = Matching.pairInOrderByHashing(old, new)
        #expect(scanned.0 == hashed.0 && scanned.1 == hashed.1, "\(old) \(new)")
    }
}
