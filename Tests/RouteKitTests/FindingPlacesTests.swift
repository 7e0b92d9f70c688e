import Foundation
import Testing
@testable import RouteKit

/// Issue 34: each finding at its own place. A String Catalog of 5 locales × 20 keys, each locale
/// missing different keys: in every format (text, JSON, SARIF, GitHub, GitLab), run through the
/// binary, findings about different keys are at different places, and each is inside its key's
/// entry. In YAML and strings.xml, a key's missing translations are at the key in the base locale.
@Suite struct FindingPlacesTests {
    static let locales = ["de", "fr", "ja", "es"]
    static let keys = (0..<20).map { String(format: "key%02d", $0) }

    /// Locale `locale` (index into `locales`) lacks key `key` (index into `keys`). Key 19 has no
    /// localizations at all (the key's member is its place), so every locale lacks it.
    static func lacks(_ locale: Int, _ key: Int) -> Bool { key == 19 || (key + locale) % 4 == 0 || (key * (locale + 1)) % 7 == 3 }

    /// The catalog as Xcode writes it, and each key's lines (its member to its closing brace).
    static func catalog() -> (text: String, lines: [String: ClosedRange<Int>]) {
        var lines = ["{", "  \"sourceLanguage\" : \"en\",", "  \"strings\" : {"]
        var ranges: [String: ClosedRange<Int>] = [:]
        for (index, key) in keys.enumerated() {
            let start = lines.count + 1
            lines.append("    \"\(key)\" : {")
            if index != 19 {
                lines.append("      \"localizations\" : {")
                let present = ["en"] + locales.indices.filter { !lacks($0, index) }.map { locales[$0] }
                for (number, locale) in present.sorted().enumerated() {
                    lines += ["        \"\(locale)\" : {", "          \"stringUnit\" : {", "            \"state\" : \"translated\",",
                              "            \"value\" : \"\(locale) \(key)\"", "          }",
                              "        }" + (number == present.count - 1 ? "" : ",")]
                }
                lines.append("      }")
            }
            lines.append("    }" + (index == keys.count - 1 ? "" : ","))
            ranges[key] = start ... lines.count
        }
        lines += ["  },", "  \"version\" : \"1.0\"", "}"]
        return (lines.joined(separator: "\n") + "\n", ranges)
    }

    static func project() throws -> (TemporaryDirectory, [String: ClosedRange<Int>]) {
        let (text, lines) = catalog()
        let directory = try TemporaryDirectory().write([
            ".routekit.yml": "strings: [Localizable.xcstrings]\nbase-locale: en\nlocales: [en, de, fr, ja, es]\n",
            "Localizable.xcstrings": text,
        ])
        return (directory, lines)
    }

    /// A place as a format names it, and the key and locale the finding is about.
    struct Placed: Hashable {
        var place: String
        var line: Int
        var key: String
        var locale: String
    }

