import Foundation
import Testing

/// "Hostile input, round 3", items 11–15: readers and rules whose memory grew faster than 4 bytes
/// per input byte. Peak memory is measured as in `MemoryBoundTests` (the real binary's maximum
/// resident set above an empty project's, per input byte).
@Suite(.requires(.python3)) struct MemoryBoundRound3Tests {
    /// Item 13: a key of 960 KB (16 nested `? key` levels of 60,000 bytes; no single scalar over
    /// `limits.scalar-length`) missing in 200 one-line locale stubs. Each missing-translation
    /// finding repeated the key in its message and its `key` field: 200 × 2 × 960 KB of JSON
    /// (measured before the fix: hundreds of bytes per input byte). Now the key is over
    /// `limits.key-length`: one finding, and it is not read.
    @Test func aLongKeyIsOneFindingNotOnePerLocale() throws {
        var lines = ["en:"]
        for depth in 0 ..< 16 {
            let indent = String(repeating: "  ", count: depth + 1)
            lines.append(indent + "? " + String(repeating: Character(UnicodeScalar(97 + depth)!), count: 60_000))
            lines.append(indent + ":" + (depth == 15 ? " v" : ""))
        }
        lines += (0 ..< 200).map { "x\($0): {}" }
        let layout = [".routekit.yml": "strings: [s.yml]\n", "s.yml": lines.joined(separator: "\n") + "\n"]
        let perInputByte = try MemoryBoundTests.peakPerInputByte(of: layout, status: 1)
        #expect(perInputByte < 4, "\(perInputByte) bytes per input byte")
    }

    /// Item 15: a String Catalog whose ignored member holds a 500,000-element array (1 MB): its
    /// elements got a 24-byte node each, 12.5 bytes per input byte. Now only what the reader
    /// reads has nodes.
    @Test func ignoredCatalogMembersCostNoNodes() throws {
        let array = "[" + String(repeating: "0,", count: 500_000) + "0]"
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "x": \(array),
             "strings": {"a": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "A"}, "y": \(array)}}}}}

            """
        let layout = [".routekit.yml": "strings: [Localizable.xcstrings]\nbase-locale: en\n", "Localizable.xcstrings": catalog]
        let perInputByte = try MemoryBoundTests.peakPerInputByte(of: layout)
        #expect(perInputByte < 4, "\(perInputByte) bytes per input byte")
    }
}

/// Item 14: `ambiguous-title` made a finding per route of a shared title in every locale (routes ×
/// locales, 8 million for 20,000 routes in 400 locales); the HTML matrix had a cell per route and
/// locale (544 MB for 10,000 × 200).
@Suite struct AmbiguousTitleBoundTests {
    static func project(routes: Int, locales: Int, missingTranslation: Bool = false) throws -> TemporaryDirectory {
        let catalog = "routes:\n" + (0 ..< routes).map { "  R\($0): { title: k\($0) }\n" }.joined()
        var strings = "en:\n" + (0 ..< routes).map { "  k\($0): Same\n" }.joined()
        // Stubs of two-letter languages (aa, ab, …), each falling back to en.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let stubs = (0 ..< 26 * 26).map { "\(letters[$0 / 26])\(letters[$0 % 26])" }.filter { $0 != "en" }
        for locale in stubs.prefix(locales - 1) { strings += "\(locale): {}\n" }
        return try TemporaryDirectory().write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [s.yml]\n" + (missingTranslation ? "" : "rules: { missing-translation: off }\n"),
            "routes.yml": catalog, "s.yml": strings,
        ])
    }

    /// 500 routes of one title: one finding per locale (it was 499 per locale), at the second
    /// route by name, naming the first two and counting the others.
    @Test func oneFindingPerTitleAndLocale() throws {
        let dir = try Self.project(routes: 500, locales: 1)
        let result = try CLI.run(["lint", "--format", "json", "--only", "ambiguous-title"], in: dir.url)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let findings = try #require(json?["diagnostics"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["message"] as? String == "'R0', 'R1' and 498 other routes show \"Same\" in locale 'en'")
        #expect(findings.first?["route"] as? String == "R1")
    }

    /// 1,000 routes in 200 locales: the matrix stops at `CoverageMatrix.cellLimit` cells and says so.
    @Test func htmlMatrixIsBounded() throws {
        let dir = try Self.project(routes: 1_000, locales: 200)
        let result = try CLI.run(["report", "--html", "report.html"], in: dir.url)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: dir.url.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("500 more routes are not shown: the matrix stops at 100000 cells (routes × locales)."))
        #expect(page.utf8.count < 15_000_000, "\(page.utf8.count) bytes")
    }

    /// Stubs that lack every key: 199,000 missing translations, of which the page lists 5,000
    /// (`HTMLReport.findingRowLimit`) as keys by locale; listing them all made a page of about 60 MB.
    @Test func htmlFindingsAreBounded() throws {
        let dir = try Self.project(routes: 1_000, locales: 200, missingTranslation: true)
        let result = try CLI.run(["report", "--html", "report.html"], in: dir.url)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: dir.url.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains(" findings are not listed: the page lists at most 100 a file, 1000 keys a locale and 5000 in all. The JSON report lists them all"))
        // The matrix (100,000 cells) is most of it; the findings part stays small.
        let findings = page.components(separatedBy: "<h2>Findings")[1]
        #expect(findings.utf8.count < 1_000_000, "\(findings.utf8.count) bytes of findings")
        #expect(page.utf8.count < 20_000_000, "\(page.utf8.count) bytes")
    }
}
