// OptionValue: how an option's text becomes its typed value, and what is
// said when it does not.

/// Reads an option's text as a `Value`; throws the message a user sees.
public struct OptionValue<Value>: Sendable {
    /// The value of `text`, given to the option `name`.
    public let read: @Sendable (_ name: String, _ text: String) throws(OptionError) -> Value
    /// The message when the option ends the line without its value (nil: `NAME needs a value`).
    public let missing: (@Sendable (_ name: String) -> String)?

    /// A reader; `missing` words the error of an option given no value.
    public init(missing: (@Sendable (_ name: String) -> String)? = nil,
                _ read: @escaping @Sendable (_ name: String, _ text: String) throws(OptionError) -> Value) {
        self.read = read
        self.missing = missing
    }

    /// The value, checked: `isValid` false throws `message`.
    public func checked(_ message: @escaping @Sendable (_ name: String, _ value: Value) -> String,
                        _ isValid: @escaping @Sendable (Value) -> Bool) -> OptionValue<Value> where Value: Sendable {
        let read = self.read
        return OptionValue(missing: missing) { (name, text) throws(OptionError) in
            let value = try read(name, text)
            guard isValid(value) else { throw OptionError(message(name, value)) }
            return value
        }
    }
}

extension OptionValue where Value == String {
    /// The text as given.
    public static var text: OptionValue<String> { OptionValue { _, text in text } }
}

extension OptionValue where Value == Int {
    /// A whole number, 0 or more: `NAME takes a whole number, not 'TEXT'`.
    public static var wholeNumber: OptionValue<Int> {
        OptionValue { (name, text) throws(OptionError) in
            guard let n = Int(text), n >= 0 else { throw OptionError("\(name) takes a whole number, not '\(text)'") }
            return n
        }
    }

    /// A whole number of at least `minimum`.
    public static func wholeNumber(atLeast minimum: Int) -> OptionValue<Int> {
        wholeNumber.checked({ name, n in "\(name) takes a whole number of at least \(minimum), not \(n)" }) { $0 >= minimum }
    }
}

extension OptionValue where Value == UInt64 {
    /// A whole number, 0 or more, of 64 bits (a seed).
    public static var wholeNumber: OptionValue<UInt64> {
        OptionValue { (name, text) throws(OptionError) in
            guard let n = UInt64(text) else { throw OptionError("\(name) takes a whole number, not '\(text)'") }
            return n
        }
    }
}

extension OptionValue where Value == Double {
    /// A finite number of seconds, 0 or more: `NAME takes a number of
    /// seconds, not 'TEXT'` (`inf` and `nan` are not).
    public static var seconds: OptionValue<Double> { seconds(isPositive: false) }

    /// A finite number of seconds above 0: `NAME takes a positive number of
    /// seconds, not 'TEXT'` (`0`, `inf` and `nan` are not). Every option
    /// that is a timeout reads its value with this.
    public static var positiveSeconds: OptionValue<Double> { seconds(isPositive: true) }

    /// The one reader of seconds behind `seconds` and `positiveSeconds`.
    private static func seconds(isPositive: Bool) -> OptionValue<Double> {
        OptionValue { (name, text) throws(OptionError) in
            guard let n = Double(text), n.isFinite, isPositive ? n > 0 : n >= 0 else {
                throw OptionError("\(name) takes \(isPositive ? "a positive" : "a") number of seconds, not '\(text)'")
            }
            return n
        }
    }
}
