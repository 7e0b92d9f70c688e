import Foundation
import Testing
@testable import RouteKit

/// `strings.xml` and `.xcstrings` read in place: locales, values, positions, suppression.
@Suite struct NativeStringsTests {
    /// Loads a project from `files` (with a `.routekit.yml`) and lints it.
    static func lint(_ files: [String: String], only: Set<String> = []) throws -> (project: Project, findings: [String], directory: TemporaryDirectory) {
        let directory = try TemporaryDirectory().write(files)
        let project = try directory.loadProject()
        let result = Linter.lint(project, selection: LintSelection(only: only))
        let findings = result.diagnostics.map { diagnostic -> String in
            let file = PathUtilities.relative(diagnostic.file ?? "", to: directory.url.path)
            let place = diagnostic.location.map { "\(file):\($0.line):\($0.column)" } ?? file
            return "\(place) \(diagnostic.rule)"
        }
        return (project, findings, directory)
    }

    /// The text of `key` in `locale`, in whichever resource set has it.
    static func value(_ project: Project, _ key: String, _ locale: String) -> String? {
        for set in project.stringSets {
            guard let strings = set.strings[locale], let entry = strings.allEntries.first(where: { $0.key == key }) else { continue }
            return entry.texts.first?.value
        }
        return nil
    }

    @Test func qualifiersGiveLocales() throws {
        let body = "<resources><string name=\"t\">x</string></resources>\n"
        let (project, findings, _) = try Self.lint([
            ".routekit.yml": "strings: [\"res/values*/strings.xml\"]\nbase-locale: en\n",
            "res/values/strings.xml": body,
            "res/values-de/strings.xml": body,
            "res/values-zh-rTW/strings.xml": body,
            "res/values-b+sr+Latn/strings.xml": body,
            "res/values-night/strings.xml": body,
            "res/values-v21/strings.xml": body,
        ], only: ["resource-notice"])
        #expect(Set(project.strings.locales) == ["en", "de", "zh-TW", "sr-Latn"])
        #expect(findings == ["res/values-night/strings.xml:1:1 resource-notice", "res/values-v21/strings.xml:1:1 resource-notice"])
    }

