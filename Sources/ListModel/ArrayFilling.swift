// ArrayFilling: arrays of one repeated value, allocated through code
// specialized for their element type.

extension Array {
    /// `count` copies of `value`: the same array as `Array(repeating: value,
    /// count: count)`.
    ///
    /// The standard library's `init(repeating:count:)` allocates through an
    /// entry point that is not specialized for `Element` and looks the
    /// storage's type up at run time, which on the model's small batches
    /// costs more than filling the array; building from `repeatElement`
    /// allocates through code specialized where it is inlined.
    ///
    /// - Complexity: O(count).
    @inlinable
    init(filled value: Element, count: Int) {
        self.init(repeatElement(value, count: count))
    }
}
