// DiffableSnapshotWriting: the snapshot methods an app's snapshot builder
// calls, with the names and shapes of NSDiffableDataSourceSnapshot, so the
// same builder fills the real snapshot in the app and
// `DiffableSnapshotRecorder` (ListModel's emulation, RULES.md §6) in tests.
import ListModel

/// The methods of `NSDiffableDataSourceSnapshot` a snapshot builder uses
/// to build one: sections and items appended in order, and the items to
/// reload or reconfigure (iOS 15) marked.
///
/// `DiffableSnapshotRecorder` conforms; where UIKit exists, DiffHarness
/// makes `NSDiffableDataSourceSnapshot` conform, each requirement being one
/// of its methods as its SDK declares it. Write the builder generic over
/// it, with `String` identifiers:
///
///     func build<S: DiffableSnapshotWriting>(_ results: [FetchedResultsSection], into snapshot: inout S)
///         where S.SectionIdentifierType == String, S.ItemIdentifierType == String
public protocol DiffableSnapshotWriting {
    /// The type of section identifiers.
    associatedtype SectionIdentifierType: Hashable
    /// The type of item identifiers.
    associatedtype ItemIdentifierType: Hashable
    /// Appends sections at the end.
    mutating func appendSections(_ identifiers: [SectionIdentifierType])
    /// Appends items at the end of a section (the last one when nil).
    mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType?)
    /// Marks items to be reloaded (their cells replaced) when the snapshot is applied.
    mutating func reloadItems(_ identifiers: [ItemIdentifierType])
    /// Marks items to be reconfigured (their cells updated in place) when the snapshot is applied.
    mutating func reconfigureItems(_ identifiers: [ItemIdentifierType])
}

/// The names of `DiffableSnapshotWriting`'s methods, in the order declared.
public let diffableSnapshotWritingRequirements = [
    "appendSections(_:)", "appendItems(_:toSection:)", "reloadItems(_:)", "reconfigureItems(_:)",
]

/// A `DiffableSnapshotWriting` snapshot of `String` identifiers that
/// records what a builder makes: ListModel's `DiffableSnapshot` (under
/// `strict`: a repeated identifier is UIKit's fatal error). The first
/// fatal error is kept, and later calls are ignored: in the app, UIKit
/// would have stopped there.
public struct DiffableSnapshotRecorder: DiffableSnapshotWriting {
    /// The snapshot built so far.
    public private(set) var snapshot = DiffableSnapshot(profile: .strict)
    /// The fatal error a call hit, in UIKit's words; nil while none has.
    public private(set) var fatalError: DiffableSnapshotError?

    /// An empty snapshot.
    public init() {}

    public mutating func appendSections(_ identifiers: [String]) {
        record { (s: inout DiffableSnapshot) throws(DiffableSnapshotError) in try s.appendSections(identifiers) }
    }
    public mutating func appendItems(_ identifiers: [String], toSection sectionIdentifier: String?) {
        record { (s: inout DiffableSnapshot) throws(DiffableSnapshotError) in try s.appendItems(identifiers, toSection: sectionIdentifier) }
    }
    public mutating func reloadItems(_ identifiers: [String]) {
        record { (s: inout DiffableSnapshot) throws(DiffableSnapshotError) in try s.reloadItems(identifiers) }
    }
    public mutating func reconfigureItems(_ identifiers: [String]) {
        record { (s: inout DiffableSnapshot) throws(DiffableSnapshotError) in try s.reconfigureItems(identifiers) }
    }

    private mutating func record(_ call: (inout DiffableSnapshot) throws(DiffableSnapshotError) -> Void) {
        guard fatalError == nil else { return }
        do throws(DiffableSnapshotError) { try call(&snapshot) } catch { fatalError = error }
    }
}
