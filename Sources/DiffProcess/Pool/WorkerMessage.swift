// WorkerMessage: what a worker process tells its supervisor, one line each,
// and the supervisor's one-word replies.
//
// Both sides encode and decode through these types, so the protocol is the
// type: a message the worker can send is a case, and a line that is no
// message decodes to nil. The wire is one line of words, the case's word
// first; a reason (which may hold spaces) is the line's last field, and a
// case file's text goes in base64. The random campaign's workers send
// `start`, `done`, `allow`, `failed`, `shrinking`, `found`, `busy`, `slow`,
// `pathological`, `measured`, `memory`, `end`; exhaustive workers `fail`, `hang`, `at`, `walked`; a guarded
// shrinking child `shrunk`; all of them `engine` and `engine-end`. `start`
// and `done`, sent for every case, are read from their bytes (`CaseLine`).
import DiffHarness
import Foundation
import ListModel

/// How a campaign case ended, as its `done` line says.
package enum CaseEnding: Hashable, Sendable {
    /// Checked: its labels (a `LabelSet`'s bits).
    case checked(labels: UInt32)
    /// Not run: the engine does not apply to it (sectioned, and the engine flat-only).
    case skipped
    /// The engine declined it, for this reason.
    case refused(String)
    /// Not judged: too long for the engine's measured speed, of this size class, for this reason.
    case tooSlow(sizeClass: String, reason: String)
}

