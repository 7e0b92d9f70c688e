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
        for section in ["<h2>Tab bar</h2>", "<h2>Titles</h2>", "<h2>Findings</h2>", "routes.yml:10:3"] {
            #expect(html.contains(section))
        }
        #expect(try CLI.run(["report", "Resources/Examples/Conference"], in: CLI.packageRoot).status == 2)
    }
}
