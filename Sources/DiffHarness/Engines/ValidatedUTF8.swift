// ValidatedUTF8: bytes as a String only when they are valid UTF-8, on every
// platform the package declares.

/// `bytes` as a string, or nil when they are not valid UTF-8 (nothing is
/// repaired).
///
/// The standard library's `String(validating:as:)` is new in Swift 6.0 and,
/// on Apple platforms, in the OS (macOS 15, iOS 18): older systems decode
/// the scalars one by one first (`validatedByDecoding`).
func validatedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
        return String(validating: bytes, as: UTF8.self)
    }
    return validatedByDecoding(bytes)
}

/// `validatedUTF8` without the standard library's validating initializer.
func validatedByDecoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue: continue
        case .emptyInput: return String(decoding: bytes, as: UTF8.self)
        case .error: return nil
        }
    }
}
