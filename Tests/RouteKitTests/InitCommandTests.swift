import Foundation
import Testing
@testable import RouteKit

/// `routekit init`: detection, the written config, and that `lint` works with it right away.
@Suite struct InitCommandTests {
    static let routes = "routes:\n  ScheduleScreen:\n    tab: { icon: clock }\n    title: nav.schedule\n"
    static let english = "en:\n  nav:\n    schedule: Schedule\n"
    static let german = "de:\n  nav:\n    schedule: Programm\n"

    func read(_ directory: TemporaryDirectory, _ path: String = ".routekit.yml") throws -> String {
        try String(contentsOfFile: directory.path(path), encoding: .utf8)
    }

    @Test func detectsCatalogAndStringsAndLintsCleanly() throws {
        let dir = try TemporaryDirectory().write([
            "routes.yml": Self.routes, "strings/en.yml": Self.english, "strings/de.yml": Self.german,
        ])
        let result = try CLI.run(["init"], in: dir.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote .routekit.yml"))
        let config = try read(dir)
        #expect(config.contains("\ncatalog: routes.yml\n"))
        #expect(config.contains("\nstrings: [strings/*.yml]\n"))
        #expect(config.contains("\nbase-locale: en\n"))
        #expect(config.contains("\nlocales: [en, de]\n"))
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("in 3 files (1 route, 2 locales)"))
    }

