import Foundation
import Testing
@testable import RouteKit

/// Findings of one `FindingBatch` (missing-translation's) are rendered by JSON and JUnit from
/// bytes shared by the batch; each must give exactly the bytes of the same findings rendered one
/// by one. Keys with quotes, ampersands, non-ASCII and duplicates across files exercise escaping
/// and the numbering of repeated JUnit names.
@Suite struct BatchedReportTests {
    static let project: [String: String] = [
        ".routekit.yml": "strings: [strings/*.yml]\nbase-locale: en\nlocales: [en, de, ar, ja]\n",
        "strings/en.yml": """
            en:
              plain: Plain
              "it's": Quote
              "a&b<c>": Specials
              "ключ": Cyrillic
              "say \\"hi\\"": Double
              nested:
                deep: Deep
              one: One

            """,
        "strings/de.yml": "de:\n  one: Eins\n",
        "strings/ar.yml": "ar:\n  plain: عادي\n",
        "strings/ja.yml": "ja:\n  one: 一\n",
    ]

    @Test(arguments: [false, true]) func batchedFindingsRenderAsSingleFindingsDo(strict: Bool) throws {
        let dir = try TemporaryDirectory().write(Self.project)
        let config = try ProjectConfig.load(path: dir.path(".routekit.yml"))
        let report = Linter.lint(try Project.load(config: config)).report(config: config)
        let batched = report.diagnostics.filter { $0.batch != nil }
        #expect(batched.count >= 12, "expected missing-translation batches: \(report.diagnostics.map(\.message))")
        // The same findings, each in a box of its own (setting a field unbatches it).
        var single = report
        single.diagnostics = report.diagnostics.map { diagnostic in
            var copy = diagnostic
            copy.message = diagnostic.message
            return copy
        }
        #expect(single.diagnostics.allSatisfy { $0.batch == nil })
        #expect(JSONReporter().render(report) == JSONReporter().render(single))
        #expect(JUnitReporter(strict: strict).render(report) == JUnitReporter(strict: strict).render(single))
        #expect(SARIFReporter().render(report) == SARIFReporter().render(single))
        #expect(GitLabReporter().render(report) == GitLabReporter().render(single))
        // Escaping reached the shared pieces and the keys.
        let junit = JUnitReporter(strict: strict).render(report)
        #expect(junit.contains("it&apos;s"))
        #expect(junit.contains("a&amp;b&lt;c&gt;"))
        #expect(JSONReporter().render(report).contains(#""key": "say \"hi\"""#))
    }

    /// Two findings with one JUnit name (same file, rule, key and locale) are numbered, in the
    /// batched path as in the single one.
    @Test func repeatedNamesAreNumbered() throws {
        let batchKeys = FindingBatch.Keys(["k", "k"], sortedBefore: "'")
        let batch = FindingBatch(rule: "missing-translation", location: SourceLocation(file: "/p/de.yml", line: 1, column: 1),
                                 locale: "de", messagePrefix: "'", keys: batchKeys, messageSuffix: "' is missing")
        var report = ReportFixtures.report
        report.diagnostics = [Finding(batch, item: 0, severity: .warning), Finding(batch, item: 1, severity: .warning)]
        let junit = JUnitReporter().render(report)
        #expect(junit.contains(#"name="/p/de.yml missing-translation k de""#))
        #expect(junit.contains(#"name="/p/de.yml missing-translation k de (2)""#))
        var single = report
        single.diagnostics = report.diagnostics.map { var copy = $0; copy.message = $0.message; return copy }
        #expect(JUnitReporter().render(single) == junit)
    }
}
