import Foundation
import Testing
@testable import RouteKit

/// The done-when of reading native strings in place: the conference app's two Compose resource
/// trees and its String Catalog, named in `Fixtures/KotlinConf/.routekit.yml`, give the same
/// findings and titles as the same strings imported to YAML with `routekit import`.
@Suite struct NativeStringsKotlinConfTests {
    static let fixture = CLI.packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures/KotlinConf")

    /// The fixture's native project and, beside it, the YAML one made by `routekit import`.
    struct Pair {
        let native: TemporaryDirectory
        let yaml: TemporaryDirectory

        init() throws {
            native = try TemporaryDirectory()
            let manager = FileManager.default
            for name in ["app", "routes.yml", ".routekit.yml"] {
                try manager.copyItem(at: NativeStringsKotlinConfTests.fixture.appendingPathComponent(name),
                                     to: native.url.appendingPathComponent(name))
            }
            yaml = try TemporaryDirectory().write([".routekit.yml": """
                catalog: routes.yml
                base-locale: en
                locales: [en, de]
                strings: [{ glob: "compose/*.yml", dialect: compose }, { glob: "xcstrings/*.yml", dialect: apple }]
                ignore-keys:
                  "Golden Kodee": [untranslated]
                sources:
                  kotlin: [app/shared/src/commonMain/kotlin/**/*.kt, app/shared/src/iosMain/kotlin/**/*.kt]
                  swift: [app/iosApp/**/*.swift]

                """])
            // The same app code on both sides: only where the strings live differs.
            for name in ["routes.yml", "app"] {
                try manager.copyItem(at: NativeStringsKotlinConfTests.fixture.appendingPathComponent(name),
                                     to: yaml.url.appendingPathComponent(name))
            }
            let compose = try CLI.run(["import", "compose", native.path("app/shared/src/commonMain/composeResources"),
                                       native.path("app/ui-components/src/commonMain/composeResources"), "--out", yaml.path("compose")])
            #expect(compose.status == 0, "\(compose.stderr)")
            let catalog = try CLI.run(["import", "xcstrings", native.path("app/iosApp/Localizable.xcstrings"), "--out", yaml.path("xcstrings")])
            #expect(catalog.status == 0, "\(catalog.stderr)")
        }
    }

    struct Finding: Hashable, Comparable, CustomStringConvertible {
        var rule: String, key: String, locale: String, severity: String
        static func < (a: Self, b: Self) -> Bool { a.description < b.description }
        var description: String { "\(rule) \(key) \(locale) \(severity)" }
    }

    static func lint(_ directory: TemporaryDirectory) throws -> (findings: [Finding], json: [[String: Any]]) {
        let run = try CLI.run(["lint", "--format", "json"], in: directory.url)
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let findings = diagnostics.map {
            Finding(rule: $0["rule"] as! String, key: $0["key"] as? String ?? "-", locale: $0["locale"] as? String ?? "-",
                    severity: $0["severity"] as! String)
        }
        return (findings.sorted(), diagnostics)
    }

