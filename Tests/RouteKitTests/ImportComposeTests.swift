import Foundation
import Testing
@testable import RouteKit

@Suite struct ImportComposeTests {
    // MARK: Qualifiers

    @Test func qualifiersMapToLocaleTags() {
        let cases: [(String, AndroidValuesQualifiers?)] = [
            ("values", .base),
            ("values-de", .locale("de")),
            ("values-zh-rTW", .locale("zh-TW")),
            ("values-pt-rBR", .locale("pt-BR")),
            ("values-es-r419", .locale("es-419")),
            ("values-b+sr+Latn", .locale("sr-Latn")),
            ("values-b+zh+Hant+TW", .locale("zh-Hant-TW")),
            ("values-fil", .locale("fil")),
            ("values-night", .variant(qualifiers: "night")),
            ("values-v21", .variant(qualifiers: "v21")),
            ("values-land", .variant(qualifiers: "land")),
            ("values-sw600dp", .variant(qualifiers: "sw600dp")),
            ("values-de-night", .variant(qualifiers: "de-night")),
            ("values-car", .variant(qualifiers: "car")),
            ("values-mcc310-en", .variant(qualifiers: "en-mcc310")),
            ("values-dark", .variant(qualifiers: "dark")),
            ("valuesX", nil),
            ("drawable", nil),
        ]
        for (name, expected) in cases {
            #expect(AndroidValuesQualifiers.parse(name) == expected, "\(name)")
        }
    }

    // MARK: Text rules

