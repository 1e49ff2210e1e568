// GateRandomPart: what a gate's random part did — its cases' report and
// each finding with its case.
import ListModel

/// The random part: the cases' report and each finding's case.
public struct GateRandomPart: Sendable {
    /// What the cases did; nil when the part could not run (`runError` says why).
    public var report: RandomPartReport?
    /// Why the part could not run.
    public var runError: String?
    /// Each of `report.failures`, in its order, with its case.
    public var findings: [GateRandomFinding] = []
    /// The properties the engine is checked for, in order (JUnit has a test case each).
    public var properties: [PropertyName] = []

    /// A part that ran: `report`, its findings and the properties checked.
    public init(report: RandomPartReport, findings: [GateRandomFinding], properties: [PropertyName]) {
        self.report = report
        self.findings = findings
        self.properties = properties
    }

    /// A part that could not run, and why.
    public init(runError: String) {
        self.runError = runError
    }
}

/// One failure of the random part, with its case.
public struct GateRandomFinding: Sendable {
    /// The failure, as the part's report holds it.
    public var failure: RandomFailure
    /// The shrunk case in the case format (the saved file's text); nil when it cannot be read.
    public var caseText: String?

    /// `failure`, whose case reads `caseText`.
    public init(failure: RandomFailure, caseText: String?) {
        self.failure = failure
        self.caseText = caseText
    }
}