    static var message: Regex<(Substring, Substring, Substring)> { #/'(key\d\d)' is missing in locale '(\w+)'/# }

    static func expectDistinct(_ placed: [Placed], format: String, lines: [String: ClosedRange<Int>], all: Bool = true) {
        let expected = keys.indices.flatMap { key in locales.indices.filter { lacks($0, key) }.map { _ in key } }.count
        if all { #expect(placed.count == expected, "\(format): \(placed.count) findings, expected \(expected)") }
        #expect(!placed.isEmpty, "\(format): no findings")
        let keysByPlace = Dictionary(grouping: placed, by: \.place).mapValues { Set($0.map(\.key)) }
        let shared = keysByPlace.filter { $0.value.count > 1 }
        #expect(shared.isEmpty, "\(format): places shared by different keys: \(shared)")
        for finding in placed {
            #expect(lines[finding.key]!.contains(finding.line), "\(format): \(finding.key) at line \(finding.line), outside its entry \(lines[finding.key]!)")
        }
    }

    @Test func eachKeyOfAStringCatalogHasItsOwnPlaceInEveryFormat() throws {
        let (directory, lines) = try Self.project()
        func run(_ format: String) throws -> String {
            let result = try CLI.run(["lint", "--format", format, "--only", "missing-translation"], in: directory.url)
            #expect(result.status == 0 || result.status == 1, "\(format): \(result.stderr)")
            return result.stdout
        }

        // text: `file:line:col: warning: 'K' is missing in locale 'L': … [missing-translation]`
        let text = try run("text").split(separator: "\n").compactMap { line -> Placed? in
            guard let match = line.firstMatch(of: #/^(Localizable\.xcstrings:(\d+):\d+): /#),
                  let about = line.firstMatch(of: Self.message) else { return nil }
            return Placed(place: String(match.1), line: Int(match.2)!, key: String(about.1), locale: String(about.2))
        }
        Self.expectDistinct(text, format: "text", lines: lines)

        let json = try ReportFixtures.parseJSON(try run("json")) as! [String: Any]
        let fromJSON = (json["diagnostics"] as! [[String: Any]]).map { finding in
            let line = finding["line"] as! Int
            return Placed(place: "\(finding["file"]!):\(line):\(finding["column"]!)", line: line,
                          key: finding["key"] as! String, locale: finding["locale"] as! String)
        }
        Self.expectDistinct(fromJSON, format: "json", lines: lines)

        let sarif = try ReportFixtures.parseJSON(try run("sarif")) as! [String: Any]
        let results = ((sarif["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]])
        let fromSARIF = results.map { result -> Placed in
            let physical = (result["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any]
            let region = physical["region"] as! [String: Any]
            let uri = (physical["artifactLocation"] as! [String: Any])["uri"] as! String
            let text = (result["message"] as! [String: Any])["text"] as! String
            let about = text.firstMatch(of: Self.message)!
            let line = region["startLine"] as! Int
            return Placed(place: "\(uri):\(line):\(region["startColumn"] ?? 0)", line: line, key: String(about.1), locale: String(about.2))
        }
        Self.expectDistinct(fromSARIF, format: "sarif", lines: lines)

        // github: at most 10 annotations per type; those shown are each at their own place.
        let github = try run("github").split(separator: "\n").compactMap { line -> Placed? in
            guard let match = line.firstMatch(of: #/^::warning file=([^,]+),line=(\d+),col=(\d+)/#),
                  let about = line.firstMatch(of: Self.message) else { return nil }
            return Placed(place: "\(match.1):\(match.2):\(match.3)", line: Int(match.2)!, key: String(about.1), locale: String(about.2))
        }
        #expect(github.count == 10)
        Self.expectDistinct(github, format: "github", lines: lines, all: false)

        let gitlab = try ReportFixtures.parseJSON(try run("gitlab")) as! [[String: Any]]
        let fromGitLab = gitlab.map { issue -> Placed in
            let location = issue["location"] as! [String: Any]
            let line = (location["lines"] as! [String: Any])["begin"] as! Int
            let about = (issue["description"] as! String).firstMatch(of: Self.message)!
            return Placed(place: "\(location["path"]!):\(line)", line: line, key: String(about.1), locale: String(about.2))
        }
        Self.expectDistinct(fromGitLab, format: "gitlab", lines: lines)
    }

    /// YAML: a key missing in a translation file is at the key's line in the base locale's file,
    /// one place per key (the translation file has no line for it); a suppression comment on the
    /// locale's line still hides all of that locale's.
    @Test func aKeyMissingFromAYAMLTranslationIsAtItsBaseEntry() throws {
        let directory = try TemporaryDirectory().write([
            ".routekit.yml": "strings: [\"strings/*.yml\"]\nbase-locale: en\n",
            "strings/en.yml": "en:\n  a: A\n  b: B\n  c: C\n",
            "strings/de.yml": "de:\n  a: A\n",
            "strings/fr.yml": "# routekit:disable-next-line missing-translation\nfr:\n  b: B\n",
        ])
        let project = try directory.loadProject()
        let result = Linter.lint(project, selection: LintSelection(only: ["missing-translation"]))
        #expect(result.diagnostics.map { "\($0.location!.file.split(separator: "/").suffix(2).joined(separator: "/")):\($0.location!.line):\($0.location!.column) \($0.key!) \($0.locale!)" } == [
            "strings/en.yml:3:3 b de", "strings/en.yml:4:3 c de",
        ])
        #expect(result.suppressedCount == 2)
    }

    /// Android strings.xml: at the `<string>` of the base `values/`.
    @Test func aKeyMissingFromAStringsXMLIsAtItsBaseEntry() throws {
        let directory = try TemporaryDirectory().write([
            ".routekit.yml": "strings: [\"res/values*/strings.xml\"]\nbase-locale: en\nlocales: [en, de]\n",
            "res/values/strings.xml": "<resources>\n    <string name=\"a\">A</string>\n    <string name=\"b\">B</string>\n</resources>\n",
            "res/values-de/strings.xml": "<resources>\n    <string name=\"a\">A</string>\n</resources>\n",
        ])
        let project = try directory.loadProject()
        let result = Linter.lint(project, selection: LintSelection(only: ["missing-translation"]))
        #expect(result.diagnostics.count == 1)
        let location = try #require(result.diagnostics.first?.location)
        #expect(location.file.hasSuffix("res/values/strings.xml") && location.line == 3, "\(location)")
    }

    /// A baseline written when missing translations were at the translation file still accepts them.
    @Test func aBaselineFromTheTranslationFileStillMatches() throws {
        let directory = try TemporaryDirectory().write([
            ".routekit.yml": "strings: [\"strings/*.yml\"]\nbase-locale: en\n",
            "strings/en.yml": "en:\n  a: A\n  b: B\n",
            "strings/de.yml": "de:\n  a: A\n",
        ])
        let project = try directory.loadProject()
        let baseline = Baseline(entries: [Baseline.Entry(rule: "missing-translation", file: "strings/de.yml", key: "b", locale: "de",
                                                         message: "'b' is missing in locale 'de': users see the 'en' text")])
        let result = Linter.lint(project, selection: LintSelection(only: ["missing-translation"]), baseline: baseline)
        #expect(result.diagnostics.isEmpty)
        #expect(result.baseline?.suppressed == 1)
        #expect(result.baseline?.stale.isEmpty == true)
    }

    /// The rule gives its findings in the order the linter sorts them (so the linter's sort finds
    /// them sorted): by file in path order, then place, then message, though the base locale's
    /// files are read in another order and its keys are not in message order.
    @Test func missingTranslationsComeInTheLintersOrder() throws {
        let directory = try TemporaryDirectory().write([
            ".routekit.yml": "strings: [\"strings/en-b.yml\", \"strings/en-a.yml\", \"strings/*.yml\"]\nbase-locale: en\n",
            "strings/en-b.yml": "en:\n  zeta: Z\n  alpha: A\n  mid: M\n",
            "strings/en-a.yml": "en:\n  yak: Y\n  bee: B\n",
            "strings/de.yml": "de:\n  alpha: A\n",
            "strings/fr.yml": "fr:\n  zeta: Z\n",
            "strings/ja.yml": "ja:\n  mid: M\n",
        ])
        let project = try directory.loadProject()
        let emitted = MissingTranslation().check(LintContext(project: project, settings: project.config.rules))
        let linted = Linter.lint(project, selection: LintSelection(only: ["missing-translation"])).diagnostics
        func describe(_ findings: [Finding]) -> [String] {
            findings.map { "\($0.location!.file.split(separator: "/").last!):\($0.location!.line) \($0.key!) \($0.locale!)" }
        }
        #expect(describe(emitted) == describe(linted))
        #expect(describe(linted).prefix(4) == ["en-a.yml:2 yak de", "en-a.yml:2 yak fr", "en-a.yml:2 yak ja", "en-a.yml:3 bee de"])
        #expect(linted.count == 12)
    }
}
