import Foundation
import Testing
@testable import RouteKit

/// Findings stored in a group (missing-translation's runs, a load's duplicate keys) are rendered
/// by the reporters from bytes shared by a run, or from fields the group makes; each must give
/// exactly the bytes of the same findings rendered one by one. Keys with quotes, ampersands, non-ASCII and duplicates across files exercise escaping
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
              n:
                one: One
                other: Other

            """,
        // An extra key, an empty text and an empty plural form: findings at entries (`EntryFindings`).
        "strings/de.yml": "de:\n  one: Eins\n  \"x&y\": Extra\n  plain: \" \"\n  n:\n    one: \"\"\n    other: Andere\n",
        // Duplicate keys across files and within one file (dotted and nested).
        "strings/en-more.yml": "en:\n  plain: Again\n  \"it's\": Again\n  x.y: One\n  x:\n    y: Two\n",
        "strings/ar.yml": "ar:\n  plain: عادي\n",
        "strings/ja.yml": "ja:\n  one: 一\n",
    ]

    @Test(arguments: [false, true]) func batchedFindingsRenderAsSingleFindingsDo(strict: Bool) throws {
        let dir = try TemporaryDirectory().write(Self.project)
        let config = try ProjectConfig.load(path: dir.path(".routekit.yml"))
        let report = Linter.lint(try Project.load(config: config)).report(config: config)
        let batched = report.diagnostics.filter(\.isStoredInGroup)
        // missing-translation's findings are each at their key's place (issue 34): runs placed by
        // key, whose places the reporters write per finding.
        #expect(batched.count(where: { $0.keyTemplate?.placedByKey == true }) >= 12, "expected missing-translation runs: \(report.diagnostics.map(\.message))")
        #expect(batched.count(where: { $0.rule == "duplicate-key" }) == 3)
        #expect(batched.count(where: { $0.rule == "extra-translation" }) == 1)
        #expect(report.diagnostics.contains { $0.message == "the 'one' form of 'n' is empty in locale 'de': it shows as a blank label" })
        #expect(report.diagnostics.contains { $0.message == "key 'x.y' of locale 'en' is already defined earlier in this file" })
        #expect(report.diagnostics.contains { $0.message == "key 'plain' of locale 'en' is already defined in strings/en-more.yml" })
        // The same findings, each in a box of its own (setting a field unbatches it).
        var single = report
        single.diagnostics = report.diagnostics.map { diagnostic in
            var copy = diagnostic
            copy.message = diagnostic.message
            return copy
        }
        #expect(single.diagnostics.allSatisfy { !$0.isStoredInGroup })
        #expect(single.diagnostics == report.diagnostics)
        #expect(TextReporter(workingDirectory: dir.url.path).render(report) == TextReporter(workingDirectory: dir.url.path).render(single))
        #expect(CheckstyleReporter().render(report) == CheckstyleReporter().render(single))
        #expect(MarkdownReporter().render(report) == MarkdownReporter().render(single))
        #expect(GitHubReporter(workingDirectory: dir.url.path).render(report) == GitHubReporter(workingDirectory: dir.url.path).render(single))
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

    /// What the reporters read of a run per finding without a closure or a path: the key's bytes
    /// and, placed by key, the place by file index; the same as the fields say.
    @Test func keyRunsAndKeyPlacesAgreeWithTheFields() throws {
        let dir = try TemporaryDirectory().write(Self.project)
        let config = try ProjectConfig.load(path: dir.path(".routekit.yml"))
        let report = Linter.lint(try Project.load(config: config)).report(config: config)
        var runs = 0, placed = 0
        // A file index names one file, whichever finding gives it (reporters ask the path once).
        var fileOfIndex: [PlacedFileKey: String] = [:]
        for finding in report.diagnostics {
            if let (template, key) = finding.keyRun {
                runs += 1
                #expect(String(decoding: key, as: UTF8.self) == finding.key)
                #expect(template == finding.keyTemplate)
            }
            if let (place, _) = FindingPlace.placedByKey(finding) {
                placed += 1
                let fields = FindingPlace(finding)
                #expect(fields.line == place.line && fields.column == place.column)
                #expect(finding.keyTemplate?.placedByKey == true)
            } else {
                #expect(finding.keyTemplate?.placedByKey != true)
            }
            if let (file, line, column) = FindingPlace.indexed(finding) {
                let fields = FindingPlace(finding)
                #expect(fields.line == line && fields.column == column)
                #expect(fileOfIndex[file, default: fields.file ?? ""] == fields.file)
                fileOfIndex[file] = fields.file
            }
        }
        #expect(runs >= 12 && placed >= 12)
        // Files of batches placed by key and of entry findings (extra translations), in two files at least.
        #expect(Set(fileOfIndex.values).count >= 2)
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
