import Foundation
import Testing
@testable import RouteKit

/// The report at phone width and in every script: language and direction of each localized
/// text, completion per locale, subtitles, dark mode, links to the findings' lines.
@Suite struct HTMLReportLocalizationTests {
    static let project: [String: String] = [
        ".routekit.yml": "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\nlocales: [en, ja, ar, he, en-GB]\n",
        "routes.yml": """
            routes:
              Home:
                tab: { icon: house }
                title: home
              Detail:
                title: detail
                subtitle: detail_sub
              Unknown:
                titel: nope

            """,
        "strings/en.yml": "en:\n  home: Home\n  detail: Detail\n  detail_sub: More\n  extra: Extra\n",
        "strings/ja.yml": "ja:\n  home: ホーム\n  detail: 詳細\n  detail_sub: もっと\n  extra: 追加\n",
        "strings/ar.yml": "ar:\n  home: الرئيسية\n  detail: تفاصيل\n",
        "strings/he.yml": "he:\n  home: בית\n",
        "strings/en-GB.yml": "en-GB:\n  home: Home page\n",
    ]

    func render(_ extra: [String] = [], environment: [String: String] = [:], output: String = "report.html") throws -> (html: String, dir: TemporaryDirectory) {
        var files = Self.project
        if output.contains("/") { files[(output as NSString).deletingLastPathComponent + "/.keep"] = "" }
        let dir = try TemporaryDirectory().write(files)
        var env = environment
        for key in ["GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA"] where env[key] == nil { env[key] = "" }
        let run = try CLI.run(["report", "--html", output] + extra, in: dir.url, environment: env)
        #expect(run.status == 0, "\(run.stderr)")
        return (try String(contentsOfFile: dir.path(output), encoding: .utf8), dir)
    }

    /// The matrix cell of `route` in column `index` (0 = en).
    /// Without the locale a phone card names each title with (`data-l`, checked below).
    static func cell(_ html: String, _ route: String, _ index: Int) -> String {
        let row = html.components(separatedBy: "<tr><th>\(route)")[1].components(separatedBy: "</tr>")[0]
        let cell = "<td" + row.components(separatedBy: "<td")[index + 1]
        guard let label = cell.range(of: " data-l=\""), let end = cell.range(of: "\"", range: label.upperBound..<cell.endIndex) else { return cell }
        return String(cell[..<label.lowerBound] + cell[end.upperBound...])
    }

    @Test func aPhoneCardNamesEachCellsLocale() throws {
        let (html, _) = try render()
        let row = html.components(separatedBy: "<tr><th>Home")[1].components(separatedBy: "</tr>")[0]
        #expect(row.components(separatedBy: " data-l=\"").dropFirst().prefix(4).map { $0.prefix(2) } == ["en", "ja", "ar", "he"])
    }

    @Test func everyLocalizedCellSaysItsLanguageAndDirection() throws {
        let (html, _) = try render()
        #expect(Self.cell(html, "Home", 0).hasPrefix(#"<td class="ok" lang="en" dir="ltr">Home"#))
        #expect(Self.cell(html, "Home", 1).hasPrefix(#"<td class="ok" lang="ja" dir="ltr">ホーム"#))
        #expect(Self.cell(html, "Home", 2).hasPrefix(#"<td class="ok" lang="ar" dir="rtl">الرئيسية"#))
        #expect(Self.cell(html, "Home", 3).hasPrefix(#"<td class="ok" lang="he" dir="rtl">בית"#))
        // A fallback is in the language it came from, not the column's.
        #expect(Self.cell(html, "Detail", 3).hasPrefix(#"<td class="fallback" lang="en" dir="ltr">Detail"#))
        // Subtitles, each with its own language; the English notes say they are English.
        #expect(Self.cell(html, "Detail", 2).contains(#"<span class="subtitle fallback" lang="en" dir="ltr">More</span>"#))
        #expect(Self.cell(html, "Detail", 1).contains(#"<span class="subtitle ok" lang="ja" dir="ltr">もっと</span>"#))
        #expect(Self.cell(html, "Detail", 3).contains(#"<small class="note" lang="en" dir="ltr">from en</small>"#))
        // The tab bar of an RTL locale runs right to left.
        #expect(html.contains(#"<span class="locale">ar</span><ul lang="ar" dir="rtl">"#))
        #expect(html.contains(#"<span class="locale">ja</span><ul lang="ja" dir="ltr">"#))
        // Every cell with text has both attributes.
        let matrix = html.components(separatedBy: "<table class=\"matrix\">")[1].components(separatedBy: "</table>")[0]
        for cell in matrix.components(separatedBy: "<td").dropFirst() where !cell.hasPrefix(#" class="missing""#) && !cell.hasPrefix(#" class="runtime""#) {
            #expect(cell.contains(" lang=\"") && cell.contains(" dir=\""), "\(cell)")
        }
    }

    @Test func textDirectionComesFromTheLocalesScript() {
        for locale in ["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb", "ar-EG", "az-Arab", "pa-Arab", "uz-Arab", "iw"] {
            #expect(TextDirection(locale: locale) == .rightToLeft, "\(locale)")
        }
        for locale in ["en", "ja", "zh-Hant-TW", "az", "pa", "uz", "sr-Latn", "ru", "und", "not a tag"] {
            #expect(TextDirection(locale: locale) == .leftToRight, "\(locale)")
        }
    }

