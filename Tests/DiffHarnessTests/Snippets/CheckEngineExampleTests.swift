// Tests/MyEngineTests/MyEngineTests.swift
import DiffHarness
import Testing
import XCTest

// Swift Testing
@Test func myEngineKeepsItsClaims() throws {
    try checkEngine(MyEngine())
}

// XCTest
final class MyEngineTests: XCTestCase {
    func testMyEngineKeepsItsClaims() throws {
        try checkEngine(MyEngine())
    }
}
