// Identities: the identities of an array of elements, read in place — what
// the pairing hashes and compares, without copying them out first.

extension ListDiff {
    /// The `diffIdentifier`s of `elements`, as a random-access collection
    /// indexed like the array. Equal to `elements.lazy.map(\.diffIdentifier)`,
    /// but a struct whose subscript the compiler inlines where the pairing
    /// is specialized (a lazy map calls its closure through a function value).
    @usableFromInline
    struct Identities<Element: Diffable>: RandomAccessCollection {
        @usableFromInline let elements: [Element]

        @inlinable
        init(_ elements: [Element]) { self.elements = elements }

        @inlinable var startIndex: Int { 0 }
        @inlinable var endIndex: Int { elements.count }

        @inlinable
        subscript(position: Int) -> Element.ID { elements[position].diffIdentifier }
    }
}
