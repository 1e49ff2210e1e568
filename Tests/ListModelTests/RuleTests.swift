import Testing
@testable import ListModel

@Test func exactlyTheRuleBooksOpenRulesAreOpen() {
    #expect(Set(Rule.allCases.filter(\.isOpen)) == [
        .duplicateMove, .reloadSectionCountChanges, .itemOperationInChangedSection,
        .itemChangeInMovedSection, .reloadNotInPlace,
    ])
}

@Test func ruleNamesAreUniqueAndKebabCase() {
    let names = Rule.allCases.map(\.rawValue)
    #expect(Set(names).count == names.count)
    for name in names {
        #expect(name.allSatisfy { $0 == "-" || ($0.isLetter && $0.isLowercase) }, "\(name)")
        #expect(Rule(rawValue: name) != nil)
    }
}

@Test func everyRuleHasAnExampleWithItsExactMessage() {
    let examples = boundsExamples + conflictExamples + countExamples + mapExamples + openRuleExamples.map(\.rejected)
    #expect(Set(examples.map(\.rule)) == Set(Rule.allCases))
}
