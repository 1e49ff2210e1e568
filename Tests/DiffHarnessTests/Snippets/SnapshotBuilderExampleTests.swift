import DiffcheckCore // snippet: hide
import Foundation // snippet: hide
// snippet: check-snapshot-builder
// Tests/MyAppTests/SnapshotTests.swift
import DiffHarness
import Testing

@Test func theNotesSnapshotIsSafe() throws {
    try checkDiffableSnapshotBuilder(named: "NotesSnapshot") { results, snapshot in
        buildNotesSnapshot(results, into: &snapshot)
    }
}
// end snippet

// snippet: check-todo-models
@Test func theTodosAreSafeModels() throws {
    let ids = Strategy.integers(in: 0...999), titles = Strategy.strings(alphabet: "abc", maxLength: 4)
    let todos = Strategy { choices in
        Todo(id: ids.draw(&choices), title: titles.draw(&choices), isDone: Strategy.booleans.draw(&choices))
    }
    try checkDiffableModels(named: "Todo", models: todos, displayed: { $0.title + ($0.isDone ? " ✓" : "") }) { todo, choices in
        var edited = todo
        if choices.flip() { edited.isDone.toggle() } else { edited.title = titles.draw(&choices) }
        return edited
    }
}
// end snippet

/// The article's model with `isContentEqual` ignoring `isDone`: the check throws what the article shows.
@Test func aTodoWhoseEqualityIgnoresDoneIsCaught() throws {
    struct CarelessTodo: Diffable, CustomStringConvertible {
        var todo: Todo
        var diffIdentifier: String { todo.diffIdentifier }
        func isContentEqual(to other: CarelessTodo) -> Bool { todo.title == other.todo.title }
        var description: String { todo.description }
    }
    let ids = Strategy.integers(in: 0...999), titles = Strategy.strings(alphabet: "abc", maxLength: 4)
    let todos = Strategy { choices in
        CarelessTodo(todo: Todo(id: ids.draw(&choices), title: titles.draw(&choices), isDone: Strategy.booleans.draw(&choices)))
    }
    let failure = try #require(throws: DiffableModelFailure.self) {
        try checkDiffableModels(named: "Todo", models: todos, environment: [:], displayed: { $0.todo.title + ($0.todo.isDone ? " ✓" : "") }) {
            model, choices in
            var edited = model
            if choices.flip() { edited.todo.isDone.toggle() } else { edited.todo.title = titles.draw(&choices) }
            return edited
        }
    }
    #expect(failure.rule == "displayed-change-unequal", "\(failure)")
    #expect(failure.old == ["Todo(0, \"\")"] && failure.new == ["Todo(0, \"\", done)"], "\(failure)")
}
