// ListDiff.ItemPath: an item's place in a sectioned list.

extension ListDiff {
    /// An item's place in a sectioned list: a section index and an item index
    /// (UIKit's `IndexPath(item:section:)`).
    public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The section's index.
        public var section: Int
        /// The item's index within its section.
        public var item: Int

        /// The item at index `item` of section `section`.
        @inlinable
        public init(_ section: Int, _ item: Int) {
            self.section = section
            self.item = item
        }

        @inlinable
        public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
            (lhs.section, lhs.item) < (rhs.section, rhs.item)
        }

        /// `S.I`, the case-format spelling.
        public var description: String { "\(section).\(item)" }
    }
}
