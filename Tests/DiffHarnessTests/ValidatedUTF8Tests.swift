import Testing
@testable import DiffHarness

// JSONLine checks non-ASCII strings with `validatedUTF8`; where the
// standard library's validating initializer is missing (macOS before 15,
// iOS before 18) it decodes scalar by scalar: both must agree.
@Suite struct ValidatedUTF8Tests {
    @Test(arguments: [
        [UInt8](), Array("plain".utf8), Array("Café ✓ 🧪".utf8),
        [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0x61, 0x80, 0x62],
        [0xEF, 0xBF, 0xBD],
    ])
    func bothPathsAgree(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            let expected = String(bytes: bytes, encodingIsValidUTF8: ())
            #expect(validatedUTF8(buffer) == expected)
            #expect(validatedByDecoding(buffer) == expected)
        }
    }
}

private extension String {
    /// The reference: decode with repairs, and accept only when nothing was repaired.
    init?(bytes: [UInt8], encodingIsValidUTF8: Void) {
        let repaired = String(decoding: bytes, as: UTF8.self)
        guard Array(repaired.utf8) == bytes else { return nil }
        self = repaired
    }
}
