import Foundation // snippet: hide
// snippet: check-collector
// Tests/MyAppTests/CollectorTests.swift
import DiffHarness
import Testing

@Test func theCollectorIsSafe() throws {
    try checkFetchedResultsCollector(named: "CarefulCollector") { list in CarefulCollector(list: list) }
}
// end snippet
