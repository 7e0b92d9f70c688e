import Testing
@testable import RouteKit

@Suite struct StringsLoaderTests {
    func load(_ files: [String], base: String = "en") -> (StringTable, [Finding]) {
        StringsLoader.load(files.enumerated().map { YAMLReader.read(text: $1, path: "s\($0).yml") }, baseLocale: base)
    }

    @Test func railsLayoutWithSeveralLocalesAndFiles() throws {
        let (table, diagnostics) = load([
            "en:\n  nav:\n    schedule: Schedule\n  no: No\nde:\n  nav:\n    schedule: Programm\n",
            "de:\n  no: Nein\n",
        ])
        #expect(diagnostics.isEmpty)
        #expect(table.locales == ["en", "de"])
        #expect(table["en"]?.keys == ["nav.schedule", "no"])
        #expect(table["de"]?["no"]?.texts.first?.value == "Nein")
        #expect(table["de"]?["no"]?.keyLocation.file == "s1.yml")
        #expect(table["de"]?.declarations.count == 2)
    }

    @Test func pluralsAndTheBaseShapeRule() throws {
        let (table, _) = load([
            "en:\n  count:\n    one: \"%{count} talk\"\n    other: \"%{count} talks\"\n  menu:\n    other: Other\n    share: Share\n",
            "de:\n  count:\n    one: \"%{count} Vortrag\"\n    other: \"%{count} Vorträge\"\n  menu:\n    other: Andere\n",
        ])
        #expect(table["en"]?["count"]?.isPlural == true)
        #expect(table["de"]?["count"]?.isPlural == true)
        // In de, `menu` only has `other:`, but the base locale says it is a namespace.
        #expect(table["de"]?["menu.other"]?.isPlural == false)
        #expect(table["de"]?["menu"] == nil)
        // The plural rules read only the listed plurals.
        for locale in table.locales {
            let strings = try #require(table[locale])
            #expect(strings.pluralEntries.map(Int.init) == strings.entries.indices.filter { strings.entries[$0].isPlural })
        }
        #expect(table["en"]?.pluralEntries.count == 1)
    }

    /// A text on the line after its key packs into the compact tables (not their side lists) and
    /// keeps its own line and column; one further down is kept whole.
    @Test func textsOnTheLineAfterTheirKeyKeepTheirPlace() throws {
        let (table, diagnostics) = load(["en:\n  a:\n    Alpha\n  b: |\n      Beta\n  c:\n\n    Gamma\n  d: Delta\n"])
        #expect(diagnostics.isEmpty)
        let en = try #require(table["en"])
        func place(_ key: String) -> String? {
            guard case .text(let text)? = en[key]?.value else { return nil }
            return "\(text.value.trimmingCharacters(in: .whitespacesAndNewlines))@\(text.location.line):\(text.location.column)"
        }
        #expect(place("a") == "Alpha@3:5")
        #expect(place("b") == "Beta@4:6")  // a block scalar is where its `|` is
        #expect(place("c") == "Gamma@8:5")
        #expect(place("d") == "Delta@9:6")
        #expect(en.entries.sideCount == 1)
    }

    @Test func duplicateKeyAcrossFiles() {
        let (_, diagnostics) = load(["en:\n  a: 1\n", "en:\n  a: 2\n"])
        #expect(diagnostics.map(\.rule) == ["duplicate-key"])
        #expect(diagnostics.first?.message == "key 'a' of locale 'en' is already defined in s0.yml")
    }

    @Test func stubLocalesAndLists() {
        let (table, diagnostics) = load(["xx:\nen:\n  a: [1, 2]\n"])
        #expect(table.locales == ["xx", "en"])
        #expect(diagnostics.map(\.rule) == ["invalid-field"])
    }
}

/// One file of many locales is merged by parts on the cores (`TranslationMerge.split`): the
/// tables, their texts and places, and the findings (keys too long, in locale order) are those
/// one task makes.
@Suite struct SplitTranslationMergeTests {
    static func file() -> String {
        let locales = ["en", "de", "fr", "es", "it", "ja", "nl", "pt-BR"]
        var text = ""
        for (number, locale) in locales.enumerated() {
            text += "\(locale):\n"
            for key in 0 ..< 300 where (key + number) % 7 != 3 || locale == "en" {
                switch key % 5 {
                case 0: text += "  k\(key):\n    one: \"\(locale) one \(key)\"\n    other: \"\(locale) other \(key)\"\n"
                case 1: text += "  k\(key)_\(String(repeating: "x", count: 40)): \"\(locale) long \(key)\"\n"
                case 2: text += "  group\(key):\n    inner: \(locale) Ü \(key)\n"
                default: text += "  k\(key): \(locale) text \(key)\n"
                }
            }
            if locale != "en" { text += "  only_\(locale): extra\n" }
        }
        return text
    }

    static func described(_ table: StringTable, _ findings: [Finding]) -> String {
        var lines: [String] = []
        for locale in table.locales {
            for entry in table[locale]?.allEntries ?? [] {
                let where_ = "\(entry.keyLocation.line):\(entry.keyLocation.column)"
                switch entry.value {
                case .text(let text): lines.append("\(locale) \(entry.key) @\(where_) = \(text.value) @\(text.location.line):\(text.location.column)")
                case .plural(let forms):
                    lines.append("\(locale) \(entry.key) @\(where_) = " + forms.map { "\($0.category.value)=\($0.text.value) @\($0.text.location.line)" }.joined(separator: ", "))
                }
            }
        }
        lines += findings.map { "\($0.rule) \($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
        return lines.joined(separator: "\n")
    }

    @Test func partsMergeAsOneTask() {
        let text = Self.file()
        var limits = InputLimits.default
        limits.keyLength = 40
        func load() -> String {
            let (table, findings) = StringsLoader.load([YAMLReader.read(text: text, path: "s.yml")], baseLocale: "en", limits: limits)
            return Self.described(table, findings)
        }
        let saved = TranslationMerge.splitMinimumRecords.load(ordering: .relaxed)
        defer { TranslationMerge.splitMinimumRecords.store(saved, ordering: .relaxed) }
        TranslationMerge.splitMinimumRecords.store(.max, ordering: .relaxed)
        let oneTask = load()
        TranslationMerge.splitMinimumRecords.store(1, ordering: .relaxed)
        let parts = load()
        #expect(oneTask.contains("over the limit"))
        #expect(oneTask.contains("de k0 @"))
        #expect(parts == oneTask)
    }
}
