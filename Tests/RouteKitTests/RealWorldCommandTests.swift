import Foundation
import Testing

/// Commands end to end, for the defects found by trying routekit on the real KotlinConf app
/// (issue 13): each test runs the built binary.
@Suite struct RealWorldCommandTests {
    static let config = "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en\n"

    func project(_ files: [String: String]) throws -> TemporaryDirectory {
        var all = [".routekit.yml": Self.config]
        for (path, text) in files { all[path] = text }
        return try TemporaryDirectory().write(all)
    }

    // MARK: null is absent (item 2)

    @Test func nullValueFallsBackAndIsMissing() throws {
        let dir = try project([
            "routes.yml": "routes:\n  S: { tab: { icon: a }, title: k }\n",
            "strings/en.yml": "en:\n  k: Settings\n",
            "strings/de.yml": "de:\n  k: ~\n",
        ])
        let title = try CLI.run(["title", "S", "-l", "de", "--json"], in: dir.url)
        #expect(title.status == 0)
        #expect(title.stdout.contains("\"title\":\"Settings\""), "\(title.stdout)")
        #expect(title.stdout.contains("\"locale\":\"en\""))
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.stdout.contains("'k' is missing in locale 'de'"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("empty-translation"))
        #expect(lint.status == 0)
    }

    // MARK: every config error in one run (item 22)

    @Test func everyConfigErrorIsReportedInOneRun() throws {
        let dir = try project([
            ".routekit.yml": Self.config + """
                rulez: {}
                rules:
                  literal-title: loud
                  title-too-long: { title: abc, tab-label: 0 }
                  nope-rule: off
                limits: { depth: -1, size: 3 }

                """,
            "routes.yml": "routes: {}\n",
        ])
        let result = try CLI.run(["lint"], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let expected = [
            ".routekit.yml:4:1: error: unknown config field 'rulez'; did you mean 'rules'?",
            ".routekit.yml:6:18: error: rule 'literal-title': 'loud' is not one of off, info, warning, error",
            ".routekit.yml:7:28: error: rule 'title-too-long': option 'title' must be a whole number from 1 to 1000, found 'abc'",
            ".routekit.yml:7:44: error: rule 'title-too-long': option 'tab-label' must be a whole number from 1 to 1000, found '0'",
            ".routekit.yml:8:3: error: unknown rule 'nope-rule'",
            ".routekit.yml:9:18: error: 'limits.depth' must be a positive whole number",
            ".routekit.yml:9:22: error: unknown limit 'size'",
        ]
        #expect(lines.count == expected.count, "\(result.stderr)")
        for (line, wanted) in zip(lines, expected) {
            #expect(line.contains(wanted), "\(line) lacks \(wanted)")
        }
    }

    // MARK: a catalog or strings file given as the project (item 17)

    @Test func catalogOrStringsFileGivenAsTheProject() throws {
        let dir = try project([
            "routes.yml": "routes:\n  S: { tab: { icon: a }, title: k }\n",
            "strings/en.yml": "en:\n  k: Settings\n",
            "strings/de.yml": "de:\n  k: Einstellungen\n",
        ])
        let catalog = try CLI.run(["lint", "routes.yml"], in: dir.url)
        #expect(catalog.status == 2)
        #expect(catalog.stderr.contains("routes.yml:1:1: error: 'routes.yml' is a route catalog, not a project config; pass the project's directory or its .routekit.yml"),
                "\(catalog.stderr)")
        #expect(!catalog.stderr.contains("did you mean 'rules'"))
        let strings = try CLI.run(["lint", "strings/de.yml"], in: dir.url)
        #expect(strings.status == 2)
        #expect(strings.stderr.contains("'de.yml' is a strings file (locales de), not a project config"), "\(strings.stderr)")
        #expect(try CLI.run(["title", "S", "--config", "routes.yml"], in: dir.url).stderr.contains("is a route catalog"))
    }
}
