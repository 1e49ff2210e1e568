// Strategy: how an app's test draws its own values (its view models) from
// diffcheck's choices, as Hypothesis's strategies do: integers, strings,
// elements of a list, optionals and arrays, enough to build a struct. A
// value is "what these choices make", so every failure shrinks by editing
// the choices (0, and the shorter sequence, are always the simpler answer).
//
//     let notes = Strategy { choices in
//         Note(id: Strategy.integers(in: 0...999).draw(&choices), title: Strategy.strings().draw(&choices))
//     }

/// A way to draw values of `Value` from choices.
public struct Strategy<Value> {
    private let make: (inout Choices) -> Value

    /// The strategy that draws with `make`.
    public init(_ make: @escaping (inout Choices) -> Value) {
        self.make = make
    }

    /// A value drawn from `choices`.
    public func draw(_ choices: inout Choices) -> Value { make(&choices) }

    /// The values of this strategy, transformed.
    public func map<T>(_ transform: @escaping (Value) -> T) -> Strategy<T> {
        Strategy<T> { choices in transform(self.make(&choices)) }
    }

    /// Nil (the simpler answer) or a value of this strategy.
    public func optional() -> Strategy<Value?> {
        Strategy<Value?> { choices in choices.flip() ? self.make(&choices) : nil }
    }

    /// Arrays of at most `maxCount` values of this strategy (shorter is simpler).
    public func array(maxCount: Int) -> Strategy<[Value]> {
        Strategy<[Value]> { choices in
            (0..<choices.draw(upTo: max(maxCount, 0))).map { _ in self.make(&choices) }
        }
    }

    /// One of `values`; the first is the simplest. `values` must not be empty.
    public static func element(of values: [Value]) -> Strategy<Value> {
        precondition(!values.isEmpty, "Strategy.element(of:) needs at least one value")
        return Strategy { choices in values[choices.draw(upTo: values.count - 1)] }
    }
}

extension Strategy where Value == Int {
    /// Integers in `range`; its lower bound is the simplest.
    public static func integers(in range: ClosedRange<Int>) -> Strategy<Int> {
        Strategy { choices in range.lowerBound + choices.draw(upTo: range.upperBound - range.lowerBound) }
    }
}

extension Strategy where Value == Bool {
    /// `false` (the simpler answer) or `true`.
    public static var booleans: Strategy<Bool> { Strategy { choices in choices.flip() } }
}

extension Strategy where Value == String {
    /// Strings of at most `maxLength` characters of `alphabet` (shorter,
    /// and earlier in the alphabet, is simpler; the empty string simplest).
    public static func strings(alphabet: String = "abcdefghijklmnopqrstuvwxyz", maxLength: Int = 8) -> Strategy<String> {
        let letters = Array(alphabet.isEmpty ? "a" : alphabet)
        return Strategy { choices in
            String((0..<choices.draw(upTo: max(maxLength, 0))).map { _ in letters[choices.draw(upTo: letters.count - 1)] })
        }
    }
}