    @Test func androidTextRules() {
        func decode(_ raw: String) -> String { AndroidResourceText.decode(raw, flavor: .android).text }
        #expect(decode(#"Don\'t"#) == "Don't")
        #expect(decode(#"Say \"hi\""#) == #"Say "hi""#)
        #expect(decode(#"a\nb\tc"#) == "a\nb\tc")
        #expect(decode(##"\@home \?attr \\ \#"##) == ##"@home ?attr \ #"##)
        #expect(decode(#"\u00e9t\u00E9 \u263A"#) == "été ☺")
        #expect(decode("\n    Lots   of\n    space\n  ") == "Lots of space")
        #expect(decode(#""  keep   these  ""#) == "  keep   these  ")
        #expect(decode(#"mixed "  quoted  " part"#) == "mixed   quoted   part")
        #expect(decode(#"\u0020lead"#) == " lead")
        #expect(decode("") == "")
        let apostrophe = AndroidResourceText.decode("it's", flavor: .android)
        #expect(apostrophe.text == "it's")
        #expect(apostrophe.notes.contains { $0.contains("unescaped apostrophe") })
        let unknown = AndroidResourceText.decode(#"\q"#, flavor: .android)
        #expect(unknown.text == "q")
        #expect(!unknown.notes.isEmpty)
        #expect(AndroidResourceText.decode(#"@string/x"#, flavor: .android).notes.contains { $0.contains("reference") })
        #expect(AndroidResourceText.decode(#"\@string/x"#, flavor: .android).notes.isEmpty)
    }

    @Test func composeTextRules() {
        func decode(_ raw: String) -> String { AndroidResourceText.decode(raw, flavor: .compose).text }
        #expect(decode(#"a\nb\tc \u00e9"#) == "a\nb\tc é")
        #expect(decode(#"back\\slash \\n"#) == #"back\slash \n"#)
        #expect(decode("  spaces\n  kept ") == "  spaces\n  kept ")
        #expect(decode(#""quoted""#) == #""quoted""#)
        let kept = AndroidResourceText.decode(#"Don\'t"#, flavor: .compose)
        #expect(kept.text == #"Don\'t"#)
        #expect(kept.notes.contains { $0.contains("does not decode") })
    }

    /// Compose's decoding copies the runs between backslashes whole; held to a byte-at-a-time
    /// reading of the same rules on random texts of escapes, near escapes and multi-byte text.
    @Test func composeDecodingByRunsMatchesAByteAtATimeReading() {
        func oracle(_ bytes: [UInt8]) -> [UInt8] {
            var out: [UInt8] = [], i = 0
            func isHex(_ byte: UInt8) -> Bool {
                (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a") ... UInt8(ascii: "f")).contains(byte)
                    || (UInt8(ascii: "A") ... UInt8(ascii: "F")).contains(byte)
            }
            while i < bytes.count {
                guard bytes[i] == 0x5C, i + 1 < bytes.count else { out.append(bytes[i]); i += 1; continue }
                switch bytes[i + 1] {
                case 0x5C: out.append(0x5C); i += 2
                case UInt8(ascii: "n"): out.append(0x0A); i += 2
                case UInt8(ascii: "t"): out.append(0x09); i += 2
                case UInt8(ascii: "u"):
                    let digits = Array(bytes[(i + 2)...].prefix(4).prefix(while: isHex))
                    if digits.count == 4, let scalar = Unicode.Scalar(UInt32(String(decoding: digits, as: UTF8.self), radix: 16)!) {
                        out += Array(String(scalar).utf8); i += 6
                    } else {
                        out.append(0x5C); i += 1
                    }
                default: out.append(0x5C); i += 1
                }
            }
            return out
        }
        let pieces = [#"\"#, #"\\"#, #"\n"#, #"\t"#, #"\u00e9"#, #"\u00E9"#, #"\u12"#, #"\uD800"#, #"\'"#, #"\""#, #"\@"#, "ab", "é", "設", "😀", " ",
                      #"\u0041x"#]
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 3_000 {
            let text = (0 ..< Int.random(in: 0 ... 12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            var out: [UInt8] = [0x21]
            bytes.withUnsafeBufferPointer { AndroidResourceText.appendDecoded($0, flavor: .compose, to: &out) }
            #expect(out == [0x21] + oracle(bytes), "\(text.debugDescription)")
            // What reading in place copies as it is must decode to itself.
            if bytes.withUnsafeBufferPointer({ AndroidResourceText.decodesUnchanged($0, flavor: .compose) }) {
                #expect(oracle(bytes) == bytes, "\(text.debugDescription) is not kept as written")
            }
            #expect(AndroidResourceText.decode(text, flavor: .compose).text == String(decoding: oracle(bytes), as: UTF8.self), "\(text.debugDescription)")
        }
    }

    /// Backslashes Compose keeps (before a quote, `@`, `?`, another byte, or at the end) leave a
    /// text as written: read in place, it is copied, not decoded; the four escapes it decodes are not.
    @Test func composeTextsKeptAsWrittenAreToldByTheirBackslashes() {
        func unchanged(_ text: String, _ flavor: ResourceTextFlavor = .compose) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { AndroidResourceText.decodesUnchanged($0, flavor: flavor) }
        }
        for kept in ["", "Plain", " padded ", #"Don\'t"#, #"Say \"hi\""#, #"\@home \?maybe"#, #"a\qb"#, #"ends\"#, #"é\'設"#] {
            #expect(unchanged(kept), "\(kept.debugDescription)")
        }
        for decoded in [#"back\\slash"#, #"line\nbreak"#, #"tab\there"#, #"\u00e9"#, #"\u12"#, #"\'\n"#] {
            #expect(!unchanged(decoded), "\(decoded.debugDescription)")
        }
        // Android decodes quotes and folds spaces: only what `isPlain` says is kept.
        #expect(!unchanged(#"Don\'t"#, .android))
        #expect(unchanged("Plain", .android))
    }

    // MARK: One file

    @Test func parsesEveryConstructOfAnAndroidFile() throws {
        let parsed = try ComposeResourcesImporter.parse(
            Data(ImportFixtures.androidStrings.utf8), display: "values/strings.xml", flavor: .android)
        let values = Dictionary(parsed.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(values["app_name"] == nil)
        #expect(values["settings_title"] == .text("Settings"))
        #expect(values["apostrophe"] == .text("Don't stop"))
        #expect(values["quotes"] == .text(#"Say "hi""#))
        #expect(values["escapes"] == .text("Tab\there\nnew line @home ?maybe back\\slash été"))
        #expect(values["collapse"] == .text("Lots of space"))
        #expect(values["quoted"] == .text("  keep   these  "))
        #expect(values["entities"] == .text("Fish & Chips <3 😀"))
        #expect(values["cdata"] == .text("<b>not markup</b> & more"))
        #expect(values["markup"] == .text("Tap here to continue"))
        #expect(values["xliff"] == .text("Hello %1$s!"))
        #expect(values["placeholders"] == .text("%1$s has %2$d items (%3$.1f%%)"))
        #expect(values["no"] == .text("no"))
        #expect(values["empty"] == .text(""))
        #expect(values["dotted.name"] == .text("Dotted"))
        #expect(values["device"] == .text("Default text"))
        #expect(values["planets"] == nil)
        #expect(values["sessions"] == .plural([.one: "%1$d session", .other: "%1$d sessions"]))
        #expect(values["accent"] == nil)

        func noted(_ key: String?, _ fragment: String, kind: ImportNote.Kind? = nil) -> Bool {
            parsed.notes.contains { ($0.key == key) && $0.message.contains(fragment) && (kind == nil || $0.kind == kind) }
        }
        #expect(noted("app_name", "translatable", kind: .skipped))
        #expect(noted("planets", "string-array", kind: .skipped))
        #expect(noted("device", "product=\"tablet\"", kind: .skipped))
        #expect(noted("sessions", "lots", kind: .skipped))
        #expect(noted("markup", "<b>, <i>", kind: .note))
        #expect(!noted("xliff", "markup"))
        #expect(noted("dotted.name", "nests", kind: .note))
        #expect(noted(nil, "1 <color>, 1 <dimen>"))
        // Lines point at the element.
        #expect(parsed.entries.first { $0.key == "settings_title" }?.line == 6)
    }

    @Test func malformedXMLIsAnErrorWithItsPosition() {
        let bad = "<resources>\n  <string name=\"a\">x</strin>\n</resources>"
        #expect {
            try ComposeResourcesImporter.parse(Data(bad.utf8), display: "bad.xml", flavor: .android)
        } throws: { error in
            (error as? ImportError)?.message.hasPrefix("bad.xml:2:") ?? false
        }
    }

    @Test func entityDeclarationsAreRefused() {
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <resources><string name="x">&b;</string></resources>
            """
        #expect(throws: ImportError.self) {
            try ComposeResourcesImporter.parse(Data(bomb.utf8), display: "bomb.xml", flavor: .android)
        }
    }

    @Test func otherRootElementIsSkippedWithANote() throws {
        let parsed = try ComposeResourcesImporter.parse(
            Data("<manifest/>".utf8), display: "AndroidManifest.xml", flavor: .android)
        #expect(parsed.entries.isEmpty)
        #expect(parsed.notes.first?.kind == .skipped)
    }

    // MARK: Directories

    @Test func mergesTreesAndMapsQualifiers() throws {
        let dir = try TemporaryDirectory().write([
            "lib/src/main/res/values/strings.xml": ImportFixtures.androidStrings,
            "lib/src/main/res/values-de/strings.xml": ImportFixtures.androidStringsDE,
            "lib/src/main/res/values-night/strings.xml": "<resources><string name=\"n\">Night</string></resources>",
            "lib/src/main/res/values-zh-rTW/strings.xml": "<resources><string name=\"settings_title\">設定</string></resources>",
            "lib/src/main/res/values-b+sr+Latn/strings.xml": "<resources><string name=\"settings_title\">Podešavanja</string></resources>",
            "app/src/commonMain/composeResources/values/strings.xml":
                "<resources><string name=\"app_title\">  Conf\\'25 </string></resources>",
            "app/build/generated/values/strings.xml": "<resources><string name=\"generated\">x</string></resources>",
            "lib/src/main/res/layout/main.xml": "<LinearLayout/>",
        ])
        let strings = try ComposeResourcesImporter().importDirectory(dir.url.path)
        #expect(strings.locales == ["en", "de", "sr-Latn", "zh-TW"])
        #expect(strings.value("settings_title", locale: "zh-TW") == .text("設定"))
        #expect(strings.value("settings_title", locale: "sr-Latn") == .text("Podešavanja"))
        #expect(strings.value("sessions", locale: "de") == .plural([.one: "%1$d Vortrag", .other: "%1$d Vorträge"]))
        // The Compose tree keeps text as written; the Android tree collapses whitespace.
        #expect(strings.value("app_title", locale: "en") == .text("  Conf\\'25 "))
        #expect(strings.value("collapse", locale: "en") == .text("Lots of space"))
        #expect(strings.value("n", locale: "en") == nil)
        #expect(strings.value("generated", locale: "en") == nil)
        #expect(strings.filesRead == [
            "app/src/commonMain/composeResources/values/strings.xml",
            "lib/src/main/res/values/strings.xml",
            "lib/src/main/res/values-b+sr+Latn/strings.xml",
            "lib/src/main/res/values-de/strings.xml",
            "lib/src/main/res/values-zh-rTW/strings.xml",
        ])
        #expect(strings.notes.contains { $0.kind == .skipped && $0.file == "lib/src/main/res/values-night" })
        #expect(strings.info.contains { $0.hasPrefix("app/src/commonMain/composeResources: Compose") })
        #expect(strings.info.contains { $0.hasPrefix("lib/src/main/res: Android") })
        #expect(strings.missingKeys(in: "zh-TW").contains("apostrophe"))
    }

    @Test func baseLocaleOptionAndExplicitBaseDirectoryWin() throws {
        let dir = try TemporaryDirectory().write([
            "res/values/strings.xml": "<resources><string name=\"a\">A</string><string name=\"b\">B</string></resources>",
            "res/values-fr/strings.xml": "<resources><string name=\"a\">A (fr)</string></resources>",
            "res/values-de/strings.xml": "<resources><string name=\"a\">A (de)</string></resources>",
        ])
        let strings = try ComposeResourcesImporter(baseLocale: "fr").importDirectory(dir.url.path)
        #expect(strings.locales == ["fr", "de"])
        #expect(strings.value("a", locale: "fr") == .text("A (fr)"))
        #expect(strings.value("b", locale: "fr") == .text("B"))
        #expect(strings.notes.contains { $0.key == "a" && $0.message.contains("overrides") })
    }

    @Test func conflictingDuplicatesAcrossTreesKeepTheFirst() throws {
        let dir = try TemporaryDirectory().write([
            "a/values/strings.xml": "<resources><string name=\"k\">one</string><string name=\"same\">s</string></resources>",
            "b/values/strings.xml": "<resources><string name=\"k\">two</string><string name=\"same\">s</string></resources>",
        ])
        let strings = try ComposeResourcesImporter().importDirectory(dir.url.path)
        #expect(strings.value("k", locale: "en") == .text("one"))
        #expect(strings.notes.contains { $0.key == "k" && $0.kind == .skipped && $0.message.contains("a/values/strings.xml") })
        #expect(strings.notes.contains { $0.key == "same" && $0.kind == .note })
    }

    @Test func emptyOrMissingDirectoryIsAnError() throws {
        let dir = try TemporaryDirectory().write(["README.md": "nothing"])
        #expect(throws: ImportError.self) { try ComposeResourcesImporter().importDirectory(dir.url.path) }
        #expect(throws: ImportError.self) { try ComposeResourcesImporter().importDirectory(dir.path("missing")) }
    }

    // MARK: The kotlinconf corpus

    @Test func kotlinconfCorpusImportsEveryKeyAndValue() throws {
        let strings = try ComposeResourcesImporter().importDirectory(ImportCorpus.kotlinconf.path)
        #expect(strings.locales == ["en", "de"])
        #expect(strings.table("en")?.count == 152)
        #expect(strings.table("de")?.count == 151)
        #expect(strings.missingKeys(in: "de") == ["settings_external_navigation"])
        #expect(strings.filesRead.count == 4)
        #expect(strings.notes.allSatisfy { $0.kind == .note })

        // Every key and value, checked against an independent reading of the files.
        for module in ["shared", "ui-components"] {
            for (directory, locale) in [("values", "en"), ("values-de", "de")] {
                let file = ImportCorpus.kotlinconf.appendingPathComponent(
                    "app/\(module)/src/commonMain/composeResources/\(directory)/strings.xml")
                let raw = try ImportCorpus.rawResources(file)
                #expect(!raw.strings.isEmpty)
                for (key, text) in raw.strings {
                    #expect(strings.value(key, locale: locale) == .text(text), "\(locale) \(key)")
                }
                for (key, forms) in raw.plurals {
                    let expected = Dictionary(uniqueKeysWithValues: forms.map { (ImportPluralCategory(rawValue: $0.key)!, $0.value) })
                    #expect(strings.value(key, locale: locale) == .plural(expected), "\(locale) \(key)")
                }
            }
        }
        #expect(strings.table("en")?.pluralCount == 4)
        #expect(strings.value("schedule_number_of_results", locale: "de")
            == .plural([.one: "%1$d Sitzung gefunden", .other: "%1$d Sitzungen gefunden"]))
        #expect(strings.value("golden_kodee_winner_banner_title", locale: "en") == .text("Golden Kodee Awards %1$s Winner"))
        #expect(strings.value("about_conference_party_line1", locale: "de") == .text(""))
    }

    @Test func kotlinconfYAMLIsExact() throws {
        let strings = try ComposeResourcesImporter().importDirectory(ImportCorpus.kotlinconf.path)
        let de = strings.yaml(for: "de")
        let lines = de.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "de:")
        #expect(lines.count == 151 + 4 * 2 + 2)
        #expect(lines.contains("  about_conference_party_line1: \"\""))
        #expect(lines.contains("  action_bookmark_session: \"%1$s als Lesezeichen speichern\""))
        #expect(lines.contains("  schedule_in_x_minutes: in %1$d Min"))
        #expect(lines.contains("  nav_destination_schedule: Programm"))
        #expect(lines.contains("  schedule_error_no_data: \"Unser Zeitplan steckt wohl im Verkehr fest.\\nBitte versuchen Sie es erneut.\\n    \""))
        #expect(de.contains("""
              speakers_number_of_results:
                one: "%1$d Sprecher gefunden"
                other: "%1$d Sprecher gefunden"

            """))
        // Sorted keys.
        let keys = lines.dropFirst().filter { $0.hasPrefix("  ") && !$0.hasPrefix("    ") }
            .map { String($0.dropFirst(2).prefix { $0 != ":" }) }
        #expect(keys == keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
    }

    @Test(.requires(.pyYAML)) func kotlinconfYAMLReadsBackAsTheImportedValues() throws {
        let strings = try ComposeResourcesImporter().importDirectory(ImportCorpus.kotlinconf.path)
        for locale in strings.locales {
            let loaded = try #require(try PythonYAML.load(strings.yaml(for: locale)) as? [String: Any])
            let map = try #require(loaded[locale] as? [String: Any])
            let table = try #require(strings.table(locale))
            #expect(map.count == table.count)
            for key in table.sortedKeys {
                switch table[key]!.value {
                case .text(let text):
                    #expect(map[key] as? String == text, "\(locale) \(key)")
                case .plural(let forms):
                    let loadedForms = map[key] as? [String: String]
                    #expect(loadedForms == Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) }))
                }
            }
        }
    }

    @Test func androidRulesOnTheCorpusCollapseWhitespace() throws {
        let strings = try ComposeResourcesImporter(flavor: .android).importDirectory(ImportCorpus.kotlinconf.path)
        #expect(strings.value("schedule_error_no_data", locale: "en")
            == .text("Our schedule seems to be stuck in traffic. Please try again."))
        // aapt2 would reject this apostrophe: the corpus is Compose, not Android.
        #expect(strings.notes.contains { $0.key == "notifications_schedule_update_description" })
    }
}
