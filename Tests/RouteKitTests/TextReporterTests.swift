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

    // MARK: - Summary table (issue 34)

    /// `n` findings: `missing` missing translations in two files, the rest unknown fields and infos.
    func many(_ n: Int) -> [Finding] {
        (0..<n).map { index in
            switch index % 5 {
            case 0: Finding(rule: "unknown-field", severity: .error, message: "m\(index)",
                            location: SourceLocation(file: "/project/routes.yml", line: index + 1, column: 1))
            case 1: Finding(rule: "string-state", severity: .info, message: "m\(index)",
                            location: SourceLocation(file: "/project/strings/fr.yml", line: index + 1, column: 1))
            default: Finding(rule: "missing-translation", severity: .warning, message: "m\(index)",
                             location: SourceLocation(file: "/project/strings/en.yml", line: index + 1, column: 1))
            }
        }
    }

    @Test func upToAScreenfulThereIsNoTable() {
        let output = TextReporter(workingDirectory: "/project").render(report(many(TextReporter.summaryTableThreshold)))
        #expect(!output.contains("Findings by rule"))
        #expect(output.split(separator: "\n").count == TextReporter.summaryTableThreshold + 1)
    }

    @Test func overAScreenfulTheReportEndsWithATableByRuleAndFile() {
        let summary = LintSummary(errors: 12, warnings: 36, infos: 12, files: 3, routes: 0, locales: 2)
        let output = TextReporter(workingDirectory: "/project").render(report(many(60), summary: summary))
        let tail = output.components(separatedBy: "\n\nFindings by rule:\n")
        #expect(tail.count == 2)
        #expect(tail[1] == """
              36  warning  missing-translation
              12  error    unknown-field
              12  info     string-state
            Files with the most findings:
              36  strings/en.yml
              12  routes.yml
              12  strings/fr.yml
            One rule at a time: --only missing-translation (or any rule above); --quiet prints the findings alone
            12 errors, 36 warnings, 12 infos in 3 files (0 routes, 2 locales)

            """)
        // --quiet keeps the findings alone.
        let quiet = TextReporter(quiet: true, workingDirectory: "/project").render(report(many(60)))
        #expect(quiet.split(separator: "\n").count == 60)
        #expect(!quiet.contains("Findings by rule"))
    }

    @Test func theTableNamesTheFiveFilesWithTheMostAndCountsTheRest() {
        var diagnostics: [Finding] = []
        for file in 0..<8 {
            for line in 0..<(10 + file) {
                diagnostics.append(Finding(rule: "r", severity: .warning, message: "m",
                                           location: SourceLocation(file: "/project/f\(file).yml", line: line + 1, column: 1)))
            }
        }
        diagnostics.append(Finding(rule: "r", severity: .error, message: "project-wide"))
        let table = TextReporter.summaryTable(diagnostics, directory: "/project")
        #expect(table.contains("""
            Files with the most findings:
               17  f7.yml
               16  f6.yml
               15  f5.yml
               14  f4.yml
               13  f3.yml
              4 more files
            """), "\(table)")
        #expect(table.contains("  108  warning  r\n"))
        #expect(table.contains("    1  error    r\n"))
    }
}
