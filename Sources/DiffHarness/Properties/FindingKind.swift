// FindingKind: what a campaign keeps one smallest failure of. A property, and
// for `valid` whether the list view itself throws or only the stricter
// reading rejects the batch: a batch UIKit rejects must not hide among the
// portable subset's failures of the same property.
import ListModel

/// A property, and for `valid` which reading rejects the batch.
///
/// A `valid` failure by a rule of the portable subset, or by the
/// `tableview` profile's stricter reading (`Rule.isOpen`), is a batch the
/// view itself accepts. Any other `valid` failure is an exception the view
/// throws. A campaign counts the two apart, and keeps and shrinks the
/// smallest failure of each.
public struct FindingKind: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The property that failed.
    public var property: PropertyName
    /// Whether only the stricter reading rejects the batch (never true but
    /// for `valid`).
    public var isStricterReading: Bool

    /// The failures of `property`; `isStricterReading` for the `valid`
    /// failures the view itself would accept.
    public init(_ property: PropertyName, isStricterReading: Bool = false) {
        self.property = property
        self.isStricterReading = property == .valid && isStricterReading
    }

    /// The kind as one word of a worker's line: `valid`, or `valid/stricter`.
    public var token: String { property.rawValue + (isStricterReading ? FindingKind.stricterSuffix : "") }

    /// The kind a `token` names; nil for a word that names none.
    public init?(token: some StringProtocol) {
        let isStricter = token.hasSuffix(FindingKind.stricterSuffix)
        let name = isStricter ? token.dropLast(FindingKind.stricterSuffix.count) : token[...]
        guard let property = PropertyName(rawValue: String(name)), !isStricter || property == .valid else { return nil }
        self.init(property, isStricterReading: isStricter)
    }

    private static let stricterSuffix = "/stricter"

    public var description: String { property.rawValue + (isStricterReading ? " (the stricter reading only)" : "") }

    public static func < (lhs: FindingKind, rhs: FindingKind) -> Bool {
        (lhs.property, lhs.isStricterReading ? 1 : 0) < (rhs.property, rhs.isStricterReading ? 1 : 0)
    }
}

extension PropertyFailure {
    /// The kind of finding this failure is.
    public var kind: FindingKind { FindingKind(property, isStricterReading: isStricterReading) }
}
