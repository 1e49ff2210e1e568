// A campaign's options travel to its workers as one JSON value
// (`CampaignOptions.json`, `diffcheck worker --campaign JSON`): what the
// supervisor encodes, the worker decodes, field for field.
import DiffHarness
import Foundation
import DiffProcess
import ListModel
import Testing

@Test func aCampaignsOptionsComeBackFromTheirJSON() throws {
    let plain = CampaignOptions()
    #expect(try CampaignOptions(json: plain.json) == plain)
    var generator = GeneratorOptions(isFlatOnly: true, allowsDuplicates: false, maxSize: 1_000, shapes: .fetchedResults,
                                     everyCaseSize: .thousands)
    generator.maxSize = 5_000
    let every = CampaignOptions(engineName: "simple", engineCommand: "python3 'my engine.py'", timeout: 2.5, seed: 42,
                                profile: .tableview, generator: generator, claims: [.valid, .fresh], hangTimeout: 30,
                                memoryLimitMB: 8_000, maxCPUPerCase: 1.5)
    #expect(try CampaignOptions(json: every.json) == every)
    #expect(every.json.contains("\"maxCPUPerCase\":1.5") && !plain.json.contains("maxCPUPerCase"), "\(every.json)")
    #expect((try every.engine() as? ExternalEngine)?.cpuLimitSeconds == 1.5)
    #expect((try every.engine() as? ExternalEngine)?.claims.contains(.maxCPU) == true)
    #expect((try CampaignOptions(engineCommand: "true").engine() as? ExternalEngine)?.claims.contains(.maxCPU) == false)
    #expect(every.json.contains("\"rssLimitMB\":8000") && !plain.json.contains("rssLimitMB"), "\(every.json)")
    #expect((try every.engine() as? ExternalEngine)?.memoryLimitBytes == 8_000_000_000)
    #expect(every.forwarded == ["--campaign", every.json])
}

@Test func optionsThatAreNotACampaignsSayWhatIsWrong() {
    #expect(throws: CampaignError.self) { try CampaignOptions(json: "--engine core") }
    var broken = CampaignOptions().json
    broken = broken.replacingOccurrences(of: "\"strict\"", with: "\"sideways\"")
    do {
        _ = try CampaignOptions(json: broken)
        Issue.record("a profile that is none was read")
    } catch {
        #expect(error.description.contains("profile 'sideways'"), "\(error)")
    }
}