/// One line a worker sends its supervisor.
package enum WorkerMessage: Hashable, Sendable {
    /// Case N is about to run.
    case start(Int)
    /// Case N ran.
    case done(Int, CaseEnding)
    /// The flight of cases from N may take this many seconds.
    case allow(Int, seconds: Double)
    /// Case N failed a kind of finding, its property and for `valid` its
    /// reading (`isHang`: the engine did not answer in time); the worker
    /// waits for a `SupervisorReply`.
    case failed(Int, kind: FindingKind, isHang: Bool)
    /// Case N's failure of the kind is being shrunk: its unshrunk
    /// finding, a case file's text, for the supervisor to keep in case the
    /// shrink never ends.
    case shrinking(Int, kind: FindingKind, unshrunk: String)
    /// Case N's failure of the kind, shrunk: the finding's case file
    /// text; shrinking took `calls` engine calls and `seconds`.
    case found(Int, kind: FindingKind, calls: Int, seconds: Double, shrunk: String)
    /// The engine is given longer than the timeout on a case: the case's
    /// deadline starts again, at least this many seconds from now.
    case busy(seconds: Double)
    /// Case N's answer came after its timeout, within the hang deadline: a
    /// slow case of `items` items and `changes` changes (nil: not counted)
    /// that took `seconds` alone.
    case slow(Int, items: Int, changes: Int?, seconds: Double)
    /// Case N's answer, `answer` (its items, changes and CPU seconds), was
    /// pathologically slow: `ExternalEngine.dominatedFactor` times or more
    /// the time of `dominator`, a request answered with at least its items
    /// and changes (`ExternalEngine.takePathologicalAnswers`).
    case pathological(Int, answer: EnginePace.Measurement, dominator: EnginePace.Measurement)
    /// The engine's answers measured since the last such line (each a
    /// request's items, changes and CPU seconds: `ExternalEngine.takeMeasurements`),
    /// for the campaign's report of how its time grows.
    case measured([EnginePace.Measurement])
    /// The largest resident memory of one engine process (with its
    /// children) so far, in bytes.
    case memory(Int)
    /// The worker's share of the cases is done.
    case end
    /// The worker started an engine process group.
    case engineStarted(pid_t)
    /// The worker stopped an engine process group.
    case engineEnded(pid_t)
    /// An exhaustive worker: the pair at this place failed these kinds of
    /// finding (properties, and for `valid` its reading).
    case pairFailed(Int, Set<FindingKind>)
    /// An exhaustive worker: the engine hung on the pair at this place (the
    /// failure's message); the worker stops.
    case pairHung(Int, message: String)
    /// An exhaustive worker has reached this place.
    case reached(Int)
    /// An exhaustive worker walked its share: this many places in all.
    case walked(Int)
    /// A guarded shrinking child's shrunk case, a case file's text.
    case shrunk(String)

    /// The message as one line, without its line break.
    package var line: String {
        switch self {
        case .start(let n): return "start \(n)"
        case .done(let n, let ending):
            switch ending {
            case .checked(let labels): return "done \(n) " + String(labels, radix: 16)
            case .skipped: return "done \(n) skipped"
            case .refused(let reason): return "done \(n) refused " + WorkerMessage.oneLine(reason)
            case .tooSlow(let sizeClass, let reason): return "done \(n) slow \(sizeClass) " + WorkerMessage.oneLine(reason)
            }
        case .allow(let n, let seconds): return "allow \(n) " + String(format: "%.3f", seconds)
        case .failed(let n, let kind, let isHang): return "failed \(n) \(kind.token)" + (isHang ? " hang" : "")
        case .shrinking(let n, let kind, let text): return "shrinking \(n) \(kind.token) " + WorkerMessage.base64(text)
        case .found(let n, let kind, let calls, let seconds, let text):
            return "found \(n) \(kind.token) \(calls) " + String(format: "%.2f", seconds) + " " + WorkerMessage.base64(text)
        case .busy(let seconds): return "busy " + String(format: "%.0f", seconds.rounded(.up))
        case .slow(let n, let items, let changes, let seconds):
            return "slow \(n) \(items) " + (changes.map(String.init) ?? "-") + " " + String(format: "%.3f", seconds)
        case .measured(let answers):
            return "measured" + answers.map { " " + WorkerMessage.field($0) }.joined()
        case .pathological(let n, let answer, let dominator):
            return "pathological \(n) " + WorkerMessage.field(answer) + " " + WorkerMessage.field(dominator)
        case .memory(let bytes): return "memory \(bytes)"
        case .end: return "end"
        case .engineStarted(let group): return "engine \(group)"
        case .engineEnded(let group): return "engine-end \(group)"
        case .pairFailed(let place, let kinds):
            return "fail \(place) " + kinds.sorted().map(\.token).joined(separator: ",")
        case .pairHung(let place, let message): return "hang \(place) " + WorkerMessage.oneLine(message)
        case .reached(let place): return "at \(place)"
        case .walked(let places): return "walked \(places)"
        case .shrunk(let text): return "shrunk " + WorkerMessage.base64(text)
        }
    }

    /// The message `line` encodes, or nil for a line that is none.
    package init?(line: String) {
        if let fast = CaseLine(line) {
            self = fast.isStart ? .start(fast.caseNumber) : .done(fast.caseNumber, .checked(labels: fast.labels))
            return
        }
        var fields = Fields(line)
        guard let word = fields.next() else { return nil }
        /// A field as a number, a non-negative integer.
        func number(_ text: Substring?) -> Int? { text.flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }
        /// A field as seconds: finite and not negative.
        func seconds(_ text: Substring?) -> Double? { text.flatMap { Double($0) }.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }
        /// A field as a measured answer: `ITEMS:CHANGES:SECONDS`, `-` for changes not counted.
        func measurement(_ field: Substring) -> EnginePace.Measurement? {
            let parts = field.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, let items = number(parts[0]), let s = seconds(parts[2]) else { return nil }
            let changes = number(parts[1])
            guard changes != nil || parts[1] == "-" else { return nil }
            return EnginePace.Measurement(items: items, changes: changes, seconds: s)
        }
        /// A field as a case file's text, from base64.
        func caseText(_ text: Substring?) -> String? {
            text.flatMap { Data(base64Encoded: String($0)) }.map { String(decoding: $0, as: UTF8.self) }
        }
        switch word {
        case "end" where fields.isAtEnd:
            self = .end
        case "start":
            guard let n = number(fields.next()), fields.isAtEnd else { return nil }
            self = .start(n)
        case "done":
            guard let n = number(fields.next()) else { return nil }
            let kind = fields.next()
            switch kind {
            case nil: self = .done(n, .checked(labels: 0))
            case "skipped"?: self = .done(n, .skipped)
            case "refused"?: self = .done(n, .refused(String(fields.rest)))
            case "slow"?:
                let sizeClass = fields.next() ?? ""
                self = .done(n, .tooSlow(sizeClass: String(sizeClass), reason: String(fields.rest)))
            case let bits?:
                guard fields.isAtEnd, let labels = UInt32(bits, radix: 16) else { return nil }
                self = .done(n, .checked(labels: labels))
            }
        case "allow":
            guard let n = number(fields.next()), let s = seconds(fields.next()), fields.isAtEnd else { return nil }
            self = .allow(n, seconds: s)
        case "failed":
            guard let n = number(fields.next()), let kind = fields.next().flatMap(FindingKind.init(token:)) else { return nil }
            switch fields.next() {
            case nil: self = .failed(n, kind: kind, isHang: false)
            case "hang"? where fields.isAtEnd: self = .failed(n, kind: kind, isHang: true)
            default: return nil
            }
        case "shrinking":
            guard let n = number(fields.next()), let kind = fields.next().flatMap(FindingKind.init(token:)),
                  let text = caseText(fields.next()), fields.isAtEnd else { return nil }
            self = .shrinking(n, kind: kind, unshrunk: text)
        case "found":
            guard let n = number(fields.next()), let kind = fields.next().flatMap(FindingKind.init(token:)),
                  let calls = number(fields.next()), let s = seconds(fields.next()), let text = caseText(fields.next()),
                  fields.isAtEnd else { return nil }
            self = .found(n, kind: kind, calls: calls, seconds: s, shrunk: text)
        case "shrunk":
            guard let text = caseText(fields.next()), fields.isAtEnd else { return nil }
            self = .shrunk(text)
        case "measured":
            var answers: [EnginePace.Measurement] = []
            while let field = fields.next() {
                guard let answer = measurement(field) else { return nil }
                answers.append(answer)
            }
            guard !answers.isEmpty else { return nil }
            self = .measured(answers)
        case "pathological":
            guard let n = number(fields.next()), let answer = fields.next().flatMap(measurement),
                  let dominator = fields.next().flatMap(measurement), fields.isAtEnd else { return nil }
            self = .pathological(n, answer: answer, dominator: dominator)
        case "memory":
            guard let bytes = number(fields.next()), fields.isAtEnd else { return nil }
            self = .memory(bytes)
        case "busy":
            guard let s = seconds(fields.next()), s > 0, fields.isAtEnd else { return nil }
            self = .busy(seconds: s)
        case "slow":
            guard let n = number(fields.next()), let items = number(fields.next()), let changes = fields.next(),
                  let s = seconds(fields.next()), fields.isAtEnd else { return nil }
            self = .slow(n, items: items, changes: number(changes), seconds: s)
        case "engine", "engine-end":
            guard let group = fields.next().flatMap({ pid_t($0) }), group > 0, fields.isAtEnd else { return nil }
            self = word == "engine" ? .engineStarted(group) : .engineEnded(group)
        case "fail":
            guard let place = number(fields.next()), let tokens = fields.next(), fields.isAtEnd else { return nil }
            let kinds = tokens.split(separator: ",").map { FindingKind(token: $0) }
            guard !kinds.contains(nil) else { return nil }
            self = .pairFailed(place, Set(kinds.compactMap { $0 }))
        case "hang":
            guard let place = number(fields.next()), !fields.isAtEnd else { return nil }
            self = .pairHung(place, message: String(fields.rest))
        case "at":
            guard let place = number(fields.next()), fields.isAtEnd else { return nil }
            self = .reached(place)
        case "walked":
            guard let places = number(fields.next()), fields.isAtEnd else { return nil }
            self = .walked(places)
        default:
            return nil
        }
    }

    /// A case file's text as one field.
    /// A measured answer as one field: `ITEMS:CHANGES:SECONDS` (`-`: changes not counted).
    static func field(_ answer: EnginePace.Measurement) -> String {
        "\(answer.items):" + (answer.changes.map(String.init) ?? "-") + ":" + String(format: "%.4f", answer.seconds)
    }

    static func base64(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
    }

    /// `text` on one line: line breaks as spaces (a reason is the line's last field).
    static func oneLine(_ text: String) -> String {
        text.contains(where: \.isNewline) ? String(text.map { $0.isNewline ? " " : $0 }) : text
    }
}

