import Foundation
import Testing

@testable import RouteKit

@Suite struct ImportXCStringsTests {
    @Test func kotlinconfTabLabelsInEnglishAndGerman() throws {
        let strings = try XCStringsImporter().importFile(ImportCorpus.xcstrings.path)
        #expect(strings.baseLocale == "en")
        #expect(strings.locales == ["en", "de"])
        let en: [String: String] = [
            "Schedule": "Schedule", "Speakers": "Speakers", "Map": "Map", "Info": "Info", "Golden Kodee": "Golden Kodee",
        ]
        let de: [String: String] = [
            "Schedule": "Programm", "Speakers": "Sprecher", "Map": "Karte", "Info": "Info", "Golden Kodee": "Golden Kodee",
        ]
        for (locale, expected) in [("en", en), ("de", de)] {
            #expect(strings.table(locale)?.count == 5)
            for (key, value) in expected {
                #expect(strings.value(key, locale: locale) == .text(value), "\(locale) \(key)")
            }
        }
        #expect(strings.notes.isEmpty)
        #expect(strings.yaml(for: "de") == """
            de:
              "Golden Kodee": Golden Kodee
              Info: Info
              Map: Karte
              Schedule: Programm
              Speakers: Sprecher

            """)
        #expect(strings.yaml(for: "en").contains("  # comment: A tab for the schedule screen.\n  Schedule: Schedule\n"))
    }

    private func fixture() throws -> ImportedStrings {
        try XCStringsImporter().importData(Data(ImportFixtures.catalog.utf8), display: "Localizable.xcstrings")
    }

    @Test func sourceValuesFallBackToTheKeyText() throws {
        let strings = try fixture()
        #expect(strings.locales == ["en", "de", "fr"])
        #expect(strings.value("Schedule", locale: "en") == .text("Schedule"))
        #expect(strings.value("Map", locale: "en") == .text("Venue map"))
        #expect(strings.value("Loading...", locale: "en") == .text("Loading..."))
        // A locale without a localization lacks the key (missing-translation finds it later).
        #expect(strings.value("Loading...", locale: "de") == nil)
        #expect(strings.notes.contains { $0.key == "Loading..." && $0.message.contains("nests") })
    }

    @Test func pluralVariationsBecomePluralMaps() throws {
        let strings = try fixture()
        #expect(strings.value("%lld sessions", locale: "en") == .plural([.one: "%lld session", .other: "%lld sessions"]))
        #expect(strings.value("%lld sessions", locale: "de") == .plural([.one: "%lld Vortrag", .other: "%lld Vorträge"]))
    }

    @Test func oneSubstitutionExpandsOthersAreKept() throws {
        let strings = try fixture()
        #expect(strings.value("found_items", locale: "en")
            == .plural([.one: "Found %1$lld item in %@", .other: "Found %1$lld items in %@"]))
        #expect(strings.value("two_subs", locale: "en") == .text("%#@a@ and %#@b@"))
        #expect(strings.notes.contains { $0.key == "two_subs" && $0.message.contains("kept as written") })
    }

    @Test func reviewStatesBecomeComments() throws {
        let strings = try fixture()
        #expect(strings.table("fr")?["Schedule"]?.comments == ["xcstrings state: needs_review"])
        #expect(strings.table("de")?["Map"]?.comments == ["xcstrings state: new"])
        #expect(strings.table("de")?["Schedule"]?.comments == [])
        #expect(strings.yaml(for: "fr") == """
            fr:
              # xcstrings state: needs_review
              Schedule: Programme

            """)
    }

    @Test func skippedAndDeviceVariations() throws {
        let strings = try fixture()
        #expect(strings.value("CFBundleName", locale: "en") == nil)
        #expect(strings.notes.contains { $0.key == "CFBundleName" && $0.kind == .skipped && $0.message.contains("shouldTranslate") })
        #expect(strings.notes.contains { $0.key == "" && $0.kind == .skipped })
        #expect(strings.value("Greeting %@", locale: "en") == .text("Hello %@"))
        #expect(strings.notes.contains { $0.key == "Greeting %@" && $0.message.contains("'other' variant") })
    }

    @Test func sourceCommentsCannotSuppressLintFindings() throws {
        let json = #"{"sourceLanguage":"en","strings":{"a":{"comment":"x # routekit:disable-line"}}}"#
        let strings = try XCStringsImporter().importData(Data(json.utf8), display: "c")
        #expect(strings.yaml(for: "en") == "en:\n  # comment: x # routekit :disable-line\n  a: a\n")
    }

    @Test func substitutionTokensAreFound() {
        let tokens = XCStringsDecoder.substitutionTokens(in: "%#@a@ x %2$#@b_2@ %% %@ %#@@ %#@")
        #expect(tokens.map(\.name) == ["a", "b_2"])
    }

    @Test func badInputIsAnError() throws {
        #expect(throws: ImportError.self) { try XCStringsImporter().importData(Data("{".utf8), display: "x") }
        #expect(throws: ImportError.self) { try XCStringsImporter().importData(Data("[]".utf8), display: "x") }
        #expect(throws: ImportError.self) { try XCStringsImporter().importData(Data("{\"a\":1}".utf8), display: "x") }
        #expect(throws: ImportError.self) { try XCStringsImporter().importFile("/nonexistent/x.xcstrings") }
        // Unexpected shapes inside are skipped, not fatal.
        let odd = #"{"sourceLanguage":"../x","strings":{"a":1,"b":{"localizations":{"../evil":{"stringUnit":{"value":"x"}},"de":[]}}}}"#
        let strings = try XCStringsImporter().importData(Data(odd.utf8), display: "odd")
        #expect(strings.baseLocale == "en")
        #expect(strings.locales == ["en"])
        #expect(strings.notes.contains { $0.locale == "../evil" && $0.kind == .skipped })
    }
}
