// ByteSource: choices decoded from a byte buffer (libFuzzer inputs).
//
// Any bytes decode to a valid case: each choice takes as many bytes as its
// bound needs (one for bounds below 256, two below 65,536, ...), reduced
// modulo `bound + 1`. When the bytes run out every further choice is 0, the
// simplest value, so a truncated input is still a case (a smaller one).

/// Choices decoded from bytes, in order.
public struct ByteSource: ChoiceSource {
    private let bytes: [UInt8]
    private var position = 0

    /// Choices decoded from `bytes`, from the first byte on.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// How many bytes have been consumed.
    public var consumed: Int { position }

    public mutating func next(upTo bound: Int) -> Int {
        var width = 1
        var capacity: UInt64 = 256
        while capacity <= UInt64(bound) && width < 8 {
            width += 1
            capacity <<= 8
        }
        guard position < bytes.count else { return 0 }
        var raw: UInt64 = 0
        for _ in 0..<width {
            raw <<= 8
            if position < bytes.count {
                raw |= UInt64(bytes[position])
                position += 1
            }
        }
        return Int(raw % (UInt64(bound) + 1))
    }

    /// The bytes that decode to exactly `choices` under `bounds` (the inverse
    /// of decoding), so a shrunk case can be saved as a fuzz input.
    public static func encode(_ choices: [Int], bounds: [Int]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (value, bound) in zip(choices, bounds) where bound > 0 {
            var width = 1
            var capacity: UInt64 = 256
            while capacity <= UInt64(bound) && width < 8 {
                width += 1
                capacity <<= 8
            }
            for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: UInt64(value) >> UInt64(shift)))
            }
        }
        return bytes
    }
}
