// WorkerMessage: what a worker process tells its supervisor, one line each,
// and the supervisor's one-word replies.
//
// Both sides encode and decode through these types, so the protocol is the
// type: a message the worker can send is a case, and a line that is no
// message decodes to nil. The wire is one line of words, the case's word
// first; text that may hold spaces or line breaks (a reason, a case file)
// is the line's last field or goes in base64. The random campaign's
// workers send `start`, `done`, `allow`, `failed`, `shrinking`, `unsaved`,
// `found`, `busy`, `slow`, `end`; exhaustive workers `fail`, `hang`, `at`,
// `walked`; both `engine` and `engine-end`. `start` and `done`, sent for
// every case, are read from their bytes (`CaseLine`).
import DiffHarness
import Foundation
import ListModel

/// How a campaign case ended, as its `done` line says.
public enum CaseEnding: Hashable, Sendable {
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
public enum WorkerMessage: Hashable, Sendable {
    /// Case N is about to run.
    case start(Int)
    /// Case N ran.
    case done(Int, CaseEnding)
    /// The flight of cases from N may take this many seconds.
    case allow(Int, seconds: Double)
    /// Case N failed the property (`isHang`: the engine did not answer in
    /// time); the worker waits for a `SupervisorReply`.
    case failed(Int, property: String, isHang: Bool)
    /// Case N's failure of the property is being shrunk; its unshrunk case
    /// is saved at the path (nil: it could not be saved, and was sent as
    /// `unsaved`).
    case shrinking(Int, property: String, path: String?)
    /// Case N's finding of the property could not be saved: why, and the
    /// case file's text.
    case unsaved(Int, property: String, why: String, text: String)
    /// Case N's shrunk failure of the property is saved at the path (nil:
    /// sent as `unsaved`); shrinking took `calls` engine calls and `seconds`.
    case found(Int, property: String, calls: Int, seconds: Double, path: String?)
    /// The engine is given longer than the timeout on a case: the case's
    /// deadline starts again, at least this many seconds from now.
    case busy(seconds: Double)
    /// Case N's answer came after its timeout, within the hang deadline: a
    /// slow case of `items` items and `changes` changes (nil: not counted)
    /// that took `seconds` alone.
    case slow(Int, items: Int, changes: Int?, seconds: Double)
    /// The worker's share of the cases is done.
    case end
    /// The worker started an engine process group.
    case engineStarted(pid_t)
    /// The worker stopped an engine process group.
    case engineEnded(pid_t)
    /// An exhaustive worker: the pair at this place failed these properties.
    case pairFailed(Int, Set<PropertyName>)
    /// An exhaustive worker: the engine hung on the pair at this place (the
    /// failure's message); the worker stops.
    case pairHung(Int, message: String)
    /// An exhaustive worker has reached this place.
    case reached(Int)
    /// An exhaustive worker walked its share: this many places in all.
    case walked(Int)

    /// The message as one line, without its line break.
    public var line: String {
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
        case .failed(let n, let property, let isHang): return "failed \(n) \(property)" + (isHang ? " hang" : "")
        case .shrinking(let n, let property, let path): return "shrinking \(n) \(property) " + (path ?? "-")
        case .unsaved(let n, let property, let why, let text):
            return "unsaved \(n) \(property) " + Data(why.utf8).base64EncodedString() + " " + Data(text.utf8).base64EncodedString()
        case .found(let n, let property, let calls, let seconds, let path):
            return "found \(n) \(property) \(calls) " + String(format: "%.2f", seconds) + " " + (path ?? "-")
        case .busy(let seconds): return "busy " + String(format: "%.0f", seconds.rounded(.up))
        case .slow(let n, let items, let changes, let seconds):
            return "slow \(n) \(items) " + (changes.map(String.init) ?? "-") + " " + String(format: "%.3f", seconds)
        case .end: return "end"
        case .engineStarted(let group): return "engine \(group)"
        case .engineEnded(let group): return "engine-end \(group)"
        case .pairFailed(let place, let properties):
            return "fail \(place) " + properties.sorted().map(\.rawValue).joined(separator: ",")
        case .pairHung(let place, let message): return "hang \(place) " + WorkerMessage.oneLine(message)
        case .reached(let place): return "at \(place)"
        case .walked(let places): return "walked \(places)"
        }
    }

