import Foundation
import Testing
@testable import RouteKit

@Suite struct TextReporterTests {
    func report(_ diagnostics: [Finding], summary: LintSummary = LintSummary()) -> LintReport {
        LintReport(diagnostics: diagnostics, summary: summary, rules: [], root: "/project")
    }

    @Test func summaryLineWordsAgreeWithCounts() {
        #expect(ReportText.summaryLine(LintSummary(errors: 2, warnings: 1, infos: 0, files: 5, routes: 17, locales: 3))
            == "2 errors, 1 warning, 0 infos in 5 files (17 routes, 3 locales)")
        #expect(ReportText.summaryLine(LintSummary(errors: 1, warnings: 0, infos: 1, files: 1, routes: 1, locales: 1))
            == "1 error, 0 warnings, 1 info in 1 file (1 route, 1 locale)")
    }

    @Test func pathsAreRelativeToTheWorkingDirectoryOnlyInsideIt() {
        let diagnostics = [
            Finding(rule: "r", severity: .error, message: "inside", location: SourceLocation(file: "/project/sub/a.yml", line: 1, column: 2)),
            Finding(rule: "r", severity: .error, message: "outside", location: SourceLocation(file: "/other/b.yml", line: 3, column: 4)),
            Finding(rule: "r", severity: .error, message: "relative", location: SourceLocation(file: "../c.yml", line: 5, column: 6)),
        ]
        let output = TextReporter(quiet: true, workingDirectory: "/project").render(report(diagnostics))
        #expect(output == """
            sub/a.yml:1:2: error: inside [r]
            /other/b.yml:3:4: error: outside [r]
            ../c.yml:5:6: error: relative [r]

            """)
    }

    @Test func quietCleanRunPrintsNothing() {
        #expect(TextReporter(quiet: true).render(report([])) == "")
        #expect(TextReporter().render(report([])) == "0 errors, 0 warnings, 0 infos in 0 files (0 routes, 0 locales)\n")
    }

    @Test func colourOnlyWhenAsked() {
        let diagnostic = Finding(rule: "r", severity: .warning, message: "m", file: "/project/a.yml")
        #expect(!TextReporter(workingDirectory: "/project").render(report([diagnostic])).contains("\u{1B}"))
        #expect(TextReporter(color: true, workingDirectory: "/project").render(report([diagnostic])).contains("\u{1B}[1;33mwarning:"))
    }
}

@Suite struct GitHubReporterTests {
    func diagnostics(_ severity: Severity, _ count: Int) -> [Finding] {
        (1...count).map { line in
            Finding(rule: "r", severity: severity, message: "\(severity) \(line)",
                       location: SourceLocation(file: "/project/a.yml", line: line, column: 1))
        }
    }

    @Test func atMostTenAnnotationsOfEachTypeThenOneNotice() {
        let all = diagnostics(.error, 13) + diagnostics(.warning, 2) + diagnostics(.info, 12)
        let report = LintReport(diagnostics: all, summary: LintSummary(), rules: [], root: "/project")
        let lines = GitHubReporter(workingDirectory: "/project").render(report).split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 2)
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 10)
        let expected = "::notice title=routekit::3 more errors and 3 more notices not shown as annotations "
            + "(GitHub shows at most 10 of each type); see the SARIF report (--format sarif:FILE) for all findings"
        #expect(lines.last.map(String.init) == expected)
        // The first ones, in the given order.
        #expect(lines[9].hasSuffix("::error 10"))
    }

    @Test func noNoticeWhenEverythingFits() {
        let all = diagnostics(.error, 10) + diagnostics(.info, 10)
        let report = LintReport(diagnostics: all, summary: LintSummary(), rules: [], root: "/project")
        let output = GitHubReporter(workingDirectory: "/project").render(report)
        #expect(output.split(separator: "\n").count == 20)
        #expect(!output.contains("not shown"))
    }

    @Test func escaping() {
        #expect(GitHubReporter.data("50% done\r\nnext") == "50%25 done%0D%0Anext")
        #expect(GitHubReporter.property("a:b,c%") == "a%3Ab%2Cc%25")
    }
}

@Suite struct JSONReporterTests {
    @Test func stableShape() throws {
        let json = try ReportFixtures.parseJSON(JSONReporter().render(ReportFixtures.report)) as! [String: Any]
        #expect(Set(json.keys) == ["summary", "diagnostics"])
        let summary = json["summary"] as! [String: Int]
        #expect(summary == ["errors": 3, "warnings": 2, "infos": 1, "files": 4, "routes": 7, "locales": 3])
        let diagnostics = json["diagnostics"] as! [[String: Any]]
        #expect(Set(diagnostics[1].keys) == ["rule", "severity", "message", "file", "line", "column", "route", "fingerprint"])
        #expect(Set(diagnostics[0].keys) == ["rule", "severity", "message", "locale", "fingerprint"])
        #expect(Set(diagnostics[5].keys) == ["rule", "severity", "message", "file", "key", "locale", "fingerprint"])
    }

    @Test func escapesEveryControlCharacter() {
        var out = ""
        JSONValue.writeString("a\"b\\c\n\u{1}\u{7F}\u{2028}é", into: &out)
        #expect(out == #""a\"b\\c\n\u0001\u007f\u2028é""#)
    }

    @Test func fingerprintIgnoresLinesAndCheckouts() {
        let a = Finding(rule: "r", severity: .error, message: "m", location: SourceLocation(file: "/p/x.yml", line: 1, column: 1))
        let b = Finding(rule: "r", severity: .error, message: "m", location: SourceLocation(file: "/q/w/x.yml", line: 9, column: 3))
        #expect(a.fingerprint(relativeTo: "/p") == b.fingerprint(relativeTo: "/q/w"))
        #expect(a.fingerprint(relativeTo: "/p") != a.fingerprint(relativeTo: "/"))
    }
}

@Suite struct CheckstyleReporterTests {
    @Test func parsesAndGroupsByFile() throws {
        let elements = try ReportFixtures.parseXML(CheckstyleReporter().render(ReportFixtures.report))
        #expect(elements.first?.name == "checkstyle")
        #expect(elements.first?.attributes["version"] == "4.3")
        #expect(elements.filter { $0.name == "file" }.map { $0.attributes["name"]! }
            == [".routekit.yml", "routes.yml", "strings/de.yml", "strings/ja.yml"])
        let errors = elements.filter { $0.name == "error" }
        #expect(errors.count == ReportFixtures.diagnostics.count)
        #expect(errors.map { $0.attributes["source"]! }.allSatisfy { $0.hasPrefix("routekit.") })
    }
}

@Suite struct MarkdownReporterTests {
    @Test func longReportsAreCut() {
        var report = ReportFixtures.report
        report.diagnostics = Array(repeating: ReportFixtures.diagnostics[1], count: 12)
        let output = MarkdownReporter(maxFindings: 10).render(report)
        #expect(output.split(separator: "\n").filter { $0.hasPrefix("| routes.yml:3 ") }.count == 10)
        #expect(output.contains("…and 2 more findings (2 errors): see the full report."))
    }

    @Test func cellEscaping() {
        #expect(MarkdownReporter.cell("a|b`c<d>&e\r\nf\\g") == "a\\|b\\`c&lt;d&gt;&amp;e<br>f\\\\g")
        #expect(MarkdownReporter.cell("cc @org/team") == "cc @\u{2060}org/team")
    }
}

@Suite struct ReporterRegistryTests {
    @Test func everyFormatHasAReporter() {
        #expect(ReporterRegistry.formats == ["text", "json", "sarif", "github", "junit", "checkstyle", "markdown", "gitlab"])
        for format in ReporterRegistry.formats {
            let reporter = ReporterRegistry.make(format: format, options: ReporterOptions())
            #expect(reporter.map { type(of: $0).format } == format)
        }
        #expect(ReporterRegistry.make(format: "yaml", options: ReporterOptions()) == nil)
    }

    @Test func textOptionsArePassedOn() {
        let reporter = ReporterRegistry.make(format: "text", options: ReporterOptions(color: true, quiet: true)) as? TextReporter
        #expect(reporter?.color == true)
        #expect(reporter?.quiet == true)
    }

    @Test func formatSpecifiers() {
        #expect(ReporterRegistry.parseSpecifier("json") == ("json", nil))
        #expect(ReporterRegistry.parseSpecifier("sarif:out/a:b.sarif") == ("sarif", "out/a:b.sarif"))
        #expect(ReporterRegistry.parseSpecifier("junit:") == ("junit", nil))
    }
}
