import Foundation
import Testing
@testable import RouteKit

/// SARIF reports checked by a real consumer (`pip install check-jsonschema`). Where the tool is
/// absent its tests are skipped, named in the output; CI (`ROUTEKIT_REQUIRE_ORACLES=1`) fails them.
@Suite struct SARIFReporterTests {
    static var schema: URL {
        // Vendored (Fixtures/Schemas/README.md).
        ReportFixtures.packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures/Schemas/sarif-schema-2.1.0.json")
    }

    func validate(_ report: LintReport, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try validate(text: SARIFReporter().render(report), sourceLocation: sourceLocation)
    }

    func validate(text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        #expect(
            FileManager.default.fileExists(atPath: Self.schema.path), "SARIF schema missing at \(Self.schema.path)",
            sourceLocation: sourceLocation)
        let file = try ReportFixtures.temporaryFile(text, suffix: ".sarif")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ReportFixtures.runTool(["check-jsonschema", "--schemafile", Self.schema.path, file.path])
        #expect(
            result.status == 0, "check-jsonschema failed (status \(result.status)):\n\(result.output)",
            sourceLocation: sourceLocation)
    }

    @Test(.requires(.checkJSONSchema)) func sampleReportIsValidSARIF() throws { try validate(ReportFixtures.report) }

    @Test(.requires(.checkJSONSchema)) func cleanReportIsValidSARIF() throws { try validate(ReportFixtures.cleanReport) }

    @Test(.requires(.checkJSONSchema)) func hostileReportIsValidSARIF() throws { try validate(HostileText.report) }

    @Test func describesRulesAndResults() throws {
        let json = try ReportFixtures.parseJSON(SARIFReporter().render(ReportFixtures.report)) as! [String: Any]
        #expect(json["version"] as? String == "2.1.0")
        let run = (json["runs"] as! [[String: Any]])[0]
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let driver = (run["tool"] as! [String: Any])["driver"] as! [String: Any]
        #expect(driver["name"] as? String == "routekit")
        #expect(driver["version"] as? String == RouteKitInfo.version)
        let rules = driver["rules"] as! [[String: Any]]
        #expect(rules.map { $0["id"] as! String } == ReportFixtures.rules.map(\.id))
        let levels = rules.map { ($0["defaultConfiguration"] as! [String: Any])["level"] as! String }
        #expect(levels == ["error", "error", "error", "warning", "note", "none"])
        let results = run["results"] as! [[String: Any]]
        #expect(results.count == ReportFixtures.diagnostics.count)
        // Errors first, then warnings, then notes.
        let ordered = ReportFixtures.diagnostics.filter { $0.severity == .error } + ReportFixtures.diagnostics.filter { $0.severity == .warning }
            + ReportFixtures.diagnostics.filter { $0.severity == .info }
        for (result, diagnostic) in zip(results, ordered) {
            let index = result["ruleIndex"] as! Int
            #expect(rules[index]["id"] as? String == diagnostic.rule)
            let fingerprints = result["partialFingerprints"] as! [String: String]
            #expect(fingerprints[SARIFReporter.fingerprintKey] == diagnostic.fingerprint(relativeTo: "/project"))
        }
        // A finding with a file but no line has a location without region.
        let noLine = results[4]["locations"] as! [[String: Any]]
        let physical = noLine[0]["physicalLocation"] as! [String: Any]
        #expect(physical["region"] == nil)
        #expect((physical["artifactLocation"] as! [String: Any])["uri"] as? String == "strings/ja.yml")
    }

    @Test func pathsAreURIReferences() {
        #expect(SARIFReporter.percentEncoded("a b/c:d#e%f.yml") == "a%20b/c%3Ad%23e%25f.yml")
        #expect(SARIFReporter.percentEncoded("strings/dé.yml") == "strings/d%C3%A9.yml")
        var report = ReportFixtures.report
        report.diagnostics = [
            Finding(rule: "r", severity: .error, message: "m", location: SourceLocation(file: "/elsewhere/x y.yml", line: 1, column: 1))
        ]
        #expect(SARIFReporter().render(report).contains("\"uri\": \"file:///elsewhere/x%20y.yml\""))
    }
}
