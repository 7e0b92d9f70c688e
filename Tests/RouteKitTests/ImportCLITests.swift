import Foundation
import Testing

@testable import RouteKit

@Suite struct ImportCLITests {
    private func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func composeImportsTheCorpusEndToEnd() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("strings")
        let result = try CLI.run(["import", "compose", ImportCorpus.kotlinconf.path, "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Read 4 files"))
        #expect(result.stdout.contains("Locales: en (base), de"))
        #expect(result.stdout.contains("en: 152 keys (4 plurals)"))
        #expect(result.stdout.contains("de: 151 keys (4 plurals)"))
        #expect(result.stdout.contains("lacks 1 base key: settings_external_navigation"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["de.yml", "en.yml"])

        // The files are exactly what the library renders.
        let strings = try ComposeResourcesImporter().importDirectory(ImportCorpus.kotlinconf.path)
        for locale in ["en", "de"] {
            let text = try read(dir.path("strings/\(locale).yml"))
            #expect(text == strings.yaml(for: locale, header: ["Imported by `routekit import compose`."]))
            // The read-back needs PyYAML; CI (ROUTEKIT_REQUIRE_ORACLES=1) fails here without it.
            if PythonYAML.available || ExternalTool.oraclesRequired {
                let loaded = try #require(try PythonYAML.load(text) as? [String: Any])
                #expect((loaded[locale] as? [String: Any])?.count == (locale == "en" ? 152 : 151))
            }
        }
    }

    @Test func refusesToOverwriteWithoutForce() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("strings")
        #expect(try CLI.run(["import", "compose", ImportCorpus.kotlinconf.path, "--out", out]).status == 0)
        let en = dir.path("strings/en.yml")
        try Data("sentinel: kept\n".utf8).write(to: URL(fileURLWithPath: en))

        let again = try CLI.run(["import", "compose", ImportCorpus.kotlinconf.path, "--out", out])
        #expect(again.status == 2)
        #expect(again.stderr.contains("\(en) already exists; pass --force"))
        #expect(try read(en) == "sentinel: kept\n")

        let forced = try CLI.run(["import", "compose", ImportCorpus.kotlinconf.path, "--out", out, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try read(en).hasPrefix("# Imported by `routekit import compose`.\nen:\n"))
        // No temporary files are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["de.yml", "en.yml"])
    }

    @Test func oneExistingFileBlocksTheWholeImport() throws {
        let dir = try TemporaryDirectory().write(["out/de.yml": "de: {}\n"])
        let result = try CLI.run(["import", "compose", ImportCorpus.kotlinconf.path, "--out", dir.path("out")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("de.yml already exists"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("out/en.yml")))
    }

    @Test func xcstringsEndToEnd() throws {
        let dir = try TemporaryDirectory()
        let result = try CLI.run(["import", "xcstrings", ImportCorpus.xcstrings.path, "--out", dir.path("out")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("en: 5 keys"))
        #expect(result.stdout.contains("de: 5 keys"))
        let de = try read(dir.path("out/de.yml"))
        for line in ["  Schedule: Programm", "  Speakers: Sprecher", "  Map: Karte", "  Info: Info", "  \"Golden Kodee\": Golden Kodee"] {
            #expect(de.contains(line + "\n"), "\(line)")
        }
        let again = try CLI.run(["import", "xcstrings", ImportCorpus.xcstrings.path, "--out", dir.path("out")])
        #expect(again.status == 2)
    }

    @Test func kotlinRoutesEndToEnd() throws {
        let dir = try TemporaryDirectory().write([
            "src/Routes.kt": ImportFixtures.routesKotlin,
            "src/build/Generated.kt": "data object Ghost : AppRoute",
        ])
        let out = dir.path("routes.yml")
        let result = try CLI.run(["import", "kotlin-routes", dir.path("src"), "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Route interface: AppRoute; tab-root interface: TopLevelRoute"))
        #expect(result.stdout.contains("9 routes (3 tab roots)"))
        #expect(result.stdout.contains("ScheduleScreen: tab, object, no title (TODO)"))
        #expect(result.stdout.contains("Skipped (3):"))
        let text = try read(out)
        #expect(text.contains("routes:\n"))
        #expect(!text.contains("Ghost"))

        let again = try CLI.run(["import", "kotlin-routes", dir.path("src/Routes.kt"), "--out", out])
        #expect(again.status == 2)
        #expect(again.stderr.contains("routes.yml already exists"))
        let forced = try CLI.run([
            "import", "kotlin-routes", dir.path("src/Routes.kt"), "--out", out, "--force",
            "--route-interface", "AppRoute", "--tab-interface", "TopLevelRoute",
        ])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try read(out) == text)
    }

    @Test func badArgumentsAndInputsExitTwo() throws {
        let dir = try TemporaryDirectory().write([
            "file.txt": "x", "Empty.kt": "fun main() {}", "Routes.kt": ImportFixtures.routesKotlin,
        ])
        let corpus = ImportCorpus.kotlinconf.path
        let cases: [([String], String)] = [
            (["import"], "say what to import"),
            (["import", "yaml", corpus, "--out", dir.path("o")], "unknown import source 'yaml'"),
            (["import", "compose", corpus], "--out is required"),
            (["import", "compose", "--out", dir.path("o")], "missing the resource directory"),
            (["import", "compose", corpus, dir.path("missing"), "--out", dir.path("o")], "no such directory"),
            (["import", "compose", corpus, "--out", dir.path("o"), "--base-locale", "../x"], "not a locale tag"),
            (["import", "compose", corpus, "--out", dir.path("o"), "--flavor", "ios"], "--flavor must be"),
            (["import", "xcstrings", ImportCorpus.xcstrings.path, "--out", dir.path("o"), "--flavor", "compose"],
                "--flavor applies to import compose only"),
            (["import", "compose", corpus, "--out", dir.path("o"), "--tab-interface", "X"], "applies to import kotlin-routes"),
            (["import", "compose", corpus, "--out", dir.path("o"), "--bogus"], "unknown option --bogus"),
            (["import", "compose", dir.path("missing"), "--out", dir.path("o")], "no such directory"),
            (["import", "compose", dir.url.path, "--out", dir.path("o")], "no string resources"),
            (["import", "compose", corpus, "--out", dir.path("file.txt")], "is a file"),
            (["import", "xcstrings", dir.path("file.txt"), "--out", dir.path("o")], "not valid JSON"),
            (["import", "kotlin-routes", dir.path("nope.kt"), "--out", dir.path("r.yml")], "no such file"),
            (["import", "kotlin-routes", dir.path("Empty.kt"), "--out", dir.path("r.yml")], "no sealed route interface"),
            (["import", "kotlin-routes", "--out", dir.path("r.yml")], "missing the Kotlin files"),
            (["import", "kotlin-routes", dir.path("Routes.kt"), "--out", dir.path("no/such/dir/r.yml")], "does not exist"),
            (["import", "kotlin-routes", dir.path("Routes.kt"), "--out", dir.url.path], "is a directory"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("o")))
    }

    @Test func helpDescribesTheSubcommands() throws {
        let help = try CLI.run(["import", "--help"])
        #expect(help.status == 0)
        for word in ["import compose DIR... --out DIR", "import xcstrings FILE... --out DIR", "import kotlin-routes", "--force"] {
            #expect(help.stdout.contains(word))
        }
        #expect(try CLI.run(["--help"]).stdout.contains("import"))
    }
}
