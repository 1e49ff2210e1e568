// Quantity: a count and its noun, in the singular for one ("1 failure",
// "2 failures"), for every report line that counts something.

/// `count` followed by `noun`, or by `plural` (default: `noun` + "s") when
/// `count` is not 1.
///
///     quantity(1, "failure")                  // "1 failure"
///     quantity(3, "content version")          // "3 content versions"
///     quantity(2, "case", "cases")            // "2 cases"
package func quantity(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
}

/// A whole number with its thousands grouped by commas, as the reports
/// print large counts; a number past 10¹⁵ in scientific notation.
///
///     groupedDigits(16_023_434)   // "16,023,434"
package func groupedDigits(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
    let digits = String(Int(value.rounded()).magnitude)
    var grouped = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
        grouped.append(digit)
    }
    return (value < 0 ? "-" : "") + grouped
}