    /// The message `line` encodes, or nil for a line that is none.
    public init?(line: String) {
        if let fast = CaseLine(line) {
            self = fast.isStart ? .start(fast.caseNumber) : .done(fast.caseNumber, .checked(labels: fast.labels))
            return
        }
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard let word = words.first else { return nil }
        let rest = words.count > 1 ? words[1] : ""
        /// `rest` as `count` fields, the last one the rest of the line; nil when it has fewer.
        func fields(_ count: Int) -> [String]? {
            let split = rest.split(separator: " ", maxSplits: count - 1, omittingEmptySubsequences: false).map(String.init)
            return split.count == count ? split : nil
        }
        /// A field as a number, a non-negative integer.
        func number(_ text: String) -> Int? { Int(text).flatMap { $0 >= 0 ? $0 : nil } }
        /// A field as seconds: finite and not negative.
        func seconds(_ text: String) -> Double? { Double(text).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }
        switch word {
        case "end" where rest.isEmpty:
            self = .end
        case "start":
            guard let n = number(rest) else { return nil }
            self = .start(n)
        case "done":
            guard let f = fields(2), let n = number(f[0]) else {
                guard let n = number(rest) else { return nil }
                self = .done(n, .checked(labels: 0))
                return
            }
            let ending = f[1].split(separator: " ", maxSplits: 1).map(String.init)
            switch ending.first {
            case "skipped": self = .done(n, .skipped)
            case "refused": self = .done(n, .refused(ending.count > 1 ? ending[1] : ""))
            case "slow":
                let slow = (ending.count > 1 ? ending[1] : "").split(separator: " ", maxSplits: 1).map(String.init)
                self = .done(n, .tooSlow(sizeClass: slow.first ?? "", reason: slow.count > 1 ? slow[1] : ""))
            default:
                guard let labels = UInt32(f[1], radix: 16) else { return nil }
                self = .done(n, .checked(labels: labels))
            }
        case "allow":
            guard let f = fields(2), let n = number(f[0]), let s = seconds(f[1]) else { return nil }
            self = .allow(n, seconds: s)
        case "failed":
            if let f = fields(3), let n = number(f[0]), f[2] == "hang" {
                self = .failed(n, property: f[1], isHang: true)
            } else if let f = fields(2), let n = number(f[0]), !f[1].contains(" ") {
                self = .failed(n, property: f[1], isHang: false)
            } else {
                return nil
            }
        case "shrinking":
            guard let f = fields(3), let n = number(f[0]) else { return nil }
            self = .shrinking(n, property: f[1], path: f[2] == "-" ? nil : f[2])
        case "unsaved":
            guard let f = fields(4), let n = number(f[0]),
                  let why = Data(base64Encoded: f[2]), let text = Data(base64Encoded: f[3]) else { return nil }
            self = .unsaved(n, property: f[1], why: String(decoding: why, as: UTF8.self), text: String(decoding: text, as: UTF8.self))
        case "found":
            guard let f = fields(5), let n = number(f[0]), let calls = number(f[2]), let s = seconds(f[3]) else { return nil }
            self = .found(n, property: f[1], calls: calls, seconds: s, path: f[4] == "-" ? nil : f[4])
        case "busy":
            guard let s = seconds(rest), s > 0 else { return nil }
            self = .busy(seconds: s)
        case "slow":
            guard let f = fields(4), let n = number(f[0]), let items = number(f[1]), let s = seconds(f[3]) else { return nil }
            self = .slow(n, items: items, changes: number(f[2]), seconds: s)
        case "engine", "engine-end":
            guard let group = pid_t(rest), group > 0 else { return nil }
            self = word == "engine" ? .engineStarted(group) : .engineEnded(group)
        case "fail":
            guard let f = fields(2), let place = number(f[0]) else { return nil }
            self = .pairFailed(place, Set(f[1].split(separator: ",").compactMap { PropertyName(rawValue: String($0)) }))
        case "hang":
            guard let f = fields(2), let place = number(f[0]) else { return nil }
            self = .pairHung(place, message: f[1])
        case "at":
            guard let place = number(rest) else { return nil }
            self = .reached(place)
        case "walked":
            guard let places = number(rest) else { return nil }
            self = .walked(places)
        default:
            return nil
        }
    }

    /// `text` on one line: line breaks as spaces (a reason is the line's last field).
    static func oneLine(_ text: String) -> String {
        text.contains(where: \.isNewline) ? String(text.map { $0.isNewline ? " " : $0 }) : text
    }
}

/// What the supervisor answers a worker's `failed` line, on its stdin.
public enum SupervisorReply: String, Hashable, Sendable, CaseIterable {
    /// Shrink the failure and save it.
    case shrink
    /// Go on: a smaller case of the property is already kept.
    case skip

    /// The reply `line` encodes, or nil.
    public init?(line: String) { self.init(rawValue: line) }

    /// The reply as one line, without its line break.
    public var line: String { rawValue }
}
