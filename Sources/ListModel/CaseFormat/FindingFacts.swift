// FindingFacts: what a saved finding says of itself, as case-format lines.
//
//     finding: fresh: item a' at 0.0 is stale: it shows a
//     origin: seed 1 case 7
//     shrunk: yes, 4373 calls from 6 items
//     choices: 1 0 2 2 0 1 2 1 0 0 0 0 0 1 0
//     old: [A:] [A: a]
//     …
//     engine: external
//     engine-command: python3 engine.py
//
// The harness writes these lines when it saves a finding and reads them
// back (`show`, `repro`, `check`, the findings folder's names); comments are
// for people and are never read. `choices:` and `engine-command:` are
// fields of `Case` itself (a shrunk case that `diffcheck shrink` writes has
// them too); the rest are `Case.finding`.

/// The facts of a saved finding: the property that failed and its
/// message (`finding:`), where the case came from (`origin:`) and how far it
/// was shrunk (`shrunk:`).
public struct FindingFacts: Hashable, Sendable {
    /// The property that failed (`valid`, `fresh`, `no-crash`, …).
    public var property: String
    /// What the property said of the engine's answer.
    public var message: String
    /// Where the case came from; nil when the file does not say.
    public var origin: FindingOrigin?
    /// How far the case was shrunk; nil when the file does not say.
    public var shrinking: FindingShrinking?

    /// A finding of `property` with `message`.
    public init(property: String, message: String, origin: FindingOrigin? = nil, shrinking: FindingShrinking? = nil) {
        self.property = property
        self.message = message
        self.origin = origin
        self.shrinking = shrinking
    }
}

/// Where a finding's case came from (`origin:`).
public enum FindingOrigin: Hashable, Sendable, CustomStringConvertible {
    /// Case `caseNumber` of the random campaign of `seed`: `origin: seed 1 case 7`.
    case random(seed: UInt64, caseNumber: Int)
    /// Pair `place` of an exhaustive walk of `bound` (its description):
    /// `origin: exhaustive pair 13 of flat lists of up to 4 items, …`.
    case exhaustive(place: Int, bound: String)

    /// The text after `origin: `.
    public var description: String {
        switch self {
        case .random(let seed, let n): return "seed \(seed) case \(n)"
        case .exhaustive(let place, let bound): return "exhaustive pair \(place) of \(bound)"
        }
    }
}

/// How far a finding's case was shrunk (`shrunk:`).
public struct FindingShrinking: Hashable, Sendable, CustomStringConvertible {
    /// Whether shrinking ran to its end.
    public enum State: String, Hashable, Sendable, CaseIterable {
        /// Shrunk until nothing smaller failed: `shrunk: yes`.
        case done = "yes"
        /// Shrinking stopped at its budget: it may shrink further (`shrunk: partly`).
        case stoppedAtBudget = "partly"
        /// Saved as found: before (or without) shrinking, `shrunk: no`; or
        /// after shrinking ran and no smaller case was kept, `shrunk: no, C
        /// calls from I items`.
        case notShrunk = "no"
    }

    /// Whether shrinking ran to its end.
    public var state: State
    /// How many cases shrinking tried.
    public var calls: Int?
    /// The items of the case as found, old and new together.
    public var originalItems: Int?

    /// A shrinking in `state`, after `calls` tries from a case of `originalItems`.
    public init(_ state: State, calls: Int? = nil, originalItems: Int? = nil) {
        self.state = state
        self.calls = calls
        self.originalItems = originalItems
    }

    /// The text after `shrunk: `: `yes, 4373 calls from 6 items`.
    public var description: String {
        guard let calls, let originalItems else { return state.rawValue }
        return "\(state.rawValue), \(calls) calls from \(originalItems) items"
    }
}

extension FindingOrigin {
    /// Reads the text after `origin: `.
    static func read(_ cursor: inout LineCursor) -> Result<FindingOrigin, CaseFormatError> {
        cursor.skipSpaces()
        let at = cursor.column
        let expected = "seed S case N, or exhaustive pair N of BOUND"
        switch cursor.readToken() {
        case "seed":
            guard let seed = UInt64(cursor.readNumberWord()) else { return .failure(cursor.error(expected: "a seed (a whole number)")) }
            guard cursor.readWord(after: "case") else { return .failure(cursor.error(expected: "case N after the seed")) }
            guard let n = Int(cursor.readNumberWord()) else { return .failure(cursor.error(expected: "a case number")) }
            if let error = cursor.endOfLine(after: "the case number") { return .failure(error) }
            return .success(.random(seed: seed, caseNumber: n))
        case "exhaustive":
            guard cursor.readWord(after: "pair") else { return .failure(cursor.error(expected: "pair N after exhaustive")) }
            guard let place = Int(cursor.readNumberWord()) else { return .failure(cursor.error(expected: "the pair's place (a whole number)")) }
            guard cursor.readWord(after: "of") else { return .failure(cursor.error(expected: "of BOUND after the pair's place")) }
            let bound = cursor.rest
            if bound.isEmpty { return .failure(cursor.error(expected: "the bound walked")) }
            return .success(.exhaustive(place: place, bound: bound))
        case "":
            return .failure(cursor.error(expected: expected))
        case let word:
            return .failure(cursor.error(expected: expected, found: LineCursor.quote(word), at: at))
        }
    }
}

extension FindingShrinking {
    /// Reads the text after `shrunk: `.
    static func read(_ cursor: inout LineCursor) -> Result<FindingShrinking, CaseFormatError> {
        cursor.skipSpaces()
        let at = cursor.column
        var word = cursor.readToken()
        let hasCounts = word.hasSuffix(",")
        if hasCounts { word.removeLast() }
        guard let state = State(rawValue: word) else {
            let expected = "yes, partly or no"
            return .failure(word.isEmpty ? cursor.error(expected: expected) : cursor.error(expected: expected, found: LineCursor.quote(word), at: at))
        }
        guard hasCounts else {
            if let error = cursor.endOfLine(after: "yes, partly or no") { return .failure(error) }
            return .success(FindingShrinking(state))
        }
        guard let calls = Int(cursor.readNumberWord()), cursor.readWord(after: "calls"), cursor.readWord(after: "from"),
              let items = Int(cursor.readNumberWord()), cursor.readWord(after: "items") else {
            return .failure(cursor.error(expected: "N calls from M items"))
        }
        if let error = cursor.endOfLine(after: "the items") { return .failure(error) }
        return .success(FindingShrinking(state, calls: calls, originalItems: items))
    }
}

extension LineCursor {
    /// Reads the next word, for a number.
    mutating func readNumberWord() -> String {
        skipSpaces()
        return readToken()
    }

    /// Reads `word` as the next word; false (and reads nothing) if it is not.
    mutating func readWord(after word: String) -> Bool {
        var copy = self
        copy.skipSpaces()
        guard copy.readToken() == word else { return false }
        self = copy
        return true
    }

    /// nil at the end of the line (spaces aside); else the error.
    mutating func endOfLine(after what: String) -> CaseFormatError? {
        skipSpaces()
        return isAtEnd ? nil : error(expected: "the end of the line after \(what)", found: foundWord)
    }
}
