import Foundation
import Testing
@testable import RouteKit

/// Reports checked by real consumers (`pip install check-jsonschema junitparser`). Where a tool is
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

@Suite(.requires(.python3, .junitparser)) struct JUnitReporterTests {
    static let script = """
        import sys, json, junitparser
        xml = junitparser.JUnitXml.fromfile(sys.argv[1])
        suites = [xml] if isinstance(xml, junitparser.TestSuite) else list(xml)
        out = {"suites": [], "cases": []}
        for suite in suites:
            out["suites"].append({"name": suite.name, "tests": suite.tests, "failures": suite.failures})
            for case in suite:
                out["cases"].append({"name": case.name, "classname": case.classname,
                    "results": [{"kind": type(r).__name__, "message": r.message, "type": r.type, "text": r.text}
                                for r in case.result]})
        print(json.dumps(out))
        """

    /// Parses JUnit XML with junitparser and returns what it saw.
    static func parse(_ xml: String) throws -> [String: Any] {
        let file = try ReportFixtures.temporaryFile(xml, suffix: ".xml")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ReportFixtures.runTool(["python3", "-c", script, file.path])
        try #require(result.status == 0, "junitparser failed (status \(result.status)); pip install junitparser\n\(result.output)")
        return try ReportFixtures.parseJSON(result.output) as! [String: Any]
    }

    @Test func junitparserReadsEveryFinding() throws {
        let parsed = try Self.parse(JUnitReporter(strict: true).render(ReportFixtures.report))
        let cases = (parsed["cases"] as! [[String: Any]]).filter { $0["name"] as? String != "routes.yml unreachable-route FinalistScreen" }
        #expect(cases.count == ReportFixtures.diagnostics.count - 1)   // the info passes
        #expect(Set(cases.map { $0["name"] as! String }).count == cases.count)
        for testCase in cases {
            let results = testCase["results"] as! [[String: Any]]
            #expect(results.count == 1)
            #expect(results.first?["kind"] as? String == "Failure")
        }
        let suites = parsed["suites"] as! [[String: Any]]
        #expect(suites.map { $0["name"] as! String } == [
            "routekit.invalid-locale", "routekit.missing-translation", "routekit.unknown-field",
            "routekit.unknown-string-key", "routekit.unreachable-route",
        ])
    }

    @Test func cleanRunIsOnePassingTest() throws {
        let parsed = try Self.parse(JUnitReporter().render(ReportFixtures.cleanReport))
        let cases = parsed["cases"] as! [[String: Any]]
        #expect(cases.count == 1)
        #expect((cases[0]["results"] as! [Any]).isEmpty)
    }

    @Test func sameLocationTwiceGetsUniqueNames() throws {
        var report = ReportFixtures.report
        let twice = ReportFixtures.diagnostics[1]
        report.diagnostics = [twice, twice, twice]
        let parsed = try Self.parse(JUnitReporter().render(report))
        let names = (parsed["cases"] as! [[String: Any]]).map { $0["name"] as! String }
        #expect(names == [
            "routes.yml unknown-field SettingsScreen", "routes.yml unknown-field SettingsScreen (2)",
            "routes.yml unknown-field SettingsScreen (3)",
        ])
    }

    @Test func hostileTextSurvivesJunitparser() throws {
        let parsed = try Self.parse(JUnitReporter().render(HostileText.report))
        let cases = parsed["cases"] as! [[String: Any]]
        #expect(cases.count == HostileText.report.diagnostics.count)
        let message = (cases[0]["results"] as! [[String: Any]])[0]["message"] as! String
        #expect(message.contains("</failure><script>alert(1)</script>"))
        #expect(!message.contains("\u{1B}"))
    }
}
