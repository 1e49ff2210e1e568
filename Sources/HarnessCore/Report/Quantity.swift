// Quantity: a count and its noun, in the singular for one ("1 failure",
// "2 failures"), for every report line that counts something.

/// `count` followed by `noun`, or by `plural` (default: `noun` + "s") when
/// `count` is not 1.
///
///     quantity(1, "failure")                  // "1 failure"
///     quantity(3, "content version")          // "3 content versions"
///     quantity(2, "case", "cases")            // "2 cases"
public func quantity(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
}