/// What the supervisor answers a worker's `failed` line, on its stdin.
package enum SupervisorReply: String, Hashable, Sendable, CaseIterable {
    /// Shrink the failure and save it.
    case shrink
    /// Go on: a smaller case of the property is already kept.
    case skip

    /// The reply `line` encodes, or nil.
    package init?(line: String) { self.init(rawValue: line) }

    /// The reply as one line, without its line break.
    package var line: String { rawValue }
}

/// The fields of a message line, separated by single spaces, read one at
/// a time; the last may be the rest of the line (a reason).
private struct Fields {
    /// What is not read yet.
    private(set) var rest: Substring

    init(_ line: String) { rest = line[...] }

    /// Whether every field is read.
    var isAtEnd: Bool { rest.isEmpty }

    /// The next field (nil at the end): up to the next space, which is passed.
    mutating func next() -> Substring? {
        guard !rest.isEmpty else { return nil }
        guard let space = rest.firstIndex(of: " ") else {
            defer { rest = rest[rest.endIndex...] }
            return rest
        }
        defer { rest = rest[rest.index(after: space)...] }
        return rest[..<space]
    }
}

/// A worker's `start N` line, or its `done N LABELS` line with LABELS a
/// LabelSet's bits in hexadecimal, read from the line's bytes (a campaign
/// reads two such lines a case); nil for every other line.
struct CaseLine {
    /// Whether it is `start N` (else `done N LABELS`).
    var isStart: Bool
    /// N.
    var caseNumber: Int
    /// The labels' bits (0 for `start`).
    var labels: UInt32

