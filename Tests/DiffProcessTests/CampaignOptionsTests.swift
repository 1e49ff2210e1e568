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

/// The project's own JSON on the wire: the largest seed, fractions of a
/// second and text that needs escaping come back as they went; a field that
/// is missing or of the wrong kind is named.
@Test func campaignOptionsJSONKeepsEveryValueAndNamesAWrongField() throws {
    let edge = CampaignOptions(engineName: "mutant:\"quoted\"\\name", engineCommand: "python3 -c 'print(\"é\\n\")'", timeout: 0.125,
                               seed: .max, claims: [], hangTimeout: 1e9)
    #expect(try CampaignOptions(json: edge.json) == edge, "\(edge.json)")
    #expect(CampaignOptions().json.hasSuffix("\"timeout\":10}"), "\(CampaignOptions().json)")
    for (from, to, wrong) in [("\"seed\":1", "\"seed\":-1", "'seed' needs a whole number"),
                              ("\"flat\":false", "\"flat\":0", "'flat' needs true or false"),
                              ("\"timeout\":10", "\"timeout\":\"soon\"", "'timeout' needs a number"),
                              ("\"engine\":\"core\",", "", "no 'engine'")] {
        let json = CampaignOptions().json.replacingOccurrences(of: from, with: to)
        #expect(json != CampaignOptions().json, "\(from) is not in \(CampaignOptions().json)")
        do {
            _ = try CampaignOptions(json: json)
            Issue.record("read \(json)")
        } catch {
            #expect(error.description.contains(wrong), "\(error)")
        }
    }
}
