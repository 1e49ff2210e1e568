// Diffable, DiffableSection: what the diff core needs to know about an
// element and a section — an identity and a content-equality test.

/// An element the diff core can pair between two snapshots.
///
/// Two elements with equal `diffIdentifier`s are the same cell (the core pairs
/// them and moves it); `isContentEqual(to:)` tells whether the cell shows the
/// same thing (when it does not, the core reloads it). This is IGListKit's
/// `ListDiffable` or DifferenceKit's `Differentiable`.
///
///     struct Message: Diffable {
///         var id: Int
///         var text: String
///         var diffIdentifier: Int { id }
///         func isContentEqual(to other: Message) -> Bool { text == other.text }
///     }
///
/// Identifiers may repeat: see `ListDiff` for how duplicates are paired.
public protocol Diffable {
    /// The type of the element's identity.
    associatedtype ID: Hashable
    /// The element's identity.
    var diffIdentifier: ID { get }
    /// Whether `self` and `other` (which have the same identity) display the
    /// same content.
    func isContentEqual(to other: Self) -> Bool
}

extension Diffable where Self: Equatable {
    /// An `Equatable` element shows the same content when it is equal.
    public func isContentEqual(to other: Self) -> Bool { self == other }
}

/// A section the diff core can pair between two snapshots: an identity, a
/// content-equality test for the section itself (its header), and its
/// elements.
public protocol DiffableSection: Diffable {
    /// The type of the section's items.
    associatedtype Element: Diffable
    /// The section's items, in display order.
    var elements: [Element] { get }
}
