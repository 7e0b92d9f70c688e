import Foundation
import Testing
@testable import RouteKit

/// Every format against a golden file in `Fixtures/Reports/`. Regenerate them with
/// `UPDATE_GOLDENS=1 swift test --filter ReportGoldenTests` and review the diff.
@Suite struct ReportGoldenTests {
    let report = ReportFixtures.report

    @Test func text() throws {
        try ReportFixtures.expectGolden(TextReporter(workingDirectory: "/project").render(report), "text.txt")
    }

    @Test func textColorAndQuiet() throws {
        let reporter = TextReporter(color: true, quiet: true, workingDirectory: "/project")
        try ReportFixtures.expectGolden(reporter.render(report), "text-color-quiet.txt")
    }

    @Test func textWithBaseline() throws {
        let text = TextReporter(workingDirectory: "/project").render(ReportFixtures.baselineReport)
        try ReportFixtures.expectGolden(text, "text-baseline.txt")
    }

    @Test func json() throws {
        try ReportFixtures.expectGolden(JSONReporter().render(report), "report.json")
    }

    @Test func jsonWithBaseline() throws {
        try ReportFixtures.expectGolden(JSONReporter().render(ReportFixtures.baselineReport), "report-baseline.json")
    }

    @Test func sarif() throws {
        try ReportFixtures.expectGolden(SARIFReporter().render(report), "report.sarif")
    }

    @Test func sarifClean() throws {
        try ReportFixtures.expectGolden(SARIFReporter().render(ReportFixtures.cleanReport), "clean.sarif")
    }

    @Test func github() throws {
        try ReportFixtures.expectGolden(GitHubReporter(workingDirectory: "/project").render(report), "github.txt")
    }

    @Test func junit() throws {
        try ReportFixtures.expectGolden(JUnitReporter().render(report), "junit.xml")
    }

    @Test func junitClean() throws {
        try ReportFixtures.expectGolden(JUnitReporter().render(ReportFixtures.cleanReport), "clean-junit.xml")
    }

    @Test func checkstyle() throws {
        try ReportFixtures.expectGolden(CheckstyleReporter().render(report), "checkstyle.xml")
    }

    @Test func markdown() throws {
        try ReportFixtures.expectGolden(MarkdownReporter().render(ReportFixtures.baselineReport), "report.md")
    }

    @Test func markdownClean() throws {
        try ReportFixtures.expectGolden(MarkdownReporter().render(ReportFixtures.cleanReport), "clean.md")
    }

    @Test func baselineFile() throws {
        let baseline = Baseline.make(from: ReportFixtures.diagnostics + [ReportFixtures.diagnostics[4]], root: "/project")
        try ReportFixtures.expectGolden(baseline.encoded(), "baseline.json")
    }
}
