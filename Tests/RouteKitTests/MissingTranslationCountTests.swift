import Testing
@testable import RouteKit

/// `MissingTranslation.missingCount` counts from the sources' entries what the base keys × source
/// test counts (the oracle), along fallback chains, with keys only some sources have, keys the
/// base lacks, and plurals.
@Suite struct MissingTranslationCountTests {
    static let table = StringsLoader.load([YAMLReader.read(text: """
        en:
          a: A
          b: B
          c.d: D
          c.e: E
          n:
            one: One
            other: Other
        en-001:
          a: A
          z: only here
        en-GB:
          b: B
          c.d: D
        de:
          a: A
          n:
            one: Eins
            other: Andere
          extra: X
        de-AT:
          c.e: E
        fr: {}
        """, path: "/p/s.yml")], baseLocale: "en").0

    @Test(arguments: ["en-001", "en-GB", "de", "de-AT", "fr", "es"])
    func countsAsTheBaseKeysTestDoes(locale: String) {
        let strings = Self.table
        let base = strings.base!
        let sources = MissingTranslation.sources(for: locale, in: strings, overrides: LocaleFallbackOverrides([:]))
        // The oracle: each base key looked up by name in each source.
        func isMissing(_ key: Int32) -> Bool { !sources.contains { $0[strings.keyName(key)] != nil } }
        let oracle = base.entries.count { isMissing($0.key) }
        #expect(MissingTranslation.missingCount(expected: base.count, base: base, sources: sources, isExpected: { _ in true }) == oracle)
        let withoutA = base.entries.count { strings.keyName($0.key) != "a" && isMissing($0.key) }
        let expected = base.entries.count { strings.keyName($0.key) != "a" }
        #expect(MissingTranslation.missingCount(expected: expected, base: base, sources: sources,
                                                isExpected: { strings.keyName($0) != "a" }) == withoutA)
    }
}
