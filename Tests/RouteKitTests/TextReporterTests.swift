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
