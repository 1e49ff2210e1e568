// BenchContender: what the benchmark runs on each input, and one measured row.
import Foundation
import ListDiff

/// One contender of the benchmark.
enum BenchContender: String, CaseIterable, Sendable {
    /// The diff core (`ListDiff.diff`).
    case core
    /// The standard library's Myers diff with `inferringMoves()` on the
    /// identity sequence (flat inputs only).
    case standardLibrary = "stdlib"
    /// Building a `Dictionary` of the old identities and probing it with the
    /// new ones: the least any identity-pairing diff must do.
    case hashFloor = "hash floor"
    /// The core's own `IdentityTable`, built and probed the same way.
    case identityTable = "identity table"
}

/// One measured row of the table.
struct BenchRow: Codable, Sendable {
    var input: String
    var elements: Int
    var contender: String
    /// How many timed runs the median is taken over (0: not run).
    var runs: Int
    var medianSeconds: Double?
    /// `medianSeconds` divided by the core's.
    var ratioToCore: Double?
    /// Moves reported (the core counts a paired item deleted and re-inserted
    /// as a move; the standard library counts removals it associated).
    var moves: Int?
    /// The longest-increasing-subsequence minimum for the input.
    var minimumMoves: Int
    /// Peak resident-memory growth during the first run, in bytes.
    var peakMemoryBytes: Int?
    var note: String?
}

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never) func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

extension BenchContender {
    /// Runs once on `input`; returns the moves reported, if the contender reports moves.
    func run(_ input: BenchInput) -> Int? {
        switch (self, input.shape) {
        case (.core, .flat(let old, let new)):
            let difference = ListDiff.diff(old: old, new: new)
            consume(difference)
            return difference.moveCount
        case (.core, .sectioned(let old, let new)):
            let difference = ListDiff.diff(oldSections: old, newSections: new)
            consume(difference)
            return difference.moveCount
        case (.standardLibrary, .flat(let old, let new)):
            let difference = new.map(\.id).difference(from: old.map(\.id)).inferringMoves()
            var moves = 0
            for change in difference.removals {
                if case .remove(_, _, let associated) = change, associated != nil { moves += 1 }
            }
            consume(difference)
            return moves
        case (.standardLibrary, .sectioned):
            return nil
        case (.hashFloor, .flat(let old, let new)):
            var table = [UUID: Int](minimumCapacity: old.count)
            for (index, item) in old.enumerated() { table[item.id] = index }
            var found = 0
            for item in new where table[item.id] != nil { found += 1 }
            consume(found)
            return nil
        case (.hashFloor, .sectioned(let old, let new)):
            var sections = [UUID: Int](minimumCapacity: old.count)
            for (index, section) in old.enumerated() { sections[section.id] = index }
            var table = [UUID: Int](minimumCapacity: old.reduce(0) { $0 + $1.elements.count })
            for (s, section) in old.enumerated() {
                for (index, item) in section.elements.enumerated() { table[item.id] = s &<< 32 | index }
            }
            var found = 0
            for section in new where sections[section.id] != nil { found += 1 }
            for section in new {
                for item in section.elements where table[item.id] != nil { found += 1 }
            }
            consume(found)
            return nil
        case (.identityTable, _):
            let (old, new) = input.identities
            var table = IdentityTable(old)
            consume(table.claimAll(new))
            return nil
        }
    }
}

extension BenchInput {
    /// All item identities (sections' too, for a sectioned input), old and new.
    var identities: (old: [UUID], new: [UUID]) {
        switch shape {
        case .flat(let old, let new):
            return (old.map(\.id), new.map(\.id))
        case .sectioned(let old, let new):
            return (old.map(\.id) + old.flatMap { $0.elements.map(\.id) },
                    new.map(\.id) + new.flatMap { $0.elements.map(\.id) })
        }
    }
}
