// An app's view models under test (issue 52): correct models pass; a model
// whose content equality ignores a displayed field is caught and shrunk to
// two values (one model and its edit), with the stale cell the list view
// shows; unstable, non-unique identifiers and one-way equality are caught.
import DiffcheckCore
import Foundation
import Testing
@testable import DiffHarness

/// A note as a list shows it: its title and whether it is pinned.
struct Note: Diffable, Equatable, CustomStringConvertible {
    enum Flaw { case ignoresPinned, identifiedByTitle, identifiedByNothing, equalOneWay }
    var id: Int
    var title: String
    var isPinned: Bool
    var flaw: Flaw?

    var diffIdentifier: String {
        switch flaw {
        case .identifiedByTitle: return title
        case .identifiedByNothing: return "note"
        default: return String(id)
        }
    }

    func isContentEqual(to other: Note) -> Bool {
        switch flaw {
        case .ignoresPinned: return title == other.title
        case .equalOneWay: return title == other.title && (isPinned == other.isPinned || isPinned)
        default: return title == other.title && isPinned == other.isPinned
        }
    }

    var description: String { "Note(\(id), \"\(title)\"\(isPinned ? ", pinned" : ""))" }
}

/// Notes with `flaw`: an identifier of 0…999, a title of up to 4 letters, pinned or not.
private func notes(_ flaw: Note.Flaw? = nil) -> Strategy<Note> {
    let ids = Strategy.integers(in: 0...999), titles = Strategy.strings(alphabet: "abc", maxLength: 4)
    return Strategy { choices in
        Note(id: ids.draw(&choices), title: titles.draw(&choices), isPinned: Strategy.booleans.draw(&choices), flaw: flaw)
    }
}

/// What a cell shows for a note.
private func shown(_ note: Note) -> String { note.title + (note.isPinned ? " (pinned)" : "") }

/// An edit of a note: its title, or its pin.
private func edited(_ note: Note, _ choices: inout Choices) -> Note {
    var note = note
    if choices.flip() { note.isPinned.toggle() } else { note.title = Strategy.strings(alphabet: "abc", maxLength: 4).draw(&choices) }
    return note
}

private func failure(_ flaw: Note.Flaw) throws -> DiffableModelFailure {
    try #require(throws: DiffableModelFailure.self) {
        try checkDiffableModels(named: "Note", models: notes(flaw), environment: [:], displayed: shown, mutate: edited)
    }
}

@Test func correctModelsPass() throws {
    #expect(try checkDiffableModels(named: "Note", models: notes(), environment: [:], displayed: shown, mutate: edited) == 500)
    #expect(try checkDiffableModels(named: "Note", models: notes(), profile: .strict, cases: 300, environment: [:],
                                    displayed: shown, mutate: edited) == 300)
}

@Test func anEqualityThatIgnoresADisplayedFieldIsCaughtAsAStaleCellAndShrunkToTwoValues() throws {
    let found = try failure(.ignoresPinned)
    #expect(found.rule == "displayed-change-unequal", "\(found)")
    // One note and its edit, the pin toggled, the simplest values.
    #expect(found.old == ["Note(0, \"\")"] && found.new == ["Note(0, \"\", pinned)"], "\(found)")
    // The core keeps the cell: isContentEqual said nothing changed.
    #expect(found.listView == "item m0' at 0.0 is stale: it shows m0 (m0: identifier \"0\")", "\(found)")
    #expect(found.description.hasPrefix("diffcheck: models Note: displayed-change-unequal: "), "\(found)")
}

@Test func anIdentifierTakenFromAnEditedFieldIsUnstable() throws {
    let found = try failure(.identifiedByTitle)
    #expect(found.rule == "identifier-stable" && found.old.count == 1, "\(found)")
}

@Test func anIdentifierThatTellsNothingApartIsNotUnique() throws {
    let found = try failure(.identifiedByNothing)
    #expect(found.rule == "identifier-unique" && found.old.count == 1, "\(found)")
}

@Test func anEqualityThatHoldsOneWayIsCaught() throws {
    let found = try failure(.equalOneWay)
    #expect(found.rule == "equality-symmetric" && found.old.count == 1, "\(found)")
}

@Test func theSameSeedGivesTheSameShrunkFailure() throws {
    #expect(try failure(.ignoresPinned).choices == failure(.ignoresPinned).choices)
}

@Test func theStrategiesDrawTheirSimplestValueFromZeroes() {
    var choices = Choices(ReplaySource([]))
    #expect(Strategy.integers(in: 3...9).draw(&choices) == 3)
    #expect(Strategy.strings().draw(&choices) == "")
    #expect(Strategy.element(of: ["x", "y"]).draw(&choices) == "x")
    #expect(Strategy.integers(in: 0...5).optional().draw(&choices) == nil)
    #expect(Strategy.booleans.array(maxCount: 3).draw(&choices) == [])
    var some = Choices(ReplaySource([2, 1, 5, 1]))
    #expect(Strategy.integers(in: 0...9).array(maxCount: 4).map { $0.reduce(0, +) }.draw(&some) == 6)
}

/// A tag whose `==` compares names only, while its identifier is its number.
struct Tag: Diffable, Equatable, CustomStringConvertible {
    var number: Int
    var name: String
    var diffIdentifier: Int { number }
    func isContentEqual(to other: Tag) -> Bool { name == other.name }
    static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }
    var description: String { "Tag(\(number), \"\(name)\")" }
}

@Test func equalValuesWithDifferentIdentifiersAreCaught() throws {
    let tags = Strategy { choices in
        Tag(number: Strategy.integers(in: 0...9).draw(&choices), name: Strategy.strings(alphabet: "ab", maxLength: 1).draw(&choices))
    }
    let found = try #require(throws: DiffableModelFailure.self) {
        try checkDiffableModels(named: "Tag", models: tags, environment: [:], displayed: \.name) { tag, _ in tag }
    }
    #expect(found.rule == "equal-values-same-identifier" && found.old.count == 2, "\(found)")
}