    @Test func textIsDecodedAsTheImporterDecodesIt() throws {
        let android = #"""
            <resources>
              <string name="apostrophe">Don\'t</string>
              <string name="quotes">\"Hi\"</string>
              <string name="newline">a\nb</string>
              <string name="at">\@home</string>
              <string name="question">\?attr</string>
              <string name="unicode">caf\u00e9</string>
              <string name="entity">Talks &amp; &lt;b&gt; &#x41;&#66;</string>
              <string name="cdata"><![CDATA[<b>bold</b>]]></string>
              <string name="quoted">"  two  spaces "</string>
              <string name="spaces">  a
                 b  </string>
            </resources>

            """#
        let files = [
            ".routekit.yml": "strings: [\"res/values*/strings.xml\", \"composeResources/values*/strings.xml\"]\nbase-locale: en\n",
            "res/values/strings.xml": android,
            "composeResources/values-de/strings.xml": android,
        ]
        let (project, _, directory) = try Self.lint(files)
        let expectedAndroid: [String: String] = [
            "apostrophe": "Don't", "quotes": "\"Hi\"", "newline": "a\nb", "at": "@home", "question": "?attr", "unicode": "café",
            "entity": "Talks & <b> AB", "cdata": "<b>bold</b>", "quoted": "  two  spaces ", "spaces": "a b",
        ]
        for (key, text) in expectedAndroid {
            #expect(Self.value(project, key, "en") == text, "\(key)")
        }
        // Compose rules: only \n \t \uXXXX \\ decoded, whitespace and quotes kept.
        #expect(Self.value(project, "apostrophe", "de") == "Don\\'t")
        #expect(Self.value(project, "newline", "de") == "a\nb")
        #expect(Self.value(project, "unicode", "de") == "café")
        #expect(Self.value(project, "quoted", "de") == "\"  two  spaces \"")
        // The importer gives the same values: one decoder.
        let imported = try ComposeResourcesImporter().importDirectories([directory.path("res"), directory.path("composeResources")])
        for locale in ["en", "de"] {
            for key in expectedAndroid.keys {
                #expect(imported.value(key, locale: locale)?.text == Self.value(project, key, locale), "\(key) \(locale)")
            }
        }
    }

    @Test func xmlPositionsAndPlurals() throws {
        let (project, findings, _) = try Self.lint([
            ".routekit.yml": "strings: [\"values*/strings.xml\"]\nbase-locale: en\nlocales: [en, de]\n",
            "values/strings.xml": """
                <resources>
                  <string name="title">Schedule</string>
                  <plurals name="talks">
                    <item quantity="one">%d talk</item>
                    <item quantity="other">%d talks</item>
                  </plurals>
                  <string name="internal" translatable="false">KotlinConf</string>
                </resources>

                """,
            "values-de/strings.xml": """
                <resources>
                  <string name="title">%s Programm</string>
                  <plurals name="talks">
                    <item quantity="one">%d Vortrag</item>
                    <item quantity="other">%d Vorträge %s</item>
                  </plurals>
                </resources>

                """,
        ])
        let talks = try #require(project.strings["de"]?.allEntries.first { $0.key == "talks" })
        #expect(talks.isPlural)
        #expect(talks.keyLocation.line == 3 && talks.keyLocation.column == 3)
        // The untranslatable key is in the base locale and not missing in German.
        #expect(Self.value(project, "internal", "en") == "KotlinConf")
        #expect(!findings.contains { $0.contains("missing-translation") }, "\(findings)")
        // Android: the base title takes no arguments (`getString(id)` shows `%s` as typed), and the
        // German plural's `%s` reads a second argument the code never passes (Java throws).
        #expect(findings.contains("values-de/strings.xml:2:3 placeholder-shown-verbatim"), "\(findings)")
        #expect(findings.contains("values-de/strings.xml:5:5 format-crash"), "\(findings)")
    }

    @Test func xmlSuppressionComments() throws {
        let (_, findings, _) = try Self.lint([
            ".routekit.yml": "strings: [\"values*/strings.xml\"]\nbase-locale: en\n",
            "values/strings.xml": """
                <resources>
                  <!-- routekit:disable-next-line empty-translation -->
                  <string name="a"></string>
                  <string name="b"></string>
                  <string name="c"></string> <!-- routekit:disable-line -->
                </resources>

                """,
        ], only: ["empty-translation"])
        #expect(findings == ["values/strings.xml:4:3 empty-translation"])
    }

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Info" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Info" } }
              }
            },
            "Map" : {
              "extractionState" : "stale",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "new", "value" : "" } }
              }
            },
            "%lld talks" : {
              "localizations" : {
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld Vortrag" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Vorträge" } }
                    }
                  }
                }
              }
            },
            "Internal" : { "shouldTranslate" : false }
          },
          "version" : "1.0"
        }

        """

    @Test func stringCatalogLocalesPluralsAndStates() throws {
        let (project, findings, _) = try Self.lint([
            ".routekit.yml": "strings: [Localizable.xcstrings]\nbase-locale: en\nlocales: [en, de]\n",
            "Localizable.xcstrings": Self.catalog,
        ], only: ["string-state", "missing-translation"])
        #expect(Self.value(project, "Info", "en") == "Info")
        #expect(Self.value(project, "Info", "de") == "Info")
        #expect(Self.value(project, "Map", "de") == nil)
        let talks = try #require(project.strings["de"]?.allEntries.first { $0.key == "%lld talks" })
        #expect(talks.isPlural)
        #expect(talks.keyLocation.line == 17 && talks.keyLocation.column == 9)
        // 'Map' lacks German (its "de" is new): the finding is at Map's entry (it has no "en", so
        // at the key's member), not where German first appears (6:9).
        #expect(findings == [
            "Localizable.xcstrings:9:5 missing-translation",
            "Localizable.xcstrings:9:5 string-state",
            "Localizable.xcstrings:12:9 string-state",
            "Localizable.xcstrings:17:9 string-state",
        ], "\(findings)")
    }

    @Test func stringCatalogImportAgreesWithInPlaceReading() throws {
        let (project, _, directory) = try Self.lint([
            ".routekit.yml": "strings: [Localizable.xcstrings]\nbase-locale: en\n",
            "Localizable.xcstrings": Self.catalog,
        ])
        let imported = try XCStringsImporter().importFile(directory.path("Localizable.xcstrings"))
        #expect(imported.value("Info", locale: "de") == .text("Info"))
        #expect(imported.value("%lld talks", locale: "de") == .plural([.one: "%lld Vortrag", .other: "%lld Vorträge"]))
        #expect(Self.value(project, "Info", "de") == "Info")
    }

    @Test func initFindsNativeResources() throws {
        let body = "<resources><string name=\"t\">x</string></resources>\n"
        let directory = try TemporaryDirectory().write([
            "app/shared/src/commonMain/composeResources/values/strings.xml": body,
            "app/shared/src/commonMain/composeResources/values-de/strings.xml": body,
            "android/app/src/main/res/values/strings.xml": body,
            "android/app/src/main/res/values-fr/strings.xml": body,
            "android/app/src/main/res/values-night/strings.xml": body,
            "android/app/src/main/res/values/colors.xml": "<resources/>\n",
            "iosApp/Localizable.xcstrings": NativeStringsTests.catalog,
            "build/generated/res/values/strings.xml": body,
        ])
        let found = InputDetector.detect(root: directory.url.path)
        #expect(found.strings == [
            "android/app/src/main/res/{values,values-fr}/strings.xml",
            "app/shared/src/commonMain/composeResources/values*/strings.xml",
            "iosApp/Localizable.xcstrings",
        ])
        #expect(found.locales == ["en", "de", "fr"])
        let run = try CLI.run(["init"], in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        let config = try String(contentsOfFile: directory.path(".routekit.yml"), encoding: .utf8)
        #expect(config.contains("iosApp/Localizable.xcstrings"), "\(config)")
        // What init wrote loads, and lints the native files in place.
        let lint = try CLI.run(["lint"], in: directory.url)
        #expect(lint.status == 0 || lint.status == 1, "\(lint.stderr)")
        #expect(lint.stdout.contains("in 5 files"), "\(lint.stdout)")
    }

    /// String Catalogs have no comments: `ignore-keys:` in the config silences a key.
    @Test func ignoreKeysSilencesAStringCatalogKey() throws {
        let files = [
            ".routekit.yml": """
                strings: [Localizable.xcstrings]
                base-locale: en
                locales: [en, de]
                ignore-keys:
                  Map: [missing-translation]
                  "%lld talks": []

                """,
            "Localizable.xcstrings": Self.catalog,
        ]
        let (_, findings, _) = try Self.lint(files, only: ["string-state", "missing-translation"])
        #expect(findings == ["Localizable.xcstrings:9:5 string-state", "Localizable.xcstrings:12:9 string-state"], "\(findings)")
        let bad = try TemporaryDirectory().write([".routekit.yml": "strings: [s.yml]\nignore-keys: { a: [no-such-rule] }\n", "s.yml": "en: {a: b}\n"])
        #expect(throws: ConfigError.self) { try ProjectConfig.load(path: bad.path(".routekit.yml")) }
    }
}