    init?(_ line: String) {
        var line = line
        guard let parsed = line.withUTF8({ CaseLine.parse($0) }) else { return nil }
        self = parsed
    }

    private init(isStart: Bool, caseNumber: Int, labels: UInt32) {
        self.isStart = isStart
        self.caseNumber = caseNumber
        self.labels = labels
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> CaseLine? {
        var at = 0
        /// The number of `radix` whose digits run from `at` to the next space or the end.
        func number(radix: UInt64, limit: Int) -> UInt64? {
            var value: UInt64 = 0, digits = 0
            while at < bytes.count, bytes[at] != UInt8(ascii: " ") {
                let byte = bytes[at]
                let digit: UInt64
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    digit = UInt64(byte - UInt8(ascii: "0"))
                } else if radix == 16 && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f") {
                    digit = UInt64(byte - UInt8(ascii: "a")) + 10
                } else {
                    return nil
                }
                value = value * radix + digit
                digits += 1
                at += 1
            }
            return digits == 0 || digits > limit ? nil : value
        }
        func word(_ expected: StaticString) -> Bool {
            let count = expected.utf8CodeUnitCount
            guard bytes.count >= at + count + 1, bytes[at + count] == UInt8(ascii: " "),
                  memcmp(bytes.baseAddress! + at, expected.utf8Start, count) == 0 else { return false }
            at += count + 1
            return true
        }
        let isStart = word("start")
        guard isStart || word("done"), let n = number(radix: 10, limit: 18) else { return nil }
        if isStart { return at == bytes.count ? CaseLine(isStart: true, caseNumber: Int(n), labels: 0) : nil }
        guard at < bytes.count else { return nil }
        at += 1
        guard let bits = number(radix: 16, limit: 8), at == bytes.count else { return nil }
        return CaseLine(isStart: false, caseNumber: Int(n), labels: UInt32(bits))
    }
}