    @Test func completionPerLocale() throws {
        let (html, dir) = try render()
        #expect(html.contains(#"<span class="locale">ja</span> <meter min="0" max="100" value="100"></meter> <span class="percent">100%</span> <small>4 of 4 keys</small>"#))
        #expect(html.contains(#"<span class="percent">50%</span> <small>2 of 4 keys</small>"#))   // ar
        #expect(html.contains(#"<span class="percent">25%</span> <small>1 of 4 keys</small>"#))   // he
        #expect(html.contains("<th>he<small>25%</small></th>"))
        // en-GB inherits from en (the same language): complete, as missing-translation sees it.
        #expect(html.contains("<th>en-GB<small>100%</small></th>"))
        let project = try dir.loadProject()
        let matrix = CoverageMatrix.build(project: project)
        #expect(matrix.completion.map(\.percent) == [100, 100, 50, 25, 100])
        #expect(CoverageMatrix.Completion(translated: 199, total: 200).percent == 99)
    }

    @Test func darkModeAndPhoneWidthCSS() throws {
        let (html, _) = try render()
        #expect(html.contains(#"<meta name="color-scheme" content="light dark">"#))
        #expect(html.contains("@media (prefers-color-scheme: dark){:root{--fg:"))
        // Wide tables scroll in their own box; the tab bar too.
        #expect(html.contains(".scroll{max-width:100%;overflow-x:auto}"))
        #expect(html.contains("<div class=\"scroll\"><table class=\"matrix\">"))
        #expect(html.contains("<div class=\"scroll\"><table class=\"findings\">"))
        #expect(html.contains(".tabbar{display:flex;flex-wrap:wrap;") && html.contains("border:1px solid rgba(127,127,127,.15);max-width:100%;overflow-x:auto}"))
    }

    @Test func findingsLinkToTheirFileAndLine() throws {
        // Without GitHub's variables: a link relative to the page.
        let (local, _) = try render(output: "out/report.html")
        #expect(local.contains(#"<a href="../routes.yml"><code>routes.yml:9:5</code></a>"#))
        // In GitHub Actions: the blob URL at the line, the path from the repository root.
        let (hosted, _) = try render(environment: [
            "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/app", "GITHUB_SHA": "0123abcd",
        ])
        #expect(hosted.contains(#"<a href="https://github.com/acme/app/blob/0123abcd/routes.yml#L9"><code>routes.yml:9:5</code></a>"#))
    }

    /// The page in Chromium at 1280 and 390 px, light and dark: no page error, no sideways scroll.
    /// Eight locales with long titles make the matrix far wider than a phone.
    @Test(.requires(.chromium, .python3)) func rendersInChromiumWithoutSidewaysScroll() throws {
        var files = Self.project
        let locales = ["en", "ja", "ar", "he", "de", "fi", "ru", "zh-Hant"]
        files[".routekit.yml"] = "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\nlocales: [\(locales.joined(separator: ", "))]\n"
        for locale in ["de", "fi", "ru", "zh-Hant"] {
            files["strings/\(locale).yml"] = "\(locale):\n  home: Aufgabenbenachrichtigungseinstellungen\(locale)\n  detail: \(String(repeating: "Sehr lange Überschrift ", count: 4))\n"
        }
        let dir = try TemporaryDirectory().write(files)
        let result = try CLI.runProgram(
            ["bash", CLI.packageRoot.appendingPathComponent("Scripts/render-report.sh").path, dir.url.path, dir.path("report.png")],
            environment: ["ROUTEKIT_BIN": CLI.binary.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for check in ["1280px light", "1280px dark", "390px light", "390px dark"] {
            #expect(result.stdout.contains(check) && result.stdout.components(separatedBy: check)[1].components(separatedBy: "\n")[0].hasSuffix(": ok"), "\(result.stdout)")
        }
        #expect(result.stdout.contains("390px dark: scrollWidth 390, innerWidth 390, background rgb(28, 28, 30)"))
        #expect(FileManager.default.fileExists(atPath: dir.path("report.png")))
    }

    /// The grouped findings of a large String Catalog project (issue 34) in Chromium at phone and
    /// desktop width, light and dark, as loaded and with every group opened: no page error, no
    /// sideways scroll, readable contrast (Scripts/report-layout.py).
    @Test(.requires(.chromium, .python3)) func groupedFindingsHoldThePhoneLayout() throws {
        let dir = try HTMLReportTests.catalogProject(locales: 12, keys: 600, keyPrefix: "settings.notifications.a_long_identifier_without_any_break_") { locale, key in
            (key * 7 + locale * 3) % 10 < 3
        }
        let run = try CLI.run(["report", "--html", "report.html"], in: dir.url)
        #expect(run.status == 0, "\(run.stderr)")
        let result = try CLI.runProgram(
            ["python3", CLI.packageRoot.appendingPathComponent("Scripts/report-layout.py").path, dir.path("report.html"),
             "390:light", "390:dark", "1280:light"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for check in ["390px light", "390px dark", "1280px light"] {
            let line = result.stdout.components(separatedBy: check).dropFirst().first?.components(separatedBy: "\n")[0] ?? ""
            #expect(line.hasSuffix(": ok") && line.contains(" details opened"), "\(result.stdout)")
        }
    }
}
