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
        // `lint FILE...` lints the project holding each file (as pre-commit calls it); `--config`
        // with a catalog or strings file is the mistake this message is for.
        #expect(try CLI.run(["lint", "-q", "routes.yml", "strings/de.yml"], in: dir.url).status == 0)
        let catalog = try CLI.run(["lint", "--config", "routes.yml"], in: dir.url)
        #expect(catalog.status == 2)
        #expect(catalog.stderr.contains("routes.yml:1:1: error: 'routes.yml' is a route catalog, not a project config; pass the project's directory or its .routekit.yml"),
                "\(catalog.stderr)")
        #expect(!catalog.stderr.contains("did you mean 'rules'"))
        let strings = try CLI.run(["lint", "--config", "strings/de.yml"], in: dir.url)
        #expect(strings.status == 2)
        #expect(strings.stderr.contains("'de.yml' is a strings file (locales de), not a project config"), "\(strings.stderr)")
        #expect(try CLI.run(["title", "S", "--config", "routes.yml"], in: dir.url).stderr.contains("is a route catalog"))
    }

    // MARK: a base locale with no strings (item 5)

    @Test func baseLocaleWithoutStringsStopsTheRun() throws {
        let dir = try project([
            ".routekit.yml": "catalog: routes.yml\nstrings: [strings/*.yml]\nbase-locale: en-US\n",
            "routes.yml": "routes:\n  S: { tab: { icon: a }, title: k }\n",
            "strings/en.yml": "en:\n  k: Settings\n  j: Language\n",
            "strings/de.yml": "de:\n  k: Einstellungen\n",
        ])
        for command in [["lint"], ["title", "S", "-l", "en-US"]] {
            let result = try CLI.run(command, in: dir.url)
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr.contains(".routekit.yml:3:14: error: base locale 'en-US' has no strings: the strings files define de, en; did you mean 'en'?"),
                    "\(result.stderr)")
        }
    }

    // MARK: two formats to one file (item 13)

    @Test func twoFormatsToOneFileIsAUsageError() throws {
        let dir = try project(["routes.yml": "routes:\n  S: { tab: { icon: a }, title: k }\n", "strings/en.yml": "en:\n  k: K\n"])
        let result = try CLI.run(["lint", "--format", "json:a.json", "--format", "sarif:./a.json"], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--format json:a.json and --format sarif:./a.json write to the same file"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("a.json")))
        #expect(try CLI.run(["lint", "--format", "json:a.json", "--format", "sarif:b.json"], in: dir.url).status == 0)
    }

    // MARK: replay (items 14, 15)

    static let flowProject: [String: String] = [
        "routes.yml": "routes:\n  S: { tab: { icon: a }, title: k }\n  D: { title: d }\n",
        "strings/en.yml": "en:\n  k: Schedule\n  d: Detail\n",
    ]

    @Test func backTakesNoArgument() throws {
        let dir = try project(Self.flowProject.merging(["flow.yml": "steps:\n  - set: S\n  - back: D\n"]) { a, _ in a })
        let result = try CLI.run(["replay", "flow.yml"], in: dir.url)
        #expect(result.status == 1)
        let output = result.stdout + result.stderr
        #expect(output.contains("flow.yml:3:5: error: 'back' takes no argument: write the step as `- back`"), "\(output)")
        #expect(!output.contains("did you mean"))
    }

    /// The config is found as for every command: --config, --project, the working directory and
    /// its parents; a flow run from outside any project uses the flow file's directory and parents.
    @Test func replayFindsTheConfigFromTheWorkingDirectoryThenTheFlow() throws {
        let dir = try project(Self.flowProject)
        let elsewhere = try TemporaryDirectory().write(["flow.yml": "steps:\n  - set: S\n  - navigate: D\n"])
        let fromProject = try CLI.run(["replay", elsewhere.path("flow.yml")], in: dir.url)
        #expect(fromProject.status == 0, "\(fromProject.stderr)")
        #expect(fromProject.stdout.contains("Schedule › Detail"), "\(fromProject.stdout)")
        // A flow inside the project, run from a directory with no project above it.
        try dir.write(["flows/f.yml": "steps:\n  - set: S\n"])
        let outside = try TemporaryDirectory()
        let fromOutside = try CLI.run(["replay", dir.path("flows/f.yml")], in: outside.url)
        #expect(fromOutside.status == 0, "\(fromOutside.stderr)")
        // Neither has one: the message names the working directory.
        let none = try CLI.run(["replay", elsewhere.path("flow.yml")], in: outside.url)
        #expect(none.status == 2)
        #expect(none.stderr.contains("no .routekit.yml"), "\(none.stderr)")
    }

    // MARK: imports take several inputs (item 16), Android's legacy codes (item 12)

    @Test func importComposeMergesSeveralTreesAndMapsLegacyCodes() throws {
        let dir = try TemporaryDirectory().write([
            "a/values/strings.xml": "<resources><string name=\"a\">A</string></resources>\n",
            "a/values-iw/strings.xml": "<resources><string name=\"a\">א</string></resources>\n",
            "b/values/strings.xml": "<resources><string name=\"b\">B</string></resources>\n",
            "b/values-in/strings.xml": "<resources><string name=\"b\">Bi</string></resources>\n",
        ])
        let result = try CLI.run(["import", "compose", "a", "b", "--out", "strings"], in: dir.url)
        #expect(result.status == 0, "\(result.stderr)")
        let english = try String(contentsOfFile: dir.path("strings/en.yml"), encoding: .utf8)
        #expect(english.contains("a: A") && english.contains("b: B"), "\(english)")
        #expect(FileManager.default.fileExists(atPath: dir.path("strings/he.yml")))
        #expect(FileManager.default.fileExists(atPath: dir.path("strings/id.yml")))
        #expect(!FileManager.default.fileExists(atPath: dir.path("strings/iw.yml")))
    }

    @Test func importXCStringsMergesSeveralCatalogs() throws {
        func catalog(_ key: String, _ german: String) -> String {
            """
            {"sourceLanguage":"en","version":"1.0","strings":{"\(key)":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"\(german)"}}}}}}
            """
        }
        let dir = try TemporaryDirectory().write(["A.xcstrings": catalog("Schedule", "Programm"), "B.xcstrings": catalog("Map", "Karte")])
        let result = try CLI.run(["import", "xcstrings", "A.xcstrings", "B.xcstrings", "--out", "strings"], in: dir.url)
        #expect(result.status == 0, "\(result.stderr)")
        let german = try String(contentsOfFile: dir.path("strings/de.yml"), encoding: .utf8)
        #expect(german.contains("Schedule: Programm") && german.contains("Map: Karte"), "\(german)")
    }

    // MARK: title (items 18, 19, 20)

    static let titleProject: [String: String] = [
        "routes.yml": """
            routes:
              S: { tab: { icon: a }, title: k }
              P:
                params: { title: String? }
                title: { param: title, fallback: k }
              C:
                params: { count: Int }
                title: { key: talks, args: { count: count } }

            """,
        "strings/en.yml": "en:\n  k: Settings\n  talks: { one: \"%{count} talk\", other: \"%{count} talks\" }\n",
        "strings/en-001.yml": "en-001:\n  k: Settings (intl)\n",
        "strings/de.yml": "de:\n  k: Einstellungen\n  talks: { one: \"%{count} Vortrag\", other: \"%{count} Vorträge\" }\n",
    ]

    func fallback(_ arguments: [String], in dir: TemporaryDirectory) throws -> Bool? {
        let result = try CLI.run(["title"] + arguments + ["--json"], in: dir.url)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return object?["fallback"] as? Bool
    }

    /// `fallback` is true exactly when the user's language was not served.
    @Test func fallbackMeansTheLanguageWasNotServed() throws {
        let dir = try project(Self.titleProject)
        #expect(try fallback(["S", "-l", "en-AU"], in: dir) == false)      // en-001: English all the same
        #expect(try fallback(["S", "-l", "fr"], in: dir) == true)          // no French: English
        #expect(try fallback(["P", "-l", "de"], in: dir) == false)         // the fallback key, in German
        #expect(try fallback(["P", "-l", "de", "-p", "title=Hallo"], in: dir) == false)  // a param value
        #expect(try fallback(["S"], in: dir) == false)                     // the base locale, asked for by default
        #expect(try fallback(["S", "-l", "fr", "-l", "de"], in: dir) == true)  // German, but French was first
    }

    @Test func batchBOMBadLocaleAndRouteOnErrorLines() throws {
        let dir = try project(Self.titleProject)
        let input = "\u{FEFF}{\"route\":\"S\",\"locale\":\"de\"}\n"
            + "{\"route\":\"S\",\"locale\":\"xx-!!\"}\n"
            + "{\"route\":\"S\",\"locale\":5}\n"
            + "{\"route\":\"S\",\"locales\":[\"de\",7]}\n"
        let result = try CLI.run(["title", "--batch"], in: dir.url, stdin: input)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.stdout)")
        guard lines.count == 4 else { return }
        #expect(lines[0].contains("\"title\":\"Einstellungen\""), "\(lines[0])")
        #expect(lines[1].contains("\"error\":\"'xx-!!' is not a usable locale"), "\(lines[1])")
        for line in lines[1...] {
            #expect(line.contains("\"route\":\"S\""), "\(line)")
        }
    }

    @Test(arguments: ["abc", "1,5", "+1", ".5", " 1", "1.5", "1e3"])
    func paramValuesMustFitTheirType(_ value: String) throws {
        let dir = try project(Self.titleProject)
        let single = try CLI.run(["title", "C", "-l", "de", "-p", "count=\(value)"], in: dir.url)
        #expect(single.status == 1)
        #expect(single.stderr.contains("param 'count' of route 'C' is an Int: expected a whole number such as 3 or -1, got '\(value)'"),
                "\(single.stderr)")
        let json = try JSONSerialization.data(withJSONObject: ["route": "C", "locale": "de", "params": ["count": value]])
        let batch = try CLI.run(["title", "--batch"], in: dir.url, stdin: String(decoding: json, as: UTF8.self) + "\n")
        #expect(batch.status == 1)
        #expect(batch.stdout.contains("is an Int"), "\(batch.stdout)")
        try dir.write(["flow.yml": "locale: de\nsteps:\n  - navigate: { route: C, params: { count: \"\(value)\" } }\n"])
        let replay = try CLI.run(["replay", "flow.yml"], in: dir.url)
        #expect(replay.status == 1)
        #expect(replay.stdout.contains("is an Int") || replay.stderr.contains("is an Int"), "\(replay.stdout)\(replay.stderr)")
        #expect(try CLI.run(["title", "C", "-l", "de", "-p", "count=-1"], in: dir.url).stdout == "-1 Vortrag\n")   // CLDR: the absolute value
        #expect(try CLI.run(["title", "C", "-l", "de", "-p", "count=1"], in: dir.url).stdout == "1 Vortrag\n")
    }
}