    @Test func sameFindingsAsTheImportedYAML() throws {
        let pair = try Pair()
        let native = try Self.lint(pair.native)
        let yaml = try Self.lint(pair.yaml)
        #expect(!native.findings.isEmpty)
        #expect(native.findings == yaml.findings)
        // With the app's code (`sources:`): its findings, none of the tab rules, no error.
        #expect(native.findings.filter { $0.rule == "push-without-title" }.count == 1)
        #expect(native.findings.filter { $0.rule == "detail-missing-title" }.count == 4)
        #expect(native.findings.filter { $0.rule == "literal-title" }.count == 4)
        #expect(!native.findings.contains { $0.rule.hasPrefix("tab-") || $0.rule == "catalog-drift" || $0.severity == "error" })
        // The string findings point into the native files, at the element.
        let stringFindings = native.json.filter { ($0["file"] as? String)?.hasSuffix("strings.xml") == true }
        #expect(!stringFindings.isEmpty)
        let empty = try #require(native.json.first { $0["rule"] as? String == "empty-translation" && $0["locale"] as? String == "de" })
        #expect(empty["file"] as? String == "app/shared/src/commonMain/composeResources/values-de/strings.xml")
        let line = try #require(empty["line"] as? Int), column = try #require(empty["column"] as? Int)
        let text = try String(contentsOfFile: pair.native.path("app/shared/src/commonMain/composeResources/values-de/strings.xml"), encoding: .utf8)
        let lineText = text.components(separatedBy: "\n")[line - 1]
        #expect(lineText.dropFirst(column - 1).hasPrefix("<string name=\"about_conference_party_line1\""))
        // SARIF and the HTML report carry the same place.
        let sarif = try CLI.run(["lint", "--format", "sarif"], in: pair.native.url)
        let compact = sarif.stdout.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
        #expect(compact.contains("values-de/strings.xml\",\"uriBaseId\":\"%SRCROOT%\"},\"region\":{\"startColumn\":\(column),\"startLine\":\(line)}")
                || compact.contains("\"startLine\":\(line)"), "\(sarif.stdout.prefix(2000))")
        #expect(compact.contains("values-de/strings.xml"))
        let html = try CLI.run(["report", "--html", pair.native.path("report.html")], in: pair.native.url)
        #expect(html.status == 0, "\(html.stderr)")
        let page = try String(contentsOfFile: pair.native.path("report.html"), encoding: .utf8)
        #expect(page.contains("values-de/strings.xml:\(line):\(column)"))
    }

    @Test func titleResolvesEveryRouteInEnglishAndGerman() throws {
        let pair = try Pair()
        let config = try ProjectConfig.load(path: pair.native.path(".routekit.yml"))
        let project = try Project.load(config: config)
        #expect(project.catalog.routes.count == 25)
        var lines: [String] = []
        for route in project.catalog.routes {
            let params = Dictionary(uniqueKeysWithValues: route.params.map { ($0.name, $0.type == "Boolean" ? "true" : "x") })
            for locale in ["en", "de"] {
                let data = try JSONSerialization.data(withJSONObject: ["route": route.name, "locale": locale, "params": params], options: [.sortedKeys])
                lines.append(String(decoding: data, as: UTF8.self))
            }
        }
        let input = lines.joined(separator: "\n") + "\n"
        let native = try CLI.run(["title", "--batch"], in: pair.native.url, stdin: input)
        let yaml = try CLI.run(["title", "--batch"], in: pair.yaml.url, stdin: input)
        #expect(native.status == 0, "\(native.stderr)")
        #expect(native.stdout == yaml.stdout)
        let results = native.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(results.count == 50)
        for (index, result) in results.enumerated() {
            let route = project.catalog.routes[index / 2]
            #expect(result["error"] == nil, "\(result)")
            if route.title != nil {
                #expect(result["title"] is String, "\(route.name): \(result)")
            }
            #expect(result["locale"] as? String == (index % 2 == 0 ? "en" : "de"), "\(result)")
        }
        let german = results.filter { $0["locale"] as? String == "de" }.compactMap { $0["title"] as? String }
        #expect(german.contains("Programm") && german.contains("Karte"))
    }

    /// `replay` and baselines work on the native files as on YAML.
    @Test func replayAndBaselineWorkInPlace() throws {
        let pair = try Pair()
        let flow = """
            locale: [de]
            steps:
              - activate: InfoScreen
              - navigate: AboutConferenceScreen
              - activate: MapScreen

            """
        for directory in [pair.native, pair.yaml] { _ = try directory.write(["flow.yml": flow]) }
        let native = try CLI.run(["replay", "flow.yml", "--json"], in: pair.native.url)
        let yaml = try CLI.run(["replay", "flow.yml", "--json"], in: pair.yaml.url)
        #expect(native.status == 0, "\(native.stderr)")
        #expect(native.stdout == yaml.stdout)
        #expect(native.stdout.contains("Über die Konferenz") && native.stdout.contains("Karte"), "\(native.stdout)")

        let written = try CLI.run(["lint", "--write-baseline", "baseline.json"], in: pair.native.url)
        #expect(written.status == 0 || written.status == 1, "\(written.stderr)")
        let baseline = try String(contentsOfFile: pair.native.path("baseline.json"), encoding: .utf8)
        #expect(baseline.contains("values-de/strings.xml"))
        let clean = try CLI.run(["lint", "--baseline", "baseline.json"], in: pair.native.url)
        #expect(clean.status == 0, "\(clean.stdout)")
    }

    /// A String Catalog read in place under `strings:` is also where the Swift tab labels come
    /// from: a German tab label changed there is a tab-label-mismatch, without naming the catalog
    /// under `sources:` too.
    @Test func tabLabelsComeFromTheStringCatalogInStrings() throws {
        let directory = try TemporaryDirectory()
        for name in ["routes.yml", "app", ".routekit.yml"] {
            try FileManager.default.copyItem(at: Self.fixture.appendingPathComponent(name), to: directory.url.appendingPathComponent(name))
        }
        let catalog = directory.path("app/iosApp/Localizable.xcstrings")
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        try text.replacingOccurrences(of: "\"value\" : \"Sprecher\"", with: "\"value\" : \"Referenten\"")
            .write(toFile: catalog, atomically: true, encoding: .utf8)
        let run = try CLI.run(["lint", "--only", "tab-label-mismatch"], in: directory.url)
        #expect(run.stdout.contains("app/iosApp/iosApp/ContentView.swift:194:35: warning: in de, tab 'Speakers' is labelled \"Referenten\""), "\(run.stdout)")
    }
}
