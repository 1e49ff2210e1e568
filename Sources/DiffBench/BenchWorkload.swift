// BenchWorkload: an input's old and new snapshots, and how each contender
// runs on them (flat lists of any identity type, or sectioned lists).
import Foundation
import DiffcheckCore

/// The snapshots of one input, and every contender's run on them.
protocol BenchWorkload: Sendable {
    /// Old elements (items, not sections).
    var elementCount: Int { get }
    /// The identities' type, as the table names it.
    var identityName: String { get }
    /// The fewest moves (see `MoveMinimum`).
    var minimumMoves: Int { get }
    /// Whether the input is one flat list (the standard library runs only on those).
    var isFlat: Bool { get }
    /// The standard library's estimated steps (see `BenchCommand.myersSteps`).
    func myersSteps(minimumMoves: Int) -> Double
    /// Runs `contender` `iterations` times; the moves the last run reported
    /// (`nil` if the contender reports none).
    func run(_ contender: BenchContender, iterations: Int) -> Int?
}

/// A workload whose concrete type is known where it runs, so that every
/// contender runs code specialized for its identity type (a call through
/// `any BenchWorkload` on a generic workload would run the unspecialized
/// generic code of the core and of `Dictionary` alike, and time that).
enum BenchShape: Sendable {
    case uuid(FlatWorkload<UUID>)
    case integer(FlatWorkload<Int>)
    case string(FlatWorkload<String>)
    case sectioned(SectionedWorkload)

    init<ID>(_ flat: FlatWorkload<ID>) {
        if let flat = flat as? FlatWorkload<UUID> {
            self = .uuid(flat)
        } else if let flat = flat as? FlatWorkload<Int> {
            self = .integer(flat)
        } else if let flat = flat as? FlatWorkload<String> {
            self = .string(flat)
        } else {
            preconditionFailure("bench: no specialized shape for \(ID.self) identities")
        }
    }

    var workload: any BenchWorkload {
        switch self {
        case .uuid(let workload): return workload
        case .integer(let workload): return workload
        case .string(let workload): return workload
        case .sectioned(let workload): return workload
        }
    }

    /// `BenchWorkload.run`, on the concrete type.
    func run(_ contender: BenchContender, iterations: Int) -> Int? {
        switch self {
        case .uuid(let workload): return workload.run(contender, iterations: iterations)
        case .integer(let workload): return workload.run(contender, iterations: iterations)
        case .string(let workload): return workload.run(contender, iterations: iterations)
        case .sectioned(let workload): return workload.run(contender, iterations: iterations)
        }
    }
}

/// A flat list of `BenchItem`s.
struct FlatWorkload<ID: Hashable & Sendable>: BenchWorkload {
    var old: [BenchItem<ID>]
    var new: [BenchItem<ID>]

    var elementCount: Int { old.count }
    var identityName: String { String(describing: ID.self) }
    var isFlat: Bool { true }
    var minimumMoves: Int {
        MoveMinimum.minimum(old: [old.map(\.id)], new: [new.map(\.id)], oldSections: [0], newSections: [0])
    }

    /// (n + m)·D with D = n + m − 2·(longest common subsequence); identities
    /// are unique, so the common subsequence is the paired elements minus
    /// the minimum moves.
    func myersSteps(minimumMoves: Int) -> Double {
        let paired = Set(old.map(\.id)).intersection(new.map(\.id)).count
        let distance = Double(old.count + new.count - 2 * (paired - minimumMoves))
        return Double(old.count + new.count) * distance
    }

    func run(_ contender: BenchContender, iterations: Int) -> Int? {
        var moves: Int?
        for _ in 0..<iterations {
            switch contender {
            case .core:
                let difference = ListDiff.diff(old: old, new: new)
                moves = difference.moveCount
                consume(difference)
            case .standardLibrary:
                let difference = new.map(\.id).difference(from: old.map(\.id)).inferringMoves()
                var count = 0
                for change in difference.removals {
                    if case .remove(_, _, let associated) = change, associated != nil { count += 1 }
                }
                moves = count
                consume(difference)
            case .dictionaryBaseline:
                var table = [ID: Int](minimumCapacity: old.count)
                for (index, item) in old.enumerated() { table[item.id] = index }
                var found = 0
                for item in new where table[item.id] != nil { found += 1 }
                consume(found)
            case .identityTable:
                var table = IdentityTable(old.map(\.id))
                consume(table.claimAll(new.map(\.id)))
            }
        }
        return moves
    }
}

/// A sectioned list of `BenchSection`s.
struct SectionedWorkload: BenchWorkload {
    var old: [BenchSection]
    var new: [BenchSection]

    var elementCount: Int { old.reduce(0) { $0 + $1.elements.count } }
    var identityName: String { "UUID" }
    var isFlat: Bool { false }
    var minimumMoves: Int {
        MoveMinimum.minimum(
            old: old.map { $0.elements.map(\.id) }, new: new.map { $0.elements.map(\.id) },
            oldSections: old.map(\.id), newSections: new.map(\.id))
    }

    func myersSteps(minimumMoves: Int) -> Double { .infinity }

    func run(_ contender: BenchContender, iterations: Int) -> Int? {
        var moves: Int?
        for _ in 0..<iterations {
            switch contender {
            case .core:
                let difference = ListDiff.diff(oldSections: old, newSections: new)
                moves = difference.moveCount
                consume(difference)
            case .standardLibrary:
                return nil
            case .dictionaryBaseline:
                var sections = [UUID: Int](minimumCapacity: old.count)
                for (index, section) in old.enumerated() { sections[section.id] = index }
                var table = [UUID: Int](minimumCapacity: elementCount)
                for (s, section) in old.enumerated() {
                    for (index, item) in section.elements.enumerated() { table[item.id] = s &<< 32 | index }
                }
                var found = 0
                for section in new where sections[section.id] != nil { found += 1 }
                for section in new {
                    for item in section.elements where table[item.id] != nil { found += 1 }
                }
                consume(found)
            case .identityTable:
                var sections = IdentityTable(old.map(\.id))
                consume(sections.claimAll(new.map(\.id)))
                var table = IdentityTable(old.flatMap { $0.elements.map(\.id) })
                consume(table.claimAll(new.flatMap { $0.elements.map(\.id) }))
            }
        }
        return moves
    }
}
