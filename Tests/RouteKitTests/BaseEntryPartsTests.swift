import Testing
@testable import RouteKit

/// What the app passes for each key (`KeyArguments`) and the base's placeholders that every
/// translation is compared with (`PlaceholderMismatch.Bases`) are read from the base's entries a
/// part on each core (`BaseEntryParts`), each part with a signature list of its own, joined after.
/// Read in parts of every size they give what one part, the whole table read in order, gives.
@Suite struct BaseEntryPartsTests {
    /// A String Catalog of `count` keys in the shapes the comparison tells apart: base texts with
    /// no, one and two placeholders, keys that are formats themselves (Xcode's `"%lld items"`),
    /// translations that match, change a type, add a position or lack one, and a plural.
    static func catalog(_ count: Int) -> String {
        let bases = ["plain text", "one %@", "two %1$@ and %2$lld", "a count %lld"]
        let translations = ["nur Text", "eins %@", "zwei %2$lld und %1$@", "%1$lld", "%3$@ mehr", "", "weniger"]
        var entries: [String] = []
        for index in 0 ..< count {
            let key = index % 5 == 0 ? "key \(index) %lld" : "key \(index)"
            let base = bases[index % bases.count], translation = translations[(index / 3) % translations.count]
            let german = index % 11 == 0
                ? #""variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "\#(translation)" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld \#(translation)" } } } }"#
                : #""stringUnit" : { "state" : "translated", "value" : "\#(translation)" }"#
            entries.append(#""\#(key)" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "\#(base)" } }, "de" : { \#(german) } } }"#)
        }
        return #"{ "sourceLanguage" : "en", "strings" : { \#(entries.joined(separator: ",\n")) }, "version" : "1.0" }"#
    }

    @Test(arguments: [1, 97, 2_048])
    func partsReadWhatTheWholeTableReads(_ size: Int) throws {
        let directory = try TemporaryDirectory()
        try directory.write([".routekit.yml": "strings: [Localizable.xcstrings]\nbase-locale: en\n",
                             "Localizable.xcstrings": Self.catalog(5_000)])
        let project = try Project.load(config: try ProjectConfig.load(path: directory.path(".routekit.yml")))
        let strings = project.strings
        let parts = StringTableCache(strings, listedMismatches: .max, baseParts: BaseEntryParts(size: size))
        let whole = StringTableCache(strings, listedMismatches: .max, baseParts: BaseEntryParts(size: .max))

        let (inParts, asWhole) = (parts.keyArguments(), whole.keyArguments())
        for id in Int32(0) ..< Int32(strings.storage.keyCount) {
            #expect(inParts.formatted(id) == asWhole.formatted(id), "key \(strings.storage.name(id))")
            #expect(inParts.highestPosition(id) == asWhole.highestPosition(id), "key \(strings.storage.name(id))")
        }
        #expect((0 ..< Int32(strings.storage.keyCount)).contains { asWhole.highestPosition($0) == 2 })

        func described(_ found: [PlaceholderMismatch.Found?]) -> [String] {
            found.flatMap { locale in (locale?.mismatches ?? []).map { "\($0.entry) \($0.form) \($0.atKey)" } }
        }
        let found = described(whole.placeholderMismatches()), foundInParts = described(parts.placeholderMismatches())
        #expect(foundInParts.count == found.count)
        let firstDifference = zip(foundInParts, found).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil, "first difference: \(firstDifference.map { "\(foundInParts[$0]) vs \(found[$0])" } ?? "")")
        // Every kind of difference is there to be found: a fifth of the translations or more.
        #expect(found.count > 1_000, "\(found.count)")
    }
}
