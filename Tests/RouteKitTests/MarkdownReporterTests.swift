import Foundation
import Testing
@testable import RouteKit

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
