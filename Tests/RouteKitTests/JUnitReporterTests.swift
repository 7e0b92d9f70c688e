import Foundation
import Testing
@testable import RouteKit

/// JUnit reports checked by a real consumer (`pip install junitparser`); skipped, named in the
/// output, without it (CI, with `ROUTEKIT_REQUIRE_ORACLES=1`, fails them instead).
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
