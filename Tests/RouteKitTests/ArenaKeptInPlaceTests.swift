import Foundation
import Testing
@testable import RouteKit

/// A streamed YAML file's keys and texts, written by the reader into the buffer the merge keeps
/// as its texts (`StringsFileData.keptArena`, `mergesInPlace`), for a file of one locale and for a
/// file of several: the table is the one the tree path builds (which copies its texts), over files
/// of several record chunks, and every text of it lies in the buffer the reader wrote.
@Suite struct ArenaKeptInPlaceTests {
    /// A base-only file (merged in one pass) of texts, nested keys, plurals, texts on the next line
    /// and quoted texts; a file of two translations around a base part (merged in two passes).
    static let files: [(path: String, text: String)] = {
        var base = "en:\n"
        for index in 0 ..< 30_000 {
            switch index % 5 {
            case 0: base += "  k\(index): \"text \(index)\"\n"
            case 1: base += "  g\(index):\n    a: x\(index)\n    b:\n      c: y\(index)\n"
            case 2: base += "  p\(index):\n    one: one \(index)\n    other: other \(index)\n"
            case 3: base += "  n\(index):\n    next line \(index)\n"
            default: base += "  d.e\(index): dotted \(index)\n"
            }
        }
        let translations = "de:\n" + (0 ..< 20_000).map { "  k\($0 * 5): Text auf Deutsch \($0)\n  p\($0 * 5 + 2): { one: e, other: f }\n" }.joined()
            + "en:\n  only.here: x\n"
            + "fr:\n" + (0 ..< 20_000).map { "  g\($0 * 5 + 1).b.c: texte en français \($0)\n" }.joined()
        // Keys longer than their texts: the texts are copied out, the buffer freed.
        let shortTexts = "en:\n" + (0 ..< 30_000).map { "  short_key_\($0): s\n" }.joined()
        return [("/p/a.yml", base), ("/p/b.yml", translations), ("/p/c.yml", shortTexts)]
    }()

    @Test func theMergedTableIsTheTreePathsWithTheTextsWhereTheReaderWroteThem() {
        var streamed = Self.files.map { StringsReader.read(bytes: Array($0.text.utf8), path: $0.path, limits: .default).data }
        #expect(streamed.allSatisfy { $0.keptArena != nil && $0.arena.isEmpty })
        #expect(streamed.map(\.mergesInPlace) == [true, true, false])
        #expect(streamed.map(\.items.count).min()! > RawItems.chunkSize && streamed[1].locales.count == 3)
        let ranges = streamed.map { file in
            file.keptArena!.withBytes { UInt(bitPattern: $0.baseAddress!) ..< UInt(bitPattern: $0.baseAddress! + $0.count) }
        }
        let (table, findings) = StringsLoader.merge(&streamed, baseLocale: "en")
        let (oracle, oracleFindings) = StringsLoader.load(Self.files.map { YAMLReader.read(text: $0.text, path: $0.path) }, baseLocale: "en")
        #expect(findings.map(\.message) == oracleFindings.map(\.message))
        #expect(table.locales == oracle.locales && table.locales.count == 3)
        for locale in oracle.locales {
            let entries = table[locale]!.allEntries.map { "\($0)" }, expected = oracle[locale]!.allEntries.map { "\($0)" }
            #expect(entries.count == expected.count && entries.count > 1)
            if let index = entries.indices.first(where: { $0 < expected.count && entries[$0] != expected[$0] }) {
                Issue.record("\(locale) entry \(index): \(entries[index]) instead of \(expected[index])")
            }
            var inside = [0, 0, 0], outside = [0, 0, 0]
            for place in AndroidArenaKeptInPlaceTests.textPlaces(table) where place.locale == locale {
                if ranges[place.file].contains(place.address) { inside[place.file] += 1 } else { outside[place.file] += 1 }
            }
            #expect(outside[0] == 0 && outside[1] == 0, "\(locale): texts copied out of the reader's buffer: \(outside)")
            #expect(inside[2] == 0, "\(locale): texts of the short-text file left in its reader's buffer")
        }
    }

    /// A String Catalog (a file of many locales, texts with escapes, a plural, an entry given
    /// again): merged in place, the table is the one a merge that copies the texts builds.
    @Test func aStringCatalogIsMergedWhereItsReaderWroteItsTexts() {
        var members: [String] = []
        for index in 0 ..< 300 {
            let plural = index % 10 == 9
                ? #""de" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Eintrag \#(index)" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Einträge \#(index)" } } } } }"#
                : #""de" : { "stringUnit" : { "state" : "translated", "value" : "Übersetzung \#(index) \"zitiert\" \u00e9" } }"#
            members.append(#""Key \#(index) %@" : { "localizations" : { \#(plural), "fr" : { "stringUnit" : { "state" : "translated", "value" : "Traduction \#(index)" } } } }"#)
        }
        members.append(#""Key 7 %@" : { "localizations" : { "fr" : { "stringUnit" : { "state" : "translated", "value" : "encore" } } } }"#)
        let text = #"{ "sourceLanguage" : "en", "strings" : { "# + members.joined(separator: ",\n") + #" }, "version" : "1.0" }"#
        var files = [XCStringsReader.read(bytes: Array(text.utf8), path: "Localizable.xcstrings", baseLocale: "en", limits: .default).data]
        #expect(files[0].keptArena != nil && files[0].arena.isEmpty && files[0].mergesInPlace && files[0].locales.count == 3)
        let range = files[0].keptArena!.withBytes { UInt(bitPattern: $0.baseAddress!) ..< UInt(bitPattern: $0.baseAddress! + $0.count) }
        var copied = files
        copied[0].arena = copied[0].withArena { Array($0) }
        copied[0].keptArena = nil
        copied[0].mergesInPlace = false
        let (table, findings) = StringsLoader.merge(&files, baseLocale: "en")
        let (oracle, oracleFindings) = StringsLoader.merge(&copied, baseLocale: "en")
        #expect(findings.map(\.message) == oracleFindings.map(\.message))
        #expect(AndroidArenaKeptInPlaceTests.texts(table) == AndroidArenaKeptInPlaceTests.texts(oracle))
        #expect(AndroidArenaKeptInPlaceTests.texts(table).contains("de Key 1 %@ - Übersetzung 1 \"zitiert\" é"))
        let outside = AndroidArenaKeptInPlaceTests.textPlaces(table).filter { !range.contains($0.address) }
        #expect(outside.count == 0, "texts copied out of the reader's buffer")
    }
}
