import Testing
@testable import RouteKit

/// `LegacyTags`: CLDR's multi-subtag language aliases, the textual kind (replaced as a prefix
/// before scanning) and the structural kind (matched on scanned subtags, most specific first).
@Suite struct LegacyTagsTests {
    @Test(arguments: [
        ("i-klingon", "i-klingon", "tlh", "tlh"),
        ("I-KLINGON", "i-klingon", "tlh", "tlh"),
        ("zh-min-nan", "zh-min-nan", "nan", "nan"),
        ("zh-min-nan-TW", "zh-min-nan", "nan", "nan-TW"),
        ("zh_min_nan_TW", "zh-min-nan", "nan", "nan-TW"),
        ("no-bok", "no-bok", "nb", "nb"),
        ("en-GB-oed", "en-GB-oed", "en-GB-oxendict", "en-GB-oxendict"),
        // CLDR also lists `zh-min` (→ `nan-x-zh-min`).
        ("zh-min", "zh-min", "nan-x-zh-min", "nan-x-zh-min"),
    ])
    func textualAliasReplacesThePrefix(text: String, matched: String, replacement: String, replaced: String) throws {
        let match = try #require(LegacyTags.replacing(text))
        #expect(match.matched == matched)
        #expect(match.replacement.replacingOccurrences(of: "_", with: "-") == replacement)
        #expect(match.replaced.replacingOccurrences(of: "_", with: "-") == replaced)
    }

    @Test(arguments: ["en", "en-US", "de-CH-1996", "zh-Hant-TW", "klingon-i", "abcd-min-nan", "", "-", "i"])
    func otherTextHasNoTextualAlias(text: String) {
        #expect(LegacyTags.replacing(text) == nil, "\(text)")
    }

    static func scanned(_ text: String) throws -> LocaleTag.Scanned {
        try LocaleTag.scan(text, lenient: false).get()
    }

    @Test func structuralLanguageAliases() throws {
        let lojban = try #require(LegacyTags.structuralMatch(try Self.scanned("art-lojban")))
        #expect(lojban.matched == "art-lojban" && lojban.kind == .language)
        #expect(lojban.result.language == "jbo" && lojban.result.variants.isEmpty)

        let signLanguage = try #require(LegacyTags.structuralMatch(try Self.scanned("sgn-DE")))
        #expect(signLanguage.matched == "sgn-DE" && signLanguage.replacement == "gsg")
        #expect(signLanguage.result.language == "gsg" && signLanguage.result.region == nil)

        // `hy-arevmda` names the language, so it outranks `und-arevmda` (a variant alias).
        let armenian = try #require(LegacyTags.structuralMatch(try Self.scanned("hy-arevmda")))
        #expect(armenian.kind == .language && armenian.result.language == "hyw" && armenian.result.variants.isEmpty)
    }

    @Test func variantAliasesMatchAnyLanguage() throws {
        // `und-bokmal` → `und`: only the variant is deprecated; the language stays.
        let bokmal = try #require(LegacyTags.structuralMatch(try Self.scanned("de-bokmal")))
        #expect(bokmal.kind == .variant && bokmal.matched == "bokmal")
        #expect(bokmal.result.language == "de" && bokmal.result.variants.isEmpty)
        // `und-aaland` → `und-AX`: the region comes from the alias when the tag has none...
        let aaland = try #require(LegacyTags.structuralMatch(try Self.scanned("sv-aaland")))
        #expect(aaland.kind == .variant && aaland.result.language == "sv" && aaland.result.region == "AX")
        #expect(aaland.replacement == "AX")
        // ...and the tag's own region is kept.
        let withRegion = try #require(LegacyTags.structuralMatch(try Self.scanned("sv-FI-aaland")))
        #expect(withRegion.result.region == "FI" && withRegion.result.variants.isEmpty)
    }

    /// The quick test that lets most tags skip the tables must never skip a tag an alias applies
    /// to: every CLDR type, as written, upper-cased, and with more subtags, is still found.
    @Test func everyLegacyTypeIsFoundPastTheQuickTest() throws {
        let types = CLDRData.SubtagData.legacyLanguageAliases.entries.map(\.key)
        #expect(types.count > 50)
        for type in types {
            for text in [type, type.uppercased(), type + "-1996", type + "-fonipa"] {
                let found = LegacyTags.replacing(text) != nil
                    || (try? LocaleTag.scan(text, lenient: false).get()).flatMap(LegacyTags.structuralMatch) != nil
                #expect(found, "\(text)")
            }
        }
    }

    @Test(arguments: ["en", "de-DE", "art", "sgn", "sgn-FR-x", "hy", "de-1996"])
    func tagsWithoutAnAliasHaveNoStructuralMatch(text: String) throws {
        guard case .success(let scanned) = LocaleTag.scan(text, lenient: false) else { return }
        if let match = LegacyTags.structuralMatch(scanned) {
            // `sgn-FR` is an alias of its own (`fsl`); nothing else here is.
            #expect(text.hasPrefix("sgn-FR") && match.matched == "sgn-FR", "\(text): \(match.matched)")
        }
    }

    /// The legacy tags as the locale tag parser sees them: canonicalized to the replacement.
    @Test(arguments: [("i-klingon", "tlh"), ("zh-min-nan-TW", "nan-TW"), ("art-lojban", "jbo"), ("no-bok", "nb"), ("zh-cmn-Hant", "zh-Hant")])
    func theParserCanonicalizesThem(text: String, canonical: String) throws {
        #expect(LocaleTag.canonical(text)?.identifier == canonical)
        // Strict parsing calls them deprecated and names the replacement.
        guard case .failure(.deprecated(_, _, _, _, let suggested)) = LocaleTag.parse(text) else {
            Issue.record("\(text) parsed strictly")
            return
        }
        #expect(suggested == canonical)
    }

    @Test(arguments: [("de_DE.UTF-8", "de_DE"), ("de_DE@euro", "de_DE"), ("sr_RS@latin", "sr-Latn-RS"), ("C", "und"),
                      ("POSIX", "und"), ("C.UTF-8", "und"), ("root", "und"), ("ROOT", "und"), ("uz_UZ@cyrillic", "uz-Cyrl-UZ")])
    func platformNames(text: String, tag: String) {
        #expect(PlatformLocaleName.tagText(text) == tag)
    }

    @Test(arguments: ["de", "de-DE", "en_US", ".UTF-8", "@latin"])
    func otherNamesAreNotPlatformNames(text: String) {
        #expect(PlatformLocaleName.tagText(text) == nil, "\(text)")
    }
}
