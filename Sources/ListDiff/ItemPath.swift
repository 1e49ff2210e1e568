// ListDiff.ItemPath: an item's place in a sectioned list.

extension ListDiff {
    /// An item's place in a sectioned list: a section index and an item index
    /// (UIKit's `IndexPath(item:section:)`).
    public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
        public var section: Int
        public var item: Int

        public init(_ section: Int, _ item: Int) {
            self.section = section
            self.item = item
        }

        public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
            (lhs.section, lhs.item) < (rhs.section, rhs.item)
        }

        /// `S.I`, the case-format spelling.
        public var description: String { "\(section).\(item)" }
    }
}