    @Test func everyFieldIsExplained() throws {
        let config = StarterConfig.render(DetectedInputs())
        for field in ProjectConfig.knownFields {
            let line = try #require(config.split(separator: "\n").firstIndex { $0.hasPrefix("\(field):") || $0.hasPrefix("# \(field):") },
                                    "no line for \(field)")
            let previous = config.split(separator: "\n")[line - 1]
            #expect(previous.hasPrefix("#"), "\(field) has no comment above it")
        }
    }

    @Test func projectWithDefectsLintsWithFindingsNotUsageErrors() throws {
        let dir = try TemporaryDirectory().write([
            "routes.yml": "routes:\n  ScheduleScreen:\n    tab: {}\n    titel: nav.schedule\n  Detail:\n    title: missing.key\n",
            "strings/en.yml": Self.english, "strings/de.yml": "de:\n  nav:\n    schedule: \"\"\n",
        ])
        #expect(try CLI.run(["init"], in: dir.url).status == 0)
        let lint = try CLI.run(["lint", "-q"], in: dir.url)
        #expect(lint.status == 1, "\(lint.stderr)")
        #expect(lint.stdout.contains("[unknown-field]"))
    }

    @Test func emptyDirectoryGivesAConfigThatLintsCleanly() throws {
        let dir = try TemporaryDirectory()
        let result = try CLI.run(["init", dir.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        let config = try read(dir)
        #expect(config.contains("\n# catalog: routes.yml\n"))
        #expect(config.contains("\nstrings: [strings/*.yml]\n"))
        #expect(config.contains("\nbase-locale: en\n"))
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }

    @Test func refusesToOverwriteEvenWithForce() throws {
        let dir = try TemporaryDirectory().write([".routekit.yml": "strings: [mine/*.yml]\n"])
        for arguments in [["init"], ["init", "--force"], ["init", "."]] {
            let result = try CLI.run(arguments, in: dir.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(".routekit.yml"), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try read(dir) == "strings: [mine/*.yml]\n")
        #expect(try CLI.run(["init"], in: dir.url).stderr.contains("rm '.routekit.yml'"))
    }

    @Test func printWritesNothing() throws {
        let dir = try TemporaryDirectory().write(["locales/en.yml": Self.english])
        let result = try CLI.run(["init", "--print"], in: dir.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains("strings: [locales/*.yml]"))
        #expect(!FileManager.default.fileExists(atPath: dir.path(".routekit.yml")))
    }

    @Test func missingDirectoryIsAUsageError() throws {
        let dir = try TemporaryDirectory()
        let result = try CLI.run(["init", "nope"], in: dir.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("nope is not a directory"))
    }

    @Test func railsLayoutWithoutEnglishPicksTheLargestLocale() throws {
        let dir = try TemporaryDirectory().write([
            "config/locales/de.yml": "de:\n  a: A\n  b: B\n  c: { d: D }\n",
            "config/locales/fr.yml": "fr:\n  a: A\n",
            "config/locales/models/de.yml": "de:\n  model: M\n",
            "config/database.yml": "default:\n  adapter: sqlite3\n",
            "docker-compose.yml": "services:\n  web: {}\n",
            ".github/workflows/ci.yml": "on:\n  push: {}\n",
            "nav.yml": "nav:\n  x: y\n",
        ])
        let inputs = InputDetector.detect(root: dir.url.path)
        #expect(inputs.catalogs.isEmpty)
        #expect(inputs.strings == ["config/locales/*.yml", "config/locales/models/*.yml"])
        #expect(inputs.baseLocale == "de")
        #expect(inputs.locales == ["de", "fr"])
        #expect(inputs.keyCounts["de"] == 4)
        #expect(try CLI.run(["init"], in: dir.url).status == 0)
        let lint = try CLI.run(["lint", "-q"], in: dir.url)
        #expect(lint.status == 0 || lint.status == 1, "\(lint.stderr)")
    }

    @Test func mixedDirectoriesListFilesAndQuoteOddNames() throws {
        let dir = try TemporaryDirectory().write([
            "app routes.yml": Self.routes,
            "en.yml": Self.english,
            "res/strings de.yml": Self.german,
            "res/strings fr.yml": "fr:\n  nav:\n    schedule: Programme\n",
            "res/settings.yml": "theme: dark\n",
            "deep/a/b/c/d/ja.yml": "ja:\n  x: y\n",
        ])
        let inputs = InputDetector.detect(root: dir.url.path)
        #expect(inputs.catalogs == ["app routes.yml"])
        #expect(inputs.strings == ["en.yml", "res/strings de.yml", "res/strings fr.yml"])
        #expect(try CLI.run(["init"], in: dir.url).status == 0)
        let config = try read(dir)
        #expect(config.contains("catalog: \"app routes.yml\""))
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }

    @Test func catalogsAreFoundNearTheRootOnly() throws {
        let dir = try TemporaryDirectory().write([
            "catalog.yml": Self.routes,
            "app/nav-routes.yaml": "routes: {}\n",
            "a/b/c/routes.yml": Self.routes,
            "routes.yml": "en:\n  x: y\n",
        ])
        let inputs = InputDetector.detect(root: dir.url.path)
        #expect(inputs.catalogs == ["catalog.yml", "app/nav-routes.yaml"])
        #expect(inputs.stringFiles == ["routes.yml"])
    }

    @Test func localeTagShapes() {
        for tag in ["en", "pt-BR", "pt_BR", "zh-Hant", "zh-Hant-TW", "es-419", "sr-Latn-RS", "fil", "de-CH-1996", "no"] {
            #expect(LocaleTagShape.looksLikeLocale(tag), "\(tag)")
        }
        for tag in ["nav", "on", "app", "EN", "en-", "en--US", "english", "x", "en-U", "version", "services"] {
            #expect(!LocaleTagShape.looksLikeLocale(tag), "\(tag)")
        }
    }

    @Test func quotingReadsBackAsTheSameText() throws {
        let values = ["*.yml", "strings/*.yml", "a b.yml", "{a,b}.yml", "x: y", "~", "null", "-x", "#x", "ä.yml", "q\"uote\\.yml", "pt-BR"]
        let text = "strings: " + StarterConfig.list(values) + "\nbase-locale: " + StarterConfig.quote("no") + "\n"
        let file = YAMLReader.read(text: text, path: "t.yml")
        #expect(file.diagnostics.isEmpty)
        let read = file.root?.mapping?["strings"]?.sequence?.items.compactMap { $0.scalar?.value }
        #expect(read == values)
        #expect(StarterConfig.quote("strings/*.yml") == "strings/*.yml")
        #expect(StarterConfig.quote("*.yml") == "\"*.yml\"")
        #expect(file.root?.mapping?["base-locale"]?.scalar?.value == "no")
    }
}
