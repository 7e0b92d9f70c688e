import Foundation
import Testing
@testable import RouteKit

@Suite struct HTMLReportTests {
    @Test func hostileTextIsEscapedEverywhere() throws {
        let hostile = #"</td><script>alert(1)</script>"><img src=x onerror=alert(2)>'&"#
        let dir = try TemporaryDirectory().write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [strings.yml]\n",
            "routes.yml": "routes:\n  Home:\n    tab: { icon: house }\n    title: home\n  Detail:\n    title: { text: '\(hostile.replacingOccurrences(of: "'", with: "''"))' }\n",
            "strings.yml": "en:\n  home: '\(hostile.replacingOccurrences(of: "'", with: "''"))'\nde:\n  home: \"x\\e[31m\\u202Ey\"\n",
        ])
        let run = try CLI.run(["report", "--html", "report.html"], in: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: dir.path("report.html"), encoding: .utf8)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("onerror=alert(2)>"))
        #expect(html.contains("&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;&#39;&amp;"))
        #expect(html.contains("x&#x1B;[31m&#x202E;y"))
        // Structure is intact: one row per route in the matrix, and nothing else executable.
        let matrix = html.components(separatedBy: "<table class=\"matrix\">")[1].components(separatedBy: "</table>")[0]
        #expect(matrix.components(separatedBy: "<tr><th>").count - 1 == 3)   // the header and two routes
        #expect(!html.contains("http://") && !html.contains("https://") && !html.lowercased().contains("<link"))
    }

    @Test func matrixMarksMissingFallbackAndTooLong() throws {
        let project = Example.project
        let matrix = CoverageMatrix.build(project: project)
        #expect(matrix.locales == ["en", "de", "ja"])
        func cell(_ route: String, _ locale: String) -> CoverageMatrix.Cell? {
            guard let row = matrix.rows.first(where: { $0.route == route }), let index = matrix.locales.firstIndex(of: locale) else { return nil }
            return row.cells[index]
        }
        #expect(cell("MapScreen", "de")?.status == .missing)
        #expect(cell("LanguageScreen", "de")?.status == .fallback)
        #expect(cell("LanguageScreen", "de")?.note == "from en")
        #expect(cell("SessionScreen", "de")?.text == "Vortrag")
        #expect(cell("SpeakerDetailScreen", "ja")?.status == .runtime)
        #expect(cell("NotificationsScreen", "de")?.status == .ok)   // a detail title: 30 allowed
        #expect(HTMLReport.truncated("Benachrichtigungen", to: 12) == "Benachricht…")
    }

    @Test func exampleReportHasEverySection() throws {
        let dir = try TemporaryDirectory()
        let result = try CLI.run(["report", "Resources/Examples/Conference", "--html", dir.path("r.html")], in: CLI.packageRoot)
        #expect(result.status == 0)
        let html = try String(contentsOfFile: dir.path("r.html"), encoding: .utf8)
        for section in ["<h2>Tab bar</h2>", "<h2>Titles</h2>", "<h2>Findings <small>5</small></h2>", "routes.yml:10:3"] {
            #expect(html.contains(section))
        }
        #expect(try CLI.run(["report", "Resources/Examples/Conference"], in: CLI.packageRoot).status == 2)
    }

    // MARK: - Findings at real-app scale (issue 34)

    /// A String Catalog of `keys` keys in `locales` locales besides English, each lacking the keys
    /// `lacks(locale, key)` says, and no routes.
    static func catalogProject(locales: Int, keys: Int, keyPrefix: String = "key.", lacks: (Int, Int) -> Bool) throws -> TemporaryDirectory {
        let names = Array(["de", "fr", "ja", "es", "it", "nl", "sv", "da", "fi", "pl", "cs", "ko", "ru", "tr", "pt", "uk"].prefix(locales))
        var strings: [String] = []
        for key in 0..<keys {
            var localizations = ["\"en\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Key \(key)\" } }"]
            for (index, locale) in names.enumerated() where !lacks(index, key) {
                localizations.append("\"\(locale)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"K \(key)\" } }")
            }
            strings.append("    \"\(keyPrefix)\(key)\" : {\n      \"localizations\" : {\n        " + localizations.joined(separator: ",\n        ") + "\n      }\n    }")
        }
        let catalog = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + strings.joined(separator: ",\n") + "\n  },\n  \"version\" : \"1.0\"\n}\n"
        return try TemporaryDirectory().write([
            ".routekit.yml": "strings: [Localizable.xcstrings]\nbase-locale: en\nlocales: [en, \(names.joined(separator: ", "))]\n",
            "Localizable.xcstrings": catalog,
        ])
    }

    static func page(_ dir: TemporaryDirectory) throws -> String {
        let run = try CLI.run(["report", "--html", "report.html"], in: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        return try String(contentsOfFile: dir.path("report.html"), encoding: .utf8)
    }

    /// A String Catalog project without routes: no empty tab bars nor titles table; missing
    /// translations as each locale's list of keys, with its count, open while the page is small.
    @Test func aStringsOnlyProjectShowsOnlySectionsWithContent() throws {
        let dir = try Self.catalogProject(locales: 3, keys: 6) { locale, key in (key + locale) % 3 == 0 }
        let html = try Self.page(dir)
        #expect(html.contains("<h2>Translated</h2>"))
        for empty in ["<h2>Tab bar</h2>", "<h2>Titles</h2>", "class=\"tabbar\"", "class=\"matrix\"", "class=\"legend\""] {
            #expect(!html.contains(empty), "\(empty)")
        }
        #expect(html.contains("<h2>Findings <small>6</small></h2>"))
        #expect(html.contains("<details class=\"rule\" open><summary><code>missing-translation</code> <b class=\"count\">6</b> <span class=\"warning\">6 warning</span>"))
        #expect(html.contains("<details class=\"locale\"><summary><span class=\"name\">de</span> <b class=\"count\">2</b> missing</summary><p class=\"keys\"><code>key.0</code> <code>key.3</code></p></details>"), "\(html)")
        #expect(!html.lowercased().contains("<script"))
    }

    /// Many findings: grouped by rule (most first), then by file, each group with its count and
    /// closed; a file lists at most `groupRowLimit` rows, a locale `localeKeyLimit` keys, each
    /// saying how many it leaves out, and the page points to the JSON report.
    @Test func manyFindingsAreGroupedCountedAndCapped() throws {
        let dir = try Self.catalogProject(locales: 2, keys: 1_200) { _, key in key % 10 != 0 }
        // Findings of another rule in one file: 150 unknown route fields.
        try dir.write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [Localizable.xcstrings]\nbase-locale: en\nlocales: [en, de, fr]\n",
            "routes.yml": "routes:\n" + (0..<150).map { "  R\($0): { title: key.\($0), titel: x }\n" }.joined(),
        ])
        let html = try Self.page(dir)
        let findings = html.components(separatedBy: "<h2>Findings")[1]
        #expect(findings.contains("<details class=\"rule\"><summary><code>missing-translation</code> <b class=\"count\">2160</b>"))
        #expect(findings.contains("<details class=\"rule\"><summary><code>unknown-field</code> <b class=\"count\">150</b>"))
        #expect(findings.range(of: "missing-translation</code>")!.lowerBound < findings.range(of: "unknown-field</code>")!.lowerBound)
        #expect(findings.contains("<details class=\"file\"><summary><code>routes.yml</code> <b class=\"count\">150</b></summary>"))
        #expect(findings.contains("<p class=\"omitted\">50 more are not listed here.</p>"))
        #expect(findings.contains("<span class=\"name\">de</span> <b class=\"count\">1080</b> missing"))
        #expect(findings.contains("<p class=\"omitted\">80 more keys are not listed here.</p>"))
        #expect(findings.contains("210 findings are not listed: the page lists at most 100 a file, 1000 keys a locale and 5000 in all. The JSON report lists them all: <code>routekit lint --format json:findings.json</code>."))
        #expect(!findings.contains(" open>"))
    }
}
