import Foundation
@testable import RouteKit
import Testing

/// The streaming String Catalog reader (`XCStringsReader`: each entry of `strings` becomes records
/// as it is read, its nodes dropped) against the whole-document reader it replaced
/// (`XCStringsDocumentReader`): the same findings at the same places and the same records —
/// every locale, key, text, flag and position — on every catalog the tests have, on catalogs made
/// to take each of its paths (an entry given again right after itself or after others, a
/// `sourceLanguage` after `strings`, `strings` given twice), and on generated ones.
@Suite struct XCStringsReaderDifferentialTests {
    static func check(_ text: String, baseLocale: String = "en", limits: InputLimits = .default,
                      sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        if let difference = StringsRecordDump.catalogDifference(Array(text.utf8), baseLocale: baseLocale, limits: limits) {
            Issue.record("\(text)\n\(difference)", sourceLocation: sourceLocation)
        }
    }

    static func unit(_ value: String, state: String = "translated") -> String {
        "{ \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \"\(value)\" } }"
    }

    @Test func everyFixtureCatalogReadsTheSameBothWays() throws {
        let root = CLI.packageRoot.appendingPathComponent("Tests/RouteKitTests/Fixtures")
        let names = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".xcstrings") }.sorted()
        #expect(names.count >= 5)
        for name in names {
            let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
            Self.check(text)
            Self.check(text, baseLocale: "de")
        }
    }

    @Test(arguments: [
        // An entry given again right after itself: the first one's records go.
        "\"a\" : { }, \"a\" : { \"localizations\" : { \"de\" : \(unit("A")) } }",
        "\"a\" : { \"localizations\" : { \"de\" : \(unit("A")), \"fr\" : \(unit("F")) } }, \"a\" : { }, \"a\" : { }",
        // ... having declared a locale, an invalid locale, a finding and a key not to translate.
        "\"a\" : { \"shouldTranslate\" : false, \"extractionState\" : \"stale\", \"localizations\" : { \"xx-!\" : \(unit("A")), \"it\" : \(unit("I", state: "new")) } }, \"a\" : { \"localizations\" : { \"xx-!\" : \(unit("B")) } }",
        // Given again after others: read a second time, without the earlier one.
        "\"a\" : { \"localizations\" : { \"de\" : \(unit("A")) } }, \"b\" : { }, \"a\" : { \"localizations\" : { \"fr\" : \(unit("F")) } }",
        "\"a\" : { \"localizations\" : { \"xx-!\" : \(unit("A")), \"pt\" : \(unit("P")) } }, \"b\" : { \"localizations\" : { \"xx-!\" : \(unit("B")) } }, \"a\" : 3, \"b\" : { }, \"b\" : { }",
        // Escapes: names equal once decoded.
        "\"\\u0061\" : { }, \"a\" : { \"localizations\" : { \"de\" : \(unit("A")) } }",
        "\"a\\ud800\" : { }, \"b\" : { \"comment\" : \"x\", \"comment\" : \"y\", \"localizations\" : { \"de\" : \(unit("\\ud800")), \"de\" : \(unit("B")) } }",
        // An entry's own members given twice or written with escapes (the last one counts).
        "\"a\" : { \"localizations\" : { \"de\" : \(unit("A")) }, \"shouldTranslate\" : false, \"localizations\" : { \"fr\" : \(unit("F")) }, \"shouldTranslate\" : true }",
        "\"a\" : { \"shouldTranslat\\u0065\" : false, \"extractionStat\\u0065\" : \"stale\", \"localiz\\u0061tions\" : { \"de\" : \(unit("A")) } }",
        "\"a\" : { \"localizations\" : { \"de\" : \(unit("A")) }, \"localiz\\u0061tions\" : { \"it\" : \(unit("I")) }, \"extractionState\" : \"stale\" }",
        // Entries that are not objects, localizations that are not objects, plurals.
        "\"a\" : [1, 2], \"b\" : null, \"c\" : { \"localizations\" : [] }, \"d\" : { \"localizations\" : { \"de\" : \"x\" } }",
        "\"n\" : { \"localizations\" : { \"en\" : { \"variations\" : { \"plural\" : { \"one\" : \(unit("%lld item")), \"other\" : \(unit("%lld items")) } } } } }",
        "\"%#@n@\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@\" }, \"substitutions\" : { \"n\" : { \"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : { \"one\" : \(unit("%arg Ding")), \"other\" : \(unit("%arg Dinge")) } } } } } } }",
        "\"s\" : { \"localizations\" : { \"en\" : \(unit("Source", state: "new")), \"de\" : \(unit("Q", state: "needs_review")) } }",
    ])
    func entriesReadTheSameBothWays(_ strings: String) {
        Self.check("{ \"sourceLanguage\" : \"en\", \"strings\" : { \(strings) }, \"version\" : \"1.0\" }")
        Self.check("{ \"strings\" : { \(strings) }, \"sourceLanguage\" : \"en\" }")
        Self.check("{ \"strings\" : { \(strings) }, \"sourceLanguage\" : \"de\" }")
        Self.check("{ \"sourceLanguage\" : \"de\", \"strings\" : { \(strings) } }", baseLocale: "de")
        Self.check("{ \"strings\" : { \(strings) } }")
    }

    /// An entry's own members read alike whether their names are written plainly or with escapes
    /// (the reader finds the plain ones in one pass, the others by name): each member on a line
    /// of its own, so that the records' places are the same both ways.
    @Test func anEntrysMembersReadAlikeWithEscapedNames() {
        func catalog(_ names: [String]) -> [UInt8] {
            Array(("{ \"sourceLanguage\" : \"en\", \"strings\" : {\n\"a\" : {\n\"\(names[0])\" : false,\n\"\(names[1])\" : \"stale\",\n"
                + "\"\(names[2])\" : {\n\"de\" : \(Self.unit("A")) } } } }").utf8)
        }
        func dump(_ bytes: [UInt8]) -> [String] {
            let read = XCStringsReader.read(bytes: bytes, path: "t.xcstrings", baseLocale: "en", limits: .default)
            return StringsRecordDump.lines(read.data, read.file) + ["untranslatable \(read.data.untranslatable)"]
        }
        let plain = dump(catalog(["shouldTranslate", "extractionState", "localizations"]))
        #expect(plain.contains("untranslatable [\"a\"]"))
        #expect(plain.contains { $0.hasPrefix("finding string-state 2:1") })
        #expect(plain.contains { $0.hasPrefix("locale de 6:1 1 items") })
        #expect(dump(catalog(["shouldTranslat\\u0065", "extractionStat\\u0065", "localiz\\u0061tions"])) == plain)
        #expect(dump(catalog(["shouldTranslate", "extractionStat\\u0065", "localizations"])) == plain)
    }

    @Test(arguments: [
        // The last `strings` counts; a later sourceLanguage counts; both may be given twice.
        "{ \"strings\" : { \"a\" : { } }, \"strings\" : { \"b\" : { }, \"b\" : { } } }",
        "{ \"strings\" : { \"a\" : { }, \"c\" : { }, \"a\" : { } }, \"strings\" : 4 }",
        "{ \"strings\" : 4, \"strings\" : { \"a\" : { } } }",
        "{ \"sourceLanguage\" : \"fr\", \"strings\" : { \"a\" : { \"localizations\" : { \"fr\" : \(unit("F")) } } }, \"sourceLanguage\" : \"en\" }",
        "{ \"sourceLanguage\" : \"!!\", \"strings\" : { \"a\" : { } }, \"sourceLanguage\" : 3 }",
        "{ \"str\\u0069ngs\" : { \"a\" : { }, \"a\" : { } } }",
        "{ \"x\" : { \"strings\" : { \"a\" : { }, \"a\" : { } } }, \"strings\" : [ ] }",
        "[ { \"strings\" : { \"a\" : { } } } ]",
        // Broken after some entries: nothing counts, the repeats read so far neither.
        "{ \"strings\" : { \"a\" : { }, \"a\" : { \"x\" : 1, \"x\" : 2 }, \"b\" : { ",
        "{ \"strings\" : { \"a\" : { }, \"a\" : { } } } x",
    ])
    func theTopLevelReadsTheSameBothWays(_ text: String) {
        Self.check(text)
    }

    @Test func limitsAreReportedTheSameBothWays() {
        var limits = InputLimits()
        limits.nodeCount = 3
        limits.depth = 4
        let entries = (0 ..< 6).map { "\"k\($0)\" : { \"localizations\" : { \"de\" : \(Self.unit("v")) } }" }.joined(separator: ", ")
        Self.check("{ \"sourceLanguage\" : \"en\", \"strings\" : { \(entries) } }", limits: limits)
        limits.nodeCount = 1000
        Self.check("{ \"sourceLanguage\" : \"en\", \"strings\" : { \(entries) } }", limits: limits)
    }

    /// Catalogs drawn from a small grammar, names from a few letters so entries repeat often,
    /// `sourceLanguage` before, after, twice or missing.
    @Test func generatedCatalogsReadTheSameBothWays() {
        var random = SeededGenerator(seed: 41)
        let names = ["a", "b", "c", "\\u0061", "d"]
        let locales = ["en", "de", "fr", "xx-!", "en"]
        let states = ["translated", "new", "needs_review"]
        func localization() -> String {
            switch Int.random(in: 0 ..< 6, using: &random) {
            case 0: return "\"x\""
            case 1: return "{ \"variations\" : { \"plural\" : { \"one\" : \(Self.unit("1")), \"other\" : \(Self.unit("n")) } } }"
            case 2: return "{ }"
            default: return Self.unit("v\(Int.random(in: 0 ..< 9, using: &random))", state: states.randomElement(using: &random)!)
            }
        }
        func entry() -> String {
            if Int.random(in: 0 ..< 8, using: &random) == 0 { return "[]" }
            var members: [String] = []
            if Bool.random(using: &random) {
                let count = Int.random(in: 0 ..< 4, using: &random)
                let parts = (0 ..< count).map { _ in "\"\(locales.randomElement(using: &random)!)\" : \(localization())" }
                members.append("\"localizations\" : { \(parts.joined(separator: ", ")) }")
            }
            if Int.random(in: 0 ..< 5, using: &random) == 0 { members.append("\"shouldTranslate\" : false") }
            if Int.random(in: 0 ..< 5, using: &random) == 0 { members.append("\"extractionState\" : \"stale\"") }
            return "{ \(members.joined(separator: ", ")) }"
        }
        for _ in 0 ..< 400 {
            let count = Int.random(in: 0 ..< 7, using: &random)
            let strings = (0 ..< count).map { _ in "\"\(names.randomElement(using: &random)!)\" : \(entry())" }.joined(separator: ", ")
            var top = ["\"strings\" : { \(strings) }"]
            for _ in 0 ..< Int.random(in: 0 ..< 3, using: &random) {
                top.insert("\"sourceLanguage\" : \"\(["en", "de", "!"].randomElement(using: &random)!)\"",
                           at: Int.random(in: 0 ... top.count, using: &random))
            }
            Self.check("{ \(top.joined(separator: ", ")) }")
        }
    }

    /// Localizations of every shape the reader takes from the bytes (a plain stringUnit, a plural
    /// of stringUnits) and of the shapes next to them that it leaves to the decoder: escaped names,
    /// repeated members and forms, states that are not strings or have escapes, substitutions,
    /// device variations, texts with escapes; locales in the same slots entry after entry, some
    /// written with escapes.
    @Test func generatedLocalizationsReadTheSameBothWays() {
        var random = SeededGenerator(seed: 7)
        let locales = ["en", "de", "fr", "d\\u0065", "de", "xx-!"]
        let states = ["translated", "new", "needs_review", "ne\\u0077", "stale"]
        let texts = ["v", "a\\\"b", "%#@n@", "x\\ny", "\\u00e9", "%lld", "%\\u0023@n@", "\\ud83d\\ude00", ""]
        func text() -> String { texts.randomElement(using: &random)! }
        func unit() -> String { Self.unit(text(), state: states.randomElement(using: &random)!) }
        func plural() -> String {
            let names = ["one", "other", "few", "foo", "one", "o\\u006ee", "zero", "many", "two"]
            let forms = (0 ..< Int.random(in: 0 ..< 4, using: &random)).map { _ -> String in
                let value = Int.random(in: 0 ..< 6, using: &random) == 0 ? "{ }" : unit()
                return "\"\(names.randomElement(using: &random)!)\" : \(value)"
            }
            return "{ \"plural\" : { \(forms.joined(separator: ", ")) } }"
        }
        func localization() -> String {
            switch Int.random(in: 0 ..< 14, using: &random) {
            case 0: return "{ \"variations\" : \(plural()) }"
            case 1: return "{ \"variations\" : \(plural()), \"stringUnit\" : { \"value\" : \"s\" } }"
            case 2: return "{ \"variations\" : { \"device\" : { \"other\" : \(unit()) } } }"
            case 3: return "{ \"string\\u0055nit\" : { \"state\" : \"translated\", \"value\" : \"e\" } }"
            case 4: return "{ \"stringUnit\" : { \"state\" : 3, \"value\" : \"\(text())\" } }"
            case 5: return "{ \"stringUnit\" : { \"value\" : \"a\", \"value\" : \"\(text())\", \"state\" : \"new\", \"comment\" : 1 } }"
            case 6: return "{ \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%#@n@\" }, \"substitutions\" : { } }"
            case 7: return "{ \"stringUnit\" : { \"state\" : \"translated\", \"value\" : 5 } }"
            case 8: return "{ \"stringUnit\" : [ ], \"stringUnit\" : \(Self.unit(text())) }"
            case 9: return "{ \"stringUnit\" : \(Self.unit(text())), \"varia\\u0074ions\" : \(plural()) }"
            default: return unit()
            }
        }
        for _ in 0 ..< 300 {
            let entries = (0 ..< Int.random(in: 1 ..< 6, using: &random)).map { index -> String in
                let count = Int.random(in: 0 ..< 5, using: &random)
                let parts = (0 ..< count).map { _ in "\"\(locales.randomElement(using: &random)!)\" : \(localization())" }
                return "\"k\(index)\" : { \"localizations\" : { \(parts.joined(separator: ", ")) } }"
            }
            let strings = entries.joined(separator: ", ")
            Self.check("{ \"sourceLanguage\" : \"en\", \"strings\" : { \(strings) } }")
            Self.check("{ \"sourceLanguage\" : \"de\", \"strings\" : { \(strings) } }", baseLocale: "de")
        }
    }

    /// Catalogs of hundreds of entries, so that members go to the reader in many batches on
    /// another core (and the parser delivers some itself when batches wait), names repeated near
    /// and far (an entry given again right after itself, or after others: a second reading).
    /// What the differential checks print when two readings part: each one's lines from there.
    @Test func partingShowsBothFromWhereTheyDiffer() {
        #expect(StringsRecordDump.parting(("streamed", ["a", "b", "c"]), ("whole", ["a", "b"])) == "streamed: [\"c\"]\n   whole: []")
        #expect(StringsRecordDump.parting(("streamed", ["a", "b"]), ("whole", ["a", "c", "d"])) == "streamed: [\"b\"]\n   whole: [\"c\", \"d\"]")
        #expect(StringsRecordDump.parting(("one", ["a"]), ("other", ["a"])) == nil)
    }

    @Test func largeCatalogsReadTheSameOnAnotherCore() {
        var random = SeededGenerator(seed: 11)
        for round in 0 ..< 6 {
            let names = round < 3 ? 100_000 : 300
            let entries = (0 ..< 700).map { _ -> String in
                let name = "k\(Int.random(in: 0 ..< names, using: &random))"
                let count = Int.random(in: 0 ..< 4, using: &random)
                let parts = (0 ..< count).map { _ in "\"\(["de", "fr", "en"].randomElement(using: &random)!)\" : \(Self.unit("v"))" }
                return "\"\(name)\" : { \"localizations\" : { \(parts.joined(separator: ", ")) } }"
            }
            var strings = entries.joined(separator: ", ")
            if round % 3 == 2 { strings += ", \"k0\" : { }, \"k0\" : { \"x\" : 1, \"x\" : 2 }" }
            Self.check("{ \"sourceLanguage\" : \"en\", \"strings\" : { \(strings) } }")
            Self.check("{ \"strings\" : { \(strings) }, \"sourceLanguage\" : \"de\" }")
        }
    }

    /// The members of a large file go to the reader in batches of a few thousand nodes, each
    /// starting with the nodes before the stream: a member larger than a batch, `strings` given
    /// twice (the second stream after batches of the first) and a root member between.
    @Test func batchesOfMembersAcrossLargeMembersAndASecondStrings() {
        let small = (0 ..< 900).map { "\"s\($0)\" : { \"localizations\" : { \"de\" : \(Self.unit("d\($0)")), \"fr\" : \(Self.unit("f\($0)")) } }" }
        let large = "\"large\" : { \"localizations\" : { " + (0 ..< 1_200).map { "\"x\($0)\" : \(Self.unit("x"))" }.joined(separator: ", ") + " } }"
        let first = (small[..<450] + [large] + small[450...]).joined(separator: ", ")
        let second = small.reversed().joined(separator: ", ")
        Self.check("{ \"sourceLanguage\" : \"en\", \"strings\" : { \(first) }, \"version\" : \"1.0\", \"strings\" : { \(second) } }")
        Self.check("{ \"strings\" : { \(second) }, \"sourceLanguage\" : \"de\", \"strings\" : { \(first) } }")
    }
}
