// ArrayFilling: arrays of one repeated value, allocated through code
// specialized for their element type.

extension Array {
    /// `count` copies of `value`, equal to `Array(repeating: value, count:
    /// count)`.
    ///
    /// The standard library's `init(repeating:count:)` allocates through an
    /// entry point that is not specialized for `Element` and looks up the
    /// storage's type at run time; building from `repeatElement` allocates
    /// through code specialized where it is inlined. On the core's small
    /// inputs that is most of an array's cost.
    ///
    /// - Complexity: O(count).
    @inlinable
    init(filled value: Element, count: Int) {
        self.init(repeatElement(value, count: count))
    }
}
