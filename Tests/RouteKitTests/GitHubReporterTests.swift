import Foundation
import Testing
@testable import RouteKit

@Suite struct GitHubReporterTests {
    func diagnostics(_ severity: Severity, _ count: Int) -> [Finding] {
        (1...count).map { line in
            Finding(rule: "r", severity: severity, message: "\(severity) \(line)",
                       location: SourceLocation(file: "/project/a.yml", line: line, column: 1))
        }
    }

    @Test func atMostTenAnnotationsOfEachTypeThenOneNotice() {
        let all = diagnostics(.error, 13) + diagnostics(.warning, 2) + diagnostics(.info, 11)
            + [Finding(rule: "other", severity: .info, message: "x", location: nil)]
        let report = LintReport(diagnostics: all, summary: LintSummary(), rules: [], root: "/project")
        let lines = GitHubReporter(workingDirectory: "/project").render(report).split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 2)
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 10)
        let expected = "::notice title=routekit::3 more errors and 3 more notices not shown as annotations "
            + "(GitHub shows at most 10 of each type); see the SARIF report (--format sarif:FILE) for all findings. "
            + "By rule: r 26, other 1"
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
