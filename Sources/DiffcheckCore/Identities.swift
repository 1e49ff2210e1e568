// Identities, SectionedIdentities: the identities of an array of elements,
// or of the elements of sections in reading order, read in place — what the
// pairing hashes and compares, without copying them out first.

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

extension ListDiff {
    /// The identities of sectioned elements in reading order (section by
    /// section, item by item), indexed by flat index: equal to the
    /// identities of the sections' elements joined into one array, read in
    /// place.
    @usableFromInline
    struct SectionedIdentities<Element: Diffable>: RandomAccessCollection {
        @usableFromInline let elements: [[Element]]
        /// Where each section starts in reading order (`[0, c0, c0 + c1, ...]`).
        @usableFromInline let offsets: [Int]
        /// Each flat index's section.
        @usableFromInline let sectionOf: [Int]

        @inlinable
        init(_ elements: [[Element]], offsets: [Int], sectionOf: [Int]) {
            self.elements = elements
            self.offsets = offsets
            self.sectionOf = sectionOf
        }

        @inlinable var startIndex: Int { 0 }
        @inlinable var endIndex: Int { sectionOf.count }

        @inlinable
        subscript(position: Int) -> Element.ID {
            let section = sectionOf[position]
            return elements[section][position - offsets[section]].diffIdentifier
        }
    }
}
